/*
 * The static evaluation: material and piece-square values (kept by the
 * position as it moves), mobility, pawn structure, passed pawns, king safety
 * and threats, each a middlegame and an endgame value blended by the phase.
 * Symmetric by construction: a position and its colour-flipped mirror score
 * the same.
 */
#ifndef OUTPOST_EVAL_H
#define OUTPOST_EVAL_H

#include "rules/position.h"

/* Pawn structure depends on the pawns alone, so it is cached by their key. */
struct pawn_entry {
	uint64_t key;
	score_pair_t score;      /* White's view */
	bitboard_t passed;       /* passed pawns of both colours */
};

#define PAWN_CACHE_SIZE 16384 /* a power of two */
struct eval_cache {
	struct pawn_entry pawns[PAWN_CACHE_SIZE];
};

/* Hands the material and piece-square weights to the position's table (rules/psqt.h); engine_init calls it. */
void eval_init(void);

/* The score of pos from the side to move's view, in centipawns.  cache may be NULL. */
score_t evaluate(const struct position *pos, struct eval_cache *cache);


#endif
