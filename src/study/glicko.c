/* Glicko-2: the steps of Glickman's description, on the Glicko-2 scale (rating - 1500) / 173.7178. */
#include "study/glicko.h"

#include <math.h>

#define SCALE 173.7178
#define CONVERGENCE 1e-6

struct glicko glicko_new(void)
{
	return (struct glicko){ GLICKO_START_RATING, GLICKO_START_DEVIATION, GLICKO_START_VOLATILITY };
}

static double g_of(double phi) { return 1 / sqrt(1 + 3 * phi * phi / (M_PI * M_PI)); }

/* The new volatility: the root of Glickman's f(x) by the Illinois method (step 5). */
static double new_volatility(double phi, double sigma, double delta, double v, double tau)
{
	double a = log(sigma * sigma);
#define F(x) (exp(x) * (delta * delta - phi * phi - v - exp(x)) / \
	      (2 * (phi * phi + v + exp(x)) * (phi * phi + v + exp(x))) - ((x) - a) / (tau * tau))
	double A = a, B;
	if (delta * delta > phi * phi + v) {
		B = log(delta * delta - phi * phi - v);
	} else {
		int k = 1;
		while (F(a - k * tau) < 0 && k < 100)
			k++;
		B = a - k * tau;
	}
	double fa = F(A), fb = F(B);
	for (int i = 0; i < 100 && fabs(B - A) > CONVERGENCE; i++) {
		double C = A + (A - B) * fa / (fb - fa), fc = F(C);
		if (fc * fb <= 0) {
			A = B;
			fa = fb;
		} else {
			fa /= 2;
		}
		B = C;
		fb = fc;
	}
#undef F
	return exp(A / 2);
}

struct glicko glicko_update(struct glicko p, const struct glicko_result *r, int n, double tau)
{
	double mu = (p.rating - GLICKO_START_RATING) / SCALE, phi = p.deviation / SCALE, sigma = p.volatility;
	if (n <= 0) {
		p.deviation = fmin(sqrt(phi * phi + sigma * sigma) * SCALE, GLICKO_START_DEVIATION);
		return p;
	}
	double inv_v = 0, sum = 0;
	for (int i = 0; i < n; i++) {
		double mu_j = (r[i].rating - GLICKO_START_RATING) / SCALE, g = g_of(r[i].deviation / SCALE);
		double e = 1 / (1 + exp(-g * (mu - mu_j)));
		inv_v += g * g * e * (1 - e);
		sum += g * (r[i].score - e);
	}
	double v = 1 / inv_v, delta = v * sum;
	double sigma2 = new_volatility(phi, sigma, delta, v, tau);
	double phi_star = sqrt(phi * phi + sigma2 * sigma2);
	double phi2 = 1 / sqrt(1 / (phi_star * phi_star) + 1 / v);
	double mu2 = mu + phi2 * phi2 * sum;
	return (struct glicko){ mu2 * SCALE + GLICKO_START_RATING, phi2 * SCALE, sigma2 };
}
