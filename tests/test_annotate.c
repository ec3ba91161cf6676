/*
 * Annotation: the expected score of a centipawn score, the classes and their
 * thresholds, a search turned to White's view, a game's moves marked from
 * searches given by hand, and `outpost annotate` on a short game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include <math.h>

#include "study/accuracy.h"
#include "study/annotate.h"
#include "protocol/coach_check.h"
#include "notation/notation.h"
#include "notation/pgn.h"
#include "notation/text_file.h"

static void setup(void) { position_init(); }
TestSuite(annotate, .init = setup);

static move_t san_at(const struct game *g, int node, const char *text)
{
	struct pos_line line = POS_LINE_EMPTY;
	move_t m;
	cr_assert(game_node_line(g, node, &line));
	cr_assert_eq(san_parse(&line.pos, text, &m, NULL, 0), SAN_OK, "%s", text);
	line_free(&line);
	return m;
}

/* A search result by hand: White's view, centipawns, and a best line of one move. */
static struct annotate_search searched(int side_to_move, int cp_for_mover, move_t best)
{
	struct annotate_search s;
	annotate_from_search(&s, side_to_move, 12, cp_for_mover, false, 0, &best, best == MOVE_NONE ? 0 : 1);
	return s;
}

Test(annotate, the_expected_score_is_a_logistic_curve_of_the_centipawns)
{
	cr_expect_float_eq(annotate_expected_score(0), 0.5, 1e-9);
	cr_expect_float_eq(annotate_expected_score(100), 0.5911, 1e-3, "a pawn up is about 59%%");
	cr_expect_float_eq(annotate_expected_score(-100), 1 - annotate_expected_score(100), 1e-9);
	cr_expect_float_eq(annotate_expected_score(300), 0.7516, 1e-3);
	cr_expect_gt(annotate_expected_score(2000), 0.999, "twenty pawns is a sure win");
	for (int cp = -3000; cp < 3000; cp += 50)
		cr_expect_lt(annotate_expected_score(cp), annotate_expected_score(cp + 50), "rises at %d", cp);
}

Test(annotate, the_classes_by_expected_score_lost)
{
	cr_expect_eq(annotate_classify(0.0), ANNOTATE_GOOD);
	cr_expect_eq(annotate_classify(0.0499), ANNOTATE_GOOD);
	cr_expect_eq(annotate_classify(0.05), ANNOTATE_INACCURACY);
	cr_expect_eq(annotate_classify(0.0999), ANNOTATE_INACCURACY);
	cr_expect_eq(annotate_classify(0.10), ANNOTATE_MISTAKE);
	cr_expect_eq(annotate_classify(0.1999), ANNOTATE_MISTAKE);
	cr_expect_eq(annotate_classify(0.20), ANNOTATE_BLUNDER);
	cr_expect_eq(annotate_classify(1.0), ANNOTATE_BLUNDER);
	cr_expect_eq(annotate_class_nag(ANNOTATE_GOOD), 0);
	cr_expect_eq(annotate_class_nag(ANNOTATE_INACCURACY), 6, "?!");
	cr_expect_eq(annotate_class_nag(ANNOTATE_MISTAKE), 2, "?");
	cr_expect_eq(annotate_class_nag(ANNOTATE_BLUNDER), 4, "??");
	cr_expect_str_eq(annotate_class_name(ANNOTATE_BLUNDER), "blunder");
}

