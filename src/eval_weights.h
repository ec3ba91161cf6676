/* Every evaluation weight, named once.  Values are (middlegame, endgame) pairs in centipawns. */
#ifndef OUTPOST_EVAL_WEIGHTS_H
#define OUTPOST_EVAL_WEIGHTS_H

#include "types.h"

extern const score_pair_t material_weight[PIECE_TYPE_NB];
/* Square bonuses by piece type, for White, written from a8 (index 0) to h1 (index 63). */
extern const score_pair_t psq_weight[PIECE_TYPE_NB][SQ_NB];

#endif
