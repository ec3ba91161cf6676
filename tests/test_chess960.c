/*
 * Chess960 in the Rules: the start positions by number, the castling fields read and written, castling made and
 * unmade with keys and pins kept, the check a castling gives, and castling in coordinates.  Perft over the
 * outside suite and the hand-made castlings is in test_perft.c.
 */
#include <string.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "rules/castling.h"
#include "rules/chess960.h"
#include "rules/movegen.h"
#include "rules/uci_move.h"

static void setup(void) { position_init(); }
TestSuite(chess960, .init = setup);

Test(chess960, start_positions_by_their_standard_number)
{
	/* The scheme's own examples: 518 the standard game, 0 and 959 the ends. */
	static const struct { int n; const char *rank; } known[] = {
		{ 518, "RNBQKBNR" }, { 0, "BBQNNRKR" }, { 1, "BQNBNRKR" }, { 959, "RKRNNQBB" },
	};
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
		char rank[9];
		chess960_rank(known[i].n, rank);
		cr_expect_str_eq(rank, known[i].rank, "start position %d", known[i].n);
	}
	char fen[FEN_MAX];
	chess960_fen(CHESS960_STANDARD, fen, sizeof fen);
	cr_expect_str_eq(fen, FEN_START);
}

/* Every number gives a different legal start (king between rooks, bishops on both colours) that reads back to it. */
Test(chess960, every_start_position_is_distinct_and_reads_back)
{
	static char seen[CHESS960_COUNT][9];
	for (int n = 0; n < CHESS960_COUNT; n++) {
		chess960_rank(n, seen[n]);
		const char *r = seen[n];
		int king = (int)(strchr(r, 'K') - r), rook1 = (int)(strchr(r, 'R') - r), rook2 = (int)(strrchr(r, 'R') - r);
		int bishop1 = (int)(strchr(r, 'B') - r), bishop2 = (int)(strrchr(r, 'B') - r);
		cr_assert(rook1 < king && king < rook2, "%d: %s", n, r);
		cr_assert((bishop1 + bishop2) % 2 == 1, "%d: %s has its bishops on one colour", n, r);
		for (int m = 0; m < n; m++)
			cr_assert(strcmp(seen[m], r), "%d and %d are both %s", m, n, r);
		char fen[FEN_MAX], back[FEN_MAX];
		chess960_fen(n, fen, sizeof fen);
		struct position *pos = test_position(fen);
		cr_assert_eq(chess960_number(pos), n, "%s", fen);
		pos_get_fen(pos, back, sizeof back);
		cr_assert_str_eq(back, fen);
		test_free(pos);
	}
	struct position *pos = test_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
	cr_expect_eq(chess960_number(pos), -1, "a position after a move is no start position");
	test_free(pos);
}