Test(annotate, what_the_thresholds_mean_in_pawns)
{
	/* From a level game: about half a pawn thrown away is an inaccuracy, a pawn a mistake, 2.3 pawns a blunder. */
	double level = annotate_expected_score(0);
	cr_expect_eq(annotate_classify(level - annotate_expected_score(-50)), ANNOTATE_GOOD);
	cr_expect_eq(annotate_classify(level - annotate_expected_score(-55)), ANNOTATE_INACCURACY);
	cr_expect_eq(annotate_classify(level - annotate_expected_score(-105)), ANNOTATE_INACCURACY);
	cr_expect_eq(annotate_classify(level - annotate_expected_score(-111)), ANNOTATE_MISTAKE);
	cr_expect_eq(annotate_classify(level - annotate_expected_score(-225)), ANNOTATE_MISTAKE);
	cr_expect_eq(annotate_classify(level - annotate_expected_score(-231)), ANNOTATE_BLUNDER);
	/* A won game kept won costs little: +9 to +7 is nothing, though two pawns went. */
	cr_expect_eq(annotate_classify(annotate_expected_score(900) - annotate_expected_score(700)), ANNOTATE_GOOD);
	/* The same two pawns from +1 to -1 are a blunder. */
	cr_expect_eq(annotate_classify(annotate_expected_score(100) - annotate_expected_score(-100)), ANNOTATE_MISTAKE);
	cr_expect_eq(annotate_classify(annotate_expected_score(150) - annotate_expected_score(-150)), ANNOTATE_BLUNDER);
}

Test(annotate, a_search_is_turned_to_whites_view)
{
	struct annotate_search s;
	move_t pv[1] = { MOVE_NONE };
	annotate_from_search(&s, BLACK, 14, 50, false, 0, pv, 0);
	cr_expect(s.has_eval && !s.eval.mate);
	cr_expect_eq(s.eval.value, -50, "Black's +0.50 is White's -0.50");
	cr_expect_eq(s.eval.depth, 14);
	cr_expect_eq(s.white_cp, -50);
	annotate_from_search(&s, BLACK, 20, 0, true, 3, pv, 0);
	cr_expect(s.eval.mate);
	cr_expect_eq(s.eval.value, -3, "Black mates in 3");
	cr_expect_float_eq(s.white_score, 0.0, 1e-9);
	cr_expect_eq(s.white_cp, -ANNOTATE_CP_CLIP);
	annotate_from_search(&s, BLACK, 20, 0, true, -2, pv, 0);
	cr_expect_eq(s.eval.value, 2, "Black is mated in 2: White mates in 2");
	cr_expect_float_eq(s.white_score, 1.0, 1e-9);
	annotate_from_search(&s, WHITE, 9, 5000, false, 0, pv, 0);
	cr_expect_eq(s.white_cp, ANNOTATE_CP_CLIP, "clipped for the centipawn loss");
	cr_expect_eq(s.eval.value, 5000, "but written as it is");
}

/* A long line: the variation keeps its first ANNOTATE_PV_MAX moves, the coach's check the first ANNOTATE_LINE_MAX. */
Test(annotate, a_long_line_is_kept_short_for_the_variation_and_longer_for_the_coach)
{
	struct annotate_search s;
	move_t pv[ANNOTATE_LINE_MAX + 4];
	for (int i = 0; i < ANNOTATE_LINE_MAX + 4; i++)
		pv[i] = (move_t)(100 + i); /* the moves are only copied, never played */
	annotate_from_search(&s, WHITE, 12, 30, false, 0, pv, ANNOTATE_LINE_MAX + 4);
	cr_expect_eq(s.pv_len, ANNOTATE_PV_MAX);
	cr_expect_eq(s.line_len, ANNOTATE_LINE_MAX);
	cr_expect(!memcmp(s.pv, pv, ANNOTATE_PV_MAX * sizeof *pv) && !memcmp(s.line, pv, ANNOTATE_LINE_MAX * sizeof *pv));
	annotate_from_search(&s, WHITE, 12, 30, false, 0, pv, 3);
	cr_expect(s.pv_len == 3 && s.line_len == 3);
}

Test(annotate, a_position_without_a_move_needs_no_search)
{
	struct annotate_search s;
	struct position *mated = test_position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
	cr_assert(annotate_terminal(mated, &s));
	cr_expect(!s.has_eval && s.pv_len == 0);
	cr_expect_float_eq(s.white_score, 0.0, 1e-9, "White is mated");
	struct position *stale = test_position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
	cr_assert(annotate_terminal(stale, &s));
	cr_expect_float_eq(s.white_score, 0.5, 1e-9, "stalemate is a draw");
	struct position *start = test_position(FEN_START);
	cr_expect_not(annotate_terminal(start, &s));
	test_free(mated);
	test_free(stale);
	test_free(start);
}

