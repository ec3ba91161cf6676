/*
 * The engine's threads under stress, in process: Lazy SMP searches on every thread allowed (up to four), stop and
 * ponderhit at random moments, options, positions and new games sent while a search runs, an engine freed while
 * it thinks, and two engines at once.  Every go must be answered by exactly one legal best move.  The
 * ThreadSanitizer build runs this suite too (tests/thread_suites), where a race is a failure.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "engine/engine.h"
#include "engine/search.h"
#include "helpers.h"
#include "rules/movegen.h"

static void setup(void) { engine_init(); }
TestSuite(threads, .init = setup, .timeout = 240);

static const char *const fens[] = {
	FEN_START,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"8/8/8/8/8/8/8/K6k w - - 0 1",
	"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
};
#define NFENS ((int)(sizeof fens / sizeof fens[0]))

/* What the callbacks saw of one go. */
struct answers {
	pthread_mutex_t lock;
	int bests;
	move_t best, ponder;
};

static void on_info(void *ctx, const struct engine_info *info)
{
	(void)ctx;
	(void)info;
}

static void on_best(void *ctx, move_t best, move_t ponder)
{
	struct answers *a = ctx;
	pthread_mutex_lock(&a->lock);
	a->bests++;
	a->best = best;
	a->ponder = ponder;
	pthread_mutex_unlock(&a->lock);
}

/* Up to four threads: as many as the Threads option allows here (the cores). */
static int thread_count(void)
{
	int max = engine_option_find("Threads")->max;
	return max < 4 ? max : 4;
}

static struct engine *engine_with_threads(int threads)
{
	struct engine *e = engine_new();
	cr_assert_not_null(e);
	char value[16], err[256];
	snprintf(value, sizeof value, "%d", threads);
	cr_assert(engine_set_option(e, "Threads", value, err, sizeof err), "%s", err);
	return e;
}

static void set_fen(struct engine *e, const char *fen)
{
	char err[256];
	cr_assert(engine_set_position(e, fen, NULL, 0, err, sizeof err), "%s: %s", fen, err);
}

/* After engine_wait: one answer, legal (or none when there is no legal move). */
static void expect_one_legal_answer(struct engine *e, struct answers *a, const char *what)
{
	pthread_mutex_lock(&a->lock);
	int bests = a->bests;
	move_t best = a->best;
	pthread_mutex_unlock(&a->lock);
	cr_expect_eq(bests, 1, "%s: %d best moves for one go", what, bests);
	move_t list[MAX_MOVES];
	if (generate_legal(engine_position(e), list) > 0)
		cr_expect(move_is_legal(engine_position(e), best), "%s: an illegal best move", what);
	else
		cr_expect_eq(best, MOVE_NONE, "%s: a best move with none legal", what);
}

static void answers_reset(struct answers *a)
{
	pthread_mutex_lock(&a->lock);
	a->bests = 0;
	a->best = a->ponder = MOVE_NONE;
	pthread_mutex_unlock(&a->lock);
}

/* A random position, a search under l, and a moment of up to max_us for it to run. */
static void search_a_moment(struct engine *e, struct answers *a, const struct engine_limits *l, uint64_t *seed,
                            long max_us)
{
	set_fen(e, fens[test_random(seed) % NFENS]);
	answers_reset(a);
	engine_go(e, l, on_info, on_best, a);
	test_sleep_us((long)(test_random(seed) % (uint64_t)max_us));
}

Test(threads, stop_at_random_moments)
{
	uint64_t seed = test_seed("threads");
	struct engine *e = engine_with_threads(thread_count());
	struct answers a = { .lock = PTHREAD_MUTEX_INITIALIZER };
	for (int i = 0; i < 60; i++) {
		struct engine_limits l;
		memset(&l, 0, sizeof l);
		switch (test_random(&seed) % 3) {
		case 0: l.infinite = true; break;
		case 1: l.depth = 1 + (int)(test_random(&seed) % 12); break;
		default: l.nodes = 1 + test_random(&seed) % 20000; break;
		}
		search_a_moment(e, &a, &l, &seed, 20000);
		engine_stop(e);
		engine_wait(e);
		expect_one_legal_answer(e, &a, "stop");
	}
	engine_free(e);
}

