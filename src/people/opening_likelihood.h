/*
 * How likely a person of each rating was to play an opening move: the first
 * OPENING_PLIES plies, which the human move model leaves out (they come from
 * memory, not from a look at the board), yet which say much of a player's
 * rating: a 1000 plays 2. Qh5 and a 2000 the main lines.  The counts of what
 * the people of the fitting part of the rated games played in each opening
 * position that at least OPENING_MIN_GAMES of them reached, by 100-point
 * band of the mover's rating (opening_table.c, written by `level-fit
 * openings --write`: do not edit by hand).
 *
 * A move's likelihood at rating r is its share among the moves of people
 * rated near r (the bands' counts smoothed by a normal of OPENING_KERNEL),
 * drawn towards its share among everyone by OPENING_PRIOR games' worth, so
 * that a move few of a band played is not called impossible there.  A move
 * no one played often enough to be listed keeps a small share of its own.
 */
#ifndef OUTPOST_OPENING_LIKELIHOOD_H
#define OUTPOST_OPENING_LIKELIHOOD_H

#include <stdbool.h>
#include <stdint.h>

#include "people/rating_estimate.h"
#include "rules/types.h"

#define OPENING_PLIES 10      /* the human move model's first ply (PLAYED_LIKE_MIN_PLY) */
#define OPENING_MIN_GAMES 20  /* a position fewer reached is not listed */
#define OPENING_BAND 100      /* the counts' bands, from RATING_GRID_MIN */
#define OPENING_BANDS ((RATING_GRID_MAX - RATING_GRID_MIN) / OPENING_BAND + 1)
#define OPENING_KERNEL 100.0  /* sd of the normal that smooths the bands' counts over ratings */
#define OPENING_PRIOR 1.0     /* games' worth of the move's share among everyone, at each rating */
#define OPENING_UNLISTED 30.0 /* a move unlisted or unplayed gets 1/this of a game among the position's */

/* A position's count (move MOVE_NONE: every move played there) or one move's, by band of the mover's rating. */
struct opening_row {
	uint64_t key; /* the position's Zobrist key */
	move_t move;
	uint16_t count[OPENING_BANDS];
};

/* Rows sorted by key, then move, the position's own row (MOVE_NONE) first. */
struct opening_table {
	const struct opening_row *rows;
	int n;
};

const struct opening_table *opening_table_builtin(void);

/* The band of a rating (clamped to the table's). */
int opening_band(int rating);

/*
 * The log-probability at each grid rating that `played` is played in the position of key; false when the table
 * does not list the position.  exclude_rating (0: none) leaves out one game's move, of a player of that rating:
 * for measuring the estimate on the games the table was counted from.
 */
bool opening_likelihood_of(const struct opening_table *t, uint64_t key, move_t played, int exclude_rating,
                           double ll[RATING_GRID_N]);

#endif
