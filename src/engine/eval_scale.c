/* The endgame scale factor (see eval_scale.h): the drawish material balances, one test each. */
#include "engine/eval_scale.h"

#include <stdlib.h>

#include "engine/eval_weights.h"
#include "rules/psqt.h"

static inline bool has_only(const struct position *pos, int color, int type, int count)
{
	return popcount(pieces_of(pos, color, type)) == count &&
	       pos->non_pawn_material[color] == count * piece_value[type];
}

/*
 * Pawns all on one rook file, with no piece or only the bishop that does not
 * control the queening square, and the defending king in that corner: a draw.
 */
static bool is_wrong_rook_pawn_draw(const struct position *pos, int strong)
{
	bitboard_t pawns = pieces_of(pos, strong, PAWN);
	if (pawns & ~FILE_A_BB && pawns & ~FILE_H_BB)
		return false;
	int queening = relative_square(strong, (pawns & FILE_A_BB ? 0 : 7) + 56);
	bool queening_light = (LIGHT_SQUARES_BB & square_bb(queening)) != 0;
	bitboard_t bishops = pieces_of(pos, strong, BISHOP);
	bool bishop_helps = has_only(pos, strong, BISHOP, 1) && ((LIGHT_SQUARES_BB & bishops) != 0) == queening_light;
	if (pos->non_pawn_material[strong] && (!has_only(pos, strong, BISHOP, 1) || bishop_helps))
		return false;
	return square_distance(king_square(pos, !strong), queening) <= 1;
}

static bool opposite_bishops(const struct position *pos)
{
	bitboard_t w = pieces_of(pos, WHITE, BISHOP), b = pieces_of(pos, BLACK, BISHOP);
	return popcount(w) == 1 && popcount(b) == 1 && !(w & LIGHT_SQUARES_BB) != !(b & LIGHT_SQUARES_BB);
}

/* On one wing: every pawn on files a-d, or every one on files e-h. */
static bool pawns_on_one_wing(const struct position *pos)
{
	bitboard_t pawns = pieces(pos, PAWN), queenside = FILE_A_BB * 0x0F;
	return !(pawns & queenside) || !(pawns & ~queenside);
}

int eval_endgame_scale(const struct position *pos, int eg, bitboard_t passed)
{
	int strong = eg > 0 ? WHITE : BLACK, weak = !strong;
	int npm_strong = pos->non_pawn_material[strong], npm_weak = pos->non_pawn_material[weak];
	bitboard_t pawns_strong = pieces_of(pos, strong, PAWN);
	int npawns = popcount(pawns_strong), nweak_pawns = popcount(pieces_of(pos, weak, PAWN));

	if (!pawns_strong) {
		/* Up by a minor piece at most, with no pawn to promote: no win (a rook against a minor: seldom). */
		if (npm_strong - npm_weak <= piece_value[BISHOP])
			return npm_strong < piece_value[ROOK] ? 0 : SCALE_NORMAL / 4;
		/* Two knights cannot force mate on a bare king; against pawns only sometimes. */
		if (has_only(pos, strong, KNIGHT, 2) && npm_weak == 0)
			return nweak_pawns ? SCALE_NORMAL / 4 : 0;
	} else if (is_wrong_rook_pawn_draw(pos, strong)) {
		return 0;
	}
	if (opposite_bishops(pos)) {
		/* Bishops alone: each passed pawn of the stronger side is what can still win. */
		if (npm_strong == piece_value[BISHOP] && npm_weak == piece_value[BISHOP])
			return SCALE_OCB_ALONE + SCALE_OCB_PER_PASSER * popcount(passed & pawns_strong);
		if (npm_strong == npm_weak)
			return SCALE_OCB_WITH_PIECES;
	}
	/* A rook and a pawn more on one wing against a rook: mostly held. */
	if (has_only(pos, strong, ROOK, 1) && has_only(pos, weak, ROOK, 1) && npawns - nweak_pawns == 1 &&
	    pawns_on_one_wing(pos) && !(passed & pawns_strong))
		return SCALE_ROOK_PAWN_UP_ONE_WING;
	/* Fewer pawns, fewer ways to win. */
	int scale = SCALE_FEW_PAWNS_BASE + SCALE_FEW_PAWNS_PER_PAWN * npawns;
	return scale < SCALE_NORMAL ? scale : SCALE_NORMAL;
}
