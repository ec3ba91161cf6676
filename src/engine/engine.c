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
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rules/clock.h"
#include "rules/uci_move.h"
#include "engine/book.h"
#include "engine/engine_options.h"
#include "engine/nnue.h"
#include "engine/search.h"
#include "engine/skill.h"
#include "engine/tablebase.h"
#include "engine/timeman.h"

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
	void *thread_mem[ENGINE_MAX_THREADS]; /* what each thread's memory was allocated as (thread_new) */
	struct search_shared shared;
	engine_best_fn on_best;

	/* Options (engine_options.c holds their defaults and ranges). */
	int hash_mb, multipv, move_overhead, skill_option, elo;
	bool limit_strength, own_book;
	bool chess960;        /* UCI_Chess960: no book (castling's notation is the protocol's business) */
	char book_file[4096]; /* BookFile: read when OwnBook is on */
	struct book *book;    /* the book read, while OwnBook is on */
	double level; /* the search level of the current search (skill.h); 20 when not weakened that way */
	int human_elo; /* the current search's Elo when the people's hook chooses its move, else 0 */
	struct engine_limits asked; /* the limits the caller gave, before a level narrowed them */
	const struct engine_people *people; /* the levels of people (engine_set_people), or NULL */
	void *people_state;         /* what they keep for this engine: the human move model */
	char human_file[4096];      /* HumanModel: empty for the built-in model */
	bool human_pace;            /* HumanPace: the level waits out a person's time over its move */
	bool use_nnue;        /* Use NNUE: the network evaluates, not the hand-written evaluation */
	bool for_coach;       /* engine_for_coach: the search whose lines the coach's words were measured on */
	struct nnue_net *own_net;    /* the network EvalFile read, or NULL for the built-in one */
	char eval_file[4096];
	char syzygy_path[4096];      /* SyzygyPath: "" for none */
	int tb_probe_depth, tb_probe_limit; /* SyzygyProbeDepth, SyzygyProbeLimit */
	bool tb_rule50;              /* Syzygy50MoveRule */
	bool tb_held;                /* the search in progress holds the tables (tablebase_hold) */
	uint64_t rng;
	struct book_move book_move; /* the book's move for this go, or MOVE_NONE: played without a search */
};

/*
 * A search thread's memory: calloc'ed, so that the pages it never touches
 * (most of its stacks) stay unmapped zeros, then aligned by hand, since the
 * network's accumulators inside are read as whole vectors (engine/nnue.h).
 * base[i] is what calloc gave, for free.
 */
static struct search_thread *thread_new(void **base)
{
	size_t align = _Alignof(struct search_thread);
	*base = calloc(1, sizeof(struct search_thread) + align);
	if (!*base)
		return NULL;
	struct search_thread *t = (struct search_thread *)(((uintptr_t)*base + align - 1) & ~(uintptr_t)(align - 1));
	search_thread_reset(t);
	return t;
}

