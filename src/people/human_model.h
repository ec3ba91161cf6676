/*
 * The human move model: how likely a person of a given rating is to play
 * each legal move, as a softmax over the moves of a weighted sum of their
 * features (human_features.h).  Each weight is a quadratic in the rating, so
 * that a 900 weighs a move's shallow loss, its captures and checks otherwise
 * than a 2000 does.  The weights are fitted to rated human games by
 * tools/people/level-fit and kept as text in data/human-model.txt, which is also
 * compiled in; another file of the same form may be loaded instead.
 *
 * The sum may have a hidden layer beside it, a small network over the same
 * features and the rating, for what a weighted sum cannot say (a capture
 * weighs otherwise when it loses, a check when it is the best move).
 *
 * The file: a first line "outpost-human-model 1", then lines of
 * "name TEXT", "temperature X", "error_loss X" (optional) and, once for each
 * feature, "FEATURE A B C":
 * the weight at rating R is A + B t + C t^2 with t = (R - 1500) / 500.
 * Optionally "hidden N" and then N lines "unit BIAS OUT W..." with one W for
 * each feature in the enum's order, then two for t and t^2: the unit adds
 * OUT * max(0, BIAS + W . (features, t, t^2)) to a move's score.
 * Optionally "policy FILE W S": the people's policy network (policy.h) in
 * FILE (a relative path is taken from the model file's folder; "builtin" is
 * the one compiled in, data/people-policy.bin) joins the move scores: a
 * move's score is S times the model's own plus W times the network's logit,
 * so that the error rule, the deeper look and the pace keep working on the
 * sum (W 1 S 0: the network alone).
 * Optionally "sight RATING NODES WEIGHT" lines, ratings rising: the deeper
 * look's table (struct human_sight), else human_level.c's default.
 * Optionally "error_at RATING RATE" lines, ratings rising, instead of
 * "error_rate A B C": the error rule's multiplier by rating as a table (a
 * quadratic cannot fall above 2000 without falling at 2000 too).
 * Optionally "inaccuracy_loss X" (above 0, below error_loss) with
 * "inaccuracy_at RATING RATE" lines: the same rule for the smaller mistakes
 * (from X up to error_loss, or up to "inaccuracy_top Y" where given),
 * and "inaccuracy_focus_at RATING F" lines (F 0 to 12, straight between
 * rows): a smaller mistake's odds times exp(F * (its score - the likeliest
 * sound move's)) where it scores below, so that the ones played are those
 * people of the rating play about as often as the sound move.
 * Blank lines and lines from '#' on are skipped.
 */
#ifndef OUTPOST_HUMAN_MODEL_H
#define OUTPOST_HUMAN_MODEL_H

#include <stddef.h>

#include "people/human_features.h"
#include "people/policy.h"

#define HUMAN_RATING_TERMS 3
#define HUMAN_RATING_CENTRE 1500.0
#define HUMAN_RATING_SPAN 500.0
#define HUMAN_MODEL_NAME_MAX 64
#define HUMAN_HIDDEN_MAX 64
#define HUMAN_HIDDEN_INPUTS (HUMAN_FEATURES + 2) /* the features, t and t^2 */

struct human_unit {
	double bias, out, w[HUMAN_HIDDEN_INPUTS];
};

/*
 * How far a player of a rating sees beyond the model's short looks (human_level_sight): the engine searches the
 * moves the model weighs for `nodes`, and each unit of expected score such a move is seen to lose takes `weight`
 * from its logit.  A model file gives the table as "sight RATING NODES WEIGHT" lines, ratings rising; between two
 * rows it is linear, below the first nothing, above the last the last.
 */
struct human_sight {
	int nodes;
	double weight;
};
#define HUMAN_SIGHT_ROWS_MAX 12
struct human_sight_row {
	int rating;
	struct human_sight sight;
};

/* A row of the error rule's table ("error_at RATING RATE"): the multiplier at a rating, straight between rows. */
#define HUMAN_ERROR_ROWS_MAX 12
struct human_error_row {
	int rating;
	double rate;
};

struct human_model {
	char name[HUMAN_MODEL_NAME_MAX];
	double temperature; /* 0: always the likeliest move; otherwise the softmax sharpened by 1/T is sampled */
	double error_loss;  /* above 0: errors are played at the model's rate (human_model_play) */
	double error_rate[HUMAN_RATING_TERMS]; /* that rate's multiplier at a rating, as a weight is (1 0 0 unless given) */
	int error_rows;                        /* above 0: the multiplier is this table's instead of error_rate's */
	struct human_error_row error_at[HUMAN_ERROR_ROWS_MAX];
	double inaccuracy_loss; /* above 0: the smaller mistakes, from this loss to error_loss, have a rule too */
	double inaccuracy_top;  /* above 0: they stop at this loss instead of error_loss ("inaccuracy_top") */
	int inaccuracy_rows;    /* their rate's multiplier by rating ("inaccuracy_at"); none: no such rule */
	struct human_error_row inaccuracy_at[HUMAN_ERROR_ROWS_MAX];
	int focus_rows; /* "inaccuracy_focus_at": their odds narrowed to those near the likeliest sound move's */
	struct human_error_row focus_at[HUMAN_ERROR_ROWS_MAX];
	double w[HUMAN_FEATURES][HUMAN_RATING_TERMS];
	int hidden; /* units of the hidden layer, 0 for none */
	struct human_unit unit[HUMAN_HIDDEN_MAX];
	int sight_rows; /* 0: the default table (human_level.c) */
	struct human_sight_row sight[HUMAN_SIGHT_ROWS_MAX];
	const struct pp_net *policy; /* NULL: none; else kept for the life of the process (pp_shared) */
	double policy_weight, own_weight;
	int policy_rows; /* "policy_weight_at": the network's weight by rating instead of policy_weight */
	struct human_error_row policy_at[HUMAN_ERROR_ROWS_MAX];
};

