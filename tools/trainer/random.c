/* The trainers' shuffle (see random.h). */
#include "tools/trainer/random.h"

void tr_shuffle(uint32_t *order, size_t n, uint64_t *rng)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = tr_random(rng) % i;
		uint32_t t = order[i - 1];
		order[i - 1] = order[j];
		order[j] = t;
	}
}
