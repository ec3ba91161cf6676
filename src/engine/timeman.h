/* How long to think for one move, from the clock, the increment and the moves to the next time control. */
#ifndef OUTPOST_TIMEMAN_H
#define OUTPOST_TIMEMAN_H

#include "engine/engine.h"

struct time_budget {
	bool active;  /* false: no clock and no movetime, search until another limit */
	int soft_ms;  /* aim: no new iteration after this (scaled by the search's stability) */
	int hard_ms;  /* never beyond: the search is stopped here */
};

/*
 * The budget of the side to move `us` under limits l, keeping overhead_ms
 * per move in reserve for the time the answer takes to reach the opponent.
 */
struct time_budget timeman_budget(const struct engine_limits *l, int us, int overhead_ms);

/*
 * How much longer than its soft target the search should think when its score falls: from the root scores of the
 * two iterations before (older, old) and of the last one (now), 1.5 at a fall of a pawn or more below their mean,
 * down to 0.85 at a rise of 30 or more.
 */
double timeman_falling_score_scale(score_t older, score_t old, score_t now);

#endif
