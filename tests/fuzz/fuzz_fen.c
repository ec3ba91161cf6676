/*
 * libFuzzer harness for the FEN reader.  A FEN it accepts must survive being
 * written and read again unchanged, give a consistent position, and every
 * legal move must read back from its SAN and UCI (castling in both of UCI's
 * forms); a FEN it refuses must come with a message.  Chess960's fields
 * (X-FEN, Shredder-FEN) are FENs like the others here.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/movegen.h"
#include "notation/notation.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_moves(struct position *pos)
{
	move_t list[MAX_MOVES];
	int n = generate_legal(pos, list);
	for (int i = 0; i < n; i++) {
		char san[SAN_MAX], uci[UCI_MOVE_MAX];
		move_t back;
		move_to_san(pos, list[i], san);
		if (san_parse(pos, san, &back, NULL, 0) != SAN_OK || back != list[i])
			abort();
		/* Both ways of writing it, the king's move where it is one and the king taking its rook (Chess960). */
		move_to_uci_in(pos, list[i], false, uci);
		if (uci_parse_move(pos, uci) != list[i])
			abort();
		move_to_uci_in(pos, list[i], true, uci);
		if (uci_parse_move(pos, uci) != list[i])
			abort();
		struct state st;
		pos_make_move(pos, list[i], &st);
		if (!pos_is_consistent(pos, NULL, 0))
			abort();
		pos_unmake_move(pos);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct position pos_, again_;
	static struct state st, st_again;
	struct position *pos = &pos_, *again = &again_;
	char fen[256], err[160] = "", warn[160], out[FEN_MAX], out2[FEN_MAX];
	position_init();
	if (size >= sizeof fen)
		return 0;
	memcpy(fen, data, size);
	fen[size] = '\0';
	if (!pos_set_fen(pos, &st, fen, err, sizeof err, warn, sizeof warn)) {
		if (!err[0])
			abort(); /* a refusal must say why */
		return 0;
	}
	pos_get_fen(pos, out, sizeof out);
	if (!pos_set_fen(again, &st_again, out, err, sizeof err, NULL, 0))
		abort();
	pos_get_fen(again, out2, sizeof out2);
	if (strcmp(out, out2) || pos_key(pos) != pos_key(again) || !pos_is_consistent(pos, NULL, 0))
		abort();
	check_moves(pos);
	return 0;
}
