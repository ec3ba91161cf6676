/*
 * The rating each player played at in a game (people/rating_estimate.h):
 * the human move model's likelihood of every move they chose from the
 * eleventh ply on, the plies the model was fitted on, and before it what
 * people of each rating play in the opening (people/opening_likelihood.h).  Each position is
 * first searched briefly, as when the model was fitted (HUMAN_SEARCH_NODES,
 * the hand-written evaluation, its table cleared), since the model weighs a
 * move by whether that search prefers it.  About half a second for a game of
 * 40 moves, whatever the annotation's own search time.
 */
#ifndef OUTPOST_PLAYED_LIKE_H
#define OUTPOST_PLAYED_LIKE_H

#include "engine/engine.h"
#include "notation/game.h"
#include "people/rating_estimate.h"
#include "study/annotate.h"

#define PLAYED_LIKE_MIN_PLY 10 /* level-fit's HUMAN_MIN_PLY: the opening's moves come from memory */

/* The engine of the short searches: one thread, a small table, the hand-written evaluation; NULL with err. */
struct engine *played_like_engine(char *err, size_t errlen);

/* Adds each player's moves on g's main line to ev[colour]; false if out of memory. */
bool played_like_game(struct engine *e, const struct game *g, struct rating_evidence ev[COLOR_NB]);

/*
 * Each player's estimate of g into tally[colour] (has_estimate where the moves say enough), and their evidence into
 * ev[colour] when ev is not NULL; false as above.
 */
bool played_like_tally(struct engine *e, const struct game *g, struct annotate_tally tally[COLOR_NB],
                       struct rating_evidence ev[COLOR_NB]);

/* Several games of the same players (by the name in their tags): each one's moves pooled, the estimate narrower. */
#define PLAYED_LIKE_POOL_MAX 64
#define PLAYED_LIKE_NAME_MAX 80
struct played_like_pool {
	int n;
	struct {
		char name[PLAYED_LIKE_NAME_MAX];
		int games;
		struct rating_evidence ev;
	} player[PLAYED_LIKE_POOL_MAX];
};
/* Adds g's players (those named, not "?") with their evidence ev; players past PLAYED_LIKE_POOL_MAX are left out. */
void played_like_pool_add(struct played_like_pool *pool, const struct game *g, const struct rating_evidence ev[COLOR_NB]);
/* "Over 5 games, Anderssen played like 1450 (1300-1600)" for the i-th player; false when they played one game. */
bool played_like_pool_text(const struct played_like_pool *pool, int i, char *buf, size_t len);

#endif
