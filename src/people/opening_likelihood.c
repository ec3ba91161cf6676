/* The opening moves' likelihood by rating, from the counts of opening_table.c (opening_likelihood.h). */
#include "people/opening_likelihood.h"

#include <math.h>

extern const struct opening_table opening_table_fitted;

const struct opening_table *opening_table_builtin(void) { return &opening_table_fitted; }

int opening_band(int rating)
{
	int b = (rating - RATING_GRID_MIN) / OPENING_BAND;
	return rating < RATING_GRID_MIN ? 0 : b >= OPENING_BANDS ? OPENING_BANDS - 1 : b;
}

/* The row of key and move (binary search); t->n when there is none. */
static int find(const struct opening_table *t, uint64_t key, move_t move)
{
	int lo = 0, hi = t->n;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		const struct opening_row *r = &t->rows[mid];
		if (r->key < key || (r->key == key && r->move < move))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->n && t->rows[lo].key == key && t->rows[lo].move == move ? lo : t->n;
}

/* A row's counts (less one game of band `out`, -1 none; no row: none) smoothed over the grid into s; their total. */
static double smoothed(const struct opening_row *r, int out, double s[RATING_GRID_N])
{
	double c[OPENING_BANDS], total = 0;
	for (int b = 0; b < OPENING_BANDS; b++) {
		c[b] = r ? r->count[b] - (b == out && r->count[b] > 0) : 0;
		total += c[b];
	}
	for (int i = 0; i < RATING_GRID_N; i++) {
		s[i] = 0;
		for (int b = 0; b < OPENING_BANDS; b++) {
			if (!c[b])
				continue;
			double z = (rating_grid_at(i) - (RATING_GRID_MIN + OPENING_BAND * (b + 0.5))) / OPENING_KERNEL;
			s[i] += c[b] * exp(-0.5 * z * z);
		}
	}
	return total;
}

bool opening_likelihood_of(const struct opening_table *t, uint64_t key, move_t played, int exclude_rating,
                           double ll[RATING_GRID_N])
{
	int at = find(t, key, MOVE_NONE);
	if (at == t->n)
		return false;
	int mine_at = played == MOVE_NONE ? t->n : find(t, key, played);
	int out = exclude_rating ? opening_band(exclude_rating) : -1;
	double all[RATING_GRID_N], mine[RATING_GRID_N];
	double n_all = smoothed(&t->rows[at], out, all);
	double n_mine = smoothed(mine_at < t->n ? &t->rows[mine_at] : NULL, out, mine);
	if (n_all <= 0)
		return false;
	double share = (n_mine + 1 / OPENING_UNLISTED) / (n_all + 1); /* among everyone */
	for (int i = 0; i < RATING_GRID_N; i++)
		ll[i] = log((mine[i] + OPENING_PRIOR * share) / (all[i] + OPENING_PRIOR));
	return true;
}
