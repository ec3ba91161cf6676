/*
 * The engine service.  engine_go starts a "main" search thread and returns;
 * that thread starts the helpers (Lazy SMP: the same search on private copies
 * of the position, meeting in the shared hash table), runs its own search,
 * stops and joins the helpers, holds the answer while pondering or searching
 * infinitely, then reports the best move and marks the engine idle.  The
 * caller's thread only ever touches the flags below under `lock`.
 */
#include "engine/engine.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "rules/uci_move.h"
#include "engine/search.h"
#include "engine/skill.h"
#include "engine/timeman.h"

#define ENGINE_MAX_THREADS 256
#define ENGINE_MAX_MULTIPV 10
#define ENGINE_DEFAULT_OVERHEAD 30
#define ENGINE_MAX_OVERHEAD 5000
#define THREAD_STACK_BYTES (8u << 20)

struct engine {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	atomic_bool searching;  /* from engine_go until on_best has returned */
	bool stop_requested;    /* engine_stop was called for this search */
	bool main_joinable;     /* the main search thread still has to be joined */
	pthread_t main_tid;

	struct pos_line root; /* the position to search, with the game's history for repetitions */
	struct tt tt;
	int nthreads;
	struct search_thread *threads[ENGINE_MAX_THREADS];
	struct search_shared shared;
	engine_best_fn on_best;

	/* Options. */
	int hash_mb, multipv, move_overhead, skill_option, elo;
	bool ponder, limit_strength;
	double level; /* the skill level of the current search */
	uint64_t rng;
};

static struct search_thread *thread_new(void)
{
	struct search_thread *t = calloc(1, sizeof *t);
	if (t)
		search_thread_reset(t);
	return t;
}

/* Grows or shrinks the pool of search threads (their memory; the threads themselves live per search). */
static bool set_thread_count(struct engine *e, int n)
{
	for (int i = e->nthreads; i < n; i++) {
		e->threads[i] = thread_new();
		if (!e->threads[i]) {
			for (int j = e->nthreads; j < i; j++)
				free(e->threads[j]);
			return false;
		}
	}
	for (int i = n; i < e->nthreads; i++) {
		free(e->threads[i]);
		e->threads[i] = NULL;
	}
	e->nthreads = n;
	return true;
}

/* The tables every engine reads: the rules', the evaluation's and the search's. */
static void init_tables(void)
{
	position_init();
	eval_init();
	search_init();
}

void engine_init(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, init_tables);
}

struct engine *engine_new(void)
{
	engine_init();
	struct engine *e = calloc(1, sizeof *e);
	if (!e)
		return NULL;
	e->root = POS_LINE_EMPTY;
	char err[64];
	if (!tt_resize(&e->tt, TT_DEFAULT_MB) || !set_thread_count(e, 1) ||
	    !line_set_fen(&e->root, FEN_START, err, sizeof err, NULL, 0)) {
		line_free(&e->root);
		set_thread_count(e, 0);
		tt_free(&e->tt);
		free(e);
		return NULL;
	}
	pthread_mutex_init(&e->lock, NULL);
	pthread_cond_init(&e->cond, NULL);
	atomic_init(&e->searching, false);
	e->hash_mb = TT_DEFAULT_MB;
	e->multipv = 1;
	e->move_overhead = ENGINE_DEFAULT_OVERHEAD;
	e->skill_option = SKILL_MAX;
	e->elo = SKILL_ELO_MAX;
	e->rng = (uint64_t)search_now_ms() * 0x9E3779B97F4A7C15ULL | 1;
	return e;
}

void engine_free(struct engine *e)
{
	if (!e)
		return;
	engine_stop(e);
	engine_wait(e);
	set_thread_count(e, 0);
	tt_free(&e->tt);
	line_free(&e->root);
	pthread_mutex_destroy(&e->lock);
	pthread_cond_destroy(&e->cond);
	free(e);
}

bool engine_searching(const struct engine *e) { return atomic_load(&e->searching); }

const struct position *engine_position(const struct engine *e) { return &e->root.pos; }

void engine_stop(struct engine *e)
{
	pthread_mutex_lock(&e->lock);
	if (atomic_load(&e->searching)) {
		e->stop_requested = true;
		atomic_store(&e->shared.stop, true);
		pthread_cond_broadcast(&e->cond);
	}
	pthread_mutex_unlock(&e->lock);
}