Test(annotate, a_blunder_is_marked_with_the_better_line_as_a_variation)
{
	struct game *g = test_read_one_game("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n");
	struct annotate_tally tally[COLOR_NB] = { { 0 } };
	int before_nf6 = test_main_node(g, 5), nf6 = test_main_node(g, 6);
	struct annotate_search before = searched(BLACK, -20, san_at(g, before_nf6, "g6"));
	struct annotate_search after;
	annotate_from_search(&after, WHITE, 12, 0, true, 1, NULL, 0);
	cr_expect_eq(annotate_mark(g, nf6, &before, &after, tally), ANNOTATE_BLUNDER);
	uint8_t nags[GAME_NAG_MAX];
	cr_assert_eq(game_nags(g, nf6, nags), 1);
	cr_expect_eq(nags[0], 4, "??");
	struct game_eval e;
	cr_assert(game_node_eval(g, nf6, &e));
	cr_expect(e.mate && e.value == 1, "White mates in 1 after Nf6");
	int better = game_next_variation(g, nf6);
	cr_assert_neq(better, GAME_NODE_NONE, "g6 stands beside Nf6");
	char san[SAN_MAX];
	game_node_san(g, better, san);
	cr_expect_str_eq(san, "g6");
	cr_assert(game_node_eval(g, better, &e));
	cr_expect_eq(e.value, 20, "the better line's score, White's view");
	cr_expect_eq(tally[BLACK].moves, 1);
	cr_expect_eq(tally[BLACK].count[ANNOTATE_BLUNDER], 1);
	cr_expect_eq(tally[BLACK].cp_loss, ANNOTATE_CP_CLIP - 20, "from -0.20 to mated, counted to ten pawns");
	cr_expect_eq(tally[WHITE].moves, 0);
	cr_expect_str_eq(game_comment(g, nf6, COMMENT_AFTER), "Nf6?? allows mate in one.", "the coach's reason");
	/* Marked again: one ?? and one g6, not two; one sentence. */
	annotate_mark(g, nf6, &before, &after, tally);
	cr_expect_eq(game_nags(g, nf6, NULL), 1);
	cr_expect_str_eq(game_comment(g, nf6, COMMENT_AFTER), "Nf6?? allows mate in one.");
	cr_expect_eq(game_next_variation(g, game_next_variation(g, nf6)), GAME_NODE_NONE);
	game_free(g);
}

/* Lichess's rule: a move that allows a mate is marked even where the game was lost, by how lost it was. */
Test(annotate, a_mate_allowed_in_a_lost_game_is_marked_and_said_unavoidable)
{
	struct game *g = test_read_one_game("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n");
	struct annotate_tally tally[COLOR_NB] = { { 0 } };
	int before_nf6 = test_main_node(g, 5), nf6 = test_main_node(g, 6);
	struct annotate_search before = searched(BLACK, -1200, san_at(g, before_nf6, "g6"));
	struct annotate_search after;
	annotate_from_search(&after, WHITE, 12, 0, true, 1, NULL, 0);
	cr_expect_eq(annotate_mark(g, nf6, &before, &after, tally), ANNOTATE_INACCURACY, "twelve pawns down");
	cr_expect_str_eq(game_comment(g, nf6, COMMENT_AFTER), "Nf6?! allows mate in one; checkmate is now unavoidable.");
	before = searched(BLACK, -800, san_at(g, before_nf6, "g6"));
	cr_expect_eq(annotate_mark(g, nf6, &before, &after, tally), ANNOTATE_MISTAKE, "eight pawns down");
	before = searched(BLACK, -400, san_at(g, before_nf6, "g6"));
	cr_expect_eq(annotate_mark(g, nf6, &before, &after, tally), ANNOTATE_BLUNDER);
	/* Mated either way: the move allowed nothing the position did not have. */
	annotate_from_search(&before, BLACK, 12, 0, true, -2, NULL, 0);
	cr_expect_eq(annotate_mark(g, nf6, &before, &after, tally), ANNOTATE_GOOD);
	game_free(g);
}

