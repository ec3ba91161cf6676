/*
 * Time management.  The clock left (less a reserve for the move overhead) is
 * shared out over the moves still to play: a soft target per move, which the
 * search may stretch when its best move keeps changing or its score falls
 * (search.c, iteration_says_stop), and a hard limit it
 * never passes, a fraction of what is left so that a long think can never
 * flag.
 */
#include "engine/timeman.h"

/* Moves we plan for when the time control does not say (sudden death). */
#define TM_DEFAULT_MOVES_TO_GO 30
#define TM_MAX_MOVES_TO_GO 50
/* Part of the increment counted toward this move's target, in percent. */
#define TM_INC_SHARE 75
/* The hard limit: this many soft targets, at most this percentage of the clock left. */
#define TM_HARD_FACTOR 4
#define TM_HARD_SHARE_OF_CLOCK 60

struct time_budget timeman_budget(const struct engine_limits *l, int us, int overhead_ms)
{
	struct time_budget tb = { false, 0, 0 };
	if (l->movetime_ms > 0) {
		/* Exactly this long, less the overhead, but never less than half of it. */
		int t = l->movetime_ms - overhead_ms;
		if (t < l->movetime_ms / 2)
			t = l->movetime_ms / 2;
		tb.active = true;
		tb.soft_ms = tb.hard_ms = t > 1 ? t : 1;
		return tb;
	}
	if (l->time_ms[us] <= 0 && l->inc_ms[us] <= 0)
		return tb;

	int left = l->time_ms[us] - overhead_ms;
	if (left < 1)
		left = 1;
	int mtg = l->movestogo > 0 ? l->movestogo : TM_DEFAULT_MOVES_TO_GO;
	if (mtg > TM_MAX_MOVES_TO_GO)
		mtg = TM_MAX_MOVES_TO_GO;
	/* The increment arrives after this move; only sudden death plans on it. */
	int inc = mtg == 1 ? 0 : l->inc_ms[us];
	long soft = left / mtg + (long)inc * TM_INC_SHARE / 100;
	long hard = soft * TM_HARD_FACTOR;
	long cap = (long)left * (mtg == 1 ? 80 : TM_HARD_SHARE_OF_CLOCK) / 100;
	if (hard > cap)
		hard = cap;
	if (soft > hard)
		soft = hard;
	tb.active = true;
	tb.soft_ms = soft > 1 ? (int)soft : 1;
	tb.hard_ms = hard > 1 ? (int)hard : 1;
	return tb;
}

/* A mate score counts as a big but finite one, so that finding or losing a mate does not swamp the clock. */
static int trend_score(score_t s)
{
	return s > 2000 ? 2000 : s < -2000 ? -2000 : s;
}

/*
 * A score below the iterations before means the search has found trouble the shallower ones missed, and the move
 * it will play is least sure: more time there pays.  A rising score shortens the think a little.
 */
double timeman_falling_score_scale(score_t older, score_t old, score_t now)
{
	double before = (trend_score(older) + trend_score(old)) / 2.0;
	double fall = before - trend_score(now);
	fall = fall < -30.0 ? -30.0 : fall > 100.0 ? 100.0 : fall;
	return 1.0 + fall / 200.0;
}
