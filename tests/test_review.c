/*
 * The review (issue 58): the rating a player played at (its grid, its
 * interval, pooling), the human model's likelihood of a move by rating, a
 * game's key moments, misses and phases from its evaluations, the accuracy
 * by phase, and `outpost annotate`'s summary with them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "notation/notation.h"
#include "notation/text_file.h"
#include "people/human_model.h"
#include "people/move_likelihood.h"
#include "people/opening_likelihood.h"
#include "people/rating_estimate.h"
#include "study/accuracy.h"
#include "study/annotate.h"
#include "study/game_phases.h"
#include "study/key_moments.h"

static void setup(void) { position_init(); }
TestSuite(review, .init = setup);

static int grid_index(int rating) { return (rating - RATING_GRID_MIN) / RATING_GRID_STEP; }

/* moves of a player whose every move is likeliest at `centre`, each saying a little. */
static void moves_at(struct rating_evidence *e, int centre, int moves)
{
	for (int m = 0; m < moves; m++) {
		double ll[RATING_GRID_N];
		for (int i = 0; i < RATING_GRID_N; i++) {
			double z = (rating_grid_at(i) - centre) / 600.0;
			ll[i] = -0.5 * z * z - 1.0;
		}
		rating_evidence_add(e, ll);
	}
}

Test(review, the_estimate_finds_the_rating_the_moves_point_to_and_narrows_as_they_pool)
{
	struct rating_evidence one, five;
	struct rating_estimate a, b;
	/* The mechanics alone: no offset, no temperature, and a prior whose pull the evidence outweighs. */
	const struct rating_calibration plain = { .temperature = 1, .prior_mean = 1600, .prior_sd = 350, .mass = 0.80 };
	const struct rating_calibration *c = &plain;
	rating_evidence_clear(&one);
	moves_at(&one, 1200, 30);
	cr_assert(rating_estimate_of(&one, c, &a));
	cr_expect(a.low < a.rating && a.rating < a.high, "%d (%d-%d)", a.rating, a.low, a.high);
	cr_expect(a.low <= 1200 && 1200 <= a.high, "the interval holds the rating: %d-%d", a.low, a.high);
	cr_expect_eq(a.moves, 30);
	rating_evidence_clear(&five);
	for (int g = 0; g < 5; g++)
		rating_evidence_join(&five, &one, c);
	cr_assert(rating_estimate_of(&five, c, &b));
	cr_expect_eq(b.moves, 150);
	cr_expect_lt(b.high - b.low, a.high - a.low, "five games narrow it: %d-%d against %d-%d", b.low, b.high, a.low,
	             a.high);
	cr_expect_lt(abs(b.rating - 1200), abs(a.rating - 1200), "and the prior's pull weakens: %d, %d", b.rating,
	             a.rating);
	/* The built-in calibration is a fitted one: a flat prior, a temperature above 1, an offset by rating. */
	const struct rating_calibration *fitted = rating_calibration_builtin();
	cr_expect(fitted->prior_sd == 0 && fitted->temperature > 1 && fitted->offset && fitted->game_sd > 0, "%g %g %g",
	          fitted->prior_sd, fitted->temperature, fitted->game_sd);
	cr_assert(rating_estimate_of(&one, fitted, &a));
	cr_expect(a.low <= 1200 && 1200 <= a.high, "%d (%d-%d)", a.rating, a.low, a.high);
}

Test(review, a_games_stray_from_the_rating_keeps_pooled_games_from_saying_too_much)
{
	struct rating_evidence one, five_close, five_stray;
	struct rating_estimate a, b, sa, sb;
	const struct rating_calibration close = { .temperature = 1, .mass = 0.80 };
	struct rating_calibration stray = close;
	stray.game_sd = 200;
	rating_evidence_clear(&one);
	moves_at(&one, 1400, 30);
	rating_evidence_clear(&five_close);
	rating_evidence_clear(&five_stray);
	for (int g = 0; g < 5; g++) {
		rating_evidence_join(&five_close, &one, &close);
		rating_evidence_join(&five_stray, &one, &stray);
	}
	cr_assert(rating_estimate_of(&one, &close, &a) && rating_estimate_of(&five_close, &close, &b));
	cr_assert(rating_estimate_of(&one, &stray, &sa) && rating_estimate_of(&five_stray, &stray, &sb));
	cr_expect_eq(sb.moves, 150);
	cr_expect_gt(sa.high - sa.low, a.high - a.low, "one game's level strays: %d-%d against %d-%d", sa.low, sa.high,
	             a.low, a.high);
	cr_expect_gt(sb.high - sb.low, b.high - b.low, "five games narrow it less: %d-%d against %d-%d", sb.low, sb.high,
	             b.low, b.high);
	cr_expect_lt(sb.high - sb.low, sa.high - sa.low, "but they still narrow it");
	cr_expect(abs(sb.rating - 1400) <= 25 && abs(sa.rating - 1400) <= 25, "%d %d", sa.rating, sb.rating);
	/* A pool joined into a pool is the same as its games joined one by one. */
	struct rating_evidence two, four;
	rating_evidence_clear(&two);
	rating_evidence_join(&two, &one, &stray);
	rating_evidence_join(&two, &one, &stray);
	four = two;
	rating_evidence_join(&four, &two, &stray);
	struct rating_evidence four_by_one;
	rating_evidence_clear(&four_by_one);
	for (int g = 0; g < 4; g++)
		rating_evidence_join(&four_by_one, &one, &stray);
	cr_expect_eq(four.games, 4);
	for (int i = 0; i < RATING_GRID_N; i++)
		cr_expect_float_eq(four.pool[i], four_by_one.pool[i], 1e-9, "at %d", rating_grid_at(i));
}

