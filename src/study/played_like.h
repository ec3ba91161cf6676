/*
 * The rating each player played at in a game (people/rating_estimate.h):
 * the human move model's likelihood of every move they chose from the
 * eleventh ply on, the plies the model was fitted on.  Each position is
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

/* Each player's estimate of g into tally[colour] (has_estimate where the moves say enough); false as above. */
bool played_like_tally(struct engine *e, const struct game *g, struct annotate_tally tally[COLOR_NB]);

#endif
