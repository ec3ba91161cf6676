/*
 * A bare king against enough to mate it: a queen, a rook, two bishops on
 * both colours, or a bishop and a knight (pawns or not).  Neither the
 * network nor the hand-written evaluation tells such positions apart (every
 * move of a queen that keeps it scores the same), so a search short of the
 * mate shuffles and the fifty-move rule or a repetition ends the game.  This
 * score drives the king to the edge (to a corner of the bishop's colour,
 * with bishop and knight) and brings the other king close, as a player who
 * has learnt the mate does.
 */
#ifndef OUTPOST_EVAL_MATE_H
#define OUTPOST_EVAL_MATE_H

#include <stdbool.h>

#include "rules/bitboard.h"
#include "rules/position.h"
#include "rules/psqt.h"

/* Above any ordinary winning score, far below the mate range. */
#define EVAL_BARE_KING_WIN 2000

/* 0 in the four centre squares, 3 on the edge. */
static inline int bare_king_edge(int sq)
{
	int f = square_file(sq), r = square_rank(sq);
	int df = f < 4 ? 3 - f : f - 4, dr = r < 4 ? 3 - r : r - 4;
	return df > dr ? df : dr;
}

/* How near the king is to a corner of the bishop's colour: 7 in it. */
static inline int bare_king_corner(int sq, bool light)
{
	int a = light ? SQ_H1 : SQ_A1, b = light ? SQ_A8 : SQ_H8;
	int da = square_distance(sq, a), db = square_distance(sq, b);
	return 7 - (da < db ? da : db);
}

/* True, with the score from the side to move's view in *v, where one side has a bare king and the other can mate it. */
static inline bool eval_bare_king(const struct position *pos, score_t *v)
{
	int weak = popcount(pos->by_color[BLACK]) == 1 ? BLACK : popcount(pos->by_color[WHITE]) == 1 ? WHITE : -1;
	if (weak < 0)
		return false;
	int strong = !weak;
	bitboard_t bishops = pieces_of(pos, strong, BISHOP);
	bool heavy = pieces_of(pos, strong, QUEEN) || pieces_of(pos, strong, ROOK);
	bool bishop_pair = (bishops & LIGHT_SQUARES_BB) && (bishops & ~LIGHT_SQUARES_BB);
	bool bishop_knight = bishops && pieces_of(pos, strong, KNIGHT);
	if (!heavy && !bishop_pair && !bishop_knight)
		return false;
	int wk = king_square(pos, weak), sk = king_square(pos, strong);
	int push = bare_king_edge(wk) * 50;
	if (!heavy && !bishop_pair)
		push += bare_king_corner(wk, (bishops & LIGHT_SQUARES_BB) != 0) * 40;
	int score = EVAL_BARE_KING_WIN + pos->non_pawn_material[strong] +
	            piece_value[PAWN] * popcount(pieces_of(pos, strong, PAWN)) + push +
	            (7 - square_distance(wk, sk)) * 20;
	*v = (score_t)(pos->side == strong ? score : -score);
	return true;
}

#endif
