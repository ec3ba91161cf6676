/* Shared helpers for the Criterion suites. */
#ifndef OUTPOST_TEST_HELPERS_H
#define OUTPOST_TEST_HELPERS_H

#include <stddef.h>
#include <stdio.h>

#include "rules/position.h"

/* A heap position set from a FEN; the test fails if the FEN is rejected. */
struct position *test_position(const char *fen);
/* Opens tests/data/NAME; the test fails if it cannot. */
FILE *test_data_open(const char *name);
/* Reads a whole data file into a malloc'ed string. */
char *test_data_read(const char *name, size_t *len);

/* Runs a shell command; returns its exit status, with its standard error (not its output) in err. */
int test_shell(const char *cmd, char *err, size_t errlen);

#endif
