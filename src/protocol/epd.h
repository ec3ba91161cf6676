/* EPD test suites: positions with best moves (bm) or moves to avoid (am), run against the engine. */
#ifndef OUTPOST_EPD_H
#define OUTPOST_EPD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "rules/position.h"

#define EPD_MAX_MOVES 8

struct epd_entry {
	char fen[FEN_MAX + 16];
	char id[64];
	int nbm, nam;
	move_t bm[EPD_MAX_MOVES], am[EPD_MAX_MOVES];
};

/*
 * Reads one EPD line: four FEN fields, then operations such as
 * `bm Qg6; id "WAC.001";` (bm and am moves in SAN).  On error returns false
 * with a message in err; a blank or comment (#) line returns false with err
 * empty.
 */
bool epd_parse(const char *line, struct epd_entry *entry, char *err, size_t errlen);

/* Is the engine's move a solution: one of bm (when there are any) and none of am? */
bool epd_solved(const struct epd_entry *entry, move_t move);

struct epd_options {
	int movetime_ms;  /* per position, unless a depth or node limit is given */
	int depth;        /* 0: none */
	long long nodes;  /* 0: none */
	int threads;
	int hash_mb;
};

/*
 * Searches every position of the file (for movetime_ms, or to a depth or node
 * count, which make the run repeatable) and prints one line per position, then
 * `solved N of M`.  False (with a message on stderr) if the
 * file cannot be read or the engine cannot be set up.
 */
bool epd_run(const char *path, const struct epd_options *opt, FILE *out, int *solved, int *total);

#endif
