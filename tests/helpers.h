/* Shared helpers for the Criterion suites. */
#ifndef OUTPOST_TEST_HELPERS_H
#define OUTPOST_TEST_HELPERS_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "notation/pgn.h"
#include "engine/engine.h"
#include "rules/line.h"

/*
 * A heap position set from a FEN; the test fails if the FEN is rejected.  It
 * is the position of a line of its own, so that moves can be played and taken
 * back on it with test_play and test_undo; test_free releases it.
 */
struct position *test_position(const char *fen);
void test_free(struct position *pos);
/* The same position with the colours swapped and the board turned over: White's a2 is Black's a7. */
void test_mirror_fen(const char *fen, char *out, size_t len);
void test_play(struct position *pos, move_t m);
void test_undo(struct position *pos);
/* pos_set_fen for a test position: the line restarts from the FEN (unchanged on error). */
bool test_set_fen(struct position *pos, const char *fen, char *err, size_t errlen, char *warn, size_t warnlen);
/* Moves played on a test position since it was set up. */
int test_depth(const struct position *pos);
/*
 * How many times its usual allowance a test that bounds a time may give: OUTPOST_TEST_TIME_SCALE (1 when unset),
 * for the slow builds (sanitizers, valgrind), where every step takes longer but the bound still means something.
 */
int test_time_scale(void);
/* Random numbers for the stress tests: a seed from the clock, printed with the suite's name so a failing run can be
   read again, and xorshift steps from it. */
uint64_t test_seed(const char *suite);
uint64_t test_random(uint64_t *state);
void test_sleep_us(long us);
/* The resident size (VmRSS) of a process in kB, 0 for this one; -1 if it cannot be read. */
long test_resident_kb(pid_t pid);
/* Opens tests/data/NAME (the data made here); the test fails if it cannot. */
FILE *test_data_open(const char *name);
/* Reads a file of the source tree (README.md, man/outpost.6) into a malloc'ed string; the test fails if it cannot. */
char *test_src_read(const char *name);
/* Reads a whole data file into a malloc'ed string. */
char *test_data_read(const char *name, size_t *len);
/*
 * The outside collections (perft suites, real games, WAC...), never copied into the tree: read where they lie,
 * the directory configure --with-test-data names (../shared/data beside the sources by default).  Only the suites
 * named shared_* use them, and make check leaves those out where the build has none.  Whether it has them; the
 * path of NAME among them; NAME opened or read whole.  The test fails where there are none or NAME cannot be read.
 */
bool test_shared_data(void);
void test_shared_path(const char *name, char *path, size_t len);
FILE *test_shared_open(const char *name);
char *test_shared_read(const char *name, size_t *len);
/* Every game of a PGN text into a malloc'ed array; the test fails on an error.  Returns how many. */
int test_read_pgn(const char *text, size_t len, const char *name, struct game ***games);
void test_free_games(struct game **games, int n);
/* Game number `game` of tests/data/NAME, its main line alone (no notes, no variations) with its tags, as PGN. */
char *test_data_main_line(const char *name, int game);
/* The one game of a PGN text; the test fails unless it holds exactly one. */
struct game *test_read_one_game(const char *text);
/* The node of g's main line after `plies` moves; the test fails when the line is shorter. */
int test_main_node(const struct game *g, int plies);
/* Reads a PGN text to its first error: its message formatted into msg ("" if none), the good games before it in *good. */
void test_pgn_first_error(const char *text, const char *name, int *good, char *msg, size_t len);

/* What one search reported to its callbacks (the engine and search suites). */
struct test_result {
	pthread_mutex_t lock;
	int infos, bests, multipv_max;
	move_t best, ponder;
	int64_t best_at;         /* monotonic_ms() when on_best fired */
	struct engine_info last; /* the last report of line 1 */
};

/* Empties r for a new search; the two callbacks below then fill it (ctx is r). */
void test_result_init(struct test_result *r);
void test_on_info(void *ctx, const struct engine_info *info);
void test_on_best(void *ctx, move_t best, move_t ponder);
/* Searches under l into r and waits for the end; the test fails unless on_best fired exactly once. */
void test_go_and_wait(struct engine *e, const struct engine_limits *l, struct test_result *r);
/*
 * Plays from fen, the side to move at `elo` (0: the full engine) against the full engine, each move searched for
 * `nodes`; returns the moves until the stronger side mated, or -1 when it had not after max_moves.
 */
int test_moves_to_mate(const char *fen, int elo, int nodes, int max_moves);
/* Runs a shell command; returns its exit status, with its standard error (not its output) in err. */
int test_shell(const char *cmd, char *err, size_t errlen);
/* Runs a shell command; returns its exit status, with its standard output and error together in out. */
int test_run(const char *cmd, char *out, size_t len);

#endif
