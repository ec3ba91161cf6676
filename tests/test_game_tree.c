/*
 * The game as a tree: variations, stepping to any node, the three ways to
 * play a move where one already follows, promotion and deletion, notes on
 * the moves, results, repetitions and clocks that follow the line shown, the
 * PGN-order walk, and the cost of stepping through a long game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "notation/game.h"
#include "notation/notation.h"
#include "rules/movegen.h"

static void setup(void) { position_init(); }
TestSuite(game_tree, .init = setup);

static struct game *new_game(const char *fen)
{
	char err[160];
	struct game *g = game_new(fen, err, sizeof err);
	cr_assert_not_null(g, "%s", err);
	return g;
}

static move_t san(const struct game *g, const char *text)
{
	move_t m;
	char msg[200];
	cr_assert_eq(san_parse(game_position(g), text, &m, msg, sizeof msg), SAN_OK, "%s: %s", text, msg);
	return m;
}

/* Plays moves given as SAN, space separated, the way `how` says; returns the node of the last. */
static int play_as(struct game *g, const char *moves, enum game_branch how)
{
	char buf[2048];
	snprintf(buf, sizeof buf, "%s", moves);
	for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
		cr_assert(game_play_as(g, san(g, tok), how), "%s refused", tok);
	return game_current(g);
}

static int play(struct game *g, const char *moves) { return play_as(g, moves, BRANCH_REPLACE); }

static void expect_fen(const struct game *g, const char *fen)
{
	char out[FEN_MAX];
	pos_get_fen(game_position(g), out, sizeof out);
	cr_expect_str_eq(out, fen);
}

/* The main line from the root as SAN, for comparisons. */
static void main_line(const struct game *g, char *buf, size_t len)
{
	struct pos_line line = POS_LINE_EMPTY;
	cr_assert(line_set_fen(&line, game_start_fen(g), NULL, 0, NULL, 0));
	size_t used = 0;
	buf[0] = '\0';
	for (int n = game_child(g, GAME_ROOT); n != GAME_NODE_NONE; n = game_child(g, n)) {
		char s[SAN_MAX];
		move_to_san(&line.pos, game_node_move(g, n), s);
		used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? " " : "", s);
		cr_assert(line_play(&line, game_node_move(g, n)));
	}
	line_free(&line);
}

