/* The one reader of the monotonic clock, for every part that times something. */
#ifndef OUTPOST_CLOCK_H
#define OUTPOST_CLOCK_H

#include <stdint.h>
#include <time.h>

/* Milliseconds since some fixed point in the past; never jumps with the wall clock. */
static inline int64_t monotonic_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

#endif
