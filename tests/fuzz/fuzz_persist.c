/*
 * libFuzzer harness for the terminal game's saved game, read as the game reads
 * current.pgn at start-up (persist_last_game_of, back over the plies taken back,
 * then persist_read_tags for the clocks and sides): as bytes with no terminator.  A refusal has a message; a
 * game taken gets sane clocks and settings, its move list, and is written back
 * as the autosave writes it and read again to the same game.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "notation/pgn.h"
#include "tui/commands/persist.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_clocks(const struct tui *t, const struct game *g, bool clocks)
{
	if (t->cfg.set.time_ms < 0 || t->cfg.set.inc_ms < 0)
		abort();
	if (clocks && (!game_clock_enabled(g) || game_clock_remaining(g, WHITE) <= 0 ||
	               game_clock_remaining(g, BLACK) <= 0))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct tui t;
	char *text = (char *)fuzz_input(data, size, 1 << 16);
	if (!text)
		return 0;
	memset(&t, 0, sizeof t);
	settings_default(&t.cfg.set);
	char err[512] = "";
	struct game *g = persist_last_game_of(text, size, "fuzz", err, sizeof err);
	if (!g) {
		if (!err[0])
			abort();
		free(text);
		return 0;
	}
	/* As at a resume: back over the plies taken back, the line kept whole for redo. */
	int plies = game_ply_count(g);
	persist_take_back_undone(g);
	if (game_ply_count(g) + game_redo_count(g) != plies)
		abort();
	bool clocks;
	int human = persist_read_tags(&t, g, &clocks);
	if (human < -1 || human > BLACK)
		abort();
	check_clocks(&t, g, clocks);
	san_list_update(&t.match.moves, g);
	/* Saved again as the autosave saves it (its tags rewritten), it reads back the same. */
	t.match.game = g;
	t.match.engine_color = human == BLACK ? WHITE : BLACK;
	persist_tag_game(&t);
	char *back = pgn_game_to_string(g);
	struct game *again = back ? persist_last_game_of(back, strlen(back), "back", err, sizeof err) : NULL;
	if (again)
		persist_take_back_undone(again);
	char why[256] = "";
	if (!again || !game_compare(g, again, true, why, sizeof why)) {
		fprintf(stderr, "written back, it reads otherwise (%s):\n%s\n", again ? why : err, back ? back : "");
		abort();
	}
	game_free(again);
	free(back);
	san_list_free(&t.match.moves);
	game_free(g);
	free(text);
	return 0;
}
