/*
 * The bench: a fixed set of positions, each searched to a fixed depth with one
 * thread and a fresh 16 MB table.  The total node count is a signature of the
 * search: any change that should not alter the search must keep it.
 */
#ifndef OUTPOST_BENCH_H
#define OUTPOST_BENCH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define BENCH_DEFAULT_DEPTH 14

struct bench_result {
	uint64_t nodes;
	uint64_t tbhits; /* tablebase probes answered (with bench_setup's syzygy) */
	int64_t ms;
	int positions;
};

/* What the bench searches with, beyond its fixed settings; all zero: the built-in network, no tablebases. */
struct bench_setup {
	bool hand_written;     /* the hand-written evaluation */
	const char *eval_file; /* else this network, when not NULL */
	const char *syzygy;    /* the Syzygy tablebases' folders (SyzygyPath), when not NULL */
};

/* The positions, as FENs, NULL-terminated. */
extern const char *const bench_positions[];

/*
 * Searches every bench position to depth with the default evaluation (the
 * network); one line per position goes to log (may be NULL).  False if the
 * engine could not be set up.
 */
bool bench_run(int depth, FILE *log, struct bench_result *result);
/* The same with the hand-written evaluation (hand_written), else the network read from eval_file when it is not
 * NULL, else the built-in one. */
bool bench_run_eval(int depth, bool hand_written, const char *eval_file, FILE *log, struct bench_result *result);
/* The same under setup; what SyzygyPath found goes to log too. */
bool bench_run_with(int depth, const struct bench_setup *setup, FILE *log, struct bench_result *result);

#endif
