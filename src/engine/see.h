/* Static exchange evaluation: what a capture sequence on one square wins, without searching it. */
#ifndef OUTPOST_SEE_H
#define OUTPOST_SEE_H

#include "rules/position.h"

/* Piece values for exchanges (kings never get captured, so theirs only needs to be large). */
extern const int see_value[PIECE_TYPE_NB];

/*
 * Does m win at least threshold, when both sides keep capturing on its
 * destination with their least valuable attacker (x-rays included) and either
 * may stop when it pays?  Castling, en passant and promotions count as an
 * even exchange.  m must be legal here.
 */
bool see_ge(const struct position *pos, move_t m, int threshold);

#endif