/*
 * Annotated again with other searches, a move's earlier sentence goes with its earlier mark: one sentence, not two
 * that disagree ("... you lose a knight. Nxe5?? ... you lose a knight for a pawn." after a game was annotated twice
 * in the terminal); what was written before the coach stays.
 */
Test(annotate, a_move_annotated_again_keeps_one_sentence_and_the_words_before_it)
{
	struct game *g = test_read_one_game("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 {a note of my own} 4. Qxf7# 1-0\n");
	struct annotate_tally tally[COLOR_NB] = { { 0 } };
	int before_nf6 = test_main_node(g, 5), nf6 = test_main_node(g, 6);
	struct annotate_search before = searched(BLACK, -1200, san_at(g, before_nf6, "g6"));
	struct annotate_search after;
	annotate_from_search(&after, WHITE, 12, 0, true, 1, NULL, 0);
	cr_expect_eq(annotate_mark(g, nf6, &before, &after, tally), ANNOTATE_INACCURACY);
	cr_expect_str_eq(game_comment(g, nf6, COMMENT_AFTER),
	                 "a note of my own Nf6?! allows mate in one; checkmate is now unavoidable.");
	before = searched(BLACK, -20, san_at(g, before_nf6, "g6"));
	cr_expect_eq(annotate_mark(g, nf6, &before, &after, tally), ANNOTATE_BLUNDER);
	cr_expect_str_eq(game_comment(g, nf6, COMMENT_AFTER), "a note of my own Nf6?? allows mate in one.");
	annotate_from_search(&before, BLACK, 12, 0, true, -2, NULL, 0);
	cr_expect_eq(annotate_mark(g, nf6, &before, &after, tally), ANNOTATE_GOOD);
	cr_expect_str_eq(game_comment(g, nf6, COMMENT_AFTER), "a note of my own", "no mark, no sentence");
	game_free(g);
}

/* The opponent's last move is handed to the coach: a win it left and the move missed is named with it. */
Test(annotate, a_win_left_by_the_last_move_and_missed_is_named_with_it)
{
	struct game *g = test_read_one_game("1. e4 d5 2. Qg4 Nf6 *\n");
	struct annotate_tally tally[COLOR_NB] = { { 0 } };
	int before_nf6 = test_main_node(g, 3), nf6 = test_main_node(g, 4);
	struct annotate_search before = searched(BLACK, 900, san_at(g, before_nf6, "Bxg4"));
	struct annotate_search after = searched(WHITE, 50, san_at(g, nf6, "Qf3"));
	cr_expect_eq(annotate_mark(g, nf6, &before, &after, tally), ANNOTATE_BLUNDER);
	cr_expect_str_eq(game_comment(g, nf6, COMMENT_AFTER), "Nf6?? misses 2... Bxg4, which wins the queen; 2. Qg4 "
	                                                     "allowed it.");
	game_free(g);
}

struct fake_check {
	int calls;
	struct game *g;
};

/* The coach's search by hand: before 3... Nf6 the line 3... g6, after it 4. Qxf7#. */
static bool fake_search(void *ctx, const struct pos_line *line, move_t exclude, struct annotate_search *out)
{
	struct fake_check *f = ctx;
	cr_expect_eq(exclude, MOVE_NONE, "g6 is not the move played");
	move_t m;
	f->calls++;
	bool black = line->pos.side == BLACK;
	cr_assert_eq(san_parse(&line->pos, black ? "g6" : "Qxf7#", &m, NULL, 0), SAN_OK);
	annotate_from_search(out, line->pos.side, 30, black ? -20 : 0, !black, 1, &m, 1);
	return true;
}

