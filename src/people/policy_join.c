/* Two policy nets as one that gives the mean of their logits (see pp_join in policy.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "people/policy.h"

/* rows[n][ha] and rows[n][hb] into out[n][ha + hb], each times `scale`. */
static void side_by_side(float *out, const float *x, int hx, const float *y, int hy, size_t n, float scale)
{
	for (size_t r = 0; r < n; r++) {
		for (int j = 0; j < hx; j++)
			out[r * (size_t)(hx + hy) + (size_t)j] = scale * x[r * (size_t)hx + (size_t)j];
		for (int j = 0; j < hy; j++)
			out[r * (size_t)(hx + hy) + (size_t)(hx + j)] = scale * y[r * (size_t)hy + (size_t)j];
	}
}

static void mean_of(float *out, const float *x, const float *y, size_t n)
{
	for (size_t i = 0; i < n; i++)
		out[i] = 0.5f * (x[i] + y[i]);
}

/*
 * A move's logit is h . (sum of its rows) + biases + facts.  With the units
 * of both nets side by side, each unit sees its own net's inputs (w1, b1
 * whole), and halving the rows makes the dot product the mean of the two.
 */
bool pp_join(struct pp_net *out, const struct pp_net *a, const struct pp_net *b, const char *name)
{
	int hidden = a->hidden + b->hidden;
	if (hidden > PP_HIDDEN_MAX)
		return false;
	float *p = malloc(pp_count(hidden) * sizeof *p);
	if (!p)
		return false;
	memset(out, 0, sizeof *out);
	snprintf(out->name, sizeof out->name, "%s", name);
	pp_views(out, hidden, p);
	side_by_side(out->w1, a->w1, a->hidden, b->w1, b->hidden, PP_INPUTS, 1);
	side_by_side(out->b1, a->b1, a->hidden, b->b1, b->hidden, 1, 1);
	side_by_side(out->rows, a->rows, a->hidden, b->rows, b->hidden, PP_MOVE_ROWS, 0.5f);
	mean_of(out->row_bias, a->row_bias, b->row_bias, PP_MOVE_ROWS);
	mean_of(out->pair_bias, a->pair_bias, b->pair_bias, 64 * 64);
	mean_of(out->facts, a->facts, b->facts, PP_RATING_INPUTS * PP_MOVE_FACTS);
	return true;
}
