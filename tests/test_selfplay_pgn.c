/*
 * PGN on games Outpost plays against itself, here and now: each game on clocks ([%clk] on every move), with the
 * search's evaluation on every move ([%eval]), comments, NAGs, and variations (some nested) added as it goes;
 * written, read back and compared whole (the tree, the notes, the tags); written again to the same text; and
 * `outpost pgn` printing the file back as it was written.  The games are the program's own, so a plain clone
 * tests its PGN on real play without any outside collection.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "engine/engine.h"
#include "helpers.h"
#include "notation/game.h"
#include "notation/pgn.h"
#include "rules/movegen.h"

#define GAMES 6
#define NODES 1500
#define MAX_PLIES 160

static void setup(void) { engine_init(); }
TestSuite(selfplay_pgn, .init = setup, .timeout = 240);

/* The clock the games run on, moved by hand: each move takes a time of its own, the same every run, in tenths of a
   second as [%clk] writes them. */
static int64_t fake_now(void *ctx) { return *(int64_t *)ctx; }

/* The search's score as PGN keeps it: from White's view, a mate in moves. */
static struct game_eval eval_of(const struct engine_info *info, int side)
{
	int sign = side == WHITE ? 1 : -1;
	struct game_eval e = { .mate = info->is_mate, .depth = info->depth };
	e.value = sign * (info->is_mate ? info->mate_moves : info->score_cp);
	return e;
}

/* A legal move of pos other than not (the i-th of the rest), or MOVE_NONE. */
static move_t other_move(const struct position *pos, move_t not, int i)
{
	move_t list[MAX_MOVES], rest[MAX_MOVES];
	int n = generate_legal(pos, list), k = 0;
	for (int j = 0; j < n; j++)
		if (list[j] != not)
			rest[k++] = list[j];
	return k ? rest[i % k] : MOVE_NONE;
}

/*
 * Adds, at node (the move just played), an alternative to it: another move and a reply; every other time a
 * nested variation too, an alternative to that reply.
 */
static void add_variations(struct game *g, int node, int ply)
{
	int parent = game_parent(g, node);
	struct pos_line line = POS_LINE_EMPTY;
	cr_assert(game_node_line(g, parent, &line));
	struct position *pos = test_position(FEN_START);
	char fen[FEN_MAX], err[128];
	pos_get_fen(&line.pos, fen, sizeof fen);
	line_free(&line);
	cr_assert(test_set_fen(pos, fen, err, sizeof err, NULL, 0), "%s", err);
	move_t alt = other_move(pos, game_node_move(g, node), ply);
	if (alt == MOVE_NONE) {
		test_free(pos);
		return;
	}
	test_play(pos, alt);
	move_t line_moves[2] = { alt, other_move(pos, MOVE_NONE, ply) };
	int n = line_moves[1] == MOVE_NONE ? 1 : 2;
	int first = game_add_variation(g, parent, line_moves, n);
	cr_assert_neq(first, GAME_NODE_NONE);
	cr_assert(game_set_comment(g, first, COMMENT_AFTER, "another try"));
	if (n == 2 && ply % 2 == 0) {
		move_t nested = other_move(pos, line_moves[1], ply + 1);
		if (nested != MOVE_NONE)
			cr_assert_neq(game_add_variation(g, first, &nested, 1), GAME_NODE_NONE);
	}
	test_free(pos);
}

/* One game of the engine against itself from a start of two plies picked by round, on a 3+2 clock. */
static struct game *play_game(struct engine *e, int round, int64_t *now)
{
	char err[256], text[64];
	struct game *g = game_new(NULL, err, sizeof err);
	cr_assert_not_null(g, "%s", err);
	game_set_time_source(g, fake_now, now);
	game_clock_set(g, WHITE, 180000, 2000);
	game_clock_set(g, BLACK, 180000, 2000);
	cr_assert(game_set_tag(g, "Event", "Outpost self-play (tests/test_selfplay_pgn.c)"));
	snprintf(text, sizeof text, "%d", round);
	cr_assert(game_set_tag(g, "Round", text));
	cr_assert(game_set_tag(g, "White", "Outpost"));
	cr_assert(game_set_tag(g, "Black", "Outpost"));
	cr_assert(game_set_tag(g, "TimeControl", "180+2"));
	for (int ply = 0; ply < 2; ply++) {
		move_t list[MAX_MOVES];
		int n = generate_legal(game_position(g), list);
		cr_assert(game_play(g, list[(round * 7 + ply * 3) % n]));
	}
	game_clock_start(g);
	engine_new_game(e);
	while (!game_is_over(g) && game_ply_count(g) < MAX_PLIES) {
		int ply = game_ply_count(g), side = game_position(g)->side;
		cr_assert(engine_set_position(e, game_start_fen(g), game_moves(g), ply, err, sizeof err), "%s", err);
		struct engine_limits l;
		memset(&l, 0, sizeof l);
		l.nodes = NODES;
		struct test_result r;
		test_go_and_wait(e, &l, &r);
		cr_assert_neq(r.best, MOVE_NONE, "no move in a game that is not over (round %d, ply %d)", round, ply);
		*now += 100 * (3 + (ply * 7) % 17); /* [%clk] keeps tenths of a second */
		cr_assert(game_play(g, r.best));
		int node = game_current(g);
		struct game_eval ev = eval_of(&r.last, side);
		cr_assert(game_set_eval(g, node, &ev));
		if (ply % 5 == 0) {
			snprintf(text, sizeof text, "depth %d, %llu nodes", r.last.depth, (unsigned long long)r.last.nodes);
			cr_assert(game_set_comment(g, node, COMMENT_AFTER, text));
		}
		if (ply % 7 == 3)
			cr_assert(game_add_nag(g, node, 1 + ply % 6));
		if (ply % 9 == 4)
			add_variations(g, node, ply);
	}
	game_clock_stop(g);
	return g;
}

