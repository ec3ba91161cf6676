/* One search to a depth for one or two lines; the lines arrive on the search thread and are kept under a lock. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "puzzle_search.h"
#include "rules/movegen.h"

struct collector {
	pthread_mutex_t lock;
	struct engine_info lines[2];
	int got; /* the highest multipv index reported */
};

static void on_info(void *ctx, const struct engine_info *info)
{
	struct collector *c = ctx;
	if (info->multipv < 1 || info->multipv > 2 || info->book)
		return;
	pthread_mutex_lock(&c->lock);
	c->lines[info->multipv - 1] = *info;
	if (info->multipv > c->got)
		c->got = info->multipv;
	pthread_mutex_unlock(&c->lock);
}

static void on_best(void *ctx, move_t best, move_t ponder)
{
	(void)ctx;
	(void)best;
	(void)ponder;
}

static void to_pv(const struct engine_info *info, struct puzzle_pv *out)
{
	memset(out, 0, sizeof *out);
	out->score_cp = info->score_cp;
	out->is_mate = info->is_mate;
	out->mate_moves = info->mate_moves;
	out->pv_len = info->pv_len < PUZZLE_LINE_MAX ? info->pv_len : PUZZLE_LINE_MAX;
	memcpy(out->pv, info->pv, (size_t)out->pv_len * sizeof *out->pv);
}

int puzzle_search_run(void *ctx, const struct pos_line *line, int lines, int depth, struct puzzle_pv *out)
{
	struct engine *e = ctx;
	char err[160], text[8];
	int legal = count_legal(&line->pos);
	if (legal == 0)
		return 0;
	if (lines > legal)
		lines = legal;
	snprintf(text, sizeof text, "%d", lines);
	if (!engine_set_option(e, "MultiPV", text, err, sizeof err) || !engine_set_line(e, line))
		return -1;
	struct collector c = { .got = 0 };
	struct engine_limits lim = { .depth = depth };
	pthread_mutex_init(&c.lock, NULL);
	engine_go(e, &lim, on_info, on_best, &c);
	engine_wait(e);
	pthread_mutex_destroy(&c.lock);
	int n = c.got < lines ? c.got : lines;
	for (int i = 0; i < n; i++)
		to_pv(&c.lines[i], &out[i]);
	return n > 0 && out[0].pv_len > 0 ? n : -1;
}

struct puzzle_finder puzzle_search_finder(struct engine *e, const char *player, const char *source)
{
	return (struct puzzle_finder){ .search = puzzle_search_run, .ctx = e, .quick_depth = PUZZLE_QUICK_DEPTH,
		                       .deep_depth = PUZZLE_DEEP_DEPTH, .player = player, .source = source };
}
