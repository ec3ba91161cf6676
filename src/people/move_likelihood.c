/* The probability of the move played at every rating of the grid, by the human move model and its network. */
#include "people/move_likelihood.h"

#include <math.h>

#include "people/human_probe.h"

/* log softmax of logit[0..n) at k. */
static double log_softmax_at(const double *logit, int n, int k)
{
	double top = logit[0], sum = 0;
	for (int i = 1; i < n; i++)
		top = logit[i] > top ? logit[i] : top;
	for (int i = 0; i < n; i++)
		sum += exp(logit[i] - top);
	return logit[k] - top - log(sum);
}

void move_likelihood_of(const struct human_model *m, const struct position *pos, const move_t *list,
                        const float (*f)[HUMAN_FEATURES], int n, int k, double ll[RATING_GRID_N])
{
	float net[PP_RATING_INPUTS][MAX_MOVES];
	bool have[PP_RATING_INPUTS] = { false };
	for (int i = 0; i < RATING_GRID_N; i++) {
		int rating = rating_grid_at(i), b = pp_rating_bucket(rating);
		double logit[MAX_MOVES];
		human_model_scores(m, rating, f, n, logit);
		if (m->policy) {
			if (!have[b])
				pp_logits(m->policy, pos, rating, list, n, net[b]);
			have[b] = true;
			human_model_join_policy(m, rating, net[b], n, logit);
		}
		ll[i] = log_softmax_at(logit, n, k);
	}
}

bool move_likelihood_at(const struct human_model *m, struct position *pos, move_t search_best, move_t played,
                        double ll[RATING_GRID_N])
{
	move_t list[MAX_MOVES];
	score_t q[MAX_MOVES], d1[MAX_MOVES];
	float f[MAX_MOVES][HUMAN_FEATURES];
	int n = generate_legal(pos, list), k = -1;
	for (int i = 0; i < n; i++)
		if (list[i] == played)
			k = i;
	if (n < 2 || k < 0)
		return false;
	human_probe_moves(pos, list, n, q, d1);
	human_features(pos, list, n, q, d1, search_best, f);
	move_likelihood_of(m, pos, list, (const float(*)[HUMAN_FEATURES])f, n, k, ll);
	return true;
}