/*
 * The model's own error at a rating is the same in every game of a player: the bias spreads one game's posterior
 * a little and twenty games' much, and their interval never narrows below its width (a normal of sd 100: 256 points
 * for 80%).
 */
Test(review, the_models_bias_keeps_many_pooled_games_from_a_narrow_interval)
{
	struct rating_evidence one, twenty;
	struct rating_estimate a, b, ba, bb;
	const struct rating_calibration plain = { .temperature = 1, .mass = 0.80, .game_sd = 100 };
	struct rating_calibration biased = plain;
	biased.bias_sd = 100;
	rating_evidence_clear(&one);
	moves_at(&one, 1400, 30);
	rating_evidence_clear(&twenty);
	for (int g = 0; g < 20; g++)
		rating_evidence_join(&twenty, &one, &plain);
	cr_assert(rating_estimate_of(&one, &plain, &a) && rating_estimate_of(&twenty, &plain, &b));
	cr_assert(rating_estimate_of(&one, &biased, &ba) && rating_estimate_of(&twenty, &biased, &bb));
	int w1 = a.high - a.low, w20 = b.high - b.low, bw1 = ba.high - ba.low, bw20 = bb.high - bb.low;
	cr_expect_geq(bw1, w1, "one game: %d against %d", bw1, w1);
	cr_expect_lt(bw1 - w1, bw20 - w20, "the bias widens twenty games more than one: %d-%d, %d-%d", bw20, w20, bw1, w1);
	cr_expect_geq(bw20, 240, "twenty games: %d points wide, no less than the bias's own 80%%", bw20);
	cr_expect(abs(bb.rating - 1400) <= 25, "the point stays: %d", bb.rating);
	cr_expect_eq(rating_calibration_builtin()->bias_sd, 75);
}

Test(review, too_few_moves_give_no_estimate_and_the_text_never_shows_a_bare_number)
{
	struct rating_evidence e;
	struct rating_estimate est;
	rating_evidence_clear(&e);
	moves_at(&e, 1500, RATING_MIN_MOVES - 1);
	cr_expect_not(rating_estimate_of(&e, rating_calibration_builtin(), &est));
	moves_at(&e, 1500, 1);
	cr_expect(rating_estimate_of(&e, rating_calibration_builtin(), &est));
	char text[64];
	rating_estimate_text(&(struct rating_estimate){ 1390, 1110, 1612, 30 }, text, sizeof text);
	cr_expect_str_eq(text, "played like 1400 (1100-1600)");
	rating_estimate_text(NULL, text, sizeof text);
	cr_expect_str_eq(text, "");
}

/* The opening table's likelihood of the last of the moves (SAN, from the start), into ll; false if not listed. */
static bool opening_move_at(const char *moves, int exclude, double ll[RATING_GRID_N])
{
	struct position *pos = test_position(FEN_START);
	char text[256], *save = NULL, msg[128];
	move_t m = MOVE_NONE;
	snprintf(text, sizeof text, "%s", moves);
	for (char *san = strtok_r(text, " ", &save); san; san = strtok_r(NULL, " ", &save)) {
		if (m != MOVE_NONE)
			test_play(pos, m);
		cr_assert_eq(san_parse(pos, san, &m, msg, sizeof msg), SAN_OK, "%s: %s", san, msg);
	}
	bool listed = opening_likelihood_of(opening_table_builtin(), pos_key(pos), m, exclude, ll);
	test_free(pos);
	return listed;
}

Test(review, the_opening_table_knows_what_people_of_each_rating_play)
{
	double qh5[RATING_GRID_N], nf3[RATING_GRID_N], e4[RATING_GRID_N], a3[RATING_GRID_N];
	int at1000 = grid_index(1000), at2000 = grid_index(2000);
	cr_assert(opening_move_at("e4 e5 Qh5", 0, qh5) && opening_move_at("e4 e5 Nf3", 0, nf3));
	cr_expect_gt(qh5[at1000], qh5[at2000], "2. Qh5 is a 1000's move: %.2f at 1000, %.2f at 2000", qh5[at1000],
	             qh5[at2000]);
	cr_expect_gt(nf3[at2000], nf3[at1000], "2. Nf3 a 2000's: %.2f at 2000, %.2f at 1000", nf3[at2000], nf3[at1000]);
	cr_assert(opening_move_at("e4", 0, e4) && opening_move_at("a3", 0, a3));
	for (int i = 0; i < RATING_GRID_N; i++) {
		cr_assert(isfinite(e4[i]) && e4[i] < 0, "a probability's log: %g at %d", e4[i], rating_grid_at(i));
		cr_expect_gt(e4[i], a3[i], "1. e4 is likelier than 1. a3 at %d", rating_grid_at(i));
	}
	/* A position few people reached is not listed: the move says nothing. */
	cr_expect_not(opening_move_at("a3 h6 Ra2 Rh7 Ra1 Rh8 Ra2", 0, e4));
	/* Leaving out one game's move (a game the table was counted from) makes that move a little less likely. */
	double all[RATING_GRID_N], less[RATING_GRID_N];
	cr_assert(opening_move_at("e4 e5 Qh5", 0, all) && opening_move_at("e4 e5 Qh5", 1050, less));
	cr_expect_lt(less[grid_index(1050)], all[grid_index(1050)]);
}

