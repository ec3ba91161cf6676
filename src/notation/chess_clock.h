/*
 * A chess clock: time left and increment per side, and which side's time runs.
 * It knows nothing of games; the game drives it (game_clock.c, game.c).
 */
#ifndef OUTPOST_CHESS_CLOCK_H
#define OUTPOST_CHESS_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/types.h"

/* Milliseconds from some fixed point; tests set their own source. */
typedef int64_t (*clock_time_fn)(void *ctx);

struct chess_clock {
	bool timed;                    /* a time was set for either side */
	int64_t time[COLOR_NB];        /* left when the running side last started */
	int64_t inc[COLOR_NB];
	int running;                   /* the colour whose time runs, or -1 */
	int64_t since;                 /* when it started running */
	clock_time_fn now;             /* NULL: the monotonic clock */
	void *now_ctx;
};

/* A stopped, untimed clock reading the monotonic clock. */
void clock_init(struct chess_clock *c);
int64_t clock_now(const struct chess_clock *c);
/* Stops the running side's time, charging it what it used (no-op when stopped). */
void clock_charge(struct chess_clock *c);
/* Starts `color`'s time (no-op when untimed or already running). */
void clock_start(struct chess_clock *c, int color);
/* Time left for color now, counting the running time; negative once its flag fell. */
int64_t clock_remaining(const struct chess_clock *c, int color);
/*
 * The mover finished a move: charge it, add its increment and start the other
 * side.  Returns false, charging but adding nothing, when its flag had already fallen.
 */
bool clock_press(struct chess_clock *c, int mover);

#endif
