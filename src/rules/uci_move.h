/* Moves in coordinates (UCI long algebraic), the form protocols and tools exchange. */
#ifndef OUTPOST_UCI_MOVE_H
#define OUTPOST_UCI_MOVE_H

#include "rules/position.h"

#define UCI_MOVE_MAX 6 /* "e7e8q" and its NUL */

/* Writes m as UCI long algebraic: e2e4, e7e8q, castling as the king's move e1g1; "0000" for MOVE_NONE. */
void move_to_uci(move_t m, char *buf);
/*
 * move_to_uci for a move of pos's game (pos gives the castling rooks' squares): castling written as the king
 * taking its rook (e1h1, UCI_Chess960's form) when king_takes_rook, or when the king goes less than two squares
 * (Chess960), where its own move would read as a step or as no move.
 */
void move_to_uci_in(const struct position *pos, move_t m, bool king_takes_rook, char *buf);

/*
 * Reads a UCI move (e2e4, e7e8q; castling as the king taking its rook, e1h1, or as the king's move of two squares
 * or more, e1g1) and returns the legal move it names here, or MOVE_NONE.
 */
move_t uci_parse_move(const struct position *pos, const char *s);
/* Does from-to, in coordinates, name the castling m, as uci_parse_move reads it? */
bool uci_names_castling(const struct position *pos, move_t m, int from, int to);

#endif