/* What a walk through a game sees: clock readings on the main line, comments, NAGs, variations. */
struct seen {
	const struct game *game;
	int clocks, evals, comments, nags, variations, nested;
};

static bool look(const struct game_walk_step *step, void *ctx)
{
	struct seen *s = ctx;
	int64_t ms;
	struct game_eval e;
	if (step->event == WALK_ENTER) {
		s->variations++;
		s->nested += step->level > 1;
	}
	if (step->event != WALK_MOVE)
		return true;
	s->clocks += game_node_clock(s->game, step->node, &ms);
	s->evals += game_node_eval(s->game, step->node, &e);
	s->comments += game_comment(s->game, step->node, COMMENT_AFTER)[0] != '\0';
	s->nags += game_nags(s->game, step->node, NULL);
	return true;
}

Test(selfplay_pgn, played_written_read_back_and_compared)
{
	struct engine *e = engine_new();
	cr_assert_not_null(e);
	char err[256];
	cr_assert(engine_set_option(e, "Threads", "1", err, sizeof err), "%s", err);
	struct game *games[GAMES];
	struct seen seen = { 0 };
	int64_t now = 1000000;
	size_t cap = 1 << 16, used = 0;
	char *all = malloc(cap);
	cr_assert_not_null(all);
	int plies = 0;
	for (int i = 0; i < GAMES; i++) {
		games[i] = play_game(e, i + 1, &now);
		plies += game_ply_count(games[i]);
		cr_log_info("self-play game %d: %d plies, %s", i + 1, game_ply_count(games[i]), game_tag(games[i], "Result"));
		seen.game = games[i];
		cr_assert(game_walk(games[i], look, &seen));
		char *text = pgn_game_to_string(games[i]);
		cr_assert_not_null(text);
		size_t len = strlen(text);
		while (used + len + 1 > cap)
			all = realloc(all, cap *= 2);
		cr_assert_not_null(all);
		memcpy(all + used, text, len + 1);
		used += len;
		free(text);
	}
	engine_free(e);
	cr_log_info("self-play: %d games, %d plies, %d clock readings, %d evaluations, %d comments, %d NAGs, "
	            "%d variations (%d nested)",
	            GAMES, plies, seen.clocks, seen.evals, seen.comments, seen.nags, seen.variations, seen.nested);
	cr_expect_gt(seen.clocks, plies - 2 * GAMES - 1, "a clock reading on every move the engine played");
	cr_expect_gt(seen.comments, 0);
	cr_expect_gt(seen.nags, 0);
	cr_expect_gt(seen.nested, 0);

	/* Read back: the same games, tree, notes and tags; written again: the same text. */
	struct game **back;
	int n = test_read_pgn(all, used, "self-play", &back);
	cr_assert_eq(n, GAMES);
	size_t again_used = 0;
	for (int i = 0; i < n; i++) {
		char why[300];
		cr_expect(game_compare(games[i], back[i], true, why, sizeof why), "game %d: %s", i + 1, why);
		char *again = pgn_game_to_string(back[i]);
		cr_assert(again_used + strlen(again) <= used && !strncmp(all + again_used, again, strlen(again)),
		          "game %d is not written again as it was:\n%s", i + 1, again);
		again_used += strlen(again);
		free(again);
	}
	test_free_games(back, n);

	/* The program reads the file and prints it back as it was written. */
	char path[] = "/tmp/outpost-selfplay-XXXXXX", cmd[512];
	int fd = mkstemp(path);
	cr_assert(fd >= 0);
	cr_assert_eq(write(fd, all, used), (ssize_t)used);
	close(fd);
	char *out = malloc(used + 4096);
	cr_assert_not_null(out);
	snprintf(cmd, sizeof cmd, "'%s' pgn '%s'", OUTPOST_BIN, path);
	cr_expect_eq(test_run(cmd, out, used + 4096), 0, "%s", out);
	cr_expect_str_eq(out, all, "outpost pgn does not print the games back as they were written");
	unlink(path);
	free(out);
	free(all);
	for (int i = 0; i < GAMES; i++)
		game_free(games[i]);
}
