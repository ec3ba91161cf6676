/* FEN: round trips, defaults, dropped castling rights, and a table of bad FENs. */
#include <string.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "rules/position.h"

static void setup(void) { position_init(); }
TestSuite(fen, .init = setup);

static void expect_round_trip(const char *fen)
{
	char out[FEN_MAX];
	struct position *pos = test_position(fen);
	pos_get_fen(pos, out, sizeof out);
	cr_expect_str_eq(out, fen);
	test_free(pos);
}

Test(fen, round_trips)
{
	expect_round_trip(FEN_START);
	expect_round_trip("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
	expect_round_trip("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
	expect_round_trip("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
	expect_round_trip("4k3/8/8/8/8/8/8/4K2R b K - 37 120");
	expect_round_trip("rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2");
}

Test(fen, missing_clocks_default)
{
	char out[FEN_MAX];
	struct position *pos = test_position("4k3/8/8/8/8/8/8/4K3 w - -");
	pos_get_fen(pos, out, sizeof out);
	cr_expect_str_eq(out, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
	test_free(pos);
	pos = test_position("4k3/8/8/8/8/8/8/4K3 b - - 12");
	pos_get_fen(pos, out, sizeof out);
	cr_expect_str_eq(out, "4k3/8/8/8/8/8/8/4K3 b - - 12 1");
	test_free(pos);
}

Test(fen, ep_square_without_a_capture_is_not_kept)
{
	/* After 1.e4 nobody can take en passant: the square does not count (FIDE, and keys). */
	char out[FEN_MAX];
	struct position *pos = test_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
	pos_get_fen(pos, out, sizeof out);
	cr_expect_str_eq(out, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
	test_free(pos);
}

Test(fen, impossible_castling_rights_are_dropped_with_a_warning)
{
	char err[160], warn[160], out[FEN_MAX];
	struct position *pos = test_position(FEN_START);
	/* Morphy's rook-odds games: no a1 rook, yet the FEN says KQkq. */
	cr_assert(test_set_fen(pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1", err, sizeof err,
	                      warn, sizeof warn));
	cr_expect(strstr(warn, "'Q'") != NULL, "warning was: %s", warn);
	pos_get_fen(pos, out, sizeof out);
	cr_expect_str_eq(out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1");
	test_free(pos);
}

struct bad_fen {
	const char *fen;
	const char *message; /* a piece of the expected message */
};

static const struct bad_fen bad_fens[] = {
	{ "", "rank 8 has 0 squares" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "'X' is not a piece letter" },
	{ "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 squares" },
	{ "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "'9' is not a piece letter" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 squares" },
	{ "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "only 7 ranks" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 ranks" },
	{ "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "Black has 0 kings" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1", "White has 2 kings" },
	{ "Pnbqkbnr/1ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1", "a pawn on a8" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNp w Qkq - 0 1", "a pawn on h1" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move must be" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", "'x' is not a castling right" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", "appears twice" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KH - 0 1", "appears twice" },
	/* Chess960's fields: a file that names no rook, a king off its first rank, two rooks on one side. */
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w C - 0 1", "'C' names c1, where no white rook stands" },
	{ "4k3/8/8/8/8/8/4K3/R6R w H - 0 1", "castling right 'H': the white king is not on its first rank" },
	{ "4k3/8/8/8/8/8/8/R3K1RR w HG - 0 1", "the white king already castles with the h1 rook on that side" },
	{ "r3k1rr/8/8/8/8/8/8/4K3 b hg - 0 1", "the black king already castles with the h8 rook" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq1 - 0 1", "'1' is not a castling right" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en passant square must be" },
	{ "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", "not on the 3rd rank" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1", "cannot be" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock must be a number" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5000 1", "out of range" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999", "out of range" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 garbage", "unexpected text" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1x", "must be a number" },
	{ "4k3/8/8/8/8/8/8/4K2R w - - 0 1 ", NULL },
	{ "4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "the side not to move (Black) is in check" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "side to move must be" },
	{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "missing castling field" },
};

Test(fen, bad_fens_are_rejected_with_a_reason)
{
	struct position *pos = test_position(FEN_START);
	uint64_t key = pos_key(pos);
	for (size_t i = 0; i < sizeof bad_fens / sizeof bad_fens[0]; i++) {
		char err[160] = "";
		bool ok = test_set_fen(pos, bad_fens[i].fen, err, sizeof err, NULL, 0);
		if (!bad_fens[i].message) {
			cr_expect(ok, "'%s' should be accepted: %s", bad_fens[i].fen, err);
			test_set_fen(pos, FEN_START, err, sizeof err, NULL, 0);
			continue;
		}
		cr_expect(!ok, "'%s' should be rejected", bad_fens[i].fen);
		cr_expect(strstr(err, bad_fens[i].message) != NULL, "'%s': got '%s', wanted '%s'", bad_fens[i].fen,
		          err, bad_fens[i].message);
		cr_expect(strncmp(err, "column ", 7) == 0, "no column in '%s'", err);
		cr_expect_eq(pos_key(pos), key, "a rejected FEN changed the position");
	}
	test_free(pos);
}
