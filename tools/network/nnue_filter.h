/*
 * Which records the network's trainer leaves out, by choice: positions whose
 * score teaches the evaluation little or wrongly.  A side to move in check
 * has a score that the search's next move decides, not the position's
 * standing; a score far beyond any balance of material (a won game, a mate
 * seen as a big number) is a target the network's sigmoid cannot tell from
 * another, and pulls its weights for nothing.  (A best move that captures is
 * the third kind, but the records do not hold the move: self-play and
 * re-scoring leave those out when they write.)
 */
#ifndef OUTPOST_NNUE_FILTER_H
#define OUTPOST_NNUE_FILTER_H

#include <stdbool.h>
#include <stddef.h>

#include "rules/packed.h"

struct nt_filter {
	bool skip_check; /* --skip-check: leave out a side to move in check */
	int max_score;   /* --max-score N: leave out |search score| beyond N centipawns; 0: no bound */
};

/* How many records each reason left out. */
struct nt_filter_counts {
	long long in_check, beyond;
};

/* Whether to train on a good record, unpacked into pos and labels; a record left out is counted in c. */
bool nt_filter_keep(const struct nt_filter *f, const struct position *pos, const struct packed_labels *labels,
                    struct nt_filter_counts *c);

/* "; left out: 3 in check (--skip-check), 1 with |score| beyond 2000 (--max-score)", or "" with no filter. */
void nt_filter_summary(const struct nt_filter *f, const struct nt_filter_counts *c, char *buf, size_t len);

#endif
