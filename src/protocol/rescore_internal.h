/* The pieces of re-scoring: an engine for a worker, and a block of records searched again. */
#ifndef OUTPOST_RESCORE_INTERNAL_H
#define OUTPOST_RESCORE_INTERNAL_H

#include "engine/engine.h"
#include "protocol/rescore.h"
#include "rules/packed.h"

#define RESCORE_BLOCK 256  /* records a worker takes at a time: a second or so of search, the most a stop throws away */
#define RESCORE_REPORTS 10 /* corrupt records named; the rest are counted */

/* A block of records and what became of them, kept until its turn to be written. */
struct rescore_block {
	uint8_t in[RESCORE_BLOCK][PACKED_SIZE], out[RESCORE_BLOCK][PACKED_SIZE];
	int n, nout;
	long long in_check, mate, noisy, bad;
	struct {
		long long record; /* 1 = the input's first */
		char why[200];
	} reports[RESCORE_REPORTS];
	int nreports;
};

/* An engine of one thread with the options' table size and network; NULL with a message in err. */
struct engine *rescore_engine(const struct rescore_options *opt, char *err, size_t errlen);

/*
 * Searches again the b->n records of b->in, the first of them the input's
 * record number `first` (1 = the input's first); fills b->out and the counts.
 * False when the stop flag was raised (err left empty) or the engine failed
 * (a message in err).
 */
bool rescore_block(struct engine *e, const struct rescore_options *opt, long long first, struct rescore_block *b,
                   char *err, size_t errlen);

#endif
