/*
 * Castling by Chess960's rules, of which the standard game's is one case: each right tied to its rook's square,
 * the king landing on g or c and its rook beside it on f or d, whatever squares they came from.  The FEN reader
 * sets the rights up here; make, unmake and the generator read the tables they fill (rules/position.h).
 */
#ifndef OUTPOST_CASTLING_H
#define OUTPOST_CASTLING_H

#include "rules/position.h"

/* No rights and no castling rooks: what a FEN's castling field starts from. */
void castling_clear(struct position *pos);
/*
 * Gives color the right to castle with the rook on rook_sq, beside the king on the first rank: short when the
 * rook stands on the king's h-file side, long otherwise.  The caller has checked both pieces.
 */
void castling_add(struct position *pos, int color, int rook_sq);

/* How the castling field names the rooks. */
enum castling_style {
	CASTLING_XFEN,    /* K Q k q for the outermost rook on its side (so a standard FEN is unchanged), else its file */
	CASTLING_SHREDDER /* always the rook's file: HAha */
};
#define CASTLING_FIELD_MAX 5 /* four letters and the NUL */
/* Writes the FEN's castling field ("-" when there are no rights), each side's short right first. */
void castling_field(const struct position *pos, enum castling_style style, char *out);
/* pos_get_fen with the castling field in the given style (pos_get_fen's is X-FEN). */
void pos_get_fen_as(const struct position *pos, enum castling_style style, char *buf, size_t len);
/* Are the kings and castling rooks where the standard game has them (every right an e-file king and a corner)? */
bool castling_is_standard(const struct position *pos);

#endif