/* The feature's name in the file, e.g. "loss_d1". */
const char *human_feature_name(int feature);

/* Reads a model from text[0..len); false with "SOURCE:LINE: what was wrong" in err. */
bool human_model_parse(struct human_model *m, const char *text, size_t len, const char *source, char *err,
                       size_t errlen);
/* Reads a model file; false with the reason in err (the model is then left as it was). */
bool human_model_load(struct human_model *m, const char *path, char *err, size_t errlen);
/* The compiled-in model (data/human-model.txt as built). */
const struct human_model *human_model_builtin(void);

/* The weights at a rating. */
void human_model_weights(const struct human_model *m, int rating, double w[HUMAN_FEATURES]);
/* The multiplier of the chance of an error at a rating (the error_at table's, else error_rate's quadratic),
 * 0 to HUMAN_ERROR_SCALE_MAX. */
#define HUMAN_ERROR_SCALE_MAX 12.0
double human_model_error_scale(const struct human_model *m, int rating);
/* The same for the smaller mistakes (the inaccuracy_at table): 0 where the model has none. */
double human_model_inaccuracy_scale(const struct human_model *m, int rating);
/* The rule of play's numbers at a rating: both multipliers, and the smaller mistakes' focus (0: none). */
struct human_rates {
	double error, inaccuracy, focus;
};
struct human_rates human_model_rates(const struct human_model *m, int rating);
/* The weight of the policy network's logits at a rating: the policy_weight_at table's, else the policy line's. */
double human_model_policy_weight(const struct human_model *m, int rating);
/* The model's scores joined with its policy network's logits net[] at a rating: own_weight times the score plus
 * human_model_policy_weight times its logit. */
void human_model_join_policy(const struct human_model *m, int rating, const float *net, int n, double *logit);
/* The log-likelihood (up to a constant) of each move by the weighted sum alone: w . f[i]. */
void human_model_logits(const double w[HUMAN_FEATURES], const float (*f)[HUMAN_FEATURES], int n, double *logit);
/* The rating as the model takes it: t = (R - 1500) / 500. */
static inline double human_rating_t(int rating) { return (rating - HUMAN_RATING_CENTRE) / HUMAN_RATING_SPAN; }
/* A hidden unit's input sum for one move's features f at t (its output is OUT * max(0, this)). */
static inline double human_unit_input(const struct human_unit *u, const float *f, double t)
{
	double a = u->bias + u->w[HUMAN_FEATURES] * t + u->w[HUMAN_FEATURES + 1] * t * t;
	for (int k = 0; k < HUMAN_FEATURES; k++)
		a += u->w[k] * f[k];
	return a;
}
/* The log-likelihood of each move at a rating: the weighted sum and the hidden layer. */
void human_model_scores(const struct human_model *m, int rating, const float (*f)[HUMAN_FEATURES], int n,
                        double *logit);
/*
 * The move a person would play: the likeliest at temperature 0, otherwise
 * drawn from the softmax of logit / temperature with u uniform in [0, 1).
 */
int human_model_choose(const double *logit, int n, double temperature, double u);
/*
 * The move a level plays.  With error_loss 0, human_model_choose at the
 * model's temperature.  Otherwise a person's errors at a person's rate: the
 * moves that lose error_loss or more in expected score by the second look
 * (HF_LOSS_D1) together have some chance by the model; with that chance
 * times rates.error (u1 below it) one of them is played, drawn by the
 * model's odds with u2.  Likewise, with inaccuracy_loss above 0, the moves
 * losing from inaccuracy_loss to error_loss (the likeliest sound move left
 * out) with their chance times rates.inaccuracy: people's smaller mistakes,
 * most of what a person's move loses beside the blunders.
 * Otherwise the likeliest of the other moves.  The likeliest move alone
 * would err far less often than people do, and drawing every move by its
 * odds would rarely play the move a person plays.
 */
int human_model_play(const struct human_model *m, const double *logit, const float (*f)[HUMAN_FEATURES], int n,
                     struct human_rates rates, double u1, double u2);
/*
 * The same where a deeper look has changed the odds: lost[i] is what move i
 * loses by a look of the same depth at every rating (human_level_judge; the
 * second look's HF_LOSS_D1 for a move it did not take in).  The chance of an
 * error and the error drawn come from the model's own odds (prior), as a
 * person of the rating errs however well they calculate the rest of the
 * time, and among the moves that truly lose: mistakes are also the deep ones
 * a glance does not show, not only a piece left hanging.  The sound move is
 * the likeliest by the odds after the look (logit).
 */
int human_model_play_seen(const struct human_model *m, const double *prior, const double *logit,
                          const double *lost, int n, struct human_rates rates, double u1, double u2);

#endif
