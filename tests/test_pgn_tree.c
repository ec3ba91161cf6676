/*
 * PGN keeps everything: comments before and after moves, variations nested
 * to any depth (an absurd depth refused), NAGs and suffixes, [%clk] and
 * [%eval] read as data and written back, the clocks restored, Termination,
 * and errors inside variations with their line and column.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "notation/notation.h"
#include "notation/pgn.h"
#include "notation/pgn_comment.h"

static void setup(void) { position_init(); }
TestSuite(pgn_tree, .init = setup);

static struct game *read_text(const char *text)
{
	struct game **games;
	cr_assert_eq(test_read_pgn(text, strlen(text), "t.pgn", &games), 1);
	struct game *g = games[0];
	free(games);
	return g;
}

/* The first error reading text, formatted. */
static void read_error(const char *text, char *msg, size_t len)
{
	int good;
	test_pgn_first_error(text, "t.pgn", &good, msg, len);
}

/* The SAN of node's move (replayed from the start). */
static void node_san(const struct game *g, int node, char *buf)
{
	struct pos_line line = POS_LINE_EMPTY;
	cr_assert(game_node_line(g, game_parent(g, node), &line));
	move_to_san(&line.pos, game_node_move(g, node), buf);
	line_free(&line);
}

static void expect_san(const struct game *g, int node, const char *want)
{
	char san[SAN_MAX];
	cr_assert(game_node_valid(g, node), "no node where %s was expected", want);
	node_san(g, node, san);
	cr_expect_str_eq(san, want);
}

/* Writes g and reads it back: the same game, and the text written again is the same. */
static char *round_trip(const struct game *g)
{
	char *text = pgn_game_to_string(g), why[300];
	cr_assert_not_null(text);
	struct game *back = read_text(text);
	cr_expect(game_compare(g, back, true, why, sizeof why), "%s\n%s", why, text);
	char *again = pgn_game_to_string(back);
	cr_expect_str_eq(again, text);
	for (const char *line = text; *line; line += strcspn(line, "\n") + 1)
		cr_expect_leq(strcspn(line, "\n"), 80, "a line longer than 80 characters:\n%s", text);
	free(again);
	game_free(back);
	return text;
}

Test(pgn_tree, comments_variations_and_nags_are_kept)
{
	struct game *g = read_text("[Event \"x\"]\n\n{The start.} 1. e4! {best by test} ; a line comment\n"
	                           "1... e5 (1... c5!? {Sicilian} 2. Nf3 (2. c3 d5 (2... Nf6 $14)) 2... d6)\n"
	                           "({French:} 1... e6 $2) {after the variations} 2. Nf3 $1 $18 Nc6?? *\n");
	cr_expect_str_eq(game_comment(g, GAME_ROOT, COMMENT_AFTER), "The start.");
	int e4 = game_child(g, GAME_ROOT), e5 = game_child(g, e4);
	expect_san(g, e4, "e4");
	cr_expect_str_eq(game_comment(g, e4, COMMENT_AFTER), "best by test a line comment");
	uint8_t nags[GAME_NAG_MAX];
	cr_expect(game_nags(g, e4, nags) == 1 && nags[0] == 1, "! is $1");
	expect_san(g, e5, "e5");
	cr_expect_str_eq(game_comment(g, e5, COMMENT_AFTER), "after the variations", "a comment after ')' goes on e5");
	int c5 = game_next_variation(g, e5), e6 = game_next_variation(g, c5);
	expect_san(g, c5, "c5");
	cr_expect(game_nags(g, c5, nags) == 1 && nags[0] == 5, "!? is $5");
	cr_expect_str_eq(game_comment(g, c5, COMMENT_AFTER), "Sicilian");
	expect_san(g, e6, "e6");
	cr_expect_str_eq(game_comment(g, e6, COMMENT_BEFORE), "French:");
	cr_expect(game_nags(g, e6, nags) == 1 && nags[0] == 2);
	cr_expect_eq(game_next_variation(g, e6), GAME_NODE_NONE);
	int nf3 = game_child(g, c5), c3 = game_next_variation(g, nf3);
	expect_san(g, nf3, "Nf3");
	expect_san(g, game_child(g, nf3), "d6");
	expect_san(g, c3, "c3");
	int d5 = game_child(g, c3), nf6 = game_next_variation(g, d5);
	expect_san(g, nf6, "Nf6");
	cr_expect_eq(game_node_level(g, nf6), 3);
	cr_expect(game_nags(g, nf6, nags) == 1 && nags[0] == 14);
	int nc6 = game_line_end(g, GAME_ROOT);
	expect_san(g, nc6, "Nc6");
	cr_expect(game_nags(g, nc6, nags) == 1 && nags[0] == 4);
	cr_expect(game_nags(g, game_parent(g, nc6), nags) == 2 && nags[0] == 1 && nags[1] == 18);
	cr_expect_eq(game_current(g), nc6, "the game stands at the end of its main line");
	char *text = round_trip(g);
	cr_expect_str_eq(text, "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
	                       "[Black \"?\"]\n[Result \"*\"]\n[Termination \"unterminated\"]\n\n"
	                       "{The start.} 1. e4 $1 {best by test a line comment} 1... e5 {after the\n"
	                       "variations} (1... c5 $5 {Sicilian} 2. Nf3 (2. c3 d5 (2... Nf6 $14)) 2... d6)\n"
	                       "({French:} 1... e6 $2) 2. Nf3 $1 $18 Nc6 $4 *\n\n");
	free(text);
	game_free(g);
}

