/* One search to its end: the callbacks run on the search thread, so they fill the result under a lock. */
#include "protocol/one_search.h"

#include <pthread.h>
#include <string.h>

struct collector {
	pthread_mutex_t lock;
	struct one_search *out;
};

static void on_info(void *ctx, const struct engine_info *info)
{
	struct collector *c = ctx;
	pthread_mutex_lock(&c->lock);
	if (info->multipv == 1)
		c->out->last = *info;
	pthread_mutex_unlock(&c->lock);
}

static void on_best(void *ctx, move_t best, move_t ponder)
{
	struct collector *c = ctx;
	(void)ponder;
	pthread_mutex_lock(&c->lock);
	c->out->best = best;
	pthread_mutex_unlock(&c->lock);
}

void one_search_run(struct engine *e, const struct engine_limits *l, struct one_search *out)
{
	struct collector c = { .out = out };
	memset(out, 0, sizeof *out);
	out->best = MOVE_NONE;
	pthread_mutex_init(&c.lock, NULL);
	engine_go(e, l, on_info, on_best, &c);
	engine_wait(e);
	pthread_mutex_destroy(&c.lock);
}