Test(annotate, the_coachs_sentence_is_read_off_the_checkers_lines)
{
	struct game *g = test_read_one_game("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n");
	struct annotate_tally tally[COLOR_NB] = { { 0 } };
	int before_nf6 = test_main_node(g, 5), nf6 = test_main_node(g, 6);
	struct annotate_search before = searched(BLACK, -20, san_at(g, before_nf6, "Qe7"));
	struct annotate_search after;
	annotate_from_search(&after, WHITE, 12, 0, true, 1, NULL, 0); /* the timed search found no line */
	struct fake_check f = { 0, g };
	struct annotate_checker check = { fake_search, &f };
	cr_expect_eq(annotate_mark_checked(g, nf6, &before, &after, tally, &check), ANNOTATE_BLUNDER);
	cr_expect_eq(f.calls, 2, "the positions before and after the move");
	cr_expect_str_eq(game_comment(g, nf6, COMMENT_AFTER), "Nf6?? allows mate in one: 4. Qxf7#.");
	char san[SAN_MAX];
	game_node_san(g, game_next_variation(g, nf6), san);
	cr_expect_str_eq(san, "Qe7", "the variation is still the timed search's");
	game_free(g);
}

/* A checker that misses the mate: after 27. Qxb4 it sees 27... Qe2 and six pawns. */
static bool fake_search_no_mate(void *ctx, const struct pos_line *line, move_t exclude, struct annotate_search *out)
{
	(void)ctx;
	(void)exclude;
	move_t m;
	bool white = line->pos.side == WHITE;
	cr_assert_eq(san_parse(&line->pos, white ? "Ra1" : "Qe2", &m, NULL, 0), SAN_OK);
	annotate_from_search(out, line->pos.side, 30, white ? -600 : 600, false, 0, &m, 1);
	return true;
}

/*
 * A mate the timed search found is kept where the checker's search missed it: a game's 27. Qxb4?? allows mate in
 * five (27... Qe2), and the coach said "allows a pin ... you lose the queen and a rook for three pawns".
 */
Test(annotate, a_mate_the_checker_missed_is_still_said)
{
	struct game *g = test_read_one_game("[FEN \"4r1k1/5pp1/4q2p/R7/1p1p4/1P1P1bPP/1PPQ1P1K/8 w - - 0 27\"]\n"
	                                    "[SetUp \"1\"]\n\n27. Qxb4 Qe2 28. Qxd4 Qf1 *\n");
	struct annotate_tally tally[COLOR_NB] = { { 0 } };
	int root = test_main_node(g, 0), qxb4 = test_main_node(g, 1);
	struct annotate_search before = searched(WHITE, -600, san_at(g, root, "Ra1"));
	struct pos_line l = POS_LINE_EMPTY;
	cr_assert(game_node_line(g, qxb4, &l));
	move_t mate[9];
	const char *line[9] = { "Qe2", "Qxd4", "Qf1", "Qxg7+", "Kxg7", "Rg5+", "hxg5", "c3", "Qg2#" };
	for (int i = 0; i < 9; i++) {
		cr_assert_eq(san_parse(&l.pos, line[i], &mate[i], NULL, 0), SAN_OK, "%s", line[i]);
		cr_assert(line_play(&l, mate[i]));
	}
	line_free(&l);
	struct annotate_search after;
	annotate_from_search(&after, BLACK, 24, 0, true, 5, mate, 9);
	struct annotate_checker check = { fake_search_no_mate, NULL };
	cr_expect_eq(annotate_mark_checked(g, qxb4, &before, &after, tally, &check), ANNOTATE_BLUNDER);
	cr_expect_str_eq(game_comment(g, qxb4, COMMENT_AFTER), "Qxb4?? allows mate in five, beginning 27... Qe2 28. Qxd4 "
	                                                      "Qf1 29. Qxg7+ Kxg7 30. Rg5+ hxg5 31. c3; checkmate is now "
	                                                      "unavoidable.");
	game_free(g);
}

