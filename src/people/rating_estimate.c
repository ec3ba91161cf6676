/* The rating a player played at: the likelihood of their moves over a grid of ratings, a prior, and the posterior. */
#include "people/rating_estimate.h"

#include <math.h>
#include <stdio.h>

/* The fitted calibration (rating_calibration.c, written by `tools/people/level-fit estimate --write`). */
extern const struct rating_calibration rating_calibration_fitted;

const struct rating_calibration *rating_calibration_builtin(void) { return &rating_calibration_fitted; }

void rating_evidence_clear(struct rating_evidence *e) { *e = (struct rating_evidence){ 0 }; }

void rating_evidence_add(struct rating_evidence *e, const double ll[RATING_GRID_N])
{
	double top = ll[0];
	for (int i = 1; i < RATING_GRID_N; i++)
		top = ll[i] > top ? ll[i] : top;
	for (int i = 0; i < RATING_GRID_N; i++)
		e->ll[i] += ll[i] - top > -RATING_MOVE_CLIP ? ll[i] - top : -RATING_MOVE_CLIP;
	e->moves++;
}

void rating_evidence_join(struct rating_evidence *dst, const struct rating_evidence *src)
{
	for (int i = 0; i < RATING_GRID_N; i++)
		dst->ll[i] += src->ll[i];
	dst->moves += src->moves;
}

/* The posterior over the grid, normalised, into p. */
static void posterior(const struct rating_evidence *e, const struct rating_calibration *c, double *p)
{
	double top = -INFINITY, sum = 0;
	for (int i = 0; i < RATING_GRID_N; i++) {
		double z = c->prior_sd > 0 ? (rating_grid_at(i) - c->prior_mean) / c->prior_sd : 0;
		double offset = c->offset ? e->moves * c->offset[i] : 0;
		p[i] = (e->ll[i] - offset) / c->temperature - 0.5 * z * z;
		top = p[i] > top ? p[i] : top;
	}
	for (int i = 0; i < RATING_GRID_N; i++)
		sum += p[i] = exp(p[i] - top);
	for (int i = 0; i < RATING_GRID_N; i++)
		p[i] /= sum;
}

/* The rating below which the posterior holds share q, between grid points (each point's mass spread over its step). */
static int quantile(const double *p, double q)
{
	double below = 0;
	for (int i = 0; i < RATING_GRID_N; i++) {
		if (below + p[i] >= q) {
			double within = p[i] > 0 ? (q - below) / p[i] : 0.5;
			return (int)lround(rating_grid_at(i) + RATING_GRID_STEP * (within - 0.5));
		}
		below += p[i];
	}
	return RATING_GRID_MAX;
}

bool rating_estimate_of(const struct rating_evidence *e, const struct rating_calibration *c,
                        struct rating_estimate *out)
{
	if (e->moves < RATING_MIN_MOVES)
		return false;
	double p[RATING_GRID_N];
	posterior(e, c, p);
	int best = 0;
	for (int i = 1; i < RATING_GRID_N; i++)
		best = p[i] > p[best] ? i : best;
	out->rating = c->mode ? rating_grid_at(best) : quantile(p, 0.5);
	out->low = quantile(p, (1 - c->mass) / 2);
	out->high = quantile(p, 1 - (1 - c->mass) / 2);
	out->moves = e->moves;
	return true;
}

/* To the nearest 25: the estimate is no finer than that. */
static int shown(int rating) { return (rating + (rating >= 0 ? 12 : -12)) / 25 * 25; }

void rating_estimate_text(const struct rating_estimate *est, char *buf, size_t len)
{
	if (!est) {
		if (len)
			buf[0] = '\0';
		return;
	}
	snprintf(buf, len, "played like %d (%d-%d)", shown(est->rating), shown(est->low), shown(est->high));
}