Test(game_tree, a_variation_keeps_the_main_line_and_steps_anywhere)
{
	struct game *g = new_game(NULL);
	int e4 = play(g, "e4"), e5 = play(g, "e5"), nf3 = play(g, "Nf3");
	cr_assert(game_goto(g, e4));
	cr_expect_eq(game_ply_count(g), 1);
	cr_expect_eq(game_redo_count(g), 2, "the main continuation stays for redo");
	int c5 = play_as(g, "c5", BRANCH_VARIATION);
	int nc3 = play_as(g, "Nc3", BRANCH_VARIATION);
	cr_expect_eq(game_child(g, e4), e5, "the main continuation is still e5");
	cr_expect_eq(game_next_variation(g, e5), c5);
	cr_expect_eq(game_next_variation(g, c5), GAME_NODE_NONE);
	cr_expect_eq(game_parent(g, nc3), c5);
	cr_expect_eq(game_node_level(g, nc3), 1);
	cr_expect_eq(game_node_level(g, nf3), 0);
	cr_expect_eq(game_line_end(g, GAME_ROOT), nf3);
	cr_expect_eq(game_node_ply(g, nc3), 3);
	char line[256];
	main_line(g, line, sizeof line);
	cr_expect_str_eq(line, "e4 e5 Nf3");
	/* The current line is the variation's: its moves, its position. */
	cr_expect_eq(game_ply_count(g), 3);
	cr_expect_eq(game_moves(g)[1], game_node_move(g, c5));
	expect_fen(g, "rnbqkbnr/pp1ppppp/8/2p5/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 2");
	/* Across to the main line and back, to the start and to a node of another line. */
	cr_assert(game_goto(g, nf3));
	expect_fen(g, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
	cr_assert(game_goto(g, GAME_ROOT));
	expect_fen(g, FEN_START);
	cr_expect(!game_undo(g));
	cr_assert(game_goto(g, c5));
	cr_expect_eq(game_current(g), c5);
	cr_expect(game_redo(g));
	cr_expect_eq(game_current(g), nc3, "redo follows the variation's own continuation");
	cr_expect(!game_goto(g, 9999));
	cr_expect(!game_goto(g, GAME_NODE_NONE));
	cr_expect_eq(game_current(g), nc3, "a bad node changes nothing");
	/* The position of a node the game does not stand on. */
	struct pos_line view = POS_LINE_EMPTY;
	cr_assert(game_node_line(g, nf3, &view));
	char fen[FEN_MAX];
	pos_get_fen(&view.pos, fen, sizeof fen);
	cr_expect_str_eq(fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
	cr_expect_eq(view.ply, 3);
	line_free(&view);
	game_free(g);
}

Test(game_tree, playing_where_a_move_follows_replace_main_or_variation)
{
	struct game *g = new_game(NULL);
	int e4 = play(g, "e4"), e5 = play(g, "e5");
	play(g, "Nf3 Nc6");
	cr_assert(game_goto(g, e4));
	/* The move that follows already: stepped into, its continuation kept. */
	cr_assert(game_play(g, san(g, "e5")));
	cr_expect_eq(game_current(g), e5);
	cr_expect_eq(game_redo_count(g), 2);
	/* BRANCH_MAIN: the new move leads, the old continuation is the first variation. */
	cr_assert(game_goto(g, e4));
	int c5 = play_as(g, "c5", BRANCH_MAIN);
	cr_expect_eq(game_child(g, e4), c5);
	cr_expect_eq(game_next_variation(g, c5), e5);
	cr_expect_eq(game_redo_count(g), 0);
	/* An existing variation played with BRANCH_MAIN becomes the main continuation again. */
	cr_assert(game_goto(g, e4));
	cr_assert(game_play_as(g, san(g, "e5"), BRANCH_MAIN));
	cr_expect_eq(game_current(g), e5);
	cr_expect_eq(game_child(g, e4), e5);
	cr_expect_eq(game_next_variation(g, e5), c5);
	/* BRANCH_REPLACE (game_play): the old continuation goes with all after it; the other variations stay. */
	cr_assert(game_goto(g, e4));
	int d5 = play(g, "d5");
	cr_expect_eq(game_child(g, e4), d5);
	cr_expect_eq(game_next_variation(g, d5), c5);
	cr_expect(!game_node_valid(g, e5), "e5 was deleted");
	char line[256];
	main_line(g, line, sizeof line);
	cr_expect_str_eq(line, "e4 d5");
	game_free(g);
}

Test(game_tree, promote_and_delete)
{
	struct game *g = new_game(NULL);
	int e4 = play(g, "e4"), e5 = play(g, "e5"), nf3 = play(g, "Nf3");
	game_goto(g, e4);
	int c5 = play_as(g, "c5", BRANCH_VARIATION);
	int nf3b = play_as(g, "Nf3", BRANCH_VARIATION);
	game_goto(g, c5);
	int c3 = play_as(g, "c3", BRANCH_VARIATION);
	cr_expect_eq(game_child(g, c5), nf3b);
	cr_assert(game_promote(g, c3));
	cr_expect_eq(game_current(g), c3, "promotion moves nothing but the order of siblings");
	char line[256];
	main_line(g, line, sizeof line);
	cr_expect_str_eq(line, "e4 c5 c3");
	cr_expect_eq(game_next_variation(g, c5), e5);
	cr_expect_eq(game_next_variation(g, c3), nf3b);
	cr_expect(!game_promote(g, GAME_ROOT));
	/* Deleting the line the game stands on steps back to where it forks. */
	cr_assert(game_delete(g, c5));
	cr_expect_eq(game_current(g), e4);
	cr_expect(!game_node_valid(g, c5) && !game_node_valid(g, c3) && !game_node_valid(g, nf3b));
	cr_expect(game_node_valid(g, e5) && game_node_valid(g, nf3), "the others keep their numbers");
	main_line(g, line, sizeof line);
	cr_expect_str_eq(line, "e4 e5 Nf3");
	cr_expect(!game_delete(g, GAME_ROOT));
	cr_expect(!game_delete(g, c5));
	/* A deleted number is given out again. */
	int again = play_as(g, "d5", BRANCH_VARIATION);
	cr_expect(again == c5 || again == c3 || again == nf3b, "%d", again);
	game_free(g);
}

Test(game_tree, comments_nags_clocks_and_evaluations)
{
	struct game *g = new_game(NULL);
	int e4 = play(g, "e4"), e5 = play(g, "e5");
	game_goto(g, e4);
	int c5 = play_as(g, "c5", BRANCH_VARIATION);
	cr_expect_str_eq(game_comment(g, e4, COMMENT_AFTER), "");
	cr_assert(game_set_comment(g, e4, COMMENT_AFTER, "  the  king's\tpawn\n{opening} "));
	cr_expect_str_eq(game_comment(g, e4, COMMENT_AFTER), "the king's pawn {opening)", "one line, no '}'");
	cr_assert(game_add_comment(g, e4, COMMENT_AFTER, "again"));
	cr_expect_str_eq(game_comment(g, e4, COMMENT_AFTER), "the king's pawn {opening) again");
	cr_expect(!game_set_comment(g, e5, COMMENT_BEFORE, "x"), "a main continuation has no comment before it");
	cr_expect(!game_set_comment(g, GAME_ROOT, COMMENT_BEFORE, "x"));
	cr_assert(game_set_comment(g, c5, COMMENT_BEFORE, "Sicilian:"));
	cr_assert(game_set_comment(g, GAME_ROOT, COMMENT_AFTER, "A game."));
	cr_assert(game_set_comment(g, e4, COMMENT_AFTER, ""));
	cr_expect_str_eq(game_comment(g, e4, COMMENT_AFTER), "");
	/* Promoted, c5's "before" is the comment after e4: it moves there. */
	cr_assert(game_promote(g, c5));
	cr_expect_str_eq(game_comment(g, c5, COMMENT_BEFORE), "");
	cr_expect_str_eq(game_comment(g, e4, COMMENT_AFTER), "Sicilian:");

	uint8_t nags[GAME_NAG_MAX];
	cr_expect(game_add_nag(g, e4, 1));
	cr_expect(!game_add_nag(g, e4, 1), "once");
	cr_expect(game_add_nag(g, e4, 14));
	cr_expect(!game_add_nag(g, e4, 0) && !game_add_nag(g, e4, 256) && !game_add_nag(g, GAME_ROOT, 1));
	cr_expect_eq(game_nags(g, e4, nags), 2);
	cr_expect(nags[0] == 1 && nags[1] == 14);
	for (int i = 20; i < 40; i++)
		game_add_nag(g, e4, i);
	cr_expect_eq(game_nags(g, e4, NULL), GAME_NAG_MAX);
	game_clear_nags(g, e4);
	cr_expect_eq(game_nags(g, e4, NULL), 0);
	cr_expect_str_eq(game_nag_suffix(5), "!?");
	cr_expect_str_eq(game_nag_suffix(4), "??");
	cr_expect_null(game_nag_suffix(7));

	int64_t ms;
	cr_expect(!game_node_clock(g, e4, &ms));
	cr_assert(game_set_node_clock(g, e4, 272000));
	cr_assert(game_node_clock(g, e4, &ms));
	cr_expect_eq(ms, 272000);
	cr_assert(game_set_node_clock(g, e4, -1));
	cr_expect(!game_node_clock(g, e4, &ms));
	struct game_eval e = { .mate = true, .value = -3 }, out;
	cr_assert(game_set_eval(g, c5, &e));
	cr_assert(game_node_eval(g, c5, &out));
	cr_expect(out.mate && out.value == -3);
	e = (struct game_eval){ .value = GAME_EVAL_MAX_CP + 1 };
	cr_expect(!game_set_eval(g, c5, &e), "out of range");
	cr_assert(game_set_eval(g, c5, NULL));
	cr_expect(!game_node_eval(g, c5, &out));

	/* A copy holds the same notes; a change in one shows in the comparison. */
	struct game *copy = game_clone(g);
	cr_assert_not_null(copy);
	char why[160];
	cr_expect(game_compare(g, copy, true, why, sizeof why), "%s", why);
	game_set_comment(copy, e5, COMMENT_AFTER, "different");
	cr_expect(!game_compare(g, copy, true, why, sizeof why));
	cr_expect_str_eq(why, "at ply 2 (e7e5): the comments after it differ");
	game_free(copy);
	game_free(g);
}

Test(game_tree, results_and_repetitions_follow_the_line_shown)
{
	struct game *g = new_game(NULL);
	int f3 = play(g, "f3");
	int mate = play(g, "e5 g4 Qh4#");
	cr_expect_eq(game_result(g), RESULT_BLACK_WINS);
	game_goto(g, f3);
	int e6 = play_as(g, "e6", BRANCH_VARIATION);
	cr_expect_eq(game_result(g), RESULT_NONE, "the variation is not over");
	cr_expect_eq(game_main_result(g), RESULT_BLACK_WINS, "the game is");
	cr_expect_str_eq(game_tag(g, "Result"), "0-1");
	cr_expect_str_eq(game_tag(g, "Termination"), "normal");
	enum game_reason why;
	cr_expect_eq(game_node_result(g, mate, &why), RESULT_BLACK_WINS);
	cr_expect_eq(why, REASON_CHECKMATE);
	/* A result declared in the variation stays with its node. */
	cr_assert(game_resign(g, BLACK));
	game_goto(g, mate);
	cr_expect_eq(game_reason(g), REASON_CHECKMATE);
	game_goto(g, e6);
	cr_expect_eq(game_reason(g), REASON_RESIGNATION);
	cr_expect(game_undo(g));
	cr_expect_eq(game_result(g), RESULT_NONE);
	game_free(g);

	/* Repetitions count along the current line only. */
	g = new_game(NULL);
	int fork = play(g, "Nf3 Nf6 Ng1 Ng8");
	play(g, "Nf3 Nf6 Ng1 Ng8");
	cr_expect_eq(game_repetitions(g), 3);
	game_goto(g, fork);
	play_as(g, "Nc3 Nc6 Nb1 Nb8", BRANCH_VARIATION);
	cr_expect_eq(game_repetitions(g), 3, "the start, after the knights' first trip, and now");
	game_goto(g, game_parent(g, game_parent(g, game_parent(g, game_current(g)))));
	cr_expect_eq(game_repetitions(g), 1);
	game_free(g);
}

static int64_t fake_now(void *ctx) { return *(int64_t *)ctx; }

Test(game_tree, clocks_follow_the_node_shown)
{
	int64_t now = 0, ms;
	struct game *g = new_game(NULL);
	game_set_time_source(g, fake_now, &now);
	game_clock_set(g, WHITE, 60000, 1000);
	game_clock_set(g, BLACK, 60000, 1000);
	game_clock_start(g);
	now = 5000;
	int e4 = play(g, "e4");
	now = 12000;
	int e5 = play(g, "e5");
	cr_assert(game_node_clock(g, e4, &ms));
	cr_expect_eq(ms, 56000, "White's time after e4, the increment added");
	cr_assert(game_node_clock(g, e5, &ms));
	cr_expect_eq(ms, 54000);
	game_clock_stop(g);
	game_goto(g, GAME_ROOT);
	cr_expect_eq(game_clock_remaining(g, WHITE), 60000);
	cr_expect_eq(game_clock_remaining(g, BLACK), 60000);
	game_goto(g, e5);
	cr_expect_eq(game_clock_remaining(g, WHITE), 56000);
	cr_expect_eq(game_clock_remaining(g, BLACK), 54000);
	game_free(g);

	/* Readings alone (as from a PGN file) make the clocks. */
	g = new_game(NULL);
	e4 = play(g, "e4");
	e5 = play(g, "e5");
	int nf3 = play(g, "Nf3");
	game_set_node_clock(g, e4, 179000);
	game_set_node_clock(g, e5, 175500);
	game_set_node_clock(g, nf3, 170000);
	cr_assert(game_clock_from_readings(g, 180000, 2000));
	cr_expect(game_clock_enabled(g));
	cr_expect_eq(game_clock_remaining(g, WHITE), 170000);
	cr_expect_eq(game_clock_remaining(g, BLACK), 175500);
	cr_expect_eq(game_clock_increment(g, BLACK), 2000);
	game_goto(g, e4);
	cr_expect_eq(game_clock_remaining(g, WHITE), 179000);
	cr_expect_eq(game_clock_remaining(g, BLACK), 180000);
	game_free(g);
}

struct walk_log {
	char text[512];
	size_t used;
};

static bool log_step(const struct game_walk_step *s, void *ctx)
{
	struct walk_log *w = ctx;
	const char *what = s->event == WALK_ENTER ? "(" : s->event == WALK_LEAVE ? ")" : s->san;
	w->used += (size_t)snprintf(w->text + w->used, sizeof w->text - w->used, "%s%s", w->used ? " " : "", what);
	return true;
}

Test(game_tree, the_walk_goes_in_pgn_order)
{
	struct game *g = new_game(NULL);
	int e4 = play(g, "e4");
	int e5 = play(g, "e5 Nf3 Nc6");
	(void)e5;
	game_goto(g, e4);
	int c5 = play_as(g, "c5 Nf3", BRANCH_VARIATION);
	game_goto(g, game_parent(g, c5));
	play_as(g, "c3", BRANCH_VARIATION);
	game_goto(g, e4);
	play_as(g, "e6", BRANCH_VARIATION);
	game_goto(g, GAME_ROOT);
	play_as(g, "d4", BRANCH_VARIATION);
	struct walk_log w = { "", 0 };
	cr_assert(game_walk(g, log_step, &w));
	cr_expect_str_eq(w.text, "e4 ( d4 ) e5 ( c5 Nf3 ( c3 ) ) ( e6 ) Nf3 Nc6");
	game_free(g);
}

/* Stepping through a 200-move game (400 plies) and jumping across it (its speed: tests/bench/notation-speed). */
Test(game_tree, stepping_through_a_long_game_and_back)
{
	struct game *g = new_game(NULL);
	const char *cycle[4] = { "Nf3", "Nf6", "Ng1", "Ng8" };
	for (int i = 0; i < 400; i++)
		cr_assert(game_append(g, san(g, cycle[i % 4])));
	int end = game_current(g);
	int steps = 0;
	for (int round = 0; round < 20; round++) {
		while (game_undo(g))
			steps++;
		while (game_redo(g))
			steps++;
		cr_assert(game_goto(g, GAME_ROOT) && game_goto(g, end));
		steps += 2;
	}
	cr_expect_eq(steps, 20 * (400 + 400 + 2));
	cr_expect_eq(game_current(g), end);
	game_free(g);
}

/* An engine's better line added while the game stands elsewhere. */
Test(game_tree, a_line_is_added_where_the_game_does_not_stand)
{
	struct game *g = new_game(NULL);
	int e4 = play(g, "e4");
	int end = play(g, "e5 Nf3 Nc6");
	move_t line[3] = { make_move(SQ_C7, SQ_C5), make_move(SQ_G1, SQ_F3), make_move(SQ_D7, SQ_D6) };
	int c5 = game_add_variation(g, e4, line, 3);
	cr_assert_neq(c5, GAME_NODE_NONE);
	cr_expect_eq(game_current(g), end, "the game stays where it stood");
	cr_expect_eq(game_ply_count(g), 4);
	cr_expect_eq(game_next_variation(g, game_child(g, e4)), c5);
	char san_text[SAN_MAX];
	game_node_san(g, game_line_end(g, c5), san_text);
	cr_expect_str_eq(san_text, "d6");
	game_node_san(g, GAME_ROOT, san_text);
	cr_expect_str_eq(san_text, "");
	/* An illegal move anywhere in it adds nothing. */
	move_t bad[2] = { make_move(SQ_C7, SQ_C5), make_move(SQ_C5, SQ_C4) };
	cr_expect_eq(game_add_variation(g, e4, bad, 2), GAME_NODE_NONE);
	cr_expect_eq(game_next_variation(g, c5), GAME_NODE_NONE);
	cr_expect_eq(game_add_variation(g, 999, line, 3), GAME_NODE_NONE);
	/* Its positions are judged like any other: a mate in a variation. */
	struct game *h = new_game(NULL);
	int f3 = play(h, "f3");
	move_t mate[3] = { make_move(SQ_E7, SQ_E5), make_move(SQ_G2, SQ_G4), make_move(SQ_D8, SQ_H4) };
	int e5 = game_add_variation(h, f3, mate, 3);
	enum game_reason why;
	cr_expect_eq(game_node_result(h, game_line_end(h, e5), &why), RESULT_BLACK_WINS);
	cr_expect_eq(why, REASON_CHECKMATE);
	game_free(h);
	game_free(g);
}
