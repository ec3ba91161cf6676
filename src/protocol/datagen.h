/*
 * Self-play data for tuning and training: the engine plays itself, several
 * games at once (one thread and one engine each, through engine.h), from an
 * opening book plus a few random plies, at a fixed node count a move.  Every
 * game that ends (by the rules or by adjudication) appends its positions to a
 * file of 32-byte records (rules/packed.h) with the search score, the static
 * evaluation and the game's result; a game still in play when the run is
 * stopped writes nothing, so the file only ever holds whole games.
 *
 * Positions not written: the first skip_plies of the engine's play, a side to
 * move in check, a best move that captures or promotes, a mate score.
 */
#ifndef OUTPOST_DATAGEN_H
#define OUTPOST_DATAGEN_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* When a game ends before the rules end it. */
struct datagen_adjudication {
	int skip_plies;     /* engine plies at the start of a game whose positions are not written */
	int win_score;      /* a side ahead by at least this much (White's view, cp) ... */
	int win_plies;      /* ... for this many plies in a row wins */
	int draw_score;     /* |score| at most this much ... */
	int draw_plies;     /* ... for this many plies in a row ... */
	int draw_after_ply; /* ... from this ply of the game on draws */
	int max_plies;      /* a game this long is a draw */
};

struct datagen_options {
	int threads;          /* games in parallel */
	uint64_t nodes;       /* per move */
	int hash_mb;          /* per engine */
	long long games;      /* stop after starting this many games (0: no limit) */
	long long positions;  /* stop starting games once this many positions are written (0: no limit) */
	const char *openings; /* EPD or FEN, one position a line; NULL: the standard start */
	int random_plies;     /* random legal plies after the opening */
	uint64_t seed;        /* games, their openings and random plies follow from it */
	const char *out;      /* records are appended here; a record cut short at its end is dropped first */
	struct datagen_adjudication adjudication;
	volatile sig_atomic_t *stop; /* when set (say by a signal handler), the run ends; may be NULL */
	FILE *progress;              /* a line every progress_seconds and at the end; NULL: silent */
	int progress_seconds;
};

struct datagen_totals {
	long long games, positions;
	long long results[3]; /* by packed result: Black won, draw, White won */
	long long adjudicated;
	double seconds;
};

/* The defaults: 1 thread, 5000 nodes, 4 MB, 4 random plies, skip 8 plies, adjudication as in datagen.c. */
void datagen_defaults(struct datagen_options *opt);

/*
 * Plays games until a limit or a stop; totals say what was written.  False with
 * a message in err when the openings or the output cannot be read or written,
 * or an engine cannot be made; whole games written before then stay.
 */
bool datagen_run(const struct datagen_options *opt, struct datagen_totals *totals, char *err, size_t errlen);

#endif
