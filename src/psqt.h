/* Material and piece-square values, kept incrementally by the position. */
#ifndef OUTPOST_PSQT_H
#define OUTPOST_PSQT_H

#include "types.h"

/* Middlegame piece values, used for the game phase and for exchange evaluation. */
extern const int piece_value[PIECE_TYPE_NB];
/* Material plus square bonus for each piece on each square, from White's view (Black's negated). */
extern score_pair_t psq_table[PIECE_NB][SQ_NB];

/* Builds psq_table from the weights in eval_weights.h.  Called by position_init(). */
void psqt_init(void);

#endif