/* The same position gives the same line, whatever was searched before: what makes the coach's reason stable. */
Test(annotate, the_coachs_search_gives_the_same_line_every_time, .timeout = 60)
{
	struct coach_check a, b;
	char err[200];
	struct pos_line one = POS_LINE_EMPTY, other = POS_LINE_EMPTY;
	struct annotate_search first, again, elsewhere;
	cr_assert(coach_check_init(&a, 20000, err, sizeof err), "%s", err);
	cr_assert(coach_check_init(&b, 20000, err, sizeof err), "%s", err);
	cr_assert(line_set_fen(&one, "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5", NULL, 0,
	                       NULL, 0));
	cr_assert(line_set_fen(&other, "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10", NULL, 0,
	                       NULL, 0));
	cr_assert(coach_check_search(&a, &one, MOVE_NONE, &first));
	cr_assert(coach_check_search(&b, &other, MOVE_NONE, &elsewhere));
	cr_assert(coach_check_search(&b, &one, MOVE_NONE, &again));
	cr_expect_eq(first.eval.value, again.eval.value);
	cr_assert_eq(first.pv_len, again.pv_len);
	cr_expect(first.pv_len > 0 && !memcmp(first.pv, again.pv, (size_t)first.pv_len * sizeof *first.pv));
	/* The best line other than the best move: what a marked move the search finds best is compared with. */
	struct annotate_search other_best;
	cr_assert(coach_check_search(&a, &one, first.pv[0], &other_best));
	cr_expect(other_best.pv_len > 0 && other_best.pv[0] != first.pv[0]);
	line_free(&one);
	line_free(&other);
	coach_check_free(&a);
	coach_check_free(&b);
}

Test(annotate, the_engines_own_move_is_good_whatever_the_noise)
{
	struct game *g = test_read_one_game("1. e4 e5 *\n");
	struct annotate_tally tally[COLOR_NB] = { { 0 } };
	int e4 = test_main_node(g, 1);
	struct annotate_search before = searched(WHITE, 40, san_at(g, GAME_ROOT, "e4"));
	struct annotate_search after = searched(BLACK, 60, MOVE_NONE); /* the deeper search saw more */
	cr_expect_eq(annotate_mark(g, e4, &before, &after, tally), ANNOTATE_GOOD);
	cr_expect_eq(tally[WHITE].cp_loss, 0);
	cr_expect_eq(game_nags(g, e4, NULL), 0);
	cr_expect_eq(game_next_variation(g, e4), GAME_NODE_NONE);
	game_free(g);
}

Test(annotate, a_judgement_replaces_the_last_and_other_nags_stay)
{
	struct game *g = test_read_one_game("1. e4! $10 e5 *\n");
	struct annotate_tally tally[COLOR_NB] = { { 0 } };
	int e4 = test_main_node(g, 1);
	struct annotate_search before = searched(WHITE, 30, san_at(g, GAME_ROOT, "d4"));
	struct annotate_search after = searched(BLACK, 100, MOVE_NONE); /* from +0.30 to -1.00: a mistake */
	cr_expect_eq(annotate_mark(g, e4, &before, &after, tally), ANNOTATE_MISTAKE);
	uint8_t nags[GAME_NAG_MAX];
	int n = game_nags(g, e4, nags);
	cr_assert_eq(n, 3);
	cr_expect(nags[0] == 1 && nags[1] == 10 && nags[2] == 2, "! and $10 kept, ? added");
	after = searched(BLACK, -25, MOVE_NONE); /* searched again: now White's +0.25, no mistake at all */
	cr_expect_eq(annotate_mark(g, e4, &before, &after, tally), ANNOTATE_GOOD);
	n = game_nags(g, e4, nags);
	cr_expect(n == 2 && nags[0] == 1 && nags[1] == 10);
	game_free(g);
}

