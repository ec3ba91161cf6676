/* Glicko-2, one result a rating period, in the steps of Glickman's description. */
#include <math.h>

#include "notation/glicko.h"

#define GLICKO_SCALE 173.7178 /* Glicko-2's unit in rating points */
#define VOLATILITY_EPSILON 0.000001

struct glicko glicko_new(void)
{
	return (struct glicko){ GLICKO_START_RATING, GLICKO_START_DEVIATION, GLICKO_START_VOLATILITY };
}

static double g_of(double phi) { return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (M_PI * M_PI)); }

/* Step 5's function of x = ln(sigma^2), whose zero is the new volatility. */
struct vol_problem {
	double a, d2, p2, v;
};

static double vol_f(const struct vol_problem *q, double x)
{
	double ex = exp(x), den = q->p2 + q->v + ex;
	return ex * (q->d2 - q->p2 - q->v - ex) / (2.0 * den * den) - (x - q->a) / (GLICKO_TAU * GLICKO_TAU);
}

/* Step 5: the new volatility, by the Illinois variant of regula falsi on vol_f(x) = 0. */
static double new_volatility(double sigma, double phi, double v, double delta)
{
	struct vol_problem q = { log(sigma * sigma), delta * delta, phi * phi, v };
	double A = q.a, B;
	if (q.d2 > q.p2 + v) {
		B = log(q.d2 - q.p2 - v);
	} else {
		int k = 1;
		while (vol_f(&q, q.a - k * GLICKO_TAU) < 0 && k < 100)
			k++;
		B = q.a - k * GLICKO_TAU;
	}
	double fa = vol_f(&q, A), fb = vol_f(&q, B);
	for (int i = 0; i < 100 && fabs(B - A) > VOLATILITY_EPSILON; i++) {
		double C = A + (A - B) * fa / (fb - fa), fc = vol_f(&q, C);
		if (fc * fb <= 0) {
			A = B;
			fa = fb;
		} else {
			fa /= 2;
		}
		B = C;
		fb = fc;
	}
	return exp(A / 2);
}

void glicko_update(struct glicko *g, double opponent, double opponent_deviation, double score)
{
	/* Step 2: to the Glicko-2 scale. */
	double mu = (g->rating - GLICKO_START_RATING) / GLICKO_SCALE, phi = g->deviation / GLICKO_SCALE;
	double mu_j = (opponent - GLICKO_START_RATING) / GLICKO_SCALE, phi_j = opponent_deviation / GLICKO_SCALE;
	/* Steps 3 and 4: the estimated variance and improvement. */
	double gj = g_of(phi_j), e = 1.0 / (1.0 + exp(-gj * (mu - mu_j)));
	double v = 1.0 / (gj * gj * e * (1.0 - e));
	double delta = v * gj * (score - e);
	/* Steps 5 to 7: volatility, the deviation before and after the period, the rating. */
	double sigma = new_volatility(g->volatility, phi, v, delta);
	double phi_star = sqrt(phi * phi + sigma * sigma);
	double phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
	double mu_new = mu + phi_new * phi_new * gj * (score - e);
	/* Step 8: back to the Glicko scale. */
	g->rating = GLICKO_SCALE * mu_new + GLICKO_START_RATING;
	g->deviation = GLICKO_SCALE * phi_new;
	if (g->deviation < GLICKO_MIN_DEVIATION)
		g->deviation = GLICKO_MIN_DEVIATION;
	g->volatility = sigma;
}