Test(review, a_small_table_gives_each_band_its_own_share_and_an_unlisted_move_a_little)
{
	/* One position: 90 games at 1000-1099, 90 at 2000-2099; move 1 by the 1000s, move 2 by the 2000s. */
	struct opening_row rows[3] = { { .key = 7, .move = MOVE_NONE }, { .key = 7, .move = 1 }, { .key = 7, .move = 2 } };
	int low = opening_band(1050), high = opening_band(2050);
	rows[0].count[low] = rows[0].count[high] = 90;
	rows[1].count[low] = 80, rows[1].count[high] = 10;
	rows[2].count[low] = 10, rows[2].count[high] = 80;
	const struct opening_table t = { rows, 3 };
	double one[RATING_GRID_N], two[RATING_GRID_N], none[RATING_GRID_N];
	cr_assert(opening_likelihood_of(&t, 7, 1, 0, one) && opening_likelihood_of(&t, 7, 2, 0, two));
	cr_assert(opening_likelihood_of(&t, 7, 3, 0, none));
	cr_expect_not(opening_likelihood_of(&t, 8, 1, 0, one), "key 8 is not listed");
	int a = grid_index(1050), b = grid_index(2050);
	cr_expect(exp(one[a]) > 0.75 && exp(one[a]) < 0.89, "about 80 of 90 at 1050: %g", exp(one[a]));
	cr_expect(exp(two[b]) > 0.75 && exp(two[b]) < 0.89, "and 80 of 90 at 2050: %g", exp(two[b]));
	cr_expect_lt(one[b], one[a]);
	cr_expect(exp(none[a]) > 0 && exp(none[a]) < 0.01, "an unlisted move keeps a little: %g", exp(none[a]));
	/* Below the grid is the first band, above it the last. */
	cr_expect_eq(opening_band(100), 0);
	cr_expect_eq(opening_band(3500), OPENING_BANDS - 1);
}

Test(review, the_opening_moves_weigh_in_as_the_calibration_says)
{
	struct rating_evidence e;
	struct rating_estimate without, with;
	rating_evidence_clear(&e);
	moves_at(&e, 1600, 20);
	for (int m = 0; m < 5; m++) { /* the opening moves of a 1000 */
		double ll[RATING_GRID_N];
		for (int i = 0; i < RATING_GRID_N; i++)
			ll[i] = -0.5 * pow((rating_grid_at(i) - 1000) / 400.0, 2) - 2;
		rating_evidence_add_opening(&e, ll);
	}
	cr_expect_eq(e.opening_moves, 5);
	cr_expect_eq(e.moves, 20, "the opening's moves are apart from the model's");
	struct rating_calibration c = { .temperature = 1, .mass = 0.80 };
	cr_assert(rating_estimate_of(&e, &c, &without));
	c.opening_weight = 1;
	cr_assert(rating_estimate_of(&e, &c, &with));
	cr_expect(abs(without.rating - 1600) <= 25, "weight 0: the moves alone, %d", without.rating);
	cr_expect_lt(with.rating, without.rating - 50, "weight 1: the openings pull it down, %d", with.rating);
	cr_expect_eq(rating_calibration_builtin()->opening_weight, 1.0);
}

Test(review, a_free_queen_is_taken_more_often_the_higher_the_rating)
{
	struct position pos;
	struct state st;
	cr_assert(pos_set_fen(&pos, &st, "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", NULL, 0, NULL, 0));
	move_t take;
	cr_assert_eq(san_parse(&pos, "Rxd5", &take, NULL, 0), SAN_OK);
	double ll[RATING_GRID_N];
	cr_assert(move_likelihood_at(human_model_builtin(), &pos, take, take, ll));
	for (int i = 0; i < RATING_GRID_N; i++)
		cr_expect_leq(ll[i], 0, "a log-probability at %d", rating_grid_at(i));
	cr_expect_gt(ll[grid_index(2200)], ll[grid_index(800)], "%.3f at 2200, %.3f at 800", ll[grid_index(2200)],
	             ll[grid_index(800)]);
	/* One legal move tells nothing; an illegal one is refused. */
	cr_assert(pos_set_fen(&pos, &st, "7k/8/8/8/8/8/8/6RK b - - 0 1", NULL, 0, NULL, 0));
	move_t only;
	cr_assert_eq(san_parse(&pos, "Kh7", &only, NULL, 0), SAN_OK);
	cr_expect_not(move_likelihood_at(human_model_builtin(), &pos, MOVE_NONE, only, ll));
}