Test(pgn_tree, clocks_and_evaluations_are_read_as_data)
{
	struct game *g = read_text("[TimeControl \"300+2\"]\n\n"
	                           "1. e4 {[%clk 0:04:59] [%eval 0.17]} e5 {[%eval -0.2,18] [%csl Ge4] [%clk 0:04:58.56] rest}\n"
	                           "2. Nf3 {[%eval #-3]} {[%clk 1:00]} Nc6 {[%eval +12.345] [%clk 0:04:40]} *\n");
	int e4 = game_child(g, GAME_ROOT), e5 = game_child(g, e4), nf3 = game_child(g, e5), nc6 = game_child(g, nf3);
	int64_t ms;
	struct game_eval e;
	cr_assert(game_node_clock(g, e4, &ms));
	cr_expect_eq(ms, 299000);
	cr_assert(game_node_eval(g, e4, &e));
	cr_expect(!e.mate && e.value == 17 && e.depth == 0);
	cr_expect_str_eq(game_comment(g, e4, COMMENT_AFTER), "");
	cr_assert(game_node_clock(g, e5, &ms));
	cr_expect_eq(ms, 298500, "kept to a tenth of a second");
	cr_assert(game_node_eval(g, e5, &e));
	cr_expect(!e.mate && e.value == -20 && e.depth == 18);
	cr_expect_str_eq(game_comment(g, e5, COMMENT_AFTER), "[%csl Ge4] rest", "other commands stay in the comment");
	cr_assert(game_node_eval(g, nf3, &e));
	cr_expect(e.mate && e.value == -3);
	cr_expect(!game_node_clock(g, nf3, &ms), "[%clk 1:00] is not h:mm:ss");
	cr_expect_str_eq(game_comment(g, nf3, COMMENT_AFTER), "[%clk 1:00]");
	cr_assert(game_node_eval(g, nc6, &e));
	cr_expect_eq(e.value, 1235);
	/* The clocks restored: timed, with the increment of TimeControl, the last reading of each side. */
	cr_expect(game_clock_enabled(g));
	cr_expect_eq(game_clock_increment(g, WHITE), 2000);
	cr_expect_eq(game_clock_remaining(g, WHITE), 299000);
	cr_expect_eq(game_clock_remaining(g, BLACK), 280000);
	game_goto(g, GAME_ROOT);
	cr_expect_eq(game_clock_remaining(g, BLACK), 300000);
	game_goto(g, e5);
	cr_expect_eq(game_clock_remaining(g, BLACK), 298500);
	char *text = round_trip(g);
	cr_expect(strstr(text, "1. e4 {[%eval +0.17] [%clk 0:04:59]} 1... e5 {[%eval -0.20,18] [%clk 0:04:58.5]\n"
	                       "[%csl Ge4] rest} 2. Nf3 {[%eval #-3] [%clk 1:00]} 2... Nc6 {[%eval +12.35] [%clk\n"
	                       "0:04:40]} *\n") != NULL,
	          "%s", text);
	free(text);
	game_free(g);
}

