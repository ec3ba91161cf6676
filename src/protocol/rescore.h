/*
 * Re-scoring: the records of a file of self-play data (rules/packed.h)
 * searched again by the engine as it is now, and written to another file with
 * the new search score and static evaluation; the position, the result and
 * the tag stay as they were.  A replay of what was learnt before: the old
 * positions, labelled by the newest network.
 *
 * Every record is searched from its own position to a node count, on a
 * cleared table and history, so that its new score follows from the record,
 * the node count and the network alone: the same input gives the same output
 * on any number of threads, and a run stopped and started again gives what an
 * unbroken run gives.  The output is in the input's order, without the records
 * that are corrupt (each reported with its index) and those that self-play
 * would not have written (datagen.h): in check, a mate score, a best move that
 * captures or promotes.
 *
 * A run appends to its output.  When the output already holds records, they
 * are matched in order against the input, and the run goes on after the input
 * record the last of them came from; an output that is not this input's
 * re-scoring is refused.  A stop (a signal, a failure) drops the records of
 * the blocks still being searched, so the output only ever holds a re-scored
 * prefix of the input.
 */
#ifndef OUTPOST_RESCORE_H
#define OUTPOST_RESCORE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct rescore_options {
	const char *in, *out;
	int threads;                 /* positions searched in parallel, one engine each */
	uint64_t nodes;              /* per position */
	int hash_mb;                 /* per engine */
	const char *evalfile;        /* the network to search with; NULL: the program's default evaluation */
	volatile sig_atomic_t *stop; /* when set (say by a signal handler), the run ends; may be NULL */
	FILE *progress;              /* a line every progress_seconds, the corrupt records, the end; NULL: silent */
	int progress_seconds;
};

struct rescore_totals {
	long long records;               /* in the input */
	long long resumed;               /* input records an earlier run went through (its output kept) */
	long long done;                  /* input records this run went through */
	long long written;               /* by this run */
	long long in_check, mate, noisy; /* dropped: in check, a mate score, a best move that captures or promotes */
	long long bad;                   /* corrupt (or with no legal move), skipped */
	double seconds;
};

/* The defaults: 1 thread, 2,500 nodes (the self-play's), 1 MB (a search of a few thousand nodes fills little). */
void rescore_defaults(struct rescore_options *opt);

/*
 * Re-scores opt->in into opt->out until the input's end or a stop; totals say
 * what was done.  False with a message in err when a file cannot be read or
 * written, the output is another file's, or an engine cannot be made; what was
 * written before then stays.
 */
bool rescore_run(const struct rescore_options *opt, struct rescore_totals *totals, char *err, size_t errlen);

/*
 * How far an earlier run got: the records of out matched in order against
 * those of in (by every byte but the scores).  *next is the input record to go
 * on from, *kept the output's records.  False with a message in err when out
 * holds a record that is not a re-scoring of in's records in order.
 */
bool rescore_resume(const char *in, const char *out, long long *next, long long *kept, char *err, size_t errlen);

#endif
