/*
 * libFuzzer harness for the PGN reader.  Every game read must be written back
 * and read again to the same game (the whole tree, comments, NAGs, clocks,
 * evaluations, tags); every error must name a line and a column; the reader
 * must always reach the end; the lister must count the games as the reader
 * does, and the last good game read again by its number must be the same.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "notation/notation.h"
#include "notation/pgn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_round_trip(const struct game *g)
{
	char *text = pgn_game_to_string(g);
	if (!text)
		abort();
	struct pgn_reader *r = pgn_reader_new(text, strlen(text), "round-trip");
	struct game *back = NULL;
	struct pgn_error err;
	if (pgn_read_game(r, &back, &err) != 1)
		abort();
	if (game_ply_count(back) != game_ply_count(g) || game_result(back) != game_result(g) ||
	    strcmp(game_start_fen(back), game_start_fen(g)) || !game_compare(g, back, true, NULL, 0))
		abort();
	for (int i = 0; i < game_ply_count(g); i++)
		if (game_move(back, i) != game_move(g, i))
			abort();
	struct game *extra = NULL;
	if (pgn_read_game(r, &extra, &err) != 0 || extra)
		abort(); /* exactly one game was written */
	game_free(back);
	pgn_reader_free(r);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool ready;
	if (!ready) {
		position_init();
		ready = true;
	}
	if (size > 1 << 16)
		return 0;
	/* The reader takes a length, not a string: give it exactly the bytes, with no terminator to lean on. */
	char *text = malloc(size ? size : 1);
	memcpy(text, data, size);
	struct pgn_reader *r = pgn_reader_new(text, size, "fuzz");
	struct pgn_error err;
	struct game *g;
	struct game *last = NULL;
	int st, calls = 0, last_number = 0;
	while ((st = pgn_read_game(r, &g, &err)) != 0) {
		if (++calls > (int)size + 2)
			abort(); /* no progress */
		if (st < 0) {
			if (err.line < 1 || err.column < 1 || !err.message[0])
				abort();
			continue;
		}
		check_round_trip(g);
		char line[256];
		san_format_line(game_position(g), game_moves(g), 0, line, sizeof line);
		game_free(last);
		last = g;
		last_number = calls;
	}
	struct pgn_list list;
	if (!pgn_list_games(text, size, &list) || list.n != calls)
		abort();
	pgn_list_free(&list);
	if (last) {
		if (pgn_read_nth(r, last_number, &g, &err) != 1 || !game_compare(g, last, true, NULL, 0))
			abort();
		game_free(g);
		game_free(last);
	}
	pgn_reader_free(r);
	free(text);
	return 0;
}
