/*
 * The trace of one evaluation: the hooks of engine/eval_trace.h, called by the
 * tuner's build of eval.c (eval_traced.c), gather each weight's use; then the
 * uses are merged into sparse coefficients and checked against the sums the
 * evaluation itself computed.
 */
#define EVAL_TRACE
#include "engine/eval_trace.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/eval.h"
#include "engine/eval_weights.h"
#include "tune.h"

/* The uses gathered during one evaluation, on this thread. */
struct gathered {
	int nlinear, nmg, ndanger[COLOR_NB], ncomplexity;
	struct tune_term linear[2 * TUNE_MAX_TERMS], mg[TUNE_MAX_TERMS / 8];
	struct tune_term danger[COLOR_NB][TUNE_MAX_TERMS / 8], complexity[TUNE_MAX_TERMS / 8];
	int danger_sum[COLOR_NB];
	bool counted[COLOR_NB], king_seen[COLOR_NB], blended;
	int mg_sum, eg_sum, phase, scale, tempo_side;
	char failure[160];
};
static _Thread_local struct gathered g;

static void gather_fail(const char *what, const void *weight)
{
	if (!g.failure[0])
		snprintf(g.failure, sizeof g.failure, "%s (weight at %p)", what, weight);
}

static void push(struct tune_term *list, int *n, int cap, int index, int coef, const void *weight)
{
	if (*n >= cap)
		gather_fail("too many terms in one position", weight);
	else if (coef)
		list[(*n)++] = (struct tune_term){ (uint16_t)index, (int16_t)coef };
}

int eval_trace_term(const void *weight, int color, int count)
{
	bool pair;
	int index = tune_param_index(weight, &pair), coef = color == WHITE ? count : -count;
	if (index < 0)
		gather_fail("a weight the tuner's table (tools/tuning/tune_params.c) does not list", weight);
	else if (pair)
		push(g.linear, &g.nlinear, 2 * TUNE_MAX_TERMS, index, coef, weight);
	else
		push(g.mg, &g.nmg, TUNE_MAX_TERMS / 8, index, coef, weight);
	return count;
}

/* An int weight of the table into one of the lists of ints (a king's danger, the complexity). */
static void push_int(struct tune_term *list, int *n, const void *weight, int count, const char *kind)
{
	bool pair;
	int index = tune_param_index(weight, &pair);
	if (index >= 0 && !pair) {
		push(list, n, TUNE_MAX_TERMS / 8, index, count, weight);
		return;
	}
	char what[96];
	snprintf(what, sizeof what, "a %s weight that is not an int of the tuner's table", kind);
	gather_fail(what, weight);
}

int eval_trace_danger(const void *weight, int king, int count)
{
	push_int(g.danger[king], &g.ndanger[king], weight, count, "king danger");
	return count;
}

int eval_trace_complexity(const void *weight, int count)
{
	push_int(g.complexity, &g.ncomplexity, weight, count, "complexity");
	return count;
}

int eval_trace_shelter(const void *weight, int king)
{
	/* A penalty to the king's side in the middlegame, and as much danger. */
	eval_trace_term(weight, king, -1);
	eval_trace_danger(weight, king, 1);
	return 1;
}

void eval_trace_king(int king, int danger, bool counted)
{
	g.king_seen[king] = true;
	g.danger_sum[king] = danger;
	g.counted[king] = counted;
}

void eval_trace_tempo(const void *weight, int side)
{
	if (weight != &tempo_bonus)
		gather_fail("a tempo that is not tempo_bonus", weight);
	g.tempo_side = side;
}

void eval_trace_blend(int mg, int eg, int phase, int scale)
{
	g.blended = true;
	g.mg_sum = mg;
	g.eg_sum = eg;
	g.phase = phase;
	g.scale = scale;
}

static int compare_terms(const void *a, const void *b)
{
	return (int)((const struct tune_term *)a)->index - (int)((const struct tune_term *)b)->index;
}

/* Sorts a list by scalar and adds up the repeats, dropping what cancels out; returns the new length. */
static int merge(struct tune_term *list, int n)
{
	qsort(list, (size_t)n, sizeof *list, compare_terms);
	int out = 0;
	for (int i = 0; i < n;) {
		int index = list[i].index, coef = 0;
		for (; i < n && list[i].index == index; i++)
			coef += list[i].coef;
		if (coef)
			list[out++] = (struct tune_term){ (uint16_t)index, (int16_t)coef };
	}
	return out;
}

