/* The evaluation: colour symmetry on many positions, sane values, the game phase. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "protocol/bench.h"
#include "engine/engine.h"
#include "engine/eval.h"
#include "helpers.h"
#include "rules/material.h"
#include "rules/movegen.h"

static void setup(void) { engine_init(); }
TestSuite(eval, .init = setup, .timeout = 120);
TestSuite(shared_eval, .init = setup, .timeout = 120);

static int checked;

static void expect_symmetric(const char *fen)
{
	char mirrored[128];
	test_mirror_fen(fen, mirrored, sizeof mirrored);
	struct position *a = test_position(fen), *b = test_position(mirrored);
	score_t va = evaluate(a, NULL), vb = evaluate(b, NULL);
	cr_expect_eq(va, vb, "eval %d of %s but %d of its mirror %s", va, fen, vb, mirrored);
	cr_expect(va > SCORE_MATED_IN_MAX && va < SCORE_MATE_IN_MAX);
	test_free(a);
	test_free(b);
	checked++;
}

static void check_file(FILE *f)
{
	char line[1024];
	while (fgets(line, sizeof line, f)) {
		char *semi = strchr(line, ';');
		if (semi)
			*semi = '\0';
		if (strlen(line) > 10)
			expect_symmetric(line);
	}
	fclose(f);
}

static uint64_t next_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

Test(eval, mirror_symmetry)
{
	checked = 0;
	check_file(test_data_open("perft/cpw_published.epd"));
	check_file(test_data_open("perft/special_A.epd"));
	for (int i = 0; bench_positions[i]; i++)
		expect_symmetric(bench_positions[i]);

	/* Random games reach positions no suite thought of: odd pawn structures, exposed kings, promotions. */
	struct position *pos = test_position(FEN_START);
	uint64_t seed = 20261122;
	for (int game = 0; game < 60; game++) {
		char err[64];
		test_set_fen(pos, FEN_START, err, sizeof err, NULL, 0);
		for (int ply = 0; ply < 120; ply++) {
			move_t list[MAX_MOVES];
			int n = generate_legal(pos, list);
			if (n == 0 || test_depth(pos) > 800)
				break;
			test_play(pos, list[next_random(&seed) % (uint64_t)n]);
			if (ply % 3 == 0) {
				char fen[FEN_MAX];
				pos_get_fen(pos, fen, sizeof fen);
				expect_symmetric(fen);
			}
		}
	}
	test_free(pos);
	cr_expect_gt(checked, 2000, "only %d positions checked", checked);
}

/* The outside perft suites' positions: castling rights, en passant, promotions, bare endings. */
Test(shared_eval, mirror_symmetry_on_the_perft_suites)
{
	checked = 0;
	check_file(test_shared_open("perft/cpw_perft_results.epd"));
	check_file(test_shared_open("perft/perftsuite_A.epd"));
	check_file(test_shared_open("perft/tricky_talkchess_A.epd"));
	cr_expect_eq(checked, 89, "%d positions checked", checked);
}

