/*
 * `outpost annotate`: the engine searches every position of each game's main
 * line in turn and the moves are marked from what it found (study/annotate.h).
 */
#ifndef OUTPOST_ANNOTATE_GAME_H
#define OUTPOST_ANNOTATE_GAME_H

#include <stdbool.h>
#include <stdio.h>

#include "engine/engine.h"
#include "study/annotate.h"

struct annotate_options {
	int movetime_ms; /* a position, unless depth is set */
	int depth;       /* 0: by time */
	int threads;
	int hash_mb;
	const char *syzygy; /* the Syzygy tables' folders (NULL: none): the search and the coach read them */
};

/* Told after each position searched: done of total. */
typedef void (*annotate_progress_fn)(void *ctx, int done, int total);

/*
 * Searches every position of g's main line under lim and marks its moves;
 * tally (per colour) counts them; the coach's sentences are read off check's
 * searches (NULL: off the timed ones).  progress may be NULL.  False if out of memory.
 */
bool annotate_game(struct engine *e, struct game *g, const struct engine_limits *lim,
                   const struct annotate_checker *check, struct annotate_tally tally[COLOR_NB],
                   annotate_progress_fn progress, void *ctx);

/*
 * Annotates every game of the PGN file at path and writes them to out, the
 * players' summaries to report, a progress bar on report when bar is set.
 * False (with a message on report) when the file cannot be read, holds an
 * error, or out cannot be written.
 */
bool annotate_file(const char *path, const struct annotate_options *opt, FILE *out, FILE *report, bool bar);

#endif
