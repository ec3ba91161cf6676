/* Whole games annotated by the engine, position after position, with a progress bar for a person watching. */
#include "protocol/annotate_game.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "notation/pgn.h"
#include "notation/text_file.h"
#include "protocol/coach_check.h"
#include "protocol/one_search.h"
#include "study/key_moments.h"
#include "study/played_like.h"

#define BAR_WIDTH 30

/* What the engine says of the position at node (no search where there is no legal move); false if out of memory. */
static bool search_node(struct engine *e, const struct game *g, int node, const struct engine_limits *lim,
                        struct annotate_search *out)
{
	struct pos_line line = POS_LINE_EMPTY;
	bool ok = game_node_line(g, node, &line);
	if (ok && !annotate_terminal(&line.pos, out)) {
		struct one_search s;
		ok = engine_set_line(e, &line);
		if (ok) {
			one_search_run(e, lim, &s);
			annotate_from_search(out, line.pos.side, s.last.depth, s.last.score_cp, s.last.is_mate,
			                     s.last.mate_moves, s.last.pv, s.last.pv_len);
		}
	}
	line_free(&line);
	return ok;
}

bool annotate_game(struct engine *e, struct game *g, const struct engine_limits *lim,
                   const struct annotate_checker *check, struct annotate_tally tally[COLOR_NB],
                   annotate_progress_fn progress, void *ctx)
{
	int n;
	int *nodes = annotate_main_line(g, &n);
	struct annotate_search before, after;
	bool ok = nodes != NULL;
	for (int i = 0; ok && i < n; i++) {
		ok = search_node(e, g, nodes[i], lim, &after);
		if (ok && i > 0)
			annotate_mark_checked(g, nodes[i], &before, &after, tally, check);
		else if (ok && after.has_eval)
			game_set_eval(g, nodes[i], &after.eval); /* the start's score: the first move's swing and accuracy */
		before = after;
		if (progress)
			progress(ctx, i + 1, n);
	}
	free(nodes);
	return ok;
}

struct bar {
	FILE *f;
	int game;
};

/* "[##########....................]  27/81  game 2" over and over on one line. */
static void draw_bar(void *ctx, int done, int total)
{
	struct bar *b = ctx;
	char cells[BAR_WIDTH + 1];
	int full = total > 0 ? done * BAR_WIDTH / total : BAR_WIDTH;
	/* A count past the total (or below 0) must not write past the bar: GCC at -O1 sees that it could. */
	full = full < 0 ? 0 : full > BAR_WIDTH ? BAR_WIDTH : full;
	memset(cells, '#', (size_t)full);
	memset(cells + full, '.', (size_t)(BAR_WIDTH - full));
	cells[BAR_WIDTH] = '\0';
	fprintf(b->f, "\r[%s] %3d/%d positions  game %d", cells, done, total, b->game);
	fflush(b->f);
}

static bool set_up(struct engine *e, const struct annotate_options *opt, FILE *report)
{
	char err[256], text[16];
	engine_for_coach(e, true);
	snprintf(text, sizeof text, "%d", opt->threads);
	bool ok = engine_set_option(e, "Threads", text, err, sizeof err);
	snprintf(text, sizeof text, "%d", opt->hash_mb);
	ok = ok && engine_set_option(e, "Hash", text, err, sizeof err);
	/* The tables' note (what was found, a folder or a file left out) is said either way. */
	if (ok && opt->syzygy) {
		ok = engine_set_option(e, "SyzygyPath", opt->syzygy, err, sizeof err);
		if (ok && err[0])
			fprintf(report, "outpost annotate: %s\n", err);
	}
	if (!ok)
		fprintf(report, "outpost annotate: %s\n", err);
	return ok;
}