void engine_ponderhit(struct engine *e)
{
	pthread_mutex_lock(&e->lock);
	atomic_store(&e->shared.pondering, false);
	pthread_cond_broadcast(&e->cond);
	pthread_mutex_unlock(&e->lock);
}

void engine_wait(struct engine *e)
{
	pthread_mutex_lock(&e->lock);
	while (atomic_load(&e->searching))
		pthread_cond_wait(&e->cond, &e->lock);
	bool join = e->main_joinable;
	e->main_joinable = false;
	pthread_mutex_unlock(&e->lock);
	if (join)
		pthread_join(e->main_tid, NULL);
}

/* Any search ends (reporting its move as usual) before the engine's state changes. */
static void finish_search(struct engine *e)
{
	engine_stop(e);
	engine_wait(e);
}

void engine_new_game(struct engine *e)
{
	finish_search(e);
	tt_clear(&e->tt);
	for (int i = 0; i < e->nthreads; i++)
		search_thread_reset(e->threads[i]);
}

/* ---------------------------------------------------------------- options */

static bool parse_int(const char *value, long lo, long hi, long *out)
{
	char *end;
	if (!value)
		return false;
	long v = strtol(value, &end, 10);
	while (*end == ' ')
		end++;
	if (end == value || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

static bool parse_bool(const char *value, bool *out)
{
	if (value && !strcasecmp(value, "true"))
		*out = true;
	else if (value && !strcasecmp(value, "false"))
		*out = false;
	else
		return false;
	return true;
}

int engine_max_threads(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > ENGINE_MAX_THREADS ? ENGINE_MAX_THREADS : (int)n;
}

/* Spin options: name, where, range. */
static bool set_spin(struct engine *e, const char *name, const char *value, char *err, size_t errlen)
{
	struct {
		const char *name;
		int *field;
		long lo, hi;
	} spins[] = {
		{ "MultiPV", &e->multipv, 1, ENGINE_MAX_MULTIPV },
		{ "Move Overhead", &e->move_overhead, 0, ENGINE_MAX_OVERHEAD },
		{ "Skill Level", &e->skill_option, 0, SKILL_MAX },
		{ "UCI_Elo", &e->elo, SKILL_ELO_MIN, SKILL_ELO_MAX },
	};
	for (size_t i = 0; i < sizeof spins / sizeof spins[0]; i++) {
		if (strcasecmp(name, spins[i].name))
			continue;
		long v;
		if (!parse_int(value, spins[i].lo, spins[i].hi, &v)) {
			snprintf(err, errlen, "%s must be a whole number from %ld to %ld, not '%s'", spins[i].name,
			         spins[i].lo, spins[i].hi, value ? value : "");
			return false;
		}
		*spins[i].field = (int)v;
		return true;
	}
	snprintf(err, errlen, "no such option: '%s'", name);
	return false;
}

bool engine_set_option(struct engine *e, const char *name, const char *value, char *err, size_t errlen)
{
	long v;
	bool b;
	finish_search(e);
	if (!strcasecmp(name, "Clear Hash")) {
		tt_clear(&e->tt);
		return true;
	}
	if (!strcasecmp(name, "Hash")) {
		if (!parse_int(value, TT_MIN_MB, TT_MAX_MB, &v)) {
			snprintf(err, errlen, "Hash must be a whole number of megabytes from %d to %d, not '%s'", TT_MIN_MB,
			         TT_MAX_MB, value ? value : "");
			return false;
		}
		if (!tt_resize(&e->tt, (size_t)v)) {
			snprintf(err, errlen, "cannot allocate %ld MB of hash; keeping %d MB", v, e->hash_mb);
			return false;
		}
		e->hash_mb = (int)v;
		return true;
	}
	if (!strcasecmp(name, "Threads")) {
		if (!parse_int(value, 1, engine_max_threads(), &v)) {
			snprintf(err, errlen, "Threads must be a whole number from 1 to %d, not '%s'", engine_max_threads(),
			         value ? value : "");
			return false;
		}
		if (!set_thread_count(e, (int)v)) {
			snprintf(err, errlen, "out of memory for %ld threads", v);
			return false;
		}
		return true;
	}
	if (!strcasecmp(name, "Ponder") || !strcasecmp(name, "UCI_LimitStrength")) {
		if (!parse_bool(value, &b)) {
			snprintf(err, errlen, "%s must be true or false, not '%s'", name, value ? value : "");
			return false;
		}
		*(!strcasecmp(name, "Ponder") ? &e->ponder : &e->limit_strength) = b;
		return true;
	}
	return set_spin(e, name, value, err, errlen);
}

/* ---------------------------------------------------------------- position */

bool engine_set_line(struct engine *e, const struct pos_line *line)
{
	struct pos_line copy = POS_LINE_EMPTY;
	if (!line_copy(&copy, line))
		return false;
	finish_search(e);
	line_free(&e->root);
	e->root = copy;
	return true;
}

bool engine_set_position(struct engine *e, const char *fen, const move_t *moves, int nmoves, char *err,
                         size_t errlen)
{
	struct pos_line line = POS_LINE_EMPTY;
	char why[160];
	if (!line_set_fen(&line, fen ? fen : FEN_START, why, sizeof why, NULL, 0)) {
		snprintf(err, errlen, "bad FEN: %s", why);
		return false;
	}
	for (int i = 0; i < nmoves; i++) {
		if (!move_is_legal(&line.pos, moves[i])) {
			char uci[UCI_MOVE_MAX];
			move_to_uci(moves[i], uci);
			snprintf(err, errlen, "move %d (%s) is not legal in that position", i + 1, uci);
			line_free(&line);
			return false;
		}
		if (!line_play(&line, moves[i])) {
			snprintf(err, errlen, "out of memory");
			line_free(&line);
			return false;
		}
	}
	finish_search(e);
	line_free(&e->root);
	e->root = line;
	return true;
}

/* ---------------------------------------------------------------- searching */

static void *helper_main(void *arg)
{
	search_run(arg);
	return NULL;
}

static pthread_attr_t *thread_attr(pthread_attr_t *attr)
{
	pthread_attr_init(attr);
	pthread_attr_setstacksize(attr, THREAD_STACK_BYTES);
	return attr;
}

/* A ponder move: the reply in the best line, else the table's best move after ours. */
static move_t ponder_move(struct engine *e, const struct root_move *rm)
{
	struct search_thread *t = e->threads[0];
	if (rm->pv_len >= 2 && rm->pv[0] == rm->move)
		return rm->pv[1];
	struct tt_hit hit;
	move_t reply = MOVE_NONE;
	struct state st;
	pos_make_move(&t->pos, rm->move, &st);
	if (tt_probe(&e->tt, pos_key(&t->pos), &hit) && move_is_legal(&t->pos, hit.move))
		reply = hit.move;
	pos_unmake_move(&t->pos);
	return reply;
}

/* The position has no legal move: report mate or stalemate as UCI engines do. */
static void report_no_moves(struct engine *e)
{
	struct search_shared *sh = &e->shared;
	if (!sh->on_info)
		return;
	struct engine_info info;
	memset(&info, 0, sizeof info);
	info.multipv = 1;
	info.is_mate = in_check(&e->root.pos);
	info.time_ms = search_elapsed_ms(sh);
	info.hashfull = tt_hashfull(sh->tt);
	sh->on_info(sh->ctx, &info);
}

static void *main_search(void *arg)
{
	struct engine *e = arg;
	struct search_shared *sh = &e->shared;
	struct search_thread *t = e->threads[0];
	pthread_t helpers[ENGINE_MAX_THREADS];
	bool started[ENGINE_MAX_THREADS] = { false };
	pthread_attr_t attr;

	if (t->nroot == 0) {
		report_no_moves(e);
	} else {
		thread_attr(&attr);
		for (int i = 1; i < sh->nthreads; i++)
			started[i] = pthread_create(&helpers[i], &attr, helper_main, e->threads[i]) == 0;
		pthread_attr_destroy(&attr);
		search_run(t);
		atomic_store(&sh->stop, true);
		for (int i = 1; i < sh->nthreads; i++)
			if (started[i])
				pthread_join(helpers[i], NULL);
	}

	/* Under ponder or infinite, the answer waits for stop or ponderhit. */
	pthread_mutex_lock(&e->lock);
	while (!e->stop_requested && (sh->limits.infinite || atomic_load(&sh->pondering)))
		pthread_cond_wait(&e->cond, &e->lock);
	pthread_mutex_unlock(&e->lock);

	move_t best = MOVE_NONE, ponder = MOVE_NONE;
	if (t->nroot > 0) {
		const struct root_move *rm = &t->root_moves[0];
		if (skill_enabled(e->level)) {
			int lines = sh->multipv < t->nroot ? sh->multipv : t->nroot;
			move_t pick = skill_pick(t->root_moves, lines, e->level, &e->rng);
			for (int i = 0; i < lines; i++)
				if (t->root_moves[i].move == pick)
					rm = &t->root_moves[i];
		} else if (t->completed_depth < t->root_depth && sh->on_info) {
			/* Stopped inside an iteration: say where the search got to. */
			struct engine_info info;
			search_fill_info(t, 0, &info);
			sh->on_info(sh->ctx, &info);
		}
		best = rm->move;
		ponder = ponder_move(e, rm);
	}
	e->on_best(sh->ctx, best, ponder);

	pthread_mutex_lock(&e->lock);
	atomic_store(&e->searching, false);
	pthread_cond_broadcast(&e->cond);
	pthread_mutex_unlock(&e->lock);
	return NULL;
}

/* The shared part of a search: limits, levels, time. */
static void setup_shared(struct engine *e, const struct engine_limits *l, engine_info_fn on_info, void *ctx)
{
	struct search_shared *sh = &e->shared;
	sh->start_ms = search_now_ms();
	sh->limits = *l;
	if (sh->limits.nsearchmoves < 0 || sh->limits.nsearchmoves > MAX_MOVES)
		sh->limits.nsearchmoves = 0;
	if (sh->limits.depth < 0 || sh->limits.depth >= MAX_PLY - 1)
		sh->limits.depth = sh->limits.depth < 0 ? 1 : MAX_PLY - 2;
	e->level = skill_level(e->skill_option, e->limit_strength, e->elo);
	sh->multipv = e->multipv;
	if (skill_enabled(e->level)) {
		uint64_t n = skill_nodes(e->level);
		if (!sh->limits.nodes || sh->limits.nodes > n)
			sh->limits.nodes = n;
		if (!sh->limits.depth || sh->limits.depth > skill_depth(e->level))
			sh->limits.depth = skill_depth(e->level);
		if (sh->multipv < skill_multipv(e->level))
			sh->multipv = skill_multipv(e->level);
	}
	struct time_budget tb = timeman_budget(&sh->limits, e->root.pos.side, e->move_overhead);
	sh->use_time = tb.active;
	sh->soft_ms = tb.soft_ms;
	sh->hard_ms = tb.hard_ms;
	sh->tt = &e->tt;
	sh->nthreads = e->nthreads;
	sh->threads = e->threads;
	sh->on_info = on_info;
	sh->ctx = ctx;
	atomic_store(&sh->stop, false);
	atomic_store(&sh->pondering, l->ponder);
}

void engine_go(struct engine *e, const struct engine_limits *l, engine_info_fn on_info, engine_best_fn on_best,
               void *ctx)
{
	finish_search(e);
	setup_shared(e, l, on_info, ctx);
	e->on_best = on_best;
	tt_new_search(&e->tt);
	for (int i = 0; i < e->nthreads; i++) {
		struct search_thread *t = e->threads[i];
		t->id = i;
		t->shared = &e->shared;
		atomic_store(&t->nodes, 0);
		pos_copy(&t->pos, &t->states[0], &e->root.pos);
		t->nroot = 0;
		t->root_depth = t->completed_depth = 0;
	}
	struct search_thread *main = e->threads[0];
	search_setup_root(main);
	for (int i = 1; i < e->nthreads; i++) {
		e->threads[i]->nroot = main->nroot;
		memcpy(e->threads[i]->root_moves, main->root_moves, (size_t)main->nroot * sizeof main->root_moves[0]);
	}

	pthread_attr_t attr;
	pthread_mutex_lock(&e->lock);
	e->stop_requested = false;
	atomic_store(&e->searching, true);
	e->main_joinable = pthread_create(&e->main_tid, thread_attr(&attr), main_search, e) == 0;
	pthread_attr_destroy(&attr);
	pthread_mutex_unlock(&e->lock);
	if (!e->main_joinable) {
		/* No thread to be had: answer at once rather than never. */
		atomic_store(&e->searching, false);
		on_best(ctx, main->nroot ? main->root_moves[0].move : MOVE_NONE, MOVE_NONE);
	}
}
