/*
 * Marking a game's moves from an engine's opinion of each position: the
 * evaluation after every move ([%eval]), ?!, ? or ?? by what the move cost
 * in expected score, and the engine's better line as a variation.  Plain
 * values in (whoever searched), so that the shell's `outpost annotate` and
 * the terminal game's `annotate` mark a game the same way.
 *
 * The expected score (a win counting 1, a draw 1/2) of a centipawn score is
 * the logistic curve 1 / (1 + exp(-0.00368208 cp)), the one Lichess fitted to
 * its games' results; a mate is a sure 1 or 0.  A move's loss is the mover's
 * expected score before it (the best move's) less that after it.  The
 * thresholds are those of chess.com's expected-points table: from 0.05
 * (a twentieth of a point) an inaccuracy, from 0.10 a mistake, from 0.20 a
 * blunder; from a level game that is about 0.55, 1.1 and 2.3 pawns thrown
 * away.  A move that allows a mate the position did not have is marked at
 * least as Lichess marks it, even where the game was lost already.  Loss in expected score, unlike loss in centipawns, does not mark a
 * move that keeps an easily won game won (+9 to +7), and does mark one that
 * gives away as much where it counts (+1.5 to -1.5 is a blunder).
 */
#ifndef OUTPOST_ANNOTATE_H
#define OUTPOST_ANNOTATE_H

#include <stdbool.h>
#include <stddef.h>

#include "notation/game.h"
#include "people/rating_estimate.h"

#define ANNOTATE_PV_MAX 8              /* moves of a better line kept as a variation, and read by the coach */
#define ANNOTATE_LINE_MAX 16           /* moves of a line kept to check that material taken stays taken */
#define ANNOTATE_MOVETIME_MS 500       /* the search of each position by default: a 40-move game in about 40 s */
#define ANNOTATE_INACCURACY_LOSS 0.05
#define ANNOTATE_MISTAKE_LOSS 0.10
#define ANNOTATE_BLUNDER_LOSS 0.20
#define ANNOTATE_CP_CLIP 1000          /* centipawn losses are counted between -10 and +10 pawns, mates at the ends */
#define ANNOTATE_MATE_MISTAKE_CP 700   /* a mate allowed from this far down is a mistake, not a blunder (Lichess) */
#define ANNOTATE_MATE_INACCURACY_CP 1000 /* and from this far down an inaccuracy */

/* What one search said of one position, turned to White's view. */
struct annotate_search {
	bool has_eval;           /* eval holds a score (not for a position with no legal move) */
	struct game_eval eval;
	double white_score;      /* White's expected score there, 0 .. 1 */
	int white_cp;            /* White's score clipped to +-ANNOTATE_CP_CLIP, mates at the ends */
	move_t pv[ANNOTATE_PV_MAX]; /* the best line; pv_len 0 when there is no legal move */
	int pv_len;
	move_t line[ANNOTATE_LINE_MAX]; /* the same line as far as the search gave it, for the coach's checks */
	int line_len;
};

enum annotate_class { ANNOTATE_GOOD, ANNOTATE_INACCURACY, ANNOTATE_MISTAKE, ANNOTATE_BLUNDER, ANNOTATE_CLASS_NB };

/* Per player: moves judged, centipawns lost in all, the moves of each class, and the accuracy once known. */
struct annotate_tally {
	int moves;
	long cp_loss;
	int count[ANNOTATE_CLASS_NB];
	bool has_accuracy;       /* set by annotate_accuracy when every move of the main line has its evaluation */
	double accuracy;         /* Lichess's accuracy for the game, 0 .. 100 (study/accuracy.h) */
	double phase_accuracy[3]; /* the same over the opening's, middlegame's and endgame's moves; -1 for none */
	int misses;               /* the opponent's blunders left unpunished (study/misses.h) */
	int only_moves, sacrifices; /* moves marked ! and !! (study/good_moves.h) */
	bool has_estimate;       /* set by played_like_tally (study/played_like.h) where the moves say enough */
	struct rating_estimate estimate; /* the rating the player played at, with its interval */
};

/* White's expected score for a centipawn score from White's view (the logistic curve above). */
double annotate_expected_score(int white_cp);
/* The class of a move that lost `loss` in expected score (0 .. 1). */
enum annotate_class annotate_classify(double loss);
/* The NAG for a class: 6 (?!), 2 (?), 4 (??); 0 for a good move. */
int annotate_class_nag(enum annotate_class c);
/* "inaccuracy", "mistake", "blunder", "good move". */
const char *annotate_class_name(enum annotate_class c);

/*
 * A search's last report as an annotate_search: the score from the side to
 * move's view (centipawns, or moves to mate when is_mate, > 0 the side to
 * move mates), its depth and best line.
 */
void annotate_from_search(struct annotate_search *s, int side_to_move, int depth, int score_cp, bool is_mate,
                          int mate_moves, const move_t *pv, int pv_len);
/* A position with no legal move needs no search: mated (0 or 1) or stalemate (1/2).  False when it has moves. */
bool annotate_terminal(const struct position *pos, struct annotate_search *s);

/*
 * Marks node (a move) from the searches of the position before it (its
 * parent's) and after it: its evaluation, its class as a NAG (replacing the
 * NAGs 2, 4 and 6 it had), and where it lost an inaccuracy's worth or more,
 * the better line as a variation (unless the game has that move there
 * already) and the coach's sentence saying why (study/explain.h) as its
 * comment, after the [%eval] that PGN writes first.  The mover's tally
 * counts the move.  Returns the class.
 */
enum annotate_class annotate_mark(struct game *g, int node, const struct annotate_search *before,
                                  const struct annotate_search *after, struct annotate_tally tally[COLOR_NB]);

/*
 * The coach's own search of a position, one that gives the same line every
 * time it is asked (a fixed number of nodes, one thread, its tables cleared
 * first): a marked move's reason is read off these lines, not off the timed
 * searches that marked it, so that two annotations of a game give the same
 * reason however far each timed search happened to get.  exclude, where
 * not MOVE_NONE, is left out of the root's moves: the best line other than
 * the move played, where the coach's search finds that move best.  False
 * when it could not search (the timed lines are read then).
 */
typedef bool (*annotate_check_fn)(void *ctx, const struct pos_line *line, move_t exclude,
                                  struct annotate_search *out);

struct annotate_checker {
	annotate_check_fn search;
	void *ctx;
};

/* annotate_mark, the coach's sentence from check's searches of the positions before and after node (NULL: none). */
enum annotate_class annotate_mark_checked(struct game *g, int node, const struct annotate_search *before,
                                          const struct annotate_search *after, struct annotate_tally tally[COLOR_NB],
                                          const struct annotate_checker *check);

/*
 * Each player's accuracy (Lichess's) from the evaluations on g's main line
 * into tally[color].accuracy; has_accuracy stays false where a move has none.
 */
void annotate_accuracy(const struct game *g, struct annotate_tally tally[COLOR_NB]);
/*
 * "White (Capablanca): 18 centipawns lost a move; 1 inaccuracy, 0 mistakes, 2 blunders", with "accuracy 87%, "
 * after the name once the accuracy is known, and "played like 1350 (1100-1600), " once the estimate is.
 */
void annotate_summary(const struct game *g, int color, const struct annotate_tally *t, char *buf, size_t len);
/* The main line's nodes, the root first (the positions a whole game's annotation searches); NULL if out of memory. */
int *annotate_main_line(const struct game *g, int *n);

#endif
