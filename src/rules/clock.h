/*
 * The one monotonic clock reader of the program: the engine's search times,
 * the game's clocks, the front end's pacing and the perft timer all read it,
 * so that they all measure in the same milliseconds and none goes back when
 * the wall clock is set.
 */
#ifndef OUTPOST_CLOCK_H
#define OUTPOST_CLOCK_H

#include <stdint.h>
#include <time.h>

/* Microseconds since an arbitrary start (the machine's boot); never decreases. */
static inline int64_t monotonic_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* The same clock in milliseconds, the unit of every time limit and game clock. */
static inline int64_t monotonic_ms(void) { return monotonic_us() / 1000; }

#endif
