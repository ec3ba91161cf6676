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

/*
 * The people's network takes the rating as a 200-point bucket; read straight, a move's likelihood steps at every
 * bucket's edge, and a game's by several nats, which the estimate would take for evidence.  Here the network's
 * logits are drawn straight between the centres of the two buckets around the rating (level beyond the outer
 * centres): the bucket below is returned, and the share of the one above in *above.
 */
static int bucket_below(int rating, double *above)
{
	double x = (rating - PP_BUCKET_CENTRE_0) / (double)PP_BUCKET_WIDTH;
	*above = 0;
	if (x <= 0)
		return 0;
	if (x >= PP_RATING_INPUTS - 1)
		return PP_RATING_INPUTS - 1;
	int b = (int)x;
	*above = x - b;
	return b;
}

void move_likelihood_of(const struct human_model *m, const struct position *pos, const move_t *list,
                        const float (*f)[HUMAN_FEATURES], int n, int k, double ll[RATING_GRID_N])
{
	float net[PP_RATING_INPUTS][MAX_MOVES];
	bool have[PP_RATING_INPUTS] = { false };
	for (int i = 0; i < RATING_GRID_N; i++) {
		int rating = rating_grid_at(i);
		double logit[MAX_MOVES], above;
		human_model_scores(m, rating, f, n, logit);
		if (m->policy) {
			int b = bucket_below(rating, &above);
			for (int c = b; c <= b + (above > 0); c++)
				if (!have[c]) {
					pp_logits(m->policy, pos, PP_BUCKET_CENTRE_0 + PP_BUCKET_WIDTH * c, list, n, net[c]);
					have[c] = true;
				}
			float mix[MAX_MOVES];
			for (int j = 0; j < n; j++)
				mix[j] = above > 0 ? (float)((1 - above) * net[b][j] + above * net[b + 1][j]) : net[b][j];
			human_model_join_policy(m, rating, mix, n, logit);
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