/* The start position's score (annotate's, on a game from a set-up position) rides in the comment before move one. */
Test(pgn_tree, the_start_has_an_evaluation_of_its_own)
{
	struct game *g = read_text("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n\n"
	                           "{[%clk 0:01:00] won [%eval 3.10,12]} 40... Kd7 {[%eval 3.2]} *\n");
	struct game_eval e;
	cr_assert(game_node_eval(g, GAME_ROOT, &e));
	cr_expect(!e.mate && e.value == 310 && e.depth == 12);
	cr_expect_str_eq(game_comment(g, GAME_ROOT, COMMENT_AFTER), "[%clk 0:01:00] won", "a clock there stays text");
	char *text = round_trip(g);
	cr_expect(strstr(text, "{[%eval +3.10,12] [%clk 0:01:00] won} 40... Kd7 {[%eval +3.20]} *") != NULL, "%s", text);
	free(text);
	game_free(g);
}

/* Found by fuzz_pgn: two comments before the first move, a clock in the second.  Written back they are one comment,
 * so the clock must already stand where that one comment, read again, puts it: first. */
Test(pgn_tree, a_clock_in_a_second_comment_at_the_start_reads_back_the_same)
{
	struct game *g = read_text("[Result \"0-1\"]\n\n{Lichess style}{[%csl Ge4] [%clk 0:02:40] rest} 0-1\n");
	cr_expect_str_eq(game_comment(g, GAME_ROOT, COMMENT_AFTER), "[%clk 0:02:40] Lichess style [%csl Ge4] rest");
	char *text = round_trip(g);
	cr_expect(strstr(text, "{[%clk 0:02:40] Lichess style [%csl Ge4] rest} 0-1") != NULL, "%s", text);
	free(text);
	game_free(g);
}

static int64_t fake_now(void *ctx) { return *(int64_t *)ctx; }

Test(pgn_tree, clocks_are_written_when_they_ran_and_never_negative)
{
	int64_t now = 0;
	struct game *g = game_new(NULL, NULL, 0);
	game_set_time_source(g, fake_now, &now);
	game_clock_set(g, WHITE, 3723000, 0);
	game_clock_set(g, BLACK, 1000, 0);
	game_clock_start(g);
	now = 250;
	cr_assert(game_play(g, make_move(SQ_E2, SQ_E4)));
	now = 1249;
	cr_assert(game_play(g, make_move(SQ_E7, SQ_E5)), "a millisecond left");
	now = 5000;
	char *text = pgn_game_to_string(g);
	cr_expect(strstr(text, "1. e4 {[%clk 1:02:02.7]} 1... e5 {[%clk 0:00:00]} *") != NULL, "%s", text);
	free(text);
	game_free(g);

	char buf[PGN_COMMAND_MAX];
	pgn_clock_command(-1500, buf, sizeof buf);
	cr_expect_str_eq(buf, "[%clk 0:00:00]");
	pgn_clock_command(36000000 + 59999, buf, sizeof buf);
	cr_expect_str_eq(buf, "[%clk 10:00:59.9]");

	/* Untimed: no readings, no [%clk]. */
	g = game_new(NULL, NULL, 0);
	cr_assert(game_play(g, make_move(SQ_E2, SQ_E4)));
	text = pgn_game_to_string(g);
	cr_expect(strstr(text, "%clk") == NULL, "%s", text);
	free(text);
	game_free(g);
}

