/* Shared helpers for the Criterion suites. */
#ifndef OUTPOST_TEST_HELPERS_H
#define OUTPOST_TEST_HELPERS_H

#include <stddef.h>
#include <stdio.h>

#include "notation/pgn.h"
#include "rules/line.h"

/*
 * A heap position set from a FEN; the test fails if the FEN is rejected.  It
 * is the position of a line of its own, so that moves can be played and taken
 * back on it with test_play and test_undo; test_free releases it.
 */
struct position *test_position(const char *fen);
void test_free(struct position *pos);
void test_play(struct position *pos, move_t m);
void test_undo(struct position *pos);
/* pos_set_fen for a test position: the line restarts from the FEN (unchanged on error). */
bool test_set_fen(struct position *pos, const char *fen, char *err, size_t errlen, char *warn, size_t warnlen);
/* Moves played on a test position since it was set up. */
int test_depth(const struct position *pos);
/* Opens tests/data/NAME; the test fails if it cannot. */
FILE *test_data_open(const char *name);
/* Reads a whole data file into a malloc'ed string. */
char *test_data_read(const char *name, size_t *len);
/* Every game of a PGN text into a malloc'ed array; the test fails on an error.  Returns how many. */
int test_read_pgn(const char *text, size_t len, const char *name, struct game ***games);
void test_free_games(struct game **games, int n);
/* Reads a PGN text to its first error: its message formatted into msg ("" if none), the good games before it in *good. */
void test_pgn_first_error(const char *text, const char *name, int *good, char *msg, size_t len);

#endif
