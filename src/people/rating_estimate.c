/* The rating a player played at: the likelihood of their moves over a grid of ratings, a prior, and the posterior. */
#include "people/rating_estimate.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

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

void rating_evidence_add_opening(struct rating_evidence *e, const double ll[RATING_GRID_N])
{
	for (int i = 0; i < RATING_GRID_N; i++)
		e->opening[i] += ll[i];
	e->opening_moves++;
}

/* x (a log-likelihood over the grid) spread by a normal of sd grid points (cut to the grid), into out. */
static void spread(const double *x, double sd, double *out)
{
	double top = -INFINITY, kernel[RATING_GRID_N], like[RATING_GRID_N]; /* kernel[d]: the normal at d grid steps */
	for (int i = 0; i < RATING_GRID_N; i++)
		top = x[i] > top ? x[i] : top;
	for (int d = 0; d < RATING_GRID_N; d++) {
		double z = d * (double)RATING_GRID_STEP / sd;
		kernel[d] = exp(-0.5 * z * z);
		like[d] = exp(x[d] - top);
	}
	for (int j = 0; j < RATING_GRID_N; j++) {
		double sum = 0, weight = 0;
		for (int i = 0; i < RATING_GRID_N; i++) {
			double k = kernel[i > j ? i - j : j - i];
			sum += k * like[i];
			weight += k;
		}
		out[j] = top + log(sum / weight + 1e-300);
	}
}

/*
 * One game's log-likelihood of the player's rating, into out: the moves' log-likelihood less the offset, with
 * the opening's weighed in, over the temperature, then spread by the game's stray from the rating (a normal of sd
 * game_sd, cut to the grid).
 */
static void game_likelihood(const struct rating_evidence *e, const struct rating_calibration *c, double *out)
{
	double x[RATING_GRID_N];
	for (int i = 0; i < RATING_GRID_N; i++)
		x[i] = (e->ll[i] - (c->offset ? e->moves * c->offset[i] : 0) + c->opening_weight * e->opening[i]) /
		       c->temperature;
	if (c->game_sd > 0)
		spread(x, c->game_sd, out);
	else
		memcpy(out, x, sizeof x);
}

void rating_evidence_join(struct rating_evidence *dst, const struct rating_evidence *src,
                          const struct rating_calibration *c)
{
	double add[RATING_GRID_N];
	if (!src->moves)
		return;
	if (!dst->games && dst->moves) { /* dst was one game: it becomes a pool of one */
		game_likelihood(dst, c, dst->pool);
		dst->games = 1;
	}
	if (src->games)
		memcpy(add, src->pool, sizeof add);
	else
		game_likelihood(src, c, add);
	for (int i = 0; i < RATING_GRID_N; i++)
		dst->pool[i] += add[i];
	dst->games += src->games ? src->games : 1;
	dst->moves += src->moves;
}

void rating_estimate_posterior(const struct rating_evidence *e, const struct rating_calibration *c, double *p)
{
	double top = -INFINITY, sum = 0;
	if (e->games)
		memcpy(p, e->pool, RATING_GRID_N * sizeof *p);
	else
		game_likelihood(e, c, p);
	/* The model's own error at a rating is shared by every game of a player: pooling does not shrink it. */
	if (c->bias_sd > 0) {
		double x[RATING_GRID_N];
		memcpy(x, p, sizeof x);
		spread(x, c->bias_sd, p);
	}
	for (int i = 0; i < RATING_GRID_N; i++) {
		double z = c->prior_sd > 0 ? (rating_grid_at(i) - c->prior_mean) / c->prior_sd : 0;
		p[i] -= 0.5 * z * z;
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
	rating_estimate_posterior(e, c, p);
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
