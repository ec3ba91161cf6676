/*
 * Static exchange evaluation by the swap algorithm.  Instead of building the
 * whole list of gains, it asks only whether the exchange clears a threshold:
 * each side in turn captures with its least valuable attacker, and the side to
 * capture stops as soon as it is already ahead of (or hopelessly behind) the
 * threshold.  Sliders behind a capturing piece join in when it leaves (x-rays).
 * Pinned pieces may not take part while their pinner is still on the board.
 */
#include "engine/see.h"

const int see_value[PIECE_TYPE_NB] = { 0, 100, 320, 330, 500, 950, 20000 };

/* The least valuable of `attackers` (not empty): its type, and its square via *sq. */
static int least_valuable(const struct position *pos, bitboard_t attackers, int *sq)
{
	for (int type = PAWN; type <= KING; type++) {
		bitboard_t b = attackers & pieces(pos, type);
		if (b) {
			*sq = lsb(b);
			return type;
		}
	}
	*sq = SQ_NONE;
	return PIECE_TYPE_NONE;
}

bool see_ge(const struct position *pos, move_t m, int threshold)
{
	if (move_kind(m) != MOVE_NORMAL)
		return 0 >= threshold;

	int from = move_from(m), to = move_to(m);
	/* What we win if nobody recaptures, and what we stand to lose if they do. */
	int swap = see_value[piece_type(piece_on(pos, to))] - threshold;
	if (swap < 0)
		return false;
	swap = see_value[piece_type(piece_on(pos, from))] - swap;
	if (swap <= 0)
		return true;

	bitboard_t occ = occupied(pos) ^ square_bb(from) ^ square_bb(to);
	bitboard_t attackers = attackers_to(pos, to, occ);
	bitboard_t diagonal = pieces(pos, BISHOP) | pieces(pos, QUEEN);
	bitboard_t straight = pieces(pos, ROOK) | pieces(pos, QUEEN);
	int side = piece_color(piece_on(pos, from));
	int result = 1;

	for (;;) {
		side = !side;
		attackers &= occ;
		bitboard_t ours = attackers & pos->by_color[side];
		/* A pinned piece stays put while the piece pinning it is still there. */
		if (pos->st->pinners[!side] & occ)
			ours &= ~pos->st->blockers[side];
		if (!ours)
			break;
		result ^= 1;
		int sq, type = least_valuable(pos, ours, &sq);
		if (type == KING) {
			/* The king may only take last: if the other side still attacks, the capture is illegal. */
			return (attackers & pos->by_color[!side] & ~square_bb(sq)) ? result ^ 1 : result;
		}
		swap = see_value[type] - swap;
		if (swap < result)
			break;
		occ ^= square_bb(sq);
		if (type == PAWN || type == BISHOP || type == QUEEN)
			attackers |= bishop_attacks(to, occ) & diagonal;
		if (type == ROOK || type == QUEEN)
			attackers |= rook_attacks(to, occ) & straight;
	}
	return result != 0;
}