/*
 * The people's network reads the rating by 200-point buckets; the likelihood draws it straight between their
 * centres, so that a move's likelihood has no step at a bucket's edge (read straight, 4. Ng5 stepped by 0.071 nats
 * from 775 to 800, where the 25 points before moved it by 0.013).
 */
Test(review, a_moves_likelihood_has_no_step_where_the_networks_bucket_changes)
{
	struct position pos;
	struct state st;
	cr_assert(pos_set_fen(&pos, &st, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", NULL, 0,
	                      NULL, 0));
	const char *moves[] = { "Ng5", "d3", "Nc3", "O-O" };
	for (size_t m = 0; m < sizeof moves / sizeof *moves; m++) {
		move_t mv;
		cr_assert_eq(san_parse(&pos, moves[m], &mv, NULL, 0), SAN_OK);
		double ll[RATING_GRID_N];
		cr_assert(move_likelihood_at(human_model_builtin(), &pos, MOVE_NONE, mv, ll));
		for (int edge = 800; edge <= 2400; edge += 200) {
			int i = grid_index(edge);
			double at_edge = fabs(ll[i] - ll[i - 1]), before = fabs(ll[i - 1] - ll[i - 2]);
			cr_expect_leq(at_edge, 2 * before + 0.02, "%s: %.3f from %d to %d, %.3f the step before", moves[m],
			              at_edge, edge - 25, edge, before);
		}
	}
}

/*
 * A game made here: 3...Nd4 throws a pawn's worth and more (Black, 47% to 25%), 4. Nxd4 gives it back at once
 * (White's miss), 5...d5 is an inaccuracy's worth; nothing else moves the score.
 */
#define TURNS "1. e4 {[%eval 0.3]} e5 {[%eval 0.3]} 2. Nf3 {[%eval 0.3]} Nc6 {[%eval 0.3]} 3. Bc4 {[%eval 0.3]} " \
	"Nd4 {[%eval 3.0]} 4. Nxd4 {[%eval 0.2]} exd4 {[%eval 0.2]} 5. c3 {[%eval 0.2]} d5 {[%eval 0.8]} *\n"

Test(review, the_key_moments_are_the_largest_swings_in_the_order_played)
{
	struct game *g = test_read_one_game(TURNS);
	struct key_moment k[KEY_MOMENTS_MAX];
	int n = key_moments_find(g, k);
	cr_assert_eq(n, 3, "two swings of a mistake's worth and one inaccuracy to make three: %d", n);
	cr_expect_eq(k[0].node, test_main_node(g, 6));
	cr_expect_eq(k[1].node, test_main_node(g, 7));
	cr_expect_eq(k[2].node, test_main_node(g, 10));
	cr_expect_eq(k[0].side, BLACK);
	char text[400];
	key_moment_text(g, &k[0], text, sizeof text);
	cr_expect_str_eq(text, "3... Nd4 (Black, 47% to 25%)");
	game_set_comment(g, test_main_node(g, 7), COMMENT_AFTER, "Nxd4 lets the knight go.");
	key_moment_text(g, &k[1], text, sizeof text);
	cr_expect_str_eq(text, "4. Nxd4 (White, 75% to 52%): Nxd4 lets the knight go.", "with the coach's sentence");
	struct annotate_tally t[COLOR_NB] = { { 0 } };
	annotate_accuracy(g, t);
	cr_expect_eq(t[WHITE].misses, 1, "4. Nxd4 left 3...Nd4 unpunished");
	cr_expect_eq(t[BLACK].misses, 0);
	game_free(g);
	/* Once the game is marked, an unmarked fall is the engine changing its mind: 4. Nxd4 unmarked is left out. */
	g = test_read_one_game(TURNS);
	game_add_nag(g, test_main_node(g, 6), 4);
	game_add_nag(g, test_main_node(g, 10), 6);
	cr_assert_eq(key_moments_find(g, k), 2);
	cr_expect_eq(k[0].node, test_main_node(g, 6));
	cr_expect_eq(k[1].node, test_main_node(g, 10));
	cr_expect_geq(t[BLACK].phase_accuracy[PHASE_OPENING], 0, "every move in the opening");
	cr_expect_lt(t[BLACK].phase_accuracy[PHASE_MIDDLEGAME], 0, "none in the middlegame");
	game_free(g);
}

/* A game from a position numbers its moments as its moves are numbered: from the FEN's move on. */
Test(review, the_key_moments_of_a_game_from_a_position_carry_its_move_numbers)
{
	struct game *g = test_read_one_game("[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 31\"]\n\n" TURNS);
	struct key_moment k[KEY_MOMENTS_MAX];
	cr_assert_eq(key_moments_find(g, k), 3);
	char text[400];
	key_moment_text(g, &k[0], text, sizeof text);
	cr_expect_str_eq(text, "33... Nd4 (Black, 47% to 25%)");
	cr_expect_eq(game_node_number(g, test_main_node(g, 1)), 31);
	cr_expect_eq(game_node_number(g, test_main_node(g, 2)), 31);
	cr_expect_eq(game_node_number(g, test_main_node(g, 3)), 32);
	game_free(g);
	g = test_read_one_game("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 12\"]\n\n12... Kd7 13. Kd2 Ke6 *\n");
	cr_expect_eq(game_node_number(g, test_main_node(g, 1)), 12, "Black's move 12");
	cr_expect_eq(game_node_number(g, test_main_node(g, 2)), 13);
	cr_expect_eq(game_node_number(g, test_main_node(g, 3)), 13);
	game_free(g);
}

