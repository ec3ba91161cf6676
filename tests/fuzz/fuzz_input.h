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

#endif
