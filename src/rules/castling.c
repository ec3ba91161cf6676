/* Castling rights tied to their rooks' squares: setting them up, and the FEN's castling field. */
#include "rules/castling.h"

#include <string.h>

void castling_clear(struct position *pos)
{
	pos->st->castling = 0;
	memset(pos->castling_rook, SQ_NONE, sizeof pos->castling_rook);
	memset(pos->castling_mask, CASTLING_ANY, sizeof pos->castling_mask);
	memset(pos->castling_path, 0, sizeof pos->castling_path);
}

void castling_add(struct position *pos, int color, int rook_sq)
{
	int king = king_square(pos, color);
	bool kingside = rook_sq > king;
	int index = color * 2 + !kingside, right = 1 << index;
	int king_to = relative_square(color, kingside ? SQ_G1 : SQ_C1), rook_to = castling_rook_to(king_to);

	pos->st->castling |= (uint8_t)right;
	pos->castling_rook[index] = (uint8_t)rook_sq;
	/* A king's move loses both its rights, a move from or onto the rook's square this one. */
	pos->castling_mask[king] &= (uint8_t)~(color == WHITE ? WHITE_OO | WHITE_OOO : BLACK_OO | BLACK_OOO);
	pos->castling_mask[rook_sq] &= (uint8_t)~right;
	/* Both pieces' ways, their landing squares included, the two pieces themselves aside. */
	pos->castling_path[index] = (between_bb(king, king_to) | square_bb(king_to) | between_bb(rook_sq, rook_to) |
	                             square_bb(rook_to)) &
	                            ~(square_bb(king) | square_bb(rook_sq));
}

/* Is the rook of right index the outermost of its colour on its side of the king?  Then K or Q names it. */
static bool outermost(const struct position *pos, int index)
{
	int color = index / 2, rook = pos->castling_rook[index], king = king_square(pos, color);
	bitboard_t rooks = pieces_of(pos, color, ROOK) & rank_bb(square_rank(king));
	bitboard_t beyond = index % 2 ? rooks & (square_bb(rook) - 1) : rooks & ~(square_bb(rook) * 2 - 1);
	return beyond == 0;
}

void castling_field(const struct position *pos, enum castling_style style, char *out)
{
	static const char letters[4] = { 'K', 'Q', 'k', 'q' };
	int rights = pos->st->castling, n = 0;
	for (int index = 0; index < 4; index++) {
		if (!(rights & 1 << index))
			continue;
		int file = square_file(pos->castling_rook[index]);
		if (style == CASTLING_XFEN && outermost(pos, index))
			out[n++] = letters[index];
		else
			out[n++] = (char)((index < 2 ? 'A' : 'a') + file);
	}
	if (!n)
		out[n++] = '-';
	out[n] = '\0';
}

bool castling_is_standard(const struct position *pos)
{
	static const uint8_t corner[4] = { SQ_H1, SQ_A1, SQ_H8, SQ_A8 };
	for (int index = 0; index < 4; index++)
		if ((pos->st->castling & 1 << index) &&
		    (pos->castling_rook[index] != corner[index] ||
		     king_square(pos, index / 2) != relative_square(index / 2, SQ_E1)))
			return false;
	return true;
}
