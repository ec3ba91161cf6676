/* The table of material and piece-square values that the position sums (see psqt.h). */
#include "rules/psqt.h"

const int piece_value[PIECE_TYPE_NB] = { 0, 100, 320, 330, 500, 950, 0 };
score_pair_t psq_table[PIECE_NB][SQ_NB];

void psqt_fill(const score_pair_t material[PIECE_TYPE_NB], const score_pair_t square[PIECE_TYPE_NB][SQ_NB])
{
	for (int type = PAWN; type <= KING; type++) {
		for (int sq = 0; sq < SQ_NB; sq++) {
			score_pair_t v = material[type] + square[type][psqt_index(WHITE, sq)];
			psq_table[make_piece(WHITE, type)][sq] = v;
			psq_table[make_piece(BLACK, type)][relative_square(BLACK, sq)] = -v;
		}
	}
}
