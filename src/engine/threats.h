/*
 * The side to move's pieces attacked by something cheaper (a minor by a pawn, a rook by a minor or a pawn, the
 * queen by anything but the queen), and the squares where they would be safe from that: what the search needs to
 * know that a move is an escape.
 */
#ifndef OUTPOST_THREATS_H
#define OUTPOST_THREATS_H

#include "rules/position.h"

struct threats {
	bitboard_t by_pawn, by_minor, by_rook; /* the enemy's attacks: its pawns'; with its minors'; with its rooks' */
	bitboard_t pieces;                      /* ours attacked by something cheaper */
};

static inline bitboard_t threats_attacks_of(const struct position *pos, int color, int type)
{
	bitboard_t b = pieces_of(pos, color, type), out = 0;
	while (b)
		out |= piece_attacks(type, pop_lsb(&b), occupied(pos));
	return out;
}

static inline void threats_find(const struct position *pos, struct threats *t)
{
	int us = pos->side, them = !us;
	t->by_pawn = pawns_attacks_bb(them, pieces_of(pos, them, PAWN));
	t->by_minor = t->by_pawn | threats_attacks_of(pos, them, KNIGHT) | threats_attacks_of(pos, them, BISHOP);
	t->by_rook = t->by_minor | threats_attacks_of(pos, them, ROOK);
	t->pieces = (pieces_of(pos, us, QUEEN) & t->by_rook) | (pieces_of(pos, us, ROOK) & t->by_minor) |
	            ((pieces_of(pos, us, KNIGHT) | pieces_of(pos, us, BISHOP)) & t->by_pawn);
}

/* Does the quiet move m take a threatened piece to a square where nothing cheaper attacks it? */
static inline bool threats_escape(const struct position *pos, const struct threats *t, move_t m)
{
	if (!(t->pieces & square_bb(move_from(m))))
		return false;
	bitboard_t to = square_bb(move_to(m));
	int type = piece_type(moved_piece(pos, m));
	return !(to & (type == QUEEN ? t->by_rook : type == ROOK ? t->by_minor : t->by_pawn));
}

#endif
