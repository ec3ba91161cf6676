/*
 * Chess960's start positions by their standard number, 0 to 959 (Scharnagl's scheme, the one the rating lists and
 * the servers use): 518 is the standard game's.  Each is White's pieces on the first rank in one of 960 orders,
 * the king between the rooks and the bishops on squares of both colours, Black's the mirror, pawns in front.
 */
#ifndef OUTPOST_CHESS960_H
#define OUTPOST_CHESS960_H

#include <stddef.h>

#include "rules/position.h"

#define CHESS960_COUNT 960
#define CHESS960_STANDARD 518 /* RNBQKBNR */

/* White's first rank of start position n (0 <= n < 960), as eight letters and a NUL: "RNBQKBNR". */
void chess960_rank(int n, char rank[9]);
/* The FEN of start position n, its castling field X-FEN's: "KQkq" (it names the outermost rooks). */
void chess960_fen(int n, char *buf, size_t len);
/* The number of pos when it is a start position (its pieces, White to move, all four rights), else -1. */
int chess960_number(const struct position *pos);

#endif
