/* Material the rules care about: dead positions, and whether a side could still mate at all. */
#include "rules/material.h"

/* Only kings, knights and bishops on the board? */
static bool minors_only(const struct position *pos)
{
	return !(pieces(pos, PAWN) | pieces(pos, ROOK) | pieces(pos, QUEEN));
}

/* All of these bishops stand on squares of one colour (true for none). */
static bool one_bishop_colour(bitboard_t bishops)
{
	return !(bishops & LIGHT_SQUARES_BB) || !(bishops & ~LIGHT_SQUARES_BB);
}

/*
 * The dead positions FIDE's article 5.2.2 is mostly about, found by material
 * alone: K v K, K and one knight v K, and kings with any number of bishops all
 * on squares of one colour (K+B v K, K+B v K+B with same-coloured bishops).
 */
bool pos_is_dead_material(const struct position *pos)
{
	if (!minors_only(pos))
		return false;
	int knights = popcount(pieces(pos, KNIGHT));
	bitboard_t bishops = pieces(pos, BISHOP);
	if (knights == 0)
		return one_bishop_colour(bishops);
	return knights == 1 && !bishops;
}

/*
 * Could `color` mate by some series of legal moves, however helped?  Not with
 * a lone king; not with one knight, or bishops of one colour, against a bare
 * king (the defender then has nothing to block its own king with).  Anything
 * more can mate with the defender's help, so it counts as able to.
 */
bool pos_can_mate(const struct position *pos, int color)
{
	if (pos_is_dead_material(pos))
		return false;
	bitboard_t ours = pos->by_color[color];
	bitboard_t heavy = pieces(pos, PAWN) | pieces(pos, ROOK) | pieces(pos, QUEEN);
	if (ours & heavy)
		return true;
	bitboard_t knights = ours & pieces(pos, KNIGHT), bishops = ours & pieces(pos, BISHOP);
	if (!knights && !bishops)
		return false;
	bool bare_defender = !(pos->by_color[!color] & ~pieces(pos, KING));
	if (!bare_defender)
		return true;
	if (!knights)
		return !one_bishop_colour(bishops);
	return more_than_one(knights) || bishops;
}