Test(annotate, the_accuracy_is_lichess_s)
{
	cr_expect_float_eq(accuracy_win_percent(0), 50.0, 1e-9);
	cr_expect_float_eq(accuracy_win_percent(100), 59.1, 0.05, "a pawn up: 59%%");
	cr_expect_float_eq(accuracy_of_move(60, 60), 100.0, 1e-9, "nothing lost");
	cr_expect_float_eq(accuracy_of_move(50, 60), 100.0, 1e-9, "a gain is no loss");
	cr_expect_float_eq(accuracy_of_move(60, 50), 103.1668100711649 * exp(-0.4354415386753951) - 3.166924740191411 + 1,
	                   1e-9, "Lichess's curve and its point for uncertainty");
	cr_expect_float_eq(accuracy_of_move(60, 59.9), 100.0, 1e-9, "a tenth of a percent is within the uncertainty");
	cr_expect_float_eq(accuracy_of_move(95, 5), 0.0, 1e-9, "a won game thrown away");
	/* Both sides keep the balance: 100% each.  Then a blunder of Black's among good moves costs it much. */
	double level[7] = { 52, 52, 52, 52, 52, 52, 52 }, acc[2];
	accuracy_of_game(level, 7, WHITE, acc);
	cr_expect_float_eq(acc[WHITE], 100.0, 1e-9);
	cr_expect_float_eq(acc[BLACK], 100.0, 1e-9);
	double blunder[7] = { 52, 52, 52, 52, 90, 90, 90 };
	accuracy_of_game(blunder, 7, WHITE, acc);
	cr_expect_float_eq(acc[WHITE], 100.0, 1e-9);
	double one = accuracy_of_move(48, 10); /* Black's win chance from 48% to 10% */
	cr_expect_lt(acc[BLACK], 70.0, "one blunder in three moves: %.1f", acc[BLACK]);
	cr_expect_gt(acc[BLACK], one, "but more than the blunder alone: %.1f", acc[BLACK]);
	accuracy_of_game(level, 1, BLACK, acc);
	cr_expect(acc[WHITE] == -1 && acc[BLACK] == -1, "no move: no accuracy");
}

Test(annotate, the_game_accuracy_reads_the_evaluations_and_the_summary_shows_it)
{
	struct game *g = test_read_one_game("1. e4 {[%eval 0.2]} e5 {[%eval 0.3]} 2. Qh5 {[%eval -0.1]} Ke7 "
	                                    "{[%eval 3.5]} *\n");
	struct annotate_tally t[COLOR_NB] = { { 0 } };
	annotate_accuracy(g, t);
	cr_assert(t[WHITE].has_accuracy && t[BLACK].has_accuracy);
	cr_expect_gt(t[WHITE].accuracy, t[BLACK].accuracy, "Ke7 costs Black: %.1f against %.1f", t[WHITE].accuracy,
	             t[BLACK].accuracy);
	char text[300];
	t[WHITE].has_accuracy = true;
	t[WHITE].accuracy = 86.6;
	annotate_summary(g, WHITE, &t[WHITE], text, sizeof text);
	cr_expect_str_eq(text, "White: accuracy 87%, 0 centipawns lost a move; 0 inaccuracies, 0 mistakes, 0 blunders");
	game_free(g);
	g = test_read_one_game("1. e4 e5 {[%eval 0.3]} *\n");
	struct annotate_tally none[COLOR_NB] = { { 0 } };
	annotate_accuracy(g, none);
	cr_expect_not(none[WHITE].has_accuracy, "a move without its evaluation: no accuracy");
	game_free(g);
}

Test(annotate, the_summary_names_the_player)
{
	struct game *g = test_read_one_game("[White \"Capablanca\"]\n\n1. e4 *\n");
	struct annotate_tally t = { .moves = 4, .cp_loss = 90, .count = { 1, 1, 1, 1 } };
	char text[300];
	annotate_summary(g, WHITE, &t, text, sizeof text);
	cr_expect_str_eq(text, "White (Capablanca): 23 centipawns lost a move; 1 inaccuracy, 1 mistake, 1 blunder");
	t = (struct annotate_tally){ 0 };
	annotate_summary(g, BLACK, &t, text, sizeof text);
	cr_expect_str_eq(text, "Black: 0 centipawns lost a move; 0 inaccuracies, 0 mistakes, 0 blunders");
	int n, *nodes = annotate_main_line(g, &n);
	cr_expect(n == 2 && nodes[0] == GAME_ROOT && nodes[1] == game_child(g, GAME_ROOT));
	free(nodes);
	game_free(g);
}

