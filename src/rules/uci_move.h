/* Moves in coordinates (UCI long algebraic), the form protocols and tools exchange. */
#ifndef OUTPOST_UCI_MOVE_H
#define OUTPOST_UCI_MOVE_H

#include "rules/position.h"

#define UCI_MOVE_MAX 6 /* "e7e8q" and its NUL */

/* Writes m as UCI long algebraic: e2e4, e7e8q, castling as the king's move e1g1; "0000" for MOVE_NONE. */
void move_to_uci(move_t m, char *buf);

/*
 * Reads a UCI move (e2e4, e7e8q; castling as e1g1, or e1h1 king-takes-rook)
 * and returns the legal move it names here, or MOVE_NONE.
 */
move_t uci_parse_move(const struct position *pos, const char *s);

#endif
