/* Shared helpers for the Criterion suites. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "rules/clock.h"

struct position *test_position(const char *fen)
{
	char err[160];
	struct position *pos = malloc(sizeof *pos);
	cr_assert_not_null(pos);
	position_init();
	cr_assert(pos_set_fen(pos, fen, err, sizeof err, NULL, 0), "FEN rejected: %s: %s", fen, err);
	return pos;
}

FILE *test_data_open(const char *name)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", TEST_DATA_DIR, name);
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "cannot open test data %s", path);
	return f;
}

char *test_data_read(const char *name, size_t *len)
{
	FILE *f = test_data_open(name);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *buf = malloc((size_t)n + 1);
	cr_assert_not_null(buf);
	size_t got = fread(buf, 1, (size_t)n, f);
	buf[got] = '\0';
	fclose(f);
	if (len)
		*len = got;
	return buf;
}

void test_result_init(struct test_result *r)
{
	memset(r, 0, sizeof *r);
	pthread_mutex_init(&r->lock, NULL);
}

void test_on_info(void *ctx, const struct engine_info *info)
{
	struct test_result *r = ctx;
	pthread_mutex_lock(&r->lock);
	r->infos++;
	if (info->multipv > r->multipv_max)
		r->multipv_max = info->multipv;
	if (info->multipv == 1)
		r->last = *info;
	pthread_mutex_unlock(&r->lock);
}

void test_on_best(void *ctx, move_t best, move_t ponder)
{
	struct test_result *r = ctx;
	pthread_mutex_lock(&r->lock);
	r->best = best;
	r->ponder = ponder;
	r->bests++;
	r->best_at = monotonic_ms();
	pthread_mutex_unlock(&r->lock);
}

void test_go_and_wait(struct engine *e, const struct engine_limits *l, struct test_result *r)
{
	test_result_init(r);
	engine_go(e, l, test_on_info, test_on_best, r);
	engine_wait(e);
	cr_assert_eq(r->bests, 1, "on_best fired %d times", r->bests);
}
