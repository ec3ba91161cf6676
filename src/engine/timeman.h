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

#endif
