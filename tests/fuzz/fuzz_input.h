/*
 * What a harness does first with libFuzzer's bytes: the move tables once, a
 * size limit, and a copy of exactly the bytes given (no terminator to lean
 * on), so that a reader that runs past its input is caught by AddressSanitizer.
 */
#ifndef OUTPOST_FUZZ_INPUT_H
#define OUTPOST_FUZZ_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/position.h"

/* A malloc'ed copy of the size bytes (one byte allocated for none); NULL when size is over limit. */
static inline unsigned char *fuzz_input(const uint8_t *data, size_t size, size_t limit)
{
	static bool ready;
	if (!ready) {
		position_init();
		ready = true;
	}
	if (size > limit)
		return NULL;
	unsigned char *copy = malloc(size ? size : 1);
	if (copy && size)
		memcpy(copy, data, size);
	return copy;
}

/*
 * Writes the FNV-1a checksum of copy[from, size) as a little-endian uint32
 * at copy[at]: the network files' readers refuse a bad checksum first, so a
 * harness reads a mutated file once as it is and once re-signed, to reach
 * the checks behind it.  False (nothing written) when nothing follows the header.
 */
static inline bool fuzz_resign(unsigned char *copy, size_t size, size_t from, size_t at)
{
	if (size <= from)
		return false;
	uint32_t h = 2166136261u;
	for (size_t i = from; i < size; i++)
		h = (h ^ copy[i]) * 16777619u;
	for (int i = 0; i < 4; i++)
		copy[at + i] = (uint8_t)(h >> (8 * i));
	return true;
}

#endif
