/*
 * The evaluation's trace hooks.  eval.c writes each weight it adds through
 * these macros.  In the engine they are the bare values and cost nothing.
 * tools/tuning/tune compiles eval.c a second time with EVAL_TRACE defined, and then
 * they also tell the tuner which weight was used, how many times, for which
 * colour and where (the score, a king's danger, or the endgame's complexity), so that the tuner's model
 * of the evaluation is this very code: it cannot drift from it, and the tuner
 * checks its sums against the ones computed here on every position.
 */
#ifndef OUTPOST_EVAL_TRACE_H
#define OUTPOST_EVAL_TRACE_H

#include <stdbool.h>

#ifdef EVAL_TRACE

/* The tuner's build has its own name for the entry point, beside the engine's evaluate(). */
#define evaluate eval_traced

/* Implemented by the tuner (tools/tuning/tune_trace.c); each returns its count. */
int eval_trace_term(const void *weight, int color, int count);   /* in the score, for color */
int eval_trace_danger(const void *weight, int king, int count);  /* in the danger to king's side */
int eval_trace_shelter(const void *weight, int king);            /* both: a penalty of its own and danger */
void eval_trace_king(int king, int danger, bool counted);         /* the danger summed; counted: it is scored */
void eval_trace_tempo(const void *weight, int side);
int eval_trace_complexity(const void *weight, int count);         /* in the endgame's complexity */
void eval_trace_blend(int mg, int eg, int phase, int scale);      /* the sums and how they are blended */

#define TERMS(color, w, n) ((w) * eval_trace_term(&(w), (color), (n)))
#define DANGERS(king, w, n) ((w) * eval_trace_danger(&(w), (king), (n)))
#define SHELTER(king, w) ((w) * eval_trace_shelter(&(w), (king)))
#define COMPLEXITY(w, n) ((w) * eval_trace_complexity(&(w), (n)))
#define TRACE_KING(king, danger, counted) eval_trace_king((king), (danger), (counted))
#define TRACE_TEMPO(side, w) eval_trace_tempo(&(w), (side))
#define TRACE_BLEND(mg, eg, phase, scale) eval_trace_blend((mg), (eg), (phase), (scale))

#else

#define TERMS(color, w, n) ((void)(color), (w) * (n))
#define DANGERS(king, w, n) ((void)(king), (w) * (n))
#define SHELTER(king, w) ((void)(king), (w))
#define COMPLEXITY(w, n) ((w) * (n))
#define TRACE_KING(king, danger, counted) ((void)0)
#define TRACE_TEMPO(side, w) ((void)0)
#define TRACE_BLEND(mg, eg, phase, scale) ((void)0)

#endif

/* A weight added once for color; a weight added to a king's danger once. */
#define TERM(color, w) TERMS(color, w, 1)
#define DANGER(king, w) DANGERS(king, w, 1)

#endif