Test(threads, ponderhit_and_stop_at_random_moments)
{
	uint64_t seed = test_seed("threads");
	struct engine *e = engine_with_threads(thread_count());
	struct answers a = { .lock = PTHREAD_MUTEX_INITIALIZER };
	for (int i = 0; i < 40; i++) {
		struct engine_limits l;
		memset(&l, 0, sizeof l);
		l.ponder = true;
		l.time_ms[WHITE] = l.time_ms[BLACK] = 200 + (int)(test_random(&seed) % 400);
		search_a_moment(e, &a, &l, &seed, 15000);
		/* A ponderhit and maybe a stop racing the time limit; or a stop alone (the GUI played another move). */
		if (test_random(&seed) % 2) {
			engine_ponderhit(e);
			test_sleep_us((long)(test_random(&seed) % 5000));
		}
		if (test_random(&seed) % 2)
			engine_stop(e);
		else
			engine_ponderhit(e);
		engine_wait(e);
		expect_one_legal_answer(e, &a, "ponder");
	}
	engine_free(e);
}

/* Each call that changes the engine stops a running search first, and that search still answers once. */
Test(threads, changes_while_searching)
{
	uint64_t seed = test_seed("threads");
	struct engine *e = engine_with_threads(thread_count());
	struct answers a = { .lock = PTHREAD_MUTEX_INITIALIZER };
	char err[256], value[16];
	for (int i = 0; i < 40; i++) {
		struct engine_limits l;
		memset(&l, 0, sizeof l);
		l.infinite = true;
		answers_reset(&a);
		engine_go(e, &l, on_info, on_best, &a);
		test_sleep_us((long)(test_random(&seed) % 10000));
		switch (i % 5) {
		case 0:
			snprintf(value, sizeof value, "%d", 1 + (int)(test_random(&seed) % 8));
			cr_expect(engine_set_option(e, "Hash", value, err, sizeof err), "%s", err);
			break;
		case 1:
			snprintf(value, sizeof value, "%d", 1 + (int)(test_random(&seed) % (uint64_t)thread_count()));
			cr_expect(engine_set_option(e, "Threads", value, err, sizeof err), "%s", err);
			break;
		case 2: engine_new_game(e); break;
		case 3: set_fen(e, fens[test_random(&seed) % NFENS]); break;
		default:
			/* A go while one runs: the first is stopped and answered, then this one. */
			engine_go(e, &l, on_info, on_best, &a);
			engine_stop(e);
			engine_wait(e);
			pthread_mutex_lock(&a.lock);
			cr_expect_eq(a.bests, 2, "two goes, %d answers", a.bests);
			pthread_mutex_unlock(&a.lock);
			continue;
		}
		engine_wait(e);
		pthread_mutex_lock(&a.lock);
		cr_expect_eq(a.bests, 1, "change %d: %d answers", i % 5, a.bests);
		pthread_mutex_unlock(&a.lock);
	}
	engine_free(e);
}

Test(threads, free_while_searching)
{
	for (int i = 0; i < 10; i++) {
		struct engine *e = engine_with_threads(thread_count());
		struct answers a = { .lock = PTHREAD_MUTEX_INITIALIZER };
		struct engine_limits l;
		memset(&l, 0, sizeof l);
		l.infinite = true;
		engine_go(e, &l, on_info, on_best, &a);
		test_sleep_us(i * 1000);
		engine_free(e);
		cr_expect_eq(a.bests, 1, "freed while thinking: %d answers", a.bests);
	}
}

struct searcher {
	int index;
	int answered;
};

/* One engine per thread, each playing a few moves at a fixed depth: engines share only read-only tables. */
static void *search_alone(void *arg)
{
	struct searcher *s = arg;
	struct engine *e = engine_with_threads(1);
	struct answers a = { .lock = PTHREAD_MUTEX_INITIALIZER };
	for (int i = 0; i < 6; i++) {
		set_fen(e, fens[(s->index + i) % NFENS]);
		struct engine_limits l;
		memset(&l, 0, sizeof l);
		l.depth = 6;
		answers_reset(&a);
		engine_go(e, &l, on_info, on_best, &a);
		engine_wait(e);
		pthread_mutex_lock(&a.lock);
		s->answered += a.bests;
		pthread_mutex_unlock(&a.lock);
	}
	engine_free(e);
	return NULL;
}

Test(threads, engines_side_by_side)
{
	pthread_t tid[3];
	struct searcher s[3];
	for (int i = 0; i < 3; i++) {
		s[i] = (struct searcher){ i, 0 };
		cr_assert_eq(pthread_create(&tid[i], NULL, search_alone, &s[i]), 0);
	}
	for (int i = 0; i < 3; i++) {
		pthread_join(tid[i], NULL);
		cr_expect_eq(s[i].answered, 6, "engine %d answered %d of 6", i, s[i].answered);
	}
}