Test(pgn_tree, termination_says_how_the_game_ended)
{
	struct {
		const char *text;
		enum game_reason why;
		const char *termination;
	} cases[] = {
		{ "[Result \"0-1\"]\n[Termination \"time forfeit\"]\n\n1. e4 0-1\n", REASON_TIME_FORFEIT, "time forfeit" },
		{ "[Termination \"Time forfeit\"]\n\n1. e4 1/2-1/2\n", REASON_TIMEOUT_DRAW, "time forfeit" },
		{ "[Termination \"adjudication\"]\n\n1. e4 1-0\n", REASON_ADJUDICATION, "adjudication" },
		{ "[Termination \"abandoned\"]\n\n1. e4 *\n", REASON_NONE, "abandoned" },
		{ "[Termination \"rules infraction\"]\n\n1. e4 0-1\n", REASON_RECORDED, "rules infraction" },
		{ "1. e4 1-0\n", REASON_RECORDED, NULL },
		{ "1. e4 *\n", REASON_NONE, "unterminated" },
		{ "1. f3 e5 2. g4 Qh4# 0-1\n", REASON_CHECKMATE, "normal" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct game *g = read_text(cases[i].text);
		cr_expect_eq(game_main_reason(g), cases[i].why, "case %zu", i);
		const char *t = game_tag(g, "Termination");
		if (cases[i].termination)
			cr_expect(t && !strcmp(t, cases[i].termination), "case %zu: %s", i, t ? t : "(none)");
		else
			cr_expect_null(t, "case %zu: %s", i, t);
		free(round_trip(g));
		game_free(g);
	}
	/* A game ended here: resigned, agreed, flagged. */
	struct game *g = game_new(NULL, NULL, 0);
	game_resign(g, WHITE);
	cr_expect_str_eq(game_tag(g, "Termination"), "normal");
	game_undo(g);
	game_agree_draw(g);
	cr_expect_str_eq(game_tag(g, "Termination"), "normal");
	game_undo(g);
	game_set_result(g, RESULT_BLACK_WINS, REASON_ADJUDICATION);
	cr_expect_str_eq(game_tag(g, "Termination"), "adjudication");
	game_free(g);
}

/* Text with `depth` variations nested, each inside the one before. */
static char *nested(int depth)
{
	size_t cap = (size_t)depth * 24 + 64, used = 0;
	char *text = malloc(cap);
	used += (size_t)snprintf(text, cap, "1. e4 e5 ");
	for (int i = 0; i < depth; i++)
		used += (size_t)snprintf(text + used, cap - used, "%s", i % 2 ? "( 1... c5 " : "( 1... e6 ");
	for (int i = 0; i < depth; i++)
		used += (size_t)snprintf(text + used, cap - used, ") ");
	snprintf(text + used, cap - used, "*\n");
	return text;
}

Test(pgn_tree, variations_nest_to_the_limit_and_no_further)
{
	char *text = nested(PGN_VARIATION_DEPTH_MAX);
	struct game *g = read_text(text);
	/* Each nested variation replaces the one it stands in: they are all alternatives to 1... e5. */
	int alternatives = 0;
	for (int n = game_child(g, game_child(g, GAME_ROOT)); n != GAME_NODE_NONE; n = game_next_variation(g, n))
		alternatives++;
	cr_expect_eq(alternatives, PGN_VARIATION_DEPTH_MAX + 1);
	free(round_trip(g));
	game_free(g);
	free(text);
	text = nested(PGN_VARIATION_DEPTH_MAX + 1);
	char msg[600];
	read_error(text, msg, sizeof msg);
	char want[200];
	snprintf(want, sizeof want, "t.pgn:1:%d: variations nested more than %d deep (game 1)",
	         10 + 10 * PGN_VARIATION_DEPTH_MAX, PGN_VARIATION_DEPTH_MAX);
	cr_expect_str_eq(msg, want);
	free(text);
}

Test(pgn_tree, errors_in_variations_name_their_place)
{
	struct {
		const char *text, *msg;
	} cases[] = {
		{ "1. e4 e5 (1... Nf3) *\n", "t.pgn:1:16: move 1... Nf3: no knight can move to f3 (game 1)" },
		{ "(1. e4) 1. d4 *\n", "t.pgn:1:1: a variation before any move: it must follow the move it replaces (game 1)" },
		{ "1. e4 (1. d4 1-0) *\n", "t.pgn:1:14: a result inside a variation: expected ')' first (game 1)" },
		{ "1. e4 (1. d4 *\n", "t.pgn:1:14: a result inside a variation: expected ')' first (game 1)" },
		{ "1. e4 (1. d4\n[Event \"next\"]\n1. c4 *\n", "t.pgn:2:1: '[' inside a variation: expected ')' first (game 1)" },
		{ "1. e4 $256 *\n", "t.pgn:1:7: NAG out of range: NAGs go from $0 to $255 (game 1)" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char msg[600];
		read_error(cases[i].text, msg, sizeof msg);
		cr_expect_str_eq(msg, cases[i].msg, "case %zu", i);
	}
}

Test(pgn_tree, move_numbers_are_not_checked)
{
	struct game *g = read_text("7. e4 7... e5 2. Nf3 99... Nc6 ( 5. a6 ) *\n");
	cr_expect_eq(game_ply_count(g), 4);
	expect_san(g, game_next_variation(g, game_current(g)), "a6");
	game_free(g);
}

Test(pgn_tree, a_bad_move_skips_its_game_even_with_tag_lines_in_comments)
{
	const char *text = "[Event \"1\"]\n\n1. e4 Ke3 {a comment\n[pgndiagram] with a line like a tag\n} 2. d4 1-0\n\n"
	                   "[Event \"2\"]\n\n1. d4 *\n";
	struct pgn_reader *r = pgn_reader_new(text, strlen(text), "t.pgn");
	struct pgn_error err;
	struct game *g;
	cr_expect_eq(pgn_read_game(r, &g, &err), -1);
	cr_assert_eq(pgn_read_game(r, &g, &err), 1);
	cr_expect_str_eq(game_tag(g, "Event"), "2");
	cr_expect_eq(err.game, 1);
	game_free(g);
	cr_expect_eq(pgn_read_game(r, &g, &err), 0);
	pgn_reader_free(r);
}

Test(pgn_tree, a_game_built_here_is_written_with_everything)
{
	struct game *g = game_new(NULL, NULL, 0);
	const char *moves[] = { "e4", "e5", "Nf3", "Nc6", "Bb5" };
	int nodes[5];
	for (int i = 0; i < 5; i++) {
		move_t m;
		cr_assert_eq(san_parse(game_position(g), moves[i], &m, NULL, 0), SAN_OK);
		cr_assert(game_play(g, m));
		nodes[i] = game_current(g);
		game_set_node_clock(g, nodes[i], 180000 - 1000 * i);
	}
	game_set_tag(g, "White", "Outpost");
	game_set_comment(g, GAME_ROOT, COMMENT_AFTER, "A game built through the API.");
	game_add_nag(g, nodes[4], 1);
	struct game_eval e = { false, 25, 12 };
	game_set_eval(g, nodes[4], &e);
	game_set_comment(g, nodes[4], COMMENT_AFTER, "The Spanish.");
	game_goto(g, nodes[1]);
	move_t m;
	san_parse(game_position(g), "Bc4", &m, NULL, 0);
	cr_assert(game_play_as(g, m, BRANCH_VARIATION));
	game_set_comment(g, game_current(g), COMMENT_BEFORE, "Or the Italian:");
	game_goto(g, nodes[4]);
	cr_assert(game_resign(g, BLACK));
	char *text = round_trip(g);
	cr_expect_str_eq(text, "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Outpost\"]\n"
	                       "[Black \"?\"]\n[Result \"1-0\"]\n[Termination \"normal\"]\n\n"
	                       "{A game built through the API.} 1. e4 {[%clk 0:03:00]} 1... e5 {[%clk 0:02:59]}\n"
	                       "2. Nf3 {[%clk 0:02:58]} ({Or the Italian:} 2. Bc4) 2... Nc6 {[%clk 0:02:57]}\n"
	                       "3. Bb5 $1 {[%eval +0.25,12] [%clk 0:02:56] The Spanish.} 1-0\n\n");
	free(text);
	game_free(g);
}

Test(pgn_tree, an_unclosed_comment_loses_only_its_game)
{
	const char *text = "1. e4 { never closed\n\n[Event \"2\"]\n\n1. d4 *\n";
	struct pgn_reader *r = pgn_reader_new(text, strlen(text), "t.pgn");
	struct pgn_error err;
	struct game *g;
	cr_expect_eq(pgn_read_game(r, &g, &err), -1);
	cr_expect_eq(err.line, 1);
	cr_expect_eq(err.column, 7);
	cr_assert_eq(pgn_read_game(r, &g, &err), 1);
	cr_expect_str_eq(game_tag(g, "Event"), "2");
	game_free(g);
	pgn_reader_free(r);
}
