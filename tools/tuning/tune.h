/*
 * The Texel tuner: fits every evaluation weight to self-play positions.
 *
 * The parameters are the weights of src/engine/eval_weights.c as one vector of
 * scalars (a middlegame and an endgame value per pair).  Each position is
 * turned once, by the evaluation compiled with its trace hooks
 * (engine/eval_trace.h), into sparse coefficients: how often each weight adds
 * to the score (White's view), and to each king's danger.  The model is then
 *
 *   mg, eg  = the sums of coefficient * weight, less for each king whose zone two or more pieces attack
 *             max(0, danger)^2 / 1024 (mg) and max(0, danger) / 16 (eg), danger a sum of its own
 *   eval    = (mg * phase + eg * (128 - phase) * scale / 64) / 128 + the tempo, blended by phase
 *
 * with phase and the endgame scale taken as the position had them: exactly the
 * engine's evaluation but for its integer rounding.  The loss is the mean of
 * (sigmoid(K * eval) - target)^2, target = lambda * result + (1 - lambda) *
 * sigmoid(K * search score), minimised with Adam over the whole set.
 */
#ifndef OUTPOST_TUNE_H
#define OUTPOST_TUNE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rules/position.h"

/* ---------------------------------------------------------------- the parameters (tune_params.c) */

/* One weight of eval_weights.c: a pair or an int, alone or a table. */
struct tune_weight {
	const char *name;   /* as defined in eval_weights.c */
	const char *dims;   /* its declarator's brackets ("[8]", "[PIECE_TYPE_NB][SQ_NB]"), "" for one value */
	const void *values; /* the engine's own */
	int count;          /* elements */
	bool pair;          /* score_pair_t (two scalars each) or int (one) */
	bool blank_before;  /* the layout: a blank line before its definition */
	int first;          /* the index of its first scalar in the parameter vector */
};

extern struct tune_weight tune_weights[];
extern const int tune_weight_count;

/* Fills the indexes (once, whoever calls first); returns the number of scalars. */
int tune_params_init(void);
/* The engine's current weights as a parameter vector of tune_params_init() scalars. */
void tune_params_current(double *theta);
/* Which scalar a weight element at this address starts (its mg for a pair), or -1; *pair says which kind. */
int tune_param_index(const void *address, bool *pair);
/* The scalar index of the tempo's middlegame value (its endgame one follows). */
int tune_tempo_index(void);

/* ---------------------------------------------------------------- one position's trace (tune_trace.c) */

struct tune_term {
	uint16_t index; /* the scalar: a pair's mg (its eg is index + 1), or an int */
	int16_t coef;   /* White's view in the score; in a king's danger, as it adds to that danger */
};

#define TUNE_MAX_TERMS 512

struct tune_trace {
	int nlinear, nmg, ndanger[COLOR_NB], ncomplexity;
	struct tune_term linear[TUNE_MAX_TERMS];              /* pairs in the score */
	struct tune_term mg[TUNE_MAX_TERMS / 8];              /* ints in the score: middlegame only */
	struct tune_term danger[COLOR_NB][TUNE_MAX_TERMS / 8]; /* ints in each king's danger */
	struct tune_term complexity[TUNE_MAX_TERMS / 8];      /* ints in the endgame's complexity */
	bool counted[COLOR_NB]; /* that king's danger is scored (two or more attackers) */
	int phase, scale, side;
	int eval; /* evaluate() from the side to move's view */
};

/*
 * Evaluates pos with the traced evaluation into t.  False with a message when
 * the trace does not add up to what the evaluation computed (a weight missing
 * from the table, a term traced wrongly): the model would not be the engine's.
 */
bool tune_trace_position(const struct position *pos, struct tune_trace *t, char *err, size_t errlen);

/*
 * What the complexity c adds to the endgame sum eg, as eval.c's eval_complexity does: sign(eg) max(c, -|eg|).
 * slope, when given, gets d(eg + shift)/d eg in slope[0] and d shift/d c in slope[1].
 */
double tune_complexity_shift(double eg, double c, double slope[2]);

/* ---------------------------------------------------------------- the data (tune_data.c) */

struct tune_position {
	uint32_t first;      /* its terms in the set's term array: linear, mg, White's danger, Black's danger,
	                        complexity */
	uint16_t nlinear;
	uint8_t nmg, ndanger[COLOR_NB], ncomplexity;
	uint8_t phase, scale;
	int8_t side_sign;    /* +1 White to move, -1 Black */
	uint8_t counted;     /* bit c: king c's danger is scored */
	float result;        /* 0, 0.5 or 1 for White */
	float score;         /* search score, White's view, centipawns */
};

struct tune_set {
	struct tune_position *pos;
	size_t count, capacity;
	struct tune_term *terms;
	size_t nterms, terms_capacity;
};

void tune_set_free(struct tune_set *s);
/* Adds a traced position with its labels; false when out of memory. */
bool tune_set_add(struct tune_set *s, const struct tune_trace *t, int result, int score);

/*
 * Reads files of 32-byte records (rules/packed.h) into a training set and a
 * held-out set: the games whose tag is below holdout_tags (of 64) are held
 * out whole.  Traces with `threads` threads.  False with "file: record N: why"
 * on a short file, a corrupt record or a trace that does not add up.
 */
bool tune_load(const char *const *paths, int npaths, int holdout_tags, int threads, struct tune_set *train,
               struct tune_set *held, char *err, size_t errlen);

/* ---------------------------------------------------------------- the model (tune_model.c) */

struct tune_model {
	int nparams;
	double k;      /* sigmoid(k * eval), eval in centipawns */
	double lambda; /* weight of the game result in the target */
	int threads;
};

/* The model's evaluation of position i (White's view, centipawns, not rounded). */
double tune_eval(const struct tune_set *s, size_t i, const double *theta);
/* The mean loss; with grad != NULL, also its gradient (nparams values, overwritten). */
double tune_loss(const struct tune_set *s, const double *theta, const struct tune_model *m, double *grad);
/*
 * The pull toward the starting weights theta0: l2 * sum (theta - theta0)^2, added to grad (when not NULL)
 * as its slope.  It keeps weights that few positions use near where they were set.
 */
double tune_l2(const double *theta, const double *theta0, int nparams, double l2, double *grad);
/* The K that fits the evaluation best to the results alone (lambda 1), by golden-section search. */
double tune_fit_k(const struct tune_set *s, const double *theta, int threads);

/* Adam, one step over the whole set. */
struct tune_adam {
	double rate, beta1, beta2;
	double *m, *v;
	long long step;
};
bool tune_adam_init(struct tune_adam *a, int nparams, double rate);
void tune_adam_step(struct tune_adam *a, double *theta, const double *grad, int nparams);
void tune_adam_free(struct tune_adam *a);

/* ---------------------------------------------------------------- writing eval_weights.c (tune_write.c) */

/* eval_weights.c with theta's values (rounded), as the engine's file is laid out. */
void tune_write_weights(FILE *f, const double *theta);
/* The same into path, through a temporary file renamed over it.  False with a message in err. */
bool tune_save_weights(const char *path, const double *theta, char *err, size_t errlen);

#endif