/* From a set-up position the first move's swing counts only where the start has a score (annotate gives it one). */
Test(review, the_first_move_from_a_position_is_weighed_from_the_start_score)
{
#define FROM_40 "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n\n"
#define MOVES_40 "40... Kd7 {[%eval 9.0]} 41. Kd2 {[%eval 9.0]} *\n"
	struct key_moment k[KEY_MOMENTS_MAX];
	struct game *g = test_read_one_game(FROM_40 MOVES_40);
	cr_expect_eq(key_moments_find(g, k), 0, "no score before 40... Kd7: no swing known");
	game_free(g);
	g = test_read_one_game(FROM_40 "{[%eval 0.0]} " MOVES_40);
	cr_assert_eq(key_moments_find(g, k), 1);
	cr_expect_eq(k[0].node, test_main_node(g, 1));
	game_free(g);
}

Test(review, the_key_moments_note_stands_at_the_game_end_once)
{
	struct game *g = test_read_one_game(TURNS);
	int end = game_line_end(g, GAME_ROOT);
	game_set_comment(g, end, COMMENT_AFTER, "A quiet finish.");
	cr_assert(key_moments_comment(g));
	cr_assert(key_moments_comment(g));
	const char *note = game_comment(g, end, COMMENT_AFTER);
	cr_expect_str_eq(note, "A quiet finish. Key moments: 3... Nd4 (Black, 47% to 25%); 4. Nxd4 (White, 75% to 52%); "
	                       "5... d5 (Black, 48% to 43%): A quiet finish.", "the last move's own comment kept: %s", note);
	game_free(g);
	/* A game with no swing has none, and no note. */
	g = test_read_one_game("1. e4 {[%eval 0.2]} e5 {[%eval 0.2]} *\n");
	struct key_moment k[KEY_MOMENTS_MAX];
	cr_expect_eq(key_moments_find(g, k), 0);
	cr_assert(key_moments_comment(g));
	cr_expect_str_eq(game_comment(g, game_line_end(g, GAME_ROOT), COMMENT_AFTER), "");
	game_free(g);
}

Test(review, the_phases_follow_the_pieces_left)
{
	struct position pos;
	struct state st;
	cr_assert(pos_set_fen(&pos, &st, FEN_START, NULL, 0, NULL, 0));
	cr_expect_eq(game_phase_of(&pos), PHASE_OPENING);
	cr_assert(pos_set_fen(&pos, &st, "r2q1rk1/pp3ppp/2n2n2/8/8/2N2N2/PP3PPP/R2Q1RK1 w - - 0 1", NULL, 0, NULL, 0));
	cr_expect_eq(game_phase_of(&pos), PHASE_MIDDLEGAME, "ten queens, rooks, bishops and knights");
	cr_assert(pos_set_fen(&pos, &st, "r1bq1rk1/pp3ppp/2n2n2/8/8/2N2N2/PP3PPP/R1BQ1RK1 w - - 0 1", NULL, 0, NULL, 0));
	cr_expect_eq(game_phase_of(&pos), PHASE_OPENING, "twelve, back ranks full");
	cr_assert(pos_set_fen(&pos, &st, "3r2k1/5ppp/8/8/8/2N5/5PPP/3R2K1 w - - 0 1", NULL, 0, NULL, 0));
	cr_expect_eq(game_phase_of(&pos), PHASE_ENDGAME);
	cr_expect_str_eq(game_phase_name(PHASE_MIDDLEGAME), "middlegame");
}

Test(review, the_accuracy_by_phase_is_the_game_accuracy_over_its_moves)
{
	double win[7] = { 50, 52, 50, 30, 31, 30, 29 }, acc[2], by[2][ACCURACY_GROUPS_MAX];
	int group[6] = { 0, 0, 0, 0, 0, 0 };
	accuracy_of_game(win, 7, 0, acc);
	accuracy_of_groups(win, 7, 0, group, 1, by);
	cr_expect_float_eq(by[0][0], acc[0], 1e-9);
	cr_expect_float_eq(by[1][0], acc[1], 1e-9);
	int split[6] = { 0, 0, 1, 1, 1, 1 };
	accuracy_of_groups(win, 7, 0, split, 2, by);
	cr_expect_eq(by[0][0], 100, "White's first move gained");
	cr_expect_lt(by[0][1], 100, "White's 50 to 30 is in the second phase: %.1f", by[0][1]);
}

Test(review, the_summary_shows_the_phases_the_misses_and_the_estimate)
{
	struct game *g = test_read_one_game("[White \"A\"]\n\n1. e4 *\n");
	struct annotate_tally t = { .moves = 4, .cp_loss = 90, .count = { 1, 1, 1, 1 }, .has_accuracy = true,
		                    .accuracy = 81.2, .phase_accuracy = { 90, 70.4, -1 }, .misses = 1, .has_estimate = true,
		                    .estimate = { 1340, 1090, 1610, 30 } };
	char text[400];
	annotate_summary(g, WHITE, &t, text, sizeof text);
	cr_expect_str_eq(text, "White (A): accuracy 81% (opening 90%, middlegame 70%), played like 1350 (1100-1600), 23 "
	                       "centipawns lost a move; 1 inaccuracy, 1 mistake, 1 blunder, 1 miss");
	game_free(g);
}

