/*
 * How likely a person of each rating was to play the move they played: the
 * human move model's probability of it (its features, and the people's
 * policy network where the model names one, as the levels weigh moves), at
 * every rating of the estimate's grid (rating_estimate.h).  The model's
 * weights move smoothly with the rating; the network's by 200-point bucket,
 * so its logits are computed once a bucket.
 */
#ifndef OUTPOST_MOVE_LIKELIHOOD_H
#define OUTPOST_MOVE_LIKELIHOOD_H

#include "people/human_model.h"
#include "people/rating_estimate.h"
#include "rules/movegen.h"

/*
 * The log-probability at each grid rating that move k of list[0..n) is played, the moves' features f; pos is the
 * position (pos->st->move the move that led to it, for the network).
 */
void move_likelihood_of(const struct human_model *m, const struct position *pos, const move_t *list,
                        const float (*f)[HUMAN_FEATURES], int n, int k, double ll[RATING_GRID_N]);

/*
 * The same from the position alone: its legal moves, their features (the model's short looks, with search_best
 * the move a search of HUMAN_SEARCH_NODES prefers) and the move played.  False where the move had no choice
 * (fewer than two legal moves: it tells nothing) or is not legal.  pos is left as it was.
 */
bool move_likelihood_at(const struct human_model *m, struct position *pos, move_t search_best, move_t played,
                        double ll[RATING_GRID_N]);

#endif