/* The key moments on report, one a line, and as a note at the game's end. */
static void report_key_moments(struct game *g, FILE *report)
{
	struct key_moment k[KEY_MOMENTS_MAX];
	int n = key_moments_find(g, k);
	if (n)
		fprintf(report, "%s\n", KEY_MOMENTS_HEAD);
	for (int i = 0; i < n; i++) {
		char text[600];
		key_moment_text(g, &k[i], text, sizeof text);
		fprintf(report, "  %s\n", text);
	}
	key_moments_comment(g);
}

/* One game: annotated, each player's rating estimated (by like's short searches), written, its summaries reported. */
static bool annotate_one(struct engine *e, struct engine *like, struct played_like_pool *pool, struct game *g,
                         const struct engine_limits *lim,
                         const struct annotate_checker *check, FILE *out, FILE *report, struct bar *bar)
{
	struct annotate_tally tally[COLOR_NB] = { { 0 } };
	engine_new_game(e);
	struct rating_evidence ev[COLOR_NB];
	if (!annotate_game(e, g, lim, check, tally, bar ? draw_bar : NULL, bar) || !played_like_tally(like, g, tally, ev)) {
		fprintf(report, "%soutpost annotate: out of memory\n", bar ? "\n" : "");
		return false;
	}
	played_like_pool_add(pool, g, ev);
	game_set_tag(g, "Annotator", "Outpost " PACKAGE_VERSION);
	annotate_accuracy(g, tally);
	if (bar)
		fputc('\n', report);
	for (int c = WHITE; c <= BLACK; c++) {
		char line[400];
		annotate_summary(g, c, &tally[c], line, sizeof line);
		fprintf(report, "%s\n", line);
	}
	report_key_moments(g, report);
	if (!pgn_write_game(out, g) || fflush(out) != 0) {
		fprintf(report, "outpost annotate: cannot write the games: %s\n", strerror(errno));
		return false;
	}
	return true;
}

bool annotate_file(const char *path, const struct annotate_options *opt, FILE *out, FILE *report, bool bar)
{
	size_t len;
	char *text = text_file_read(path, &len);
	if (!text) {
		fprintf(report, "outpost annotate: cannot read %s: %s\n", path, strerror(errno));
		return false;
	}
	char why[256];
	struct engine *e = engine_new(), *like = e ? played_like_engine(why, sizeof why) : NULL;
	struct pgn_reader *r = like ? pgn_reader_new(text, len, path) : NULL;
	struct coach_check coach;
	struct played_like_pool *pool = calloc(1, sizeof *pool);
	bool ok = r && pool && set_up(e, opt, report);
	bool coached = ok && coach_check_init(&coach, COACH_CHECK_NODES, why, sizeof why);
	struct annotate_checker check = { coach_check_search, &coach };
	if (ok && !coached)
		fprintf(report, "outpost annotate: %s\n", why);
	ok = ok && coached;
	struct engine_limits lim = { .depth = opt->depth, .movetime_ms = opt->depth ? 0 : opt->movetime_ms };
	struct bar b = { report, 0 };
	struct pgn_error err;
	struct game *g;
	int got;
	while (ok && (got = pgn_read_game(r, &g, &err)) != 0) {
		if (got < 0) {
			char msg[600];
			pgn_error_text(&err, msg, sizeof msg);
			fprintf(report, "outpost annotate: %s\n", msg);
			ok = false;
			break;
		}
		b.game++;
		ok = annotate_one(e, like, pool, g, &lim, &check, out, report, bar ? &b : NULL);
		game_free(g);
	}
	if (!r || !pool)
		fprintf(report, "outpost annotate: out of memory\n");
	/* The players of several games: their moves pooled, the estimate narrower than any one game's. */
	for (int i = 0; ok && pool && i < pool->n; i++) {
		char line[200];
		if (played_like_pool_text(pool, i, line, sizeof line))
			fprintf(report, "%s\n", line);
	}
	free(pool);
	if (coached)
		coach_check_free(&coach);
	pgn_reader_free(r);
	engine_free(like);
	engine_free(e);
	free(text);
	return ok;
}
