/*
 * Material and piece-square values, summed by the position as it moves.
 *
 * This is the one place where the evaluation reaches into the rules, and the
 * accepted exception to "Rules depend on nothing" (Stockfish and Ethereal keep
 * the same sums in their boards): the position adds these numbers up on every
 * make and unmake, so that the evaluation need not.  To keep every include
 * pointing downward, the table is plain data owned here and filled by the
 * engine (engine_init, from its weights) before it sets up any position it
 * evaluates.  Until then it is all zeros, which the rules themselves never read.
 */
#ifndef OUTPOST_PSQT_H
#define OUTPOST_PSQT_H

#include "rules/types.h"

/* Middlegame piece values: the game phase and non_pawn_material count with these. */
extern const int piece_value[PIECE_TYPE_NB];
/* Material plus square bonus for each piece on each square, from White's view (Black's negated). */
extern score_pair_t psq_table[PIECE_NB][SQ_NB];

/* Where a piece of color on sq reads its square bonus in a table written for White from a8 (0) to h1 (63). */
static inline int psqt_index(int color, int sq)
{
	int s = relative_square(color, sq);
	return (7 - square_rank(s)) * 8 + square_file(s);
}

/*
 * Fills psq_table from a material value per piece type and a square table per
 * type for White, written from a8 (index 0) to h1 (index 63) as a board is read.
 */
void psqt_fill(const score_pair_t material[PIECE_TYPE_NB], const score_pair_t square[PIECE_TYPE_NB][SQ_NB]);

#endif