Test(eval, side_to_move_view)
{
	/* White a queen up: good for White to move, bad for Black to move. */
	struct position *w = test_position("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
	struct position *b = test_position("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
	cr_expect_gt(evaluate(w, NULL), 700);
	cr_expect_lt(evaluate(b, NULL), -700);
	test_free(w);
	test_free(b);
}

Test(eval, start_position_is_near_even)
{
	struct position *pos = test_position(FEN_START);
	score_t v = evaluate(pos, NULL);
	cr_expect(v > -50 && v < 50, "start position evaluates %d", v);
	test_free(pos);
}

Test(eval, cache_gives_same_value)
{
	static struct eval_cache cache;
	for (int i = 0; bench_positions[i]; i++) {
		struct position *pos = test_position(bench_positions[i]);
		score_t plain = evaluate(pos, NULL);
		cr_expect_eq(evaluate(pos, &cache), plain);
		cr_expect_eq(evaluate(pos, &cache), plain, "a cache hit must agree");
		test_free(pos);
	}
}

Test(eval, drawish_endings_scale_down)
{
	/* A bishop up with no pawns cannot win; a rook up with pawns can. */
	struct position *minor = test_position("8/8/3k4/8/8/3KB3/8/8 w - - 0 1");
	struct position *rook = test_position("8/5p2/3k4/8/8/3K4/5P2/5R2 w - - 0 1");
	cr_expect(abs(evaluate(minor, NULL)) < 50, "K+B v K: %d", evaluate(minor, NULL));
	cr_expect_gt(evaluate(rook, NULL), 300);
	cr_expect(pos_is_dead_material(minor));
	cr_expect(!pos_is_dead_material(rook));
	test_free(minor);
	test_free(rook);
}

/* |evaluate| of fen, from the side to move's view. */
static int abs_eval(const char *fen)
{
	struct position *pos = test_position(fen);
	int v = evaluate(pos, NULL);
	test_free(pos);
	return abs(v);
}

Test(eval, material_that_cannot_win_scores_near_zero)
{
	const char *draws[] = {
		"8/8/3k4/8/8/2NKN3/8/8 w - - 0 1",   /* two knights against a bare king */
		"8/8/3k4/8/8/2NKN3/8/8 b - - 0 1",
		"8/8/8/8/8/3K4/3N4/k7 w - - 0 1",    /* a knight */
		"k7/8/1K6/P7/8/8/8/8 w - - 0 1",     /* a rook pawn with the king in its corner */
		"1k6/8/1K6/P7/8/2B5/8/8 w - - 0 1",  /* and the bishop that does not cover a8 */
		"8/8/8/8/p7/1k5b/8/1K6 b - - 0 1",  /* the same for Black: a1 is dark, the bishop light */
	};
	for (size_t i = 0; i < sizeof draws / sizeof draws[0]; i++)
		cr_expect_lt(abs_eval(draws[i]), 30, "%s scores %d", draws[i], abs_eval(draws[i]));
	/* The bishop that covers the corner wins. */
	cr_expect_gt(abs_eval("1k6/8/1K6/P7/8/8/4B3/8 w - - 0 1"), 200);
	/* A centre pawn wins. */
	cr_expect_gt(abs_eval("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1"), 100);
}

Test(eval, drawish_pawn_endings_of_pieces_scale_down)
{
	/* Bishops of opposite colours, a pawn up: far less than the same with bishops of one colour. */
	int ocb = abs_eval("8/5k2/2b5/5p2/2P2P2/4B3/5K2/8 w - - 0 1");
	int same = abs_eval("8/5k2/3b4/5p2/2P2P2/4B3/5K2/8 w - - 0 1");
	cr_expect_lt(ocb * 2, same, "opposite bishops %d, same colour %d", ocb, same);
	/* A rook and a pawn more on one wing against a rook scores less than with the pawns on both wings. */
	int wing = abs_eval("8/5pk1/6p1/8/5PP1/6K1/4P3/r6R w - - 0 1");
	int wide = abs_eval("8/p4pk1/8/8/P4PP1/6K1/8/r6R w - - 0 1");
	cr_expect_lt(wing, wide, "one wing %d, both wings %d", wing, wide);
}

Test(eval, a_passed_pawn_the_king_cannot_catch_counts_more)
{
	/* The a-pawn needs three moves; the king on h8 needs seven, the one on c7 two. */
	int free_run = abs_eval("7k/8/8/P7/8/8/8/7K w - - 0 1");
	int caught = abs_eval("8/2k5/8/P7/8/8/8/7K w - - 0 1");
	cr_expect_gt(free_run - caught, 100, "out of the square %d, inside %d", free_run, caught);
	/* Black to move: from f8 the king still cannot catch it, from e8 it can (it stands farther than c7: a little more). */
	cr_expect_gt(abs_eval("5k2/8/8/P7/8/8/8/7K b - - 0 1") - caught, 100);
	int e8 = abs_eval("4k3/8/8/P7/8/8/8/7K b - - 0 1");
	cr_expect_lt(e8 - caught, 100, "from e8 %d, from c7 %d", e8, caught);
}

Test(eval, an_endgame_edge_grows_with_pawns_on_both_wings)
{
	/* A knight ending a pawn up: the same pawns on one wing, then with a pair of a-pawns added. */
	int wing = abs_eval("6k1/5pp1/8/8/8/5PPP/6K1/2n2N2 w - - 0 1");
	int wide = abs_eval("6k1/p4pp1/8/8/8/5PPP/P5K1/2n2N2 w - - 0 1");
	cr_expect_gt(wide, wing, "one wing %d, both wings %d", wing, wide);
}

Test(eval, complexity_shrinks_a_small_edge_toward_a_draw_but_never_past_it)
{
	/* Bishops of one colour, all pawns on one wing, a pawn up: a small edge, still White's. */
	struct position *pos = test_position("8/5pk1/6p1/3b4/8/5PPK/6B1/8 w - - 0 1");
	int v = evaluate(pos, NULL);
	cr_expect(v >= 0 && v < 80, "%d", v);
	test_free(pos);
}
