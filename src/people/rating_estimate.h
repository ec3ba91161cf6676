/*
 * The rating a player played at, from the human move model: the likelihood of
 * their moves at each rating of a grid (move_likelihood.h adds one move's), a
 * prior over ratings, and from the posterior a point and an interval.
 *
 * The model is not the truth, and three corrections fitted on the fitting
 * part of the rated games (tools/people/level-fit estimate; checked on the
 * report part, which neither it nor the model saw) make its likelihood
 * honest.  A move's log-likelihood counts at most RATING_MOVE_CLIP below its
 * likeliest rating's, so that one wild move does not decide a game.  An
 * offset by rating is taken off each move's, fitted so that on average the
 * moves of players rated R are likeliest at R: the model alone puts people
 * a hundred or two points below their rating (the people's network weighs
 * by 200-point bucket, and the policy's weight changes at 1100-1200).  And
 * the moves of one game are not independent (one plan, one opening, one
 * player's habits), so the log-likelihood is divided by a temperature,
 * fitted so that the 80% interval holds the player's rating in 80% of the
 * fitting games.  The prior is flat: the point is the median of the
 * likelihood, the rating at which the moves are most likely in the middle,
 * and an interval that holds a 1000's rating as often as a 1800's.
 *
 * Several games of one player pool into one estimate, narrower than each
 * game's.  A player does not play every game at their rating: one game's
 * level strays from it (a good day, a bad one), so each game's likelihood
 * is spread by a normal of the fitted game_sd before the games multiply.
 * Without it five games said five times what one says, and the pooled
 * interval held the rating of too few players; with it one game's interval
 * also holds the rating as often at 1000 as at 1800.
 *
 * The first ten plies, which the move model leaves out, come in apart
 * (people/opening_likelihood.h): what people of each rating play in the
 * openings most reach.  Their log-likelihood is weighed by a fitted
 * opening_weight beside the moves', before the temperature.
 */
#ifndef OUTPOST_RATING_ESTIMATE_H
#define OUTPOST_RATING_ESTIMATE_H

#include <stdbool.h>
#include <stddef.h>

#define RATING_GRID_MIN 600
#define RATING_GRID_MAX 2800
#define RATING_GRID_STEP 25
#define RATING_GRID_N ((RATING_GRID_MAX - RATING_GRID_MIN) / RATING_GRID_STEP + 1)

static inline int rating_grid_at(int i) { return RATING_GRID_MIN + RATING_GRID_STEP * i; }

/*
 * What a player's moves say: one game's moves (games 0), the log-likelihood of the moves at each rating of the
 * grid; or several games pooled (games > 0, rating_evidence_join), the sum of each game's calibrated
 * log-likelihood of the player's rating.
 */
struct rating_evidence {
	double ll[RATING_GRID_N];
	int moves;                     /* in all */
	double opening[RATING_GRID_N]; /* the opening moves' log-likelihood (opening_likelihood.h), apart */
	int opening_moves;
	double pool[RATING_GRID_N]; /* where games > 0 */
	int games;
};

/* How the evidence becomes an estimate: the built-in one is rating_calibration_builtin. */
struct rating_calibration {
	double temperature;          /* the log-likelihood is divided by it */
	const double *offset;        /* RATING_GRID_N: taken off each move's log-likelihood at each rating; NULL none */
	double prior_mean, prior_sd; /* a normal prior over ratings; sd 0: flat */
	double mass;                 /* the interval's share of the posterior, e.g. 0.80 */
	double game_sd;              /* how far one game's level strays from the player's rating; 0: not at all */
	double bias_sd;              /* the model's own error at a rating, shared by all of a player's games: the
	                              * posterior (one game's or a pool's) is spread by a normal of this sd; 0: none */
	double opening_weight;       /* the opening moves' log-likelihood counts this many times a move's */
	bool mode;                   /* the point: the posterior's mode if set, else its median */
};

const struct rating_calibration *rating_calibration_builtin(void);

/* A move's log-likelihood counts at most this far below its likeliest rating's. */
#define RATING_MOVE_CLIP 4.0

/* Fewer moves than this say too little to show an estimate. */
#define RATING_MIN_MOVES 8

struct rating_estimate {
	int rating, low, high; /* the point and the interval, on the grid */
	int moves;
};

void rating_evidence_clear(struct rating_evidence *e);
/* One move's log-likelihood at each rating of the grid (clipped as above). */
void rating_evidence_add(struct rating_evidence *e, const double ll[RATING_GRID_N]);
/* One opening move's log-likelihood at each rating (opening_likelihood.h), unclipped: the counts bound it. */
void rating_evidence_add_opening(struct rating_evidence *e, const double ll[RATING_GRID_N]);
/* Pools src (one game, or games already pooled) into dst: several games of one player, weighed by c. */
void rating_evidence_join(struct rating_evidence *dst, const struct rating_evidence *src,
                          const struct rating_calibration *c);

/* The posterior over the grid, summing to 1, into p (RATING_GRID_N); for fitting and measuring c. */
void rating_estimate_posterior(const struct rating_evidence *e, const struct rating_calibration *c, double *p);

/* The estimate; false when the evidence has fewer than RATING_MIN_MOVES moves. */
bool rating_estimate_of(const struct rating_evidence *e, const struct rating_calibration *c,
                        struct rating_estimate *out);

/* "played like 1350 (1100-1600)"; "" when there is no estimate (est NULL). */
void rating_estimate_text(const struct rating_estimate *est, char *buf, size_t len);

#endif
