/*
 * How much of its endgame score the stronger side can hope to convert, by
 * material and pawns alone: a factor out of SCALE_NORMAL that the evaluation
 * applies to the endgame half of its score.  Not tuned: the tuner takes each
 * position's factor as it is.
 */
#ifndef OUTPOST_EVAL_SCALE_H
#define OUTPOST_EVAL_SCALE_H

#include "rules/position.h"

/* The factor for the side that eg (White's view) favours; passed holds the passed pawns of both colours. */
int eval_endgame_scale(const struct position *pos, int eg, bitboard_t passed);

#endif