/* Shredder-FEN and X-FEN read to the same rights; X-FEN writes K/Q for an outermost rook, the file otherwise. */
Test(chess960, castling_fields_read_and_written_both_ways)
{
	static const struct { const char *fen, *xfen, *shredder; } cases[] = {
		{ "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "KQkq", "HFhf" },
		{ "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1", "B", "B" },
		{ "r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1", "KQkq", "HAha" },
		{ "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1", "GQgq", "GBgb" },
		{ "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "-", "-" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char out[FEN_MAX], field[CASTLING_FIELD_MAX];
		struct position *pos = test_position(cases[i].fen);
		castling_field(pos, CASTLING_XFEN, field);
		cr_expect_str_eq(field, cases[i].xfen, "%s", cases[i].fen);
		castling_field(pos, CASTLING_SHREDDER, field);
		cr_expect_str_eq(field, cases[i].shredder, "%s", cases[i].fen);
		/* What is written reads back to the same position, key and all. */
		pos_get_fen(pos, out, sizeof out);
		struct position *again = test_position(out);
		cr_expect_eq(pos_key(again), pos_key(pos), "%s", out);
		char again_field[CASTLING_FIELD_MAX];
		castling_field(again, CASTLING_SHREDDER, again_field);
		cr_expect_str_eq(again_field, cases[i].shredder, "%s", out);
		test_free(again);
		test_free(pos);
	}
}

Test(chess960, standard_castling_is_recognised)
{
	struct position *pos = test_position(FEN_START);
	cr_expect(castling_is_standard(pos));
	test_free(pos);
	pos = test_position("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
	cr_expect_not(castling_is_standard(pos));
	test_free(pos);
}

/* After every move of a few plies, the check a castling is said to give is the check it gives. */
static void check_gives_check(struct position *pos, int depth, int *castlings)
{
	if (depth == 0)
		return;
	move_t list[MAX_MOVES];
	int n = generate_legal(pos, list);
	for (int i = 0; i < n; i++) {
		bool said = pos_gives_check(pos, list[i]);
		char err[128];
		*castlings += move_kind(list[i]) == MOVE_CASTLING;
		test_play(pos, list[i]);
		cr_assert_eq(said, in_check(pos), "move %04x", list[i]);
		cr_assert(pos_is_consistent(pos, err, sizeof err), "%s", err);
		check_gives_check(pos, depth - 1, castlings);
		test_undo(pos);
	}
}

Test(chess960, castling_keeps_the_position_consistent_and_its_checks_known)
{
	static const char *fens[] = {
		"1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1",       /* O-O with the king already on g1 */
		"4k3/8/8/8/8/8/8/R4KR1 w GA - 0 1",           /* the king and rook trade squares */
		"5k2/8/8/8/8/8/8/2RKR3 w EC - 0 1",           /* both ways, the king crossing its rook */
		"2k5/8/8/8/8/8/8/RK6 w A - 0 1",              /* O-O-O: the rook lands on d1 beside the black king's file */
		"3k4/8/8/8/8/8/8/4K1RB w G - 0 1",            /* O-O: the rook leaves g1, opening the bishop's diagonal */
		"bq1rk1rb/pppppppp/8/8/8/8/PPPPPPPP/BQ1RK1RB w KQkq - 0 1",
	};
	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		struct position *pos = test_position(fens[i]);
		int castlings = 0;
		check_gives_check(pos, 3, &castlings);
		cr_expect_gt(castlings, 0, "%s: no castling seen", fens[i]);
		test_free(pos);
	}
}

/* Every 16-bit pattern: move_is_legal agrees with the generator on Chess960's castlings too. */
Test(chess960, move_is_legal_agrees_with_the_generator)
{
	static const char *fens[] = { "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", "4k3/8/8/8/8/8/8/R4KR1 w GA - 0 1",
		                      "5k2/8/8/8/8/8/8/2RKR3 w EC - 0 1" };
	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		struct position *pos = test_position(fens[i]);
		move_t list[MAX_MOVES];
		int n = generate_legal(pos, list);
		static bool legal[65536];
		memset(legal, 0, sizeof legal);
		for (int j = 0; j < n; j++)
			legal[list[j]] = true;
		for (int m = 0; m < 65536; m++)
			cr_assert_eq(move_is_legal(pos, (move_t)m), legal[m], "%s: move %04x", fens[i], m);
		test_free(pos);
	}
}

/* The castling of pos whose king lands on king_to. */
static move_t castling_to(const struct position *pos, int king_to)
{
	move_t list[MAX_MOVES];
	int n = generate_legal(pos, list);
	for (int i = 0; i < n; i++)
		if (move_kind(list[i]) == MOVE_CASTLING && move_to(list[i]) == king_to)
			return list[i];
	return MOVE_NONE;
}

/* UCI_Chess960 writes the king taking its rook; the king's own move is read where it cannot be a step. */
Test(chess960, castling_in_coordinates)
{
	char uci[UCI_MOVE_MAX];
	struct position *pos = test_position("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1");
	move_t short_castle = castling_to(pos, SQ_G1), long_castle = castling_to(pos, SQ_C1);
	cr_assert_neq(short_castle, MOVE_NONE);
	cr_assert_neq(long_castle, MOVE_NONE);
	move_to_uci_in(pos, short_castle, false, uci);
	cr_expect_str_eq(uci, "g1h1", "the king does not move: only its rook can name it");
	move_to_uci_in(pos, long_castle, false, uci);
	cr_expect_str_eq(uci, "g1c1");
	move_to_uci_in(pos, long_castle, true, uci);
	cr_expect_str_eq(uci, "g1b1");
	cr_expect_eq(uci_parse_move(pos, "g1h1"), short_castle);
	cr_expect_eq(uci_parse_move(pos, "g1b1"), long_castle);
	cr_expect_eq(uci_parse_move(pos, "g1c1"), long_castle);
	cr_expect_eq(uci_parse_move(pos, "g1g1"), MOVE_NONE);
	test_free(pos);

	/* b1c1 is the king's step; castling long from b1 is b1a1. */
	pos = test_position("4k3/8/8/8/8/8/8/RK5R w HA - 0 1");
	move_t step = uci_parse_move(pos, "b1c1");
	cr_expect_eq(step, make_move(SQ_B1, SQ_C1));
	cr_expect_eq(uci_parse_move(pos, "b1a1"), castling_to(pos, SQ_C1));
	cr_expect_eq(uci_parse_move(pos, "b1h1"), castling_to(pos, SQ_G1));
	cr_expect_eq(uci_parse_move(pos, "b1g1"), castling_to(pos, SQ_G1));
	move_to_uci_in(pos, castling_to(pos, SQ_C1), false, uci);
	cr_expect_str_eq(uci, "b1a1");
	test_free(pos);

	/* The standard game: e1g1 unless asked for the king taking its rook; both read. */
	pos = test_position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
	move_to_uci_in(pos, castling_to(pos, SQ_G1), false, uci);
	cr_expect_str_eq(uci, "e1g1");
	move_to_uci_in(pos, castling_to(pos, SQ_G1), true, uci);
	cr_expect_str_eq(uci, "e1h1");
	cr_expect_eq(uci_parse_move(pos, "e1h1"), castling_to(pos, SQ_G1));
	cr_expect_eq(uci_parse_move(pos, "e1a1"), castling_to(pos, SQ_C1));
	test_free(pos);
}

/* A rook taken on its square takes its right with it; the other rook keeps its own. */
Test(chess960, a_captured_rook_loses_its_right)
{
	char fen[FEN_MAX];
	struct position *pos = test_position("1r2k3/8/8/8/8/8/8/1R2K2R b HB - 0 1");
	test_play(pos, uci_parse_move(pos, "b8b1"));
	pos_get_fen_as(pos, CASTLING_SHREDDER, fen, sizeof fen);
	cr_expect_str_eq(fen, "4k3/8/8/8/8/8/8/1r2K2R w H - 0 2");
	test_free(pos);
}