/* ---------------------------------------------------------------- the shell's mode */

static char *temp_file(const char *text)
{
	char *path = strdup("/tmp/outpost-annotate-XXXXXX");
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	return path;
}

Test(annotate, outpost_annotate_marks_a_short_game, .timeout = 60)
{
	/* Black's 3...Nf6?? lets Qxf7 mate at once. */
	char *in = temp_file("[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n");
	char out[64] = "/tmp/outpost-annotated-XXXXXX", cmd[600], err[4096];
	close(mkstemp(out));
	snprintf(cmd, sizeof cmd, "%s annotate %s --depth 6 -o %s", OUTPOST_BIN, in, out);
	cr_assert_eq(test_shell(cmd, err, sizeof err), 0, "%s", err);
	cr_expect(strstr(err, "Black (B): ") && strstr(err, "1 blunder"), "the summary on standard error: %s", err);
	cr_expect(strstr(err, "White (A): "), "%s", err);
	char *text = text_file_read(out, NULL);
	cr_assert_not_null(text);
	cr_expect(strstr(text, "[Annotator \"Outpost "), "%s", text);
	char *flat = strdup(text); /* the PGN's lines are wrapped where the scores' lengths put the breaks */
	for (char *c = flat; *c; c++)
		*c = *c == '\n' ? ' ' : *c;
	cr_expect(strstr(flat, "3... Nf6 $4"), "the blunder marked ??:\n%s", text);
	cr_expect(strstr(flat, "(3..."), "the better line as a variation:\n%s", text);
	cr_expect(strstr(flat, "[%eval #1"), "White mates in 1 after Nf6:\n%s", text);
	cr_expect(strstr(flat, "4. Qxf7# {Key moments: 3... Nf6?? (Black, "), "the key moments at the end:\n%s", text);
	free(flat);
	cr_expect(strstr(err, "Key moments:\n  3... Nf6?? (Black, ") && strstr(err, "%): Nf6?? allows mate in one"),
	          "and on standard error, with the coach's sentence: %s", err);
	cr_expect(strstr(err, "Black (B): accuracy "), "the accuracy in the summary: %s", err);
	/* What it writes reads back, with every mark. */
	struct game *g = test_read_one_game(text);
	cr_expect_eq(game_nags(g, test_main_node(g, 6), NULL), 1);
	cr_expect_str_eq(game_comment(g, test_main_node(g, 6), COMMENT_AFTER), "Nf6?? allows mate in one: 4. Qxf7#.",
	                 "the coach's reason beside [%%eval]");
	game_free(g);
	free(text);
	unlink(in);
	unlink(out);
	free(in);
}

Test(annotate, outpost_annotate_refuses_what_it_cannot_do)
{
	char cmd[400], err[1024];
	snprintf(cmd, sizeof cmd, "%s annotate </dev/null", OUTPOST_BIN);
	cr_expect_eq(test_shell(cmd, err, sizeof err), 2, "no file: %s", err);
	cr_expect(strstr(err, "usage: outpost annotate"), "%s", err);
	snprintf(cmd, sizeof cmd, "%s annotate x.pgn --depth 0", OUTPOST_BIN);
	cr_expect_eq(test_shell(cmd, err, sizeof err), 2, "a depth of 0: %s", err);
	snprintf(cmd, sizeof cmd, "%s annotate /nonexistent.pgn --depth 2", OUTPOST_BIN);
	cr_expect_eq(test_shell(cmd, err, sizeof err), 1, "%s", err);
	cr_expect(strstr(err, "cannot read /nonexistent.pgn"), "%s", err);
	char *bad = temp_file("1. e4 e5 2. Ke3 *\n");
	snprintf(cmd, sizeof cmd, "%s annotate %s --depth 2", OUTPOST_BIN, bad);
	cr_expect_eq(test_shell(cmd, err, sizeof err), 1, "%s", err);
	cr_expect(strstr(err, ":1:") && strstr(err, "Ke3"), "file:line:column and the move: %s", err);
	unlink(bad);
	free(bad);
}
