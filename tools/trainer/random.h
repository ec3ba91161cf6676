/*
 * The network trainers' random numbers: one xorshift generator, so that a
 * seed makes the same weights and the same order of positions every run.
 */
#ifndef OUTPOST_TRAINER_RANDOM_H
#define OUTPOST_TRAINER_RANDOM_H

#include <stddef.h>
#include <stdint.h>

/* The next number of the generator at *s (never 0 when *s is not). */
static inline uint64_t tr_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Uniform in [-1, 1). */
static inline float tr_uniform(uint64_t *s)
{
	return (float)((tr_random(s) >> 11) * (1.0 / 9007199254740992.0)) * 2.0f - 1.0f;
}

/* Fisher-Yates over order[0 .. n). */
void tr_shuffle(uint32_t *order, size_t n, uint64_t *rng);

#endif