static double dot(const struct tune_term *list, int n, const double *theta, int offset)
{
	double sum = 0;
	for (int i = 0; i < n; i++)
		sum += list[i].coef * theta[list[i].index + offset];
	return sum;
}

/* Do the merged terms give exactly the evaluation's own sums with the engine's weights? */
static bool adds_up(const struct tune_trace *t, const double *theta, char *err, size_t errlen)
{
	long mg = lround(dot(t->linear, t->nlinear, theta, 0) + dot(t->mg, t->nmg, theta, 0));
	long eg = lround(dot(t->linear, t->nlinear, theta, 1));
	for (int c = WHITE; c <= BLACK; c++) {
		long danger = lround(dot(t->danger[c], t->ndanger[c], theta, 0));
		if (danger != g.danger_sum[c]) {
			snprintf(err, errlen, "the traced danger to %s's king is %ld, the evaluation's %d",
			         c == WHITE ? "White" : "Black", danger, g.danger_sum[c]);
			return false;
		}
		int sign = c == WHITE ? 1 : -1;
		if (t->counted[c] && danger > 0) {
			mg -= sign * (danger * danger / KING_DANGER_DIV);
			eg -= sign * (danger / KING_DANGER_EG_DIV);
		}
	}
	eg += lround(tune_complexity_shift((double)eg, dot(t->complexity, t->ncomplexity, theta, 0), NULL));
	if (mg != g.mg_sum || eg != g.eg_sum) {
		snprintf(err, errlen, "the traced sums are (%ld, %ld), the evaluation's (%d, %d)", mg, eg, g.mg_sum,
		         g.eg_sum);
		return false;
	}
	return true;
}

/* The engine's weights as a parameter vector, made once. */
static double *engine_theta;

static void make_engine_theta(void)
{
	engine_theta = malloc((size_t)tune_params_init() * sizeof *engine_theta);
	if (engine_theta)
		tune_params_current(engine_theta);
}

/* Copies a merged list into the trace; false when it does not fit. */
static bool take(struct tune_term *to, int *n, int cap, struct tune_term *from, int count)
{
	*n = merge(from, count);
	if (*n > cap)
		return false;
	memcpy(to, from, (size_t)*n * sizeof *to);
	return true;
}

bool tune_trace_position(const struct position *pos, struct tune_trace *t, char *err, size_t errlen)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, make_engine_theta);
	if (!engine_theta) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	g.nlinear = g.nmg = g.ndanger[WHITE] = g.ndanger[BLACK] = g.ncomplexity = 0;
	g.king_seen[WHITE] = g.king_seen[BLACK] = g.blended = false;
	g.failure[0] = '\0';
	t->eval = eval_traced(pos, NULL);
	if (!g.failure[0] && (!g.blended || !g.king_seen[WHITE] || !g.king_seen[BLACK]))
		snprintf(g.failure, sizeof g.failure, "the evaluation did not report its king dangers and blend");
	if (!g.failure[0] && !(take(t->linear, &t->nlinear, TUNE_MAX_TERMS, g.linear, g.nlinear) &&
	                       take(t->mg, &t->nmg, TUNE_MAX_TERMS / 8, g.mg, g.nmg) &&
	                       take(t->danger[WHITE], &t->ndanger[WHITE], TUNE_MAX_TERMS / 8, g.danger[WHITE],
	                            g.ndanger[WHITE]) &&
	                       take(t->danger[BLACK], &t->ndanger[BLACK], TUNE_MAX_TERMS / 8, g.danger[BLACK],
	                            g.ndanger[BLACK]) &&
	                       take(t->complexity, &t->ncomplexity, TUNE_MAX_TERMS / 8, g.complexity, g.ncomplexity)))
		snprintf(g.failure, sizeof g.failure, "too many terms in one position");
	if (g.failure[0]) {
		snprintf(err, errlen, "%s", g.failure);
		return false;
	}
	for (int c = WHITE; c <= BLACK; c++)
		t->counted[c] = g.counted[c];
	t->phase = g.phase;
	t->scale = g.scale;
	t->side = g.tempo_side;
	return adds_up(t, engine_theta, err, errlen);
}
