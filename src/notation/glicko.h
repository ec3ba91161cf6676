/*
 * The player's puzzle rating, by Glicko-2 (Glickman, "Example of the Glicko-2
 * system"): a rating, its deviation (how sure it is) and its volatility,
 * updated after each puzzle as a game against the puzzle's own rating, won
 * when solved.  On the Glicko scale (1500 for a new player, deviation 350).
 */
#ifndef OUTPOST_GLICKO_H
#define OUTPOST_GLICKO_H

#define GLICKO_START_RATING 1500.0
#define GLICKO_START_DEVIATION 350.0
#define GLICKO_START_VOLATILITY 0.06
#define GLICKO_MIN_DEVIATION 45.0  /* never surer than this, so that the rating keeps following the player */
#define GLICKO_TAU 0.5             /* how far the volatility may move in one period */

struct glicko {
	double rating, deviation, volatility;
};

/* A new player's rating. */
struct glicko glicko_new(void);
/* The rating after one result (1 solved, 0 missed) against an opponent of that rating and deviation. */
void glicko_update(struct glicko *g, double opponent, double opponent_deviation, double score);

#endif
