/* Builds the combined material and piece-square table from the evaluation weights. */
#include "psqt.h"

#include "eval_weights.h"

const int piece_value[PIECE_TYPE_NB] = { 0, 100, 320, 330, 500, 950, 0 };
score_pair_t psq_table[PIECE_NB][SQ_NB];

void psqt_init(void)
{
	for (int type = PAWN; type <= KING; type++) {
		for (int sq = 0; sq < SQ_NB; sq++) {
			/* The weight tables are written rank 8 first, as a board is read. */
			int row = 7 - square_rank(sq), file = square_file(sq);
			score_pair_t v = material_weight[type] + psq_weight[type][row * 8 + file];
			psq_table[make_piece(WHITE, type)][sq] = v;
			psq_table[make_piece(BLACK, type)][relative_square(BLACK, sq)] = -v;
		}
	}
}
