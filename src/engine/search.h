/*
 * The search: iterative deepening with aspiration windows over a fail-soft
 * principal variation search, with a quiescence search at the leaves.  Each
 * search thread runs it on its own copy of the position; the threads share
 * the transposition table and a stop flag (Lazy SMP).  engine.c owns the
 * threads and calls in here.
 */
#ifndef OUTPOST_SEARCH_H
#define OUTPOST_SEARCH_H

#include <stdatomic.h>

#include "engine/engine.h"
#include "engine/eval.h"
#include "engine/history.h"
#include "engine/nnue.h"
#include "engine/search_params.h"
#include "engine/tt.h"

/* A move at the root with what the last search of it found. */
struct root_move {
	move_t move;
	score_t score;      /* -SCORE_INFINITE until searched in this iteration */
	score_t prev_score; /* the score of the iteration before */
	enum score_bound bound;
	int seldepth;
	int pv_len;
	move_t pv[MAX_PLY];
};

/* One search (one `go`), shared by its threads. */
struct search_shared {
	atomic_bool stop;      /* every thread returns as soon as it sees this */
	atomic_bool pondering; /* while set, no time limit stops the search */
	struct engine_limits limits;
	struct tt *tt;
	const struct nnue_net *net; /* the evaluation network, or NULL for the hand-written evaluation */
	int nthreads;
	struct search_thread **threads;
	int multipv;
	int double_ext_max;     /* double extensions allowed on one line: SE_DOUBLE_MAX, 0 for the coach (engine_for_coach) */
	_Atomic int64_t start_ms; /* moved on by engine_discount from another thread */
	bool use_time;          /* a clock or movetime bounds the search */
	int soft_ms, hard_ms;   /* stop after an iteration past soft; at once at hard */
	engine_info_fn on_info; /* main thread only */
	void *ctx;
	/* The tablebases (tablebase.h), set by the engine before the threads start: */
	bool tb_used;           /* this search holds the tables: its info lines give tbhits */
	int tb_pieces;          /* probe inside the tree at this many pieces or fewer; 0: never */
	int tb_probe_depth;     /* SyzygyProbeDepth: the least depth probed at tb_pieces exactly */
	bool tb_rule50;         /* Syzygy50MoveRule: a win the fifty-move rule draws is a draw */
	bool tb_root;           /* the root is in the tables: its moves are those that keep its result... */
	score_t tb_root_score;  /* ...and this is the score shown unless the search finds a mate */
};

/* What a thread keeps for each ply of the current line. */
struct stack_entry {
	score_t static_eval;
	move_t move;   /* the move made from this ply */
	int piece;     /* the piece that made it */
	cont_hist_t *cont; /* the continuation table after that move ([NO_PIECE][0] after none or a null move) */
	move_t excluded;   /* in a singular search of this ply: the move left out */
	int double_exts;   /* double extensions on the line to this ply (bounded: the tree must end) */
};

struct search_thread {
	int id; /* 0 is the main thread: it keeps time and reports */
	struct search_shared *shared;
	_Atomic uint64_t nodes;
	_Atomic uint64_t tbhits; /* tablebase probes that answered */
	int seldepth, root_depth, completed_depth, pv_idx;
	double best_move_changes;
	int nroot;
	struct root_move root_moves[MAX_MOVES];
	move_t pv[MAX_PLY + 2][MAX_PLY + 2]; /* triangular: pv[ply] is the line found from ply */
	int pv_len[MAX_PLY + 2];
	struct stack_entry stack[MAX_PLY + 8];
	struct history hist;
	struct eval_cache eval_cache;
	struct position pos;
	struct state states[MAX_PLY + 2]; /* states[0]: a copy of the root's; states[ply + 1]: after the move at ply */
	struct nnue_stack nnue;           /* the network's accumulators, acc[ply] beside states[ply] */
};

/* Fills the reduction table; engine_init calls it once, before any search. */
void search_init(void);
#ifdef OUTPOST_TUNE
/* The tuning build: sets a margin of SEARCH_TUNABLES (no search may be running) and refills what depends on it. */
void search_tune_set(enum search_tunable_id id, int value);
#endif
/* A thread ready to search (allocated by the caller, histories cleared). */
void search_thread_reset(struct search_thread *t);
/* Sets up the root moves (legal moves, limited to searchmoves when given); returns how many. */
int search_setup_root(struct search_thread *t);
/* Iterative deepening until the limits or the stop flag end it. */
void search_run(struct search_thread *t);
/* Milliseconds since the search began. */
int search_elapsed_ms(const struct search_shared *sh);
/* A score of the search as it is shown: the network's search units back to its centipawns (NNUE_SEARCH_PCT). */
static inline score_t search_reported(const struct search_shared *sh, score_t s)
{
	return sh->net && !is_decisive_score(s) && s != -SCORE_INFINITE ? (score_t)(s * 100 / NNUE_SEARCH_PCT) : s;
}
/* Fills info for root move line i (0-based) of the main thread as it stands. */
void search_fill_info(const struct search_thread *t, int i, struct engine_info *info);
/* The draw rules inside the search: fifty moves, repetition, dead material. */
bool search_is_draw(const struct position *pos, int ply);
/*
 * The root in the tablebases (search_tables.c), on the engine's thread before
 * the threads start: keeps the root moves that hold the best result and sets
 * the score to show.  Returns whether the root was in the tables.
 */
bool search_tables_root(struct search_thread *t);

#endif