/*
 * `outpost annotate` on whole games (the first two of tests/data's self-play games): each player's estimate, and
 * theirs over both games pooled (Outpost plays both sides: four player-games).
 */
Test(review, outpost_annotate_says_what_rating_each_player_played_at, .timeout = 120)
{
	char path[512];
	snprintf(path, sizeof path, "%s/pgn/selfplay.pgn", TEST_DATA_DIR);
	char *all = text_file_read(path, NULL);
	cr_assert_not_null(all);
	char *second = strstr(all + 1, "[Event "), *third = second ? strstr(second + 1, "[Event ") : NULL;
	if (third)
		*third = '\0';
	char in[64] = "/tmp/outpost-review-XXXXXX", out[64] = "/tmp/outpost-reviewed-XXXXXX", cmd[600], err[8192];
	int fd = mkstemp(in);
	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, all, strlen(all)), (ssize_t)strlen(all));
	close(fd);
	close(mkstemp(out));
	snprintf(cmd, sizeof cmd, "%s annotate %s --depth 4 -o %s", OUTPOST_BIN, in, out);
	cr_assert_eq(test_shell(cmd, err, sizeof err), 0, "%s", err);
	const char *white = strstr(err, "White (Outpost): "), *black = strstr(err, "Black (Outpost): ");
	cr_assert(white && black, "%s", err);
	int r, lo, hi;
	cr_expect_eq(sscanf(strstr(white, "played like "), "played like %d (%d-%d)", &r, &lo, &hi), 3, "%s", err);
	cr_expect(lo <= r && r <= hi && lo >= RATING_GRID_MIN && hi <= RATING_GRID_MAX, "%d (%d-%d)", r, lo, hi);
	cr_expect(strstr(black, "played like "), "%s", err);
	const char *pooled = strstr(err, "Over 4 games, Outpost played like ");
	cr_assert(pooled, "the moves of both games pooled: %s", err);
	int pr, plo, phi;
	cr_assert_eq(sscanf(pooled, "Over 4 games, Outpost played like %d (%d-%d)", &pr, &plo, &phi), 3, "%s", pooled);
	cr_expect_lt(phi - plo, hi - lo, "narrower than one game's: %d-%d against %d-%d", plo, phi, lo, hi);
	unlink(in);
	unlink(out);
	free(all);
}

/* ---------------------------------------------------------------- good moves */

static move_t san_at(const struct game *g, int node, const char *text)
{
	struct pos_line line = POS_LINE_EMPTY;
	move_t m;
	cr_assert(game_node_line(g, node, &line));
	cr_assert_eq(san_parse(&line.pos, text, &m, NULL, 0), SAN_OK, "%s", text);
	line_free(&line);
	return m;
}

/* The coach's search by hand: with the move played left out, its best other line scores `alt_cp` for White. */
struct fake_check {
	move_t alt[2];
	int alt_cp;
	int asked;
};

static bool fake_search(void *ctx, const struct pos_line *line, move_t exclude, struct annotate_search *out)
{
	struct fake_check *f = ctx;
	(void)line;
	f->asked++;
	if (exclude == MOVE_NONE)
		return false;
	annotate_from_search(out, WHITE, 10, f->alt_cp, false, 0, f->alt, 2);
	return true;
}

/* The knight on a8 is attacked by the rook on h8: Nc7 alone saves it (Nb6 is taken by the pawn). */
#define ONLY_NC7(number) "[SetUp \"1\"]\n[FEN \"N6r/p4pkp/6p1/8/8/8/5PPP/3RK3 w - - 0 " number "\"]\n\n" number ". Nc7 Kf6 *\n"

/*
 * The searches of Nc7 (the game's first move, node) at cp and of its reply, and f's best other move, Ke2, answered
 * by reply_to_ke2; then the mark annotate gives Nc7.
 */
static enum annotate_class mark_nc7(struct game *g, int node, struct fake_check *f, const char *reply_to_ke2, int cp,
                                    struct annotate_search *before, struct annotate_search *after,
                                    struct annotate_tally t[COLOR_NB])
{
	move_t nc7 = game_node_move(g, node), reply = san_at(g, node, "Kf6");
	struct pos_line after_ke2 = POS_LINE_EMPTY;
	f->alt[0] = san_at(g, GAME_ROOT, "Ke2");
	cr_assert(game_node_line(g, GAME_ROOT, &after_ke2));
	cr_assert(line_play(&after_ke2, f->alt[0]));
	cr_assert_eq(san_parse(&after_ke2.pos, reply_to_ke2, &f->alt[1], NULL, 0), SAN_OK);
	line_free(&after_ke2);
	annotate_from_search(before, WHITE, 10, cp, false, 0, &nc7, 1);
	annotate_from_search(after, BLACK, 10, -cp, false, 0, &reply, 1);
	struct annotate_checker check = { fake_search, f };
	return annotate_mark_checked(g, node, before, after, t, &check);
}

