/*
 * A level that plays as a person of its rating does: the engine searches the
 * root briefly (HUMAN_SEARCH_NODES), the human move model weighs every legal
 * move by what a person of that rating sees of it, and the level plays the
 * model's choice.  It then takes a person's time over it: little for a forced
 * move, an obvious recapture or a move of the opening, more where the model
 * hesitates between moves, in proportion to the clock.
 */
#ifndef OUTPOST_HUMAN_LEVEL_H
#define OUTPOST_HUMAN_LEVEL_H

#include "engine/engine.h"
#include "people/human_model.h"

/* Up to this Elo a level is the human model; above it the engine weakened by its search (skill.h). */
#define HUMAN_ELO_MAX 2400

struct human_choice {
	move_t move;
	int legal;      /* the legal moves there were */
	double p_move;  /* the model's probability of the move chosen */
	double p_top;   /* ... and of its likeliest move */
	int fullmove;   /* the move number: the first moves are known by heart */
	int rating;     /* the level's: a weaker player never sits as long over a move */
};

/*
 * What the model makes of a position: its legal moves, their features and the model's odds (logits) of each;
 * once a deeper look has changed the odds (human_level_see), the model's own are kept in `prior`: the chance of
 * an error is a person's, from those, and the look only shapes the sound move (human_level_decide).
 */
struct human_view {
	int n, rating, fullmove;
	bool seen; /* a deeper look changed logit[]; prior[] holds the model's own */
	double prior[MAX_MOVES];
	move_t list[MAX_MOVES];
	float f[MAX_MOVES][HUMAN_FEATURES];
	double logit[MAX_MOVES];
	double lost[MAX_MOVES]; /* what each move loses by the judge's look (human_level_judge), or the second look's */
};

/*
 * How far a player of `rating` sees beyond the model's short looks: the
 * model's sight table (its "sight" lines), or where it has none the default
 * one, which starts at HUMAN_SIGHT_FROM Elo.  Nodes 0: the model alone.
 */
#define HUMAN_SIGHT_FROM 1500
struct human_sight human_level_sight(const struct human_model *m, int rating);

/* The model's view of root (its state history gives the last moves) for a person of `rating`. */
void human_level_consider(const struct human_model *m, int rating, const struct position *root, move_t search_best,
                          struct human_view *v);

/* The moves the person weighs: the model's likeliest, most likely first, until they hold `mass` of its odds. */
int human_level_candidates(const struct human_view *v, double mass, move_t *out, int max);

/*
 * What the look that tells a mistake saw (HUMAN_JUDGE_NODES, the same at
 * every rating): moves[i] loses loss[i] of expected score, kept in lost[];
 * a move not looked at keeps what the second look (HF_LOSS_D1) says.
 */
#define HUMAN_JUDGE_NODES 20000
void human_level_judge(struct human_view *v, const move_t *moves, const double *loss, int k);

/*
 * What a deeper look saw: moves[i] loses loss[i] of expected score, so its
 * logit falls by weight * loss[i]; a move not looked at falls by what the
 * model's second look (HF_LOSS_D1) says it loses.  lost[] stays the judge's:
 * a deeper sight chooses the sound move better and never adds mistakes.
 */
void human_level_see(struct human_view *v, const move_t *moves, const double *loss, int k, double weight);

/*
 * A won ending against a bare king (engine/eval_mate.h), where a look scored
 * moves[i] score[i] for the side to move: a player of these ratings has
 * learnt the mate, so the move is the one the look finds nearest to it (by
 * the engine's score, which drives the king to the edge), and a move not
 * looked at is none.  The model's own odds are set aside here (prior too):
 * fitted on middlegames, they put 40-50% of their weight on moves that hang
 * the queen or stalemate in some of these positions, which the error rule's
 * rate then made certain.
 */
void human_level_technique(struct human_view *v, const move_t *moves, const score_t *score, int k);

/* The move played from the view, drawn by u1 and u2 (human_model_play); MOVE_NONE when there is none. */
move_t human_level_decide(const struct human_model *m, const struct human_view *v, double u1, double u2,
                          struct human_choice *out);

/*
 * The move of a person of `rating` at root (its state history gives the last
 * moves), given the short search's best move; u1 and u2, uniform in [0, 1),
 * draw the move (human_model_play).  MOVE_NONE when there is no legal move.
 */
move_t human_level_choose(const struct human_model *m, int rating, const struct position *root, move_t search_best,
                          double u1, double u2, struct human_choice *out);

/*
 * How long a person takes over the move, in milliseconds, under limits l for
 * the side to move (0: no clock or movetime, so no waiting); jitter in
 * [0, 1) varies it by a fifth either way.
 */
int human_level_think_ms(const struct human_choice *c, const struct engine_limits *l, int side, int move_overhead,
                         double jitter);

#endif
