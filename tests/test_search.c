/* The search: mates with the right score, draws scored as draws, SEE, the draw rules. */
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "engine/engine.h"
#include "helpers.h"
#include "rules/movegen.h"
#include "notation/notation.h"
#include "engine/nnue.h"
#include "engine/search.h"
#include "engine/see.h"

static void setup(void) { engine_init(); }
TestSuite(search, .init = setup, .timeout = 120);

/* Searches fen (with searchmove `only` if not NULL) to depth; the result in *r. */
static void search_fen(const char *fen, int depth, const char *only, struct test_result *r)
{
	struct engine *e = engine_new();
	char err[256];
	cr_assert_not_null(e);
	cr_assert(engine_set_position(e, fen, NULL, 0, err, sizeof err), "%s: %s", fen, err);
	struct engine_limits l;
	memset(&l, 0, sizeof l);
	l.depth = depth;
	if (only) {
		l.searchmoves[0] = uci_parse_move(engine_position(e), only);
		cr_assert_neq(l.searchmoves[0], MOVE_NONE, "%s is not legal in %s", only, fen);
		l.nsearchmoves = 1;
	}
	test_go_and_wait(e, &l, r);
	engine_free(e);
}

static void expect_mate(const char *fen, const char *move, int mate_moves)
{
	struct test_result r;
	search_fen(fen, 2 * abs(mate_moves) + 4, NULL, &r);
	char uci[UCI_MOVE_MAX];
	move_to_uci(r.best, uci);
	cr_expect_str_eq(uci, move, "%s: played %s, expected %s", fen, uci, move);
	cr_expect(r.last.is_mate, "%s: no mate score (cp %d)", fen, r.last.score_cp);
	cr_expect_eq(r.last.mate_moves, mate_moves, "%s: mate %d, expected %d", fen, r.last.mate_moves, mate_moves);
}