Test(review, the_only_move_is_marked_with_why_every_other_loses)
{
	struct game *g = test_read_one_game(ONLY_NC7("1"));
	int node = test_main_node(g, 1);
	struct fake_check f = { .alt_cp = -100 };
	struct annotate_search before, after;
	struct annotate_tally t[COLOR_NB] = { { 0 } };
	cr_expect_eq(mark_nc7(g, node, &f, "Rxa8", 220, &before, &after, t), ANNOTATE_GOOD);
	uint8_t nags[GAME_NAG_MAX];
	cr_assert_eq(game_nags(g, node, nags), 1);
	cr_expect_eq(nags[0], 1, "$1, !");
	const char *why = game_comment(g, node, COMMENT_AFTER);
	/* The best other move named with its number, so that it does not read as the move played. */
	cr_expect(!strncmp(why, "The only good move; the best other, 1. Ke2, ", 44), "%s", why);
	cr_expect(strstr(why, "knight"), "the knight it loses: %s", why);
	cr_expect_eq(t[WHITE].only_moves, 1);
	/* Where the best other move holds, no mark. */
	game_clear_nags(g, node);
	game_set_comment(g, node, COMMENT_AFTER, NULL);
	f.alt_cp = 180;
	struct annotate_checker check = { fake_search, &f };
	annotate_mark_checked(g, node, &before, &after, t, &check);
	cr_expect_eq(game_nags(g, node, NULL), 0);
	game_free(g);
}

/* Where the best other move's line shows no reason, the only move's sentence says how that move leaves the game. */
Test(review, the_only_move_without_a_reason_says_how_the_best_other_leaves_the_game)
{
	struct game *g = test_read_one_game(ONLY_NC7("40"));
	int node = test_main_node(g, 1);
	struct fake_check f = { .alt_cp = -60 };
	struct annotate_search before, after;
	struct annotate_tally t[COLOR_NB] = { { 0 } };
	cr_expect_eq(mark_nc7(g, node, &f, "a6", 190, &before, &after, t), ANNOTATE_GOOD);
	const char *why = game_comment(g, node, COMMENT_AFTER);
	cr_expect_str_eq(why, "The only good move: after the best other, 40. Ke2, you are slightly worse.");
	game_free(g);
}

/* The coach's search by hand with a line of its own for the position: `best` (SAN, from the root) at best_cp. */
struct fake_lines {
	move_t best[8], alt[2];
	int nbest, best_cp, alt_cp;
};

static bool fake_lines_search(void *ctx, const struct pos_line *line, move_t exclude, struct annotate_search *out)
{
	struct fake_lines *f = ctx;
	if (exclude == MOVE_NONE)
		annotate_from_search(out, line->pos.side, 12, f->best_cp, false, 0, f->best, f->nbest);
	else
		annotate_from_search(out, line->pos.side, 12, f->alt_cp, false, 0, f->alt, 2);
	return true;
}

/* Reads the SAN line `text` from the position at node into moves; returns how many. */
static int line_at(const struct game *g, int node, const char *text, move_t *moves, int max)
{
	struct pos_line line = POS_LINE_EMPTY;
	char buf[256], *save = NULL;
	int n = 0;
	cr_assert(game_node_line(g, node, &line));
	snprintf(buf, sizeof buf, "%s", text);
	for (char *t = strtok_r(buf, " ", &save); t && n < max; t = strtok_r(NULL, " ", &save)) {
		cr_assert_eq(san_parse(&line.pos, t, &moves[n], NULL, 0), SAN_OK, "%s", t);
		cr_assert(line_play(&line, moves[n++]));
	}
	line_free(&line);
	return n;
}

/*
 * A 1400 game's 35. Rxf8: the timed search's line was the move alone, which reads as a rook won; the checker's
 * line shows 35... Nxe5 taking the other rook and 36. Rh8+ winning the bishop: the sentence says a bishop.
 */
Test(review, the_only_moves_sentence_reads_the_checkers_whole_line)
{
	struct game *g = test_read_one_game("[SetUp \"1\"]\n[FEN \"2b2r2/p7/2p3pk/1pPpR2p/1P5K/P2n2P1/3P1R2/8 w - - 2 35\"]"
	                                    "\n\n35. Rxf8 Nxe5 *\n");
	int node = test_main_node(g, 1);
	struct fake_lines f = { .best_cp = 500, .alt_cp = -300 };
	f.nbest = line_at(g, GAME_ROOT, "Rxf8 Nxe5 Rh8+ Kg7 Rxc8", f.best, 8);
	line_at(g, GAME_ROOT, "Rxh5+ gxh5", f.alt, 2);
	move_t rxf8 = game_node_move(g, node), reply = san_at(g, node, "Nxe5");
	struct annotate_search before, after;
	struct annotate_tally t[COLOR_NB] = { { 0 } };
	annotate_from_search(&before, WHITE, 10, 500, false, 0, &rxf8, 1);
	annotate_from_search(&after, BLACK, 10, -500, false, 0, &reply, 1);
	struct annotate_checker check = { fake_lines_search, &f };
	annotate_mark_checked(g, node, &before, &after, t, &check);
	const char *why = game_comment(g, node, COMMENT_AFTER);
	cr_expect(strstr(why, "misses 35. Rxf8, which wins a bishop: 35. Rxf8 Nxe5 36. Rh8+ Kg7 37. Rxc8."), "%s", why);
	cr_expect(!strstr(why, "wins a rook"), "%s", why);
	game_free(g);
}

