/*
 * Glicko-2 ratings (Glickman, "Example of the Glicko-2 system"): a rating,
 * its deviation (how unsure it is) and its volatility, updated after each
 * rating period from the results against opponents of known rating.  The
 * game gives a player a rating from results against the calibrated levels,
 * one game a period; the puzzle trainer does the same with puzzles.
 */
#ifndef OUTPOST_GLICKO_H
#define OUTPOST_GLICKO_H

#define GLICKO_START_RATING 1500.0
#define GLICKO_START_DEVIATION 350.0
#define GLICKO_START_VOLATILITY 0.06

struct glicko {
	double rating, deviation, volatility;
};

/* A new player: 1500, deviation 350, volatility 0.06. */
struct glicko glicko_new(void);

/* One opponent's rating and deviation, and the score against them (1, 1/2 or 0). */
struct glicko_result {
	double rating, deviation, score;
};

/*
 * The player after a rating period with n results (tau: how fast the
 * volatility may change, 0.3 to 1.2; 0.5 is usual).  With n = 0 only the
 * deviation grows, as for a period without games.
 */
struct glicko glicko_update(struct glicko p, const struct glicko_result *r, int n, double tau);

#endif