/* Grows or shrinks the pool of search threads (their memory; the threads themselves live per search). */
static bool set_thread_count(struct engine *e, int n)
{
	for (int i = e->nthreads; i < n; i++) {
		e->threads[i] = thread_new(&e->thread_mem[i]);
		if (!e->threads[i]) {
			for (int j = e->nthreads; j < i; j++)
				free(e->thread_mem[j]);
			return false;
		}
	}
	for (int i = n; i < e->nthreads; i++) {
		free(e->thread_mem[i]);
		e->threads[i] = NULL;
		e->thread_mem[i] = NULL;
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

static const struct engine_people *installed_people;

void engine_set_people(const struct engine_people *people) { installed_people = people; }

int engine_people_elo_max(const struct engine *e) { return e->people ? e->people->elo_max : 0; }

void engine_init(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, init_tables);
}

static bool apply_option(struct engine *e, const struct engine_option *o, int v, const char *text, char *err,
                         size_t errlen);

struct engine *engine_new(void)
{
	engine_init();
	struct engine *e = calloc(1, sizeof *e);
	if (!e)
		return NULL;
	e->root = POS_LINE_EMPTY;
	char err[160];
	bool ok = line_set_fen(&e->root, FEN_START, err, sizeof err, NULL, 0);
	e->people = installed_people;
	if (ok && e->people)
		ok = (e->people_state = e->people->state_new()) != NULL;
	for (const struct engine_option *o = engine_options(); ok && o->name; o++) {
		int def = o->def;
		if (o - engine_options() == OPTION_USE_NNUE && !nnue_builtin())
			def = 0; /* a damaged built-in network: the engine still plays, by the hand-written evaluation */
		ok = o->type == OPTION_BUTTON || apply_option(e, o, def, o->text_def, err, sizeof err);
	}
	if (!ok) {
		line_free(&e->root);
		set_thread_count(e, 0);
		tt_free(&e->tt);
		if (e->people_state)
			e->people->state_free(e->people_state);
		free(e);
		return NULL;
	}
	pthread_mutex_init(&e->lock, NULL);
	pthread_cond_init(&e->cond, NULL);
	atomic_init(&e->searching, false);
	e->rng = (uint64_t)monotonic_ms() * 0x9E3779B97F4A7C15ULL | 1;
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
	book_free(e->book);
	free(e->own_net);
	if (e->people_state)
		e->people->state_free(e->people_state);
	line_free(&e->root);
	pthread_mutex_destroy(&e->lock);
	pthread_cond_destroy(&e->cond);
	free(e);
}

bool engine_searching(const struct engine *e) { return atomic_load(&e->searching); }

const struct position *engine_position(const struct engine *e) { return &e->root.pos; }

bool engine_chess960(const struct engine *e) { return e->chess960; }

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

/*
 * The book is read when OwnBook goes on, or BookFile changes while it is on;
 * a file that cannot be read leaves everything as it was.  An empty BookFile
 * (no system book) means no book.
 */
static bool use_book(struct engine *e, bool on, const char *file, char *err, size_t errlen)
{
	if (strlen(file) >= sizeof e->book_file) {
		snprintf(err, errlen, "BookFile: the path is too long");
		return false;
	}
	if (!strcmp(file, "<empty>")) /* how UCI writes an empty string */
		file = "";
	struct book *b = NULL;
	if (on && file[0] && !(b = book_open(file, err, errlen)))
		return false;
	book_free(e->book);
	e->book = b;
	e->own_book = on;
	snprintf(e->book_file, sizeof e->book_file, "%s", file);
	return true;
}

/*
 * HumanModel: a file of weights for the people's levels, or empty for their built-in model; a bad file changes
 * nothing.  Without the people's hook there is no model to load.
 */
static bool use_human_model(struct engine *e, const char *file, char *err, size_t errlen)
{
	if (!strcmp(file, "<empty>") || !strcmp(file, "builtin"))
		file = "";
	if (strlen(file) >= sizeof e->human_file) {
		snprintf(err, errlen, "HumanModel: the path is too long");
		return false;
	}
	if (!e->people && file[0]) {
		snprintf(err, errlen, "HumanModel: this program plays no levels of people");
		return false;
	}
	if (e->people && !e->people->load_model(e->people_state, file, err, errlen))
		return false;
	snprintf(e->human_file, sizeof e->human_file, "%s", file);
	return true;
}

/* The network the engine evaluates with when Use NNUE is on. */
static const struct nnue_net *engine_net(const struct engine *e) { return e->own_net ? e->own_net : nnue_builtin(); }

/*
 * EvalFile: reads another network, or goes back to the built-in one.  A file
 * that is refused leaves the network as it was and says why.  The table's
 * static evaluations came from the old evaluation, so it is emptied.
 */
static bool use_eval_file(struct engine *e, const char *file, char *err, size_t errlen)
{
	if (strlen(file) >= sizeof e->eval_file) {
		snprintf(err, errlen, "EvalFile: the path is too long");
		return false;
	}
	struct nnue_net *net = NULL;
	if (file[0] && strcmp(file, "<empty>") && strcmp(file, ENGINE_EVAL_FILE_BUILTIN)) {
		char why[400];
		net = aligned_alloc(64, sizeof *net);
		if (!net || !nnue_read_file(net, file, why, sizeof why)) {
			const struct nnue_net *keep = engine_net(e);
			snprintf(err, errlen, "EvalFile: %s; keeping the network %s", net ? why : "out of memory",
			         keep ? keep->name : "(none)");
			free(net);
			return false;
		}
	}
	if (net || e->own_net)
		tt_clear(&e->tt); /* another network: not at start-up, nor for the built-in one again */
	free(e->own_net);
	e->own_net = net;
	snprintf(e->eval_file, sizeof e->eval_file, "%s", net ? file : ENGINE_EVAL_FILE_BUILTIN);
	return true;
}

/*
 * SyzygyPath: the tables are one per process (tablebase.h), so an empty path
 * only leaves this engine without them; a path is loaded at once, so that a
 * folder or a file left out is said now, in err (a note on success).
 */
static bool use_syzygy(struct engine *e, const char *path, char *err, size_t errlen)
{
	if (!strcmp(path, ENGINE_SYZYGY_NONE))
		path = "";
	if (strlen(path) >= sizeof e->syzygy_path) {
		snprintf(err, errlen, "SyzygyPath: the path is too long");
		return false;
	}
	if (path[0] && !tablebase_load(path, err, errlen))
		return false;
	snprintf(e->syzygy_path, sizeof e->syzygy_path, "%s", path);
	return true;
}

/* Acts on a value the table has checked (text: a string option's value). */
static bool apply_option(struct engine *e, const struct engine_option *o, int v, const char *text, char *err,
                         size_t errlen)
{
	int id = (int)(o - engine_options());
#ifdef OUTPOST_TUNE
	if (id >= OPTION_TUNE_FIRST) {
		search_tune_set((enum search_tunable_id)(id - OPTION_TUNE_FIRST), v);
		return true;
	}
#endif
	switch ((enum engine_option_id)id) {
	case OPTION_HASH:
		if (!tt_resize(&e->tt, (size_t)v)) {
			snprintf(err, errlen, "cannot allocate %d MB of hash; keeping %d MB", v, e->hash_mb);
			return false;
		}
		e->hash_mb = v;
		break;
	case OPTION_THREADS:
		if (!set_thread_count(e, v)) {
			snprintf(err, errlen, "out of memory for %d threads", v);
			return false;
		}
		break;
	case OPTION_CLEAR_HASH: tt_clear(&e->tt); break;
	case OPTION_MULTIPV: e->multipv = v; break;
	case OPTION_MOVE_OVERHEAD: e->move_overhead = v; break;
	case OPTION_SKILL_LEVEL: e->skill_option = v; break;
	case OPTION_LIMIT_STRENGTH: e->limit_strength = v; break;
	case OPTION_ELO: e->elo = v; break;
	case OPTION_CHESS960: e->chess960 = v; break;
	case OPTION_HUMAN_MODEL: return use_human_model(e, text ? text : "", err, errlen);
	case OPTION_HUMAN_PACE: e->human_pace = v; break;
	case OPTION_OWN_BOOK: return use_book(e, v, e->book_file, err, errlen);
	case OPTION_BOOK_FILE: return use_book(e, e->own_book, text ? text : "", err, errlen);
	case OPTION_EVAL_FILE: return use_eval_file(e, text ? text : "", err, errlen);
	case OPTION_SYZYGY_PATH: return use_syzygy(e, text ? text : "", err, errlen);
	case OPTION_SYZYGY_PROBE_DEPTH: e->tb_probe_depth = v; break;
	case OPTION_SYZYGY_50_MOVE_RULE: e->tb_rule50 = v; break;
	case OPTION_SYZYGY_PROBE_LIMIT: e->tb_probe_limit = v; break;
	case OPTION_USE_NNUE:
		if (v && !engine_net(e)) {
			snprintf(err, errlen, "Use NNUE: no network to use (the built-in one is damaged)");
			return false;
		}
		if (e->use_nnue != (bool)v)
			tt_clear(&e->tt);
		e->use_nnue = v;
		break;
	case OPTION_PONDER: /* only tells the engine that the GUI may send `go ponder`: nothing to keep */
#ifdef OUTPOST_TUNE
	case OPTION_TUNE_FIRST:
#endif
	case OPTION_COUNT: break;
	}
	return true;
}

bool engine_set_option(struct engine *e, const char *name, const char *value, char *err, size_t errlen)
{
	const struct engine_option *o = engine_option_find(name);
	int v;
	if (!o) {
		snprintf(err, errlen, "no such option: '%s'", name ? name : "");
		return false;
	}
	if (errlen)
		err[0] = '\0'; /* stays empty on success, unless the option has a note (SyzygyPath's tables) */
	if (!engine_option_parse(o, value, &v, err, errlen))
		return false;
	finish_search(e);
	return apply_option(e, o, v, value, err, errlen);
}

void engine_for_coach(struct engine *e, bool on)
{
	finish_search(e);
	e->for_coach = on;
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

/*
 * A search thread with every signal blocked (a thread starts with its creator's mask): the program's handlers then
 * run on the thread that installed them, never inside a search, where a handler's write races with the main
 * thread's (ThreadSanitizer saw the front's Ctrl-C handler run on a search thread).  A fault's own signals stay
 * open, so that a crash is still reported where it happens.
 */
static bool start_thread(pthread_t *tid, const pthread_attr_t *attr, void *(*run)(void *), void *arg)
{
	static const int faults[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT };
	sigset_t all, old;
	sigfillset(&all);
	for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++)
		sigdelset(&all, faults[i]);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	bool started = pthread_create(tid, attr, run, arg) == 0;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return started;
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

/* A line that is no search's (no legal move, a book move): line 1, with the time and the table's use. */
static void report(struct engine *e, struct engine_info *info)
{
	struct search_shared *sh = &e->shared;
	if (!sh->on_info)
		return;
	info->multipv = 1;
	info->time_ms = search_elapsed_ms(sh);
	info->hashfull = tt_hashfull(sh->tt);
	sh->on_info(sh->ctx, info);
}

/* The position has no legal move: report mate or stalemate as UCI engines do. */
static void report_no_moves(struct engine *e)
{
	struct engine_info info;
	memset(&info, 0, sizeof info);
	info.is_mate = in_check(&e->root.pos);
	report(e, &info);
}

/* The book's move, reported as one line: the move, its weight and share, no depth and no score. */
static void report_book_move(struct engine *e)
{
	struct engine_info info;
	memset(&info, 0, sizeof info);
	info.book = true;
	info.book_weight = (int)e->book_move.weight;
	info.book_permille = e->book_move.permille;
	info.pv_len = 1;
	info.pv[0] = e->book_move.move;
	report(e, &info);
}

/* ---------------------------------------------------------------- for the people's levels (engine_people) */

double engine_random(struct engine *e) { return (double)(skill_random(&e->rng) >> 11) / 9007199254740992.0; }

const struct engine_limits *engine_asked_limits(const struct engine *e) { return &e->asked; }

int engine_move_overhead(const struct engine *e) { return e->move_overhead; }

/*
 * The main thread searches the given root moves, each as a line of its own.
 * Not reported: a level's second thoughts are not the engine's analysis.
 */
int engine_look(struct engine *e, move_t *moves, int n, uint64_t nodes, score_t *scores)
{
	struct search_shared *sh = &e->shared;
	struct search_thread *t = e->threads[0];
	/* A stop that came first wins; one that comes later stops the look through sh->stop. */
	pthread_mutex_lock(&e->lock);
	bool stopped = e->stop_requested;
	if (!stopped)
		atomic_store(&sh->stop, false);
	pthread_mutex_unlock(&e->lock);
	if (stopped)
		return -1;
	memcpy(sh->limits.searchmoves, moves, (size_t)n * sizeof moves[0]);
	sh->limits.nsearchmoves = n;
	sh->limits.nodes = nodes;
	sh->multipv = n;
	engine_info_fn on_info = sh->on_info;
	sh->on_info = NULL;
	pos_copy(&t->pos, &t->states[0], &e->root.pos);
	nnue_stack_clear(&t->nnue);
	atomic_store(&t->nodes, 0);
	search_setup_root(t);
	search_run(t);
	atomic_store(&sh->stop, true);
	sh->on_info = on_info;
	int searched = t->completed_depth > 0 ? t->nroot : 0;
	bool cut = t->root_depth > t->completed_depth; /* the last iteration's scores are partial: the one before's */
	for (int i = 0; i < searched; i++) {
		scores[i] = search_reported(sh, cut ? t->root_moves[i].prev_score : t->root_moves[i].score);
		moves[i] = t->root_moves[i].move;
	}
	return searched;
}

void engine_discount(struct engine *e, int64_t ms)
{
	atomic_fetch_add(&e->shared.start_ms, ms);
}

void engine_pace(struct engine *e, int ms)
{
	pthread_mutex_lock(&e->lock);
	for (;;) {
		/* Read again each time: a discount (the front stopped by Ctrl-Z) moves the deadline on. */
		int64_t until = atomic_load(&e->shared.start_ms) + ms, now = monotonic_ms();
		if (e->stop_requested || now >= until)
			break;
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		int64_t wait = until - now;
		wait = wait > 50 ? 50 : wait < 1 ? 1 : wait;
		ts.tv_nsec += (long)(wait * 1000000);
		ts.tv_sec += ts.tv_nsec / 1000000000;
		ts.tv_nsec %= 1000000000;
		pthread_cond_timedwait(&e->cond, &e->lock, &ts);
	}
	pthread_mutex_unlock(&e->lock);
}

/* Searches the root on every thread; the best move (chosen by level) and a ponder move once the search may end. */
static void search_root(struct engine *e, move_t *best, move_t *ponder)
{
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
			started[i] = start_thread(&helpers[i], &attr, helper_main, e->threads[i]);
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

	if (t->nroot > 0) {
		const struct root_move *rm = &t->root_moves[0];
		if (e->human_elo) {
			/* The level's move after its short search; its thinking is not reported: not what it plays by. */
			*best = e->people->choose(e->people_state, e, e->human_elo, rm->move, e->human_pace);
			*ponder = MOVE_NONE;
			return;
		}
		if (skill_enabled(e->level)) {
			int lines = sh->multipv < t->nroot ? sh->multipv : t->nroot;
			move_t pick = skill_pick(t->root_moves, lines, e->level, sh->net ? NNUE_SEARCH_PCT / 100.0 : 1, &e->rng);
			for (int i = 0; i < lines; i++)
				if (t->root_moves[i].move == pick)
					rm = &t->root_moves[i];
		} else if (t->completed_depth < t->root_depth && sh->on_info) {
			/* Stopped inside an iteration: say where the search got to. */
			struct engine_info info;
			search_fill_info(t, 0, &info);
			sh->on_info(sh->ctx, &info);
		}
		*best = rm->move;
		*ponder = ponder_move(e, rm);
	}
}

/* The search's hold on the tablebases ends with it. */
static void release_tables(struct engine *e)
{
	if (e->tb_held)
		tablebase_release();
	e->tb_held = false;
}

static void *main_search(void *arg)
{
	struct engine *e = arg;
	move_t best = MOVE_NONE, ponder = MOVE_NONE;
	if (e->book_move.move != MOVE_NONE) {
		report_book_move(e);
		best = e->book_move.move;
	} else {
		search_root(e, &best, &ponder);
	}
	e->on_best(e->shared.ctx, best, ponder);
	release_tables(e);

	pthread_mutex_lock(&e->lock);
	atomic_store(&e->searching, false);
	pthread_cond_broadcast(&e->cond);
	pthread_mutex_unlock(&e->lock);
	return NULL;
}

/* The book's move for an ordinary search (not infinite, pondering, mate or searchmoves) when the root is in it. */
static struct book_move choose_book_move(struct engine *e, const struct engine_limits *l)
{
	struct book_move none = { MOVE_NONE, 0, 0 }, moves[BOOK_MOVES_MAX];
	if (!e->own_book || !e->book || e->chess960 || l->infinite || l->ponder || l->mate || l->nsearchmoves > 0)
		return none;
	int n = book_probe(e->book, &e->root.pos, moves, BOOK_MOVES_MAX);
	double level = e->human_elo ? skill_search_level(e->human_elo) : e->level; /* a weaker player strays sooner */
	int i = book_pick(moves, n, level, skill_random(&e->rng));
	return i < 0 ? none : moves[i];
}

/*
 * The tablebases for this search: at full strength only (a level plays an
 * ending as a player of its level would), held until the search ends.
 */
static void setup_tables(struct engine *e)
{
	struct search_shared *sh = &e->shared;
	bool full = !e->human_elo && !skill_enabled(e->level);
	int pieces = full && e->tb_probe_limit > 0 && e->syzygy_path[0] ? tablebase_hold(e->syzygy_path) : 0;
	e->tb_held = pieces > 0;
	sh->tb_used = e->tb_held;
	sh->tb_pieces = pieces < e->tb_probe_limit ? pieces : e->tb_probe_limit;
	sh->tb_probe_depth = e->tb_probe_depth;
	sh->tb_rule50 = e->tb_rule50;
	sh->tb_root = false;
}

/* The shared part of a search: limits, levels, time. */
static void setup_shared(struct engine *e, const struct engine_limits *l, engine_info_fn on_info, void *ctx)
{
	struct search_shared *sh = &e->shared;
	sh->start_ms = monotonic_ms();
	sh->limits = *l;
	e->asked = *l;
	if (sh->limits.nsearchmoves < 0 || sh->limits.nsearchmoves > MAX_MOVES)
		sh->limits.nsearchmoves = 0;
	if (sh->limits.depth < 0 || sh->limits.depth >= MAX_PLY - 1)
		sh->limits.depth = sh->limits.depth < 0 ? 1 : MAX_PLY - 2;
	int elo = skill_elo(e->skill_option, e->limit_strength, e->elo);
	/* Without the people's hook, every level is the classic weakening. */
	bool people = e->people && elo <= e->people->elo_max;
	e->human_elo = elo && people && !l->infinite && !l->ponder && !l->mate ? elo : 0;
	e->level = e->human_elo ? SKILL_MAX : skill_search_level(elo);
	sh->multipv = e->multipv;
	sh->double_ext_max = e->for_coach ? 0 : SE_DOUBLE_MAX;
	if (e->human_elo) {
		/* The short search behind the model's search_best feature: the same budget as when it was fitted. */
		sh->limits.nodes = e->people->search_nodes;
		sh->limits.depth = 0;
		sh->multipv = 1;
	} else if (skill_enabled(e->level)) {
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
	/*
	 * The levels of people search with the hand-written evaluation whatever
	 * Use NNUE says: their model's features, the judge and the deeper look
	 * were fitted and measured with it (tools/people/human_data.c).
	 */
	sh->net = e->use_nnue && !e->human_elo ? engine_net(e) : NULL;
	sh->nthreads = e->nthreads;
	sh->threads = e->threads;
	sh->on_info = on_info;
	sh->ctx = ctx;
	setup_tables(e);
	atomic_store(&sh->stop, false);
	atomic_store(&sh->pondering, l->ponder);
}

void engine_go(struct engine *e, const struct engine_limits *l, engine_info_fn on_info, engine_best_fn on_best,
               void *ctx)
{
	finish_search(e);
	setup_shared(e, l, on_info, ctx);
	e->on_best = on_best;
	e->book_move = choose_book_move(e, l);
	tt_new_search(&e->tt);
	for (int i = 0; i < e->nthreads; i++) {
		struct search_thread *t = e->threads[i];
		t->id = i;
		t->shared = &e->shared;
		atomic_store(&t->nodes, 0);
		atomic_store(&t->tbhits, 0);
		pos_copy(&t->pos, &t->states[0], &e->root.pos);
		nnue_stack_clear(&t->nnue);
		t->nroot = 0;
		t->root_depth = t->completed_depth = 0;
	}
	struct search_thread *main = e->threads[0];
	search_setup_root(main);
	search_tables_root(main);
	for (int i = 1; i < e->nthreads; i++) {
		e->threads[i]->nroot = main->nroot;
		memcpy(e->threads[i]->root_moves, main->root_moves, (size_t)main->nroot * sizeof main->root_moves[0]);
	}

	pthread_attr_t attr;
	pthread_mutex_lock(&e->lock);
	e->stop_requested = false;
	atomic_store(&e->searching, true);
	e->main_joinable = start_thread(&e->main_tid, thread_attr(&attr), main_search, e);
	pthread_attr_destroy(&attr);
	pthread_mutex_unlock(&e->lock);
	if (!e->main_joinable) {
		/* No thread to be had: answer at once rather than never. */
		atomic_store(&e->searching, false);
		release_tables(e);
		on_best(ctx, main->nroot ? main->root_moves[0].move : MOVE_NONE, MOVE_NONE);
	}
}
