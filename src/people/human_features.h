/*
 * What the human move model knows of each legal move: what it loses by the
 * shallow looks a person takes (human_probe.h), whether a deeper search
 * prefers it, and what kind of move it is (a capture, a recapture, a check,
 * the piece moved, a retreat, a developing move ...).  Every feature is a
 * number of about unit size, so that the weights fitted to them compare.
 */
#ifndef OUTPOST_HUMAN_FEATURES_H
#define OUTPOST_HUMAN_FEATURES_H

#include "rules/movegen.h"

/* The features, in the order of the weights file (human_model.c names them). */
enum human_feature {
	HF_LOSS_Q,       /* expected score lost against the best move, captures counted */
	HF_LOSS_D1,      /* expected score lost when the opponent's best reply is seen too */
	HF_PAWNS_Q,      /* the same two in pawns, capped at 8 */
	HF_PAWNS_D1,
	HF_BEST_Q,       /* the best move by the first look */
	HF_BEST_D1,      /* the best move by the second look */
	HF_SEARCH_BEST,  /* the move a short search of HUMAN_SEARCH_NODES prefers */
	HF_CAPTURE,
	HF_VICTIM,       /* the value of the piece taken, a queen 1 */
	HF_RECAPTURE,    /* takes on the square the opponent just moved to */
	HF_CHECK,
	HF_PROMOTION,
	HF_CASTLING,
	HF_PAWN, HF_KNIGHT, HF_BISHOP, HF_ROOK, HF_QUEEN, HF_KING,
	HF_ESCAPE,       /* moves a piece that stood attacked and was worth more than its attacker or unguarded */
	HF_TO_ATTACKED,  /* lands where an enemy piece attacks */
	HF_PAWN_RANK,    /* a pawn's rank after the move, 0 to 1 from its own side */
	HF_DEVELOP,      /* a knight or bishop leaves its first rank in the first 12 moves */
	HF_EARLY_QUEEN,  /* the queen moves in the first 8 moves */
	HF_KING_WALK,    /* a king step (not castling) with queens on the board */
	HF_RETREAT,      /* a piece (not a pawn) moves back toward its own side */
	HF_DISTANCE,     /* squares travelled, 1 for the whole board */
	HF_SAME_PIECE,   /* moves again the piece its side moved last */
	HF_NEAR_LAST,    /* lands next to (or on) the square of the opponent's last move */
	HF_CENTRE,       /* how much nearer the centre the piece stands */
	HUMAN_FEATURES
};

/* The node budget of the search behind HF_SEARCH_BEST: the same when fitting and when playing. */
#define HUMAN_SEARCH_NODES 3000

/*
 * Fills f[i][*] for each move of list[0..n) (the legal moves of pos).  q and
 * d1 are human_probe_moves' values for the same list; search_best is the
 * short search's move (MOVE_NONE if none).  pos's state stack gives the last
 * moves of both sides where the history reaches back that far.
 */
void human_features(const struct position *pos, const move_t *list, int n, const score_t *q, const score_t *d1,
                    move_t search_best, float (*f)[HUMAN_FEATURES]);

/* A score in centipawns as the expected score of the side it favours, 0 .. 1 (the annotator's curve). */
double human_expected_score(score_t cp);

#endif