/* Mates verified with Stockfish 15.1 (go depth 18). */
Test(search, mate_in_one) { expect_mate("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "a1a8", 1); }

Test(search, mate_in_two)
{
	expect_mate("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", "d5f6", 2);
	expect_mate("6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", "g2g1", 2);
}

Test(search, mate_in_three)
{
	expect_mate("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", "f6a6", 3);
	expect_mate("2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1", "b1g6", 3);
}

Test(search, mated_in_one_reports_negative_mate)
{
	struct test_result r;
	search_fen("8/8/8/8/8/5k2/4q3/6K1 w - - 0 1", 6, NULL, &r);
	cr_expect(r.last.is_mate);
	cr_expect_eq(r.last.mate_moves, -1);
}

Test(search, no_legal_move_gives_none)
{
	struct test_result r;
	search_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 5, NULL, &r); /* stalemate */
	cr_expect_eq(r.best, MOVE_NONE);
	cr_expect(!r.last.is_mate && r.last.score_cp == 0);
	search_fen("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", 5, NULL, &r); /* mated */
	cr_expect_eq(r.best, MOVE_NONE);
	cr_expect(r.last.is_mate && r.last.mate_moves == 0);
}

Test(search, stalemating_move_scores_zero)
{
	struct test_result r;
	/* Qf7 stalemates; on its own it must score exactly a draw, while the position is won. */
	search_fen("7k/8/4Q1K1/8/8/8/8/8 w - - 0 1", 6, "e6f7", &r);
	cr_expect(!r.last.is_mate && r.last.score_cp == 0, "stalemate scored %d", r.last.score_cp);
	search_fen("7k/8/4Q1K1/8/8/8/8/8 w - - 0 1", 6, NULL, &r);
	cr_expect(r.last.is_mate && r.last.mate_moves > 0);
}

Test(search, repetition_scores_zero)
{
	/* After Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1, ...Ng8 repeats the start a third time. */
	static const char *const moves[] = { "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1" };
	struct engine *e = engine_new();
	struct position *pos = test_position(FEN_START);
	move_t list[8];
	char err[256];
	for (int i = 0; i < 7; i++) {
		list[i] = uci_parse_move(pos, moves[i]);
		cr_assert_neq(list[i], MOVE_NONE);
		test_play(pos, list[i]);
	}
	cr_assert(engine_set_position(e, NULL, list, 7, err, sizeof err), "%s", err);
	struct engine_limits l;
	memset(&l, 0, sizeof l);
	l.depth = 6;
	l.nsearchmoves = 1;
	l.searchmoves[0] = uci_parse_move(pos, "f6g8");
	struct test_result r;
	test_go_and_wait(e, &l, &r);
	cr_expect(!r.last.is_mate && r.last.score_cp == 0, "threefold repetition scored %d", r.last.score_cp);
	engine_free(e);
	test_free(pos);
}

Test(search, dead_material_scores_zero)
{
	struct test_result r;
	search_fen("8/8/8/4k3/8/8/3N4/4K3 w - - 0 1", 6, NULL, &r);
	cr_expect(!r.last.is_mate && r.last.score_cp == 0, "K+N v K scored %d", r.last.score_cp);
}

/* ---------------------------------------------------------------- draw rules, directly */

Test(search, draw_rules)
{
	struct position *pos = test_position(FEN_START);
	static const char *const shuffle[] = { "g1f3", "g8f6", "f3g1", "f6g8" };
	for (int i = 0; i < 4; i++)
		test_play(pos, uci_parse_move(pos, shuffle[i]));
	/* Second occurrence: a draw inside the tree, not yet against the game's history. */
	cr_expect(!search_is_draw(pos, 0));
	cr_expect(search_is_draw(pos, 5));
	for (int i = 0; i < 4; i++)
		test_play(pos, uci_parse_move(pos, shuffle[i]));
	cr_expect(search_is_draw(pos, 0), "third occurrence");
	test_free(pos);

	pos = test_position("8/8/3k4/8/8/3K4/3R4/8 w - - 100 80");
	cr_expect(search_is_draw(pos, 1), "fifty moves");
	test_free(pos);
	pos = test_position("R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80");
	cr_expect(!search_is_draw(pos, 1), "checkmate beats the fifty-move rule");
	test_free(pos);
	pos = test_position("8/8/3k4/8/8/3K4/3B4/8 w - - 0 1");
	cr_expect(search_is_draw(pos, 1), "K+B v K");
	test_free(pos);
	pos = test_position("8/8/3k4/8/8/3K4/3BN3/8 w - - 0 1");
	cr_expect(!search_is_draw(pos, 1), "K+B+N v K can mate");
	test_free(pos);
}

/* ---------------------------------------------------------------- SEE */

static void expect_see(const char *fen, const char *move, int threshold, bool expected)
{
	struct position *pos = test_position(fen);
	move_t m = uci_parse_move(pos, move);
	cr_assert_neq(m, MOVE_NONE, "%s not legal in %s", move, fen);
	cr_expect_eq(see_ge(pos, m, threshold), expected, "%s %s see >= %d should be %d", fen, move, threshold,
	             expected);
	test_free(pos);
}

Test(search, see)
{
	/* An undefended pawn: wins exactly 100. */
	expect_see("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100, true);
	expect_see("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 101, false);
	/* Knight takes a pawn defended by a knight, with a rook behind: loses the knight for a pawn and knight. */
	expect_see("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", 0, false);
	expect_see("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", -300, true);
	/* Queen takes a pawn defended by a pawn. */
	expect_see("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", 0, false);
	/* An x-ray: the second rook makes Rxd5 safe (R takes P, R takes R, R takes R). */
	expect_see("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 0, true);
	/* A pinned defender does not defend: the bishop on c3 may not retake. */
	expect_see("4k3/8/8/4p3/3Q4/K1B4r/8/8 b - - 0 1", "e5d4", 900, true);
	/* Quiet move onto an attacked square. */
	expect_see("4k3/8/8/8/2p5/8/8/3QK3 w - - 0 1", "d1d3", 0, false);
	expect_see("4k3/8/8/8/2p5/8/8/3QK3 w - - 0 1", "d1d2", 0, true);
}

/*
 * The network's scores are shown in its own centipawns, not the search's units (NNUE_SEARCH_PCT): with one legal
 * move (h3) into a quiet position (no capture, no check), the root's score is the network's evaluation of that
 * position, turned over, to the search's rounding.
 */
Test(search, the_networks_scores_are_shown_in_its_own_centipawns)
{
	const char *fen = "K7/P1k5/8/8/7p/8/7P/8 w - - 0 1", *after = "K7/P1k5/8/8/7p/7P/8/8 b - - 0 1";
	struct test_result r;
	search_fen(fen, 1, NULL, &r);
	char uci[UCI_MOVE_MAX];
	move_to_uci(r.best, uci);
	cr_assert_str_eq(uci, "h2h3", "the only legal move");
	struct position *pos = test_position(after);
	int eval = -nnue_evaluate_fresh(nnue_builtin(), pos);
	test_free(pos);
	cr_expect(abs(r.last.score_cp - eval) <= 2, "shown %d where the network says %d", r.last.score_cp, eval);
	cr_expect(abs(eval) >= 40, "a score too small (%d) to tell the units apart", eval);
	struct search_shared sh = { .net = nnue_builtin() }, hce = { .net = NULL };
	cr_expect_eq(search_reported(&sh, 4 * NNUE_SEARCH_PCT), 400);
	cr_expect_eq(search_reported(&sh, -2 * NNUE_SEARCH_PCT), -200);
	cr_expect_eq(search_reported(&sh, SCORE_MATE - 3), SCORE_MATE - 3);
	cr_expect_eq(search_reported(&sh, SCORE_TB_LOSS_IN_MAX - 1), SCORE_TB_LOSS_IN_MAX - 1);
	cr_expect_eq(search_reported(&hce, 4 * NNUE_SEARCH_PCT), 4 * NNUE_SEARCH_PCT);
}

/* Nodes of a depth-12 search of fen by a fresh engine, the coach's or the game's. */
static uint64_t nodes_at_depth(const char *fen, bool for_coach)
{
	struct engine *e = engine_new();
	char err[256];
	cr_assert_not_null(e);
	cr_assert(engine_set_position(e, fen, NULL, 0, err, sizeof err), "%s: %s", fen, err);
	engine_for_coach(e, for_coach);
	struct engine_limits l = { .depth = 12 };
	struct test_result r;
	test_go_and_wait(e, &l, &r);
	engine_free(e);
	return r.last.nodes;
}

/* The coach's engine searches without double extensions (engine_for_coach): another tree, the same every time, and
 * the game's engine searches as before once the switch is off again. */
Test(search, the_coachs_engine_searches_its_own_tree)
{
	const char *fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8";
	uint64_t game = nodes_at_depth(fen, false), coach = nodes_at_depth(fen, true);
	cr_expect_neq(game, coach, "both searched %llu nodes", (unsigned long long)game);
	cr_expect_eq(nodes_at_depth(fen, true), coach);
	cr_expect_eq(nodes_at_depth(fen, false), game);
}