Test(review, a_sound_sacrifice_is_marked_brilliant)
{
	/* 1. Rc4 puts the rook where the pawn takes it, and (by the searches given) it is the best move. */
	struct game *g = test_read_one_game("[SetUp \"1\"]\n[FEN \"4k3/8/8/3p4/8/8/8/2R1K3 w - - 0 1\"]\n\n"
	                                    "1. Rc4 dxc4 *\n");
	int node = test_main_node(g, 1);
	move_t rc4 = game_node_move(g, node), take = san_at(g, node, "dxc4");
	struct annotate_search before, after;
	annotate_from_search(&before, WHITE, 10, 0, false, 0, &rc4, 1);
	annotate_from_search(&after, BLACK, 10, 0, false, 0, &take, 1);
	struct annotate_tally t[COLOR_NB] = { { 0 } };
	annotate_mark(g, node, &before, &after, t);
	uint8_t nags[GAME_NAG_MAX];
	cr_assert_eq(game_nags(g, node, nags), 1);
	cr_expect_eq(nags[0], 3, "$3, !!");
	cr_expect_str_eq(game_comment(g, node, COMMENT_AFTER),
	                 "A sound sacrifice: the rook on c4 can be taken, and it is the engine's best move here.");
	cr_expect_eq(t[WHITE].sacrifices, 1);
	/* The same move where it loses the game is no sacrifice: a blunder. */
	g = (game_free(g), test_read_one_game("[SetUp \"1\"]\n[FEN \"4k3/8/8/3p4/8/8/8/2R1K3 w - - 0 1\"]\n\n1. Rc4 *\n"));
	node = test_main_node(g, 1);
	move_t ke2 = san_at(g, GAME_ROOT, "Ke2");
	annotate_from_search(&before, WHITE, 10, 0, false, 0, &ke2, 1);
	annotate_from_search(&after, BLACK, 10, 500, false, 0, &take, 1);
	memset(t, 0, sizeof t);
	cr_expect_eq(annotate_mark(g, node, &before, &after, t), ANNOTATE_BLUNDER);
	cr_expect_eq(t[WHITE].sacrifices, 0);
	game_free(g);
}

/*
 * The best move of a game (ply `ply` of its main line, by the side `mover`, scored `cp` and answered by `reply`), as
 * annotate marks it: no `!!`, no sacrifice counted, no sentence saying one.
 */
static void expect_no_sacrifice(const char *pgn, int ply, int mover, int cp, const char *reply_san)
{
	struct game *g = test_read_one_game(pgn);
	int node = test_main_node(g, ply);
	move_t played = game_node_move(g, node), reply = san_at(g, node, reply_san);
	struct annotate_search before, after;
	annotate_from_search(&before, mover, 10, cp, false, 0, &played, 1);
	annotate_from_search(&after, !mover, 10, -cp, false, 0, &reply, 1);
	struct annotate_tally t[COLOR_NB] = { { 0 } };
	annotate_mark(g, node, &before, &after, t);
	uint8_t nags[GAME_NAG_MAX];
	cr_expect_eq(game_nags(g, node, nags), 0);
	cr_expect_eq(t[mover].sacrifices, 0);
	cr_expect(!strstr(game_comment(g, node, COMMENT_AFTER), "sacrifice"));
	game_free(g);
}

/*
 * A 1200 game's 24... Qxf8, marked "a sound sacrifice: the queen on f8 can be taken": 25. Bxf8 takes a queen for a
 * rook from a side a queen and a pawn ahead, and still ahead after it.  Material given back, no sacrifice.
 */
Test(review, material_given_back_from_a_lead_is_no_sacrifice)
{
	expect_no_sacrifice("[SetUp \"1\"]\n[FEN \"rn1q3k/p6p/2p1b1pB/1p2P3/3PB3/1P6/P1P3PP/2K2R2 w - - 0 24\"]\n\n"
	                    "24. Rf8+ Qxf8 25. Bxf8 *\n",
	                    2, BLACK, 420, "Bxf8");
}

/*
 * A 1000 game's 12... Ng4, marked "a sound sacrifice: the knight on g4 can be taken": 13. fxg4 Bxg5 takes the
 * knight on g5 back at once.  The engine's best move, but no sacrifice.
 */
Test(review, a_piece_taken_back_at_once_is_no_sacrifice)
{
	expect_no_sacrifice("[SetUp \"1\"]\n[FEN \"r4rk1/pb1nbppp/1pqppn2/2p3N1/2P5/1P1PPP2/PBQNB1PP/R4RK1 b - - 0 12\"]\n\n"
	                    "12... Ng4 13. Nxh7 *\n",
	                    1, BLACK, 170, "Nxh7");
}
