/* Lichess's accuracy: a move's from the win chance it lost, a game's from a weighted and a harmonic mean. */
#include "study/accuracy.h"

#include <math.h>
#include <stddef.h>

#define WIN_SLOPE 0.00368208
#define WINDOW_MIN 2
#define WINDOW_MAX 8
#define WEIGHT_MIN 0.5
#define WEIGHT_MAX 12.0

double accuracy_win_percent(int white_cp) { return 50.0 + 50.0 * (2.0 / (1.0 + exp(-WIN_SLOPE * white_cp)) - 1.0); }

double accuracy_of_move(double win_before, double win_after)
{
	if (win_after >= win_before)
		return 100.0;
	/* Lichess's fitted curve, plus its point for the analysis's own uncertainty. */
	double a = 103.1668100711649 * exp(-0.04354415386753951 * (win_before - win_after)) - 3.166924740191411 + 1;
	return a < 0 ? 0 : a > 100 ? 100 : a;
}

/* The standard deviation of x[0 .. n), kept between the weights' bounds. */
static double window_weight(const double *x, int n)
{
	double mean = 0, var = 0;
	for (int i = 0; i < n; i++)
		mean += x[i] / n;
	for (int i = 0; i < n; i++)
		var += (x[i] - mean) * (x[i] - mean) / n;
	double sd = sqrt(var);
	return sd < WEIGHT_MIN ? WEIGHT_MIN : sd > WEIGHT_MAX ? WEIGHT_MAX : sd;
}

void accuracy_of_game(const double *white_win, int n, int first, double acc[2])
{
	double by[2][ACCURACY_GROUPS_MAX];
	accuracy_of_groups(white_win, n, first, NULL, 1, by);
	acc[0] = by[0][0];
	acc[1] = by[1][0];
}

void accuracy_of_groups(const double *white_win, int n, int first, const int *group, int groups,
                        double acc[2][ACCURACY_GROUPS_MAX])
{
	double weighted[2][ACCURACY_GROUPS_MAX] = { { 0 } }, weights[2][ACCURACY_GROUPS_MAX] = { { 0 } };
	double inverse[2][ACCURACY_GROUPS_MAX] = { { 0 } };
	int moves[2][ACCURACY_GROUPS_MAX] = { { 0 } };
	int window = (n - 1) / 10;
	window = window < WINDOW_MIN ? WINDOW_MIN : window > WINDOW_MAX ? WINDOW_MAX : window;
	if (window > n)
		window = n;
	for (int i = 0; i + 1 < n; i++) {
		/* The first moves share the first window; after them each window ends at the move's position. */
		int start = i + 2 - window < 0 ? 0 : i + 2 - window;
		double w = window_weight(white_win + start, window);
		int side = (first + i) % 2, k = group ? group[i] : 0;
		if (k < 0 || k >= groups)
			continue;
		double before = side == 0 ? white_win[i] : 100 - white_win[i];
		double after = side == 0 ? white_win[i + 1] : 100 - white_win[i + 1];
		double a = accuracy_of_move(before, after);
		weighted[side][k] += a * w;
		weights[side][k] += w;
		inverse[side][k] += 1.0 / (a > 1 ? a : 1); /* as Lichess: a move at 0 counts as 1, so one blunder is not all */
		moves[side][k]++;
	}
	for (int c = 0; c < 2; c++)
		for (int k = 0; k < groups; k++) {
			if (!moves[c][k]) {
				acc[c][k] = -1;
				continue;
			}
			double harmonic = moves[c][k] / inverse[c][k];
			acc[c][k] = (weighted[c][k] / weights[c][k] + harmonic) / 2;
		}
}
