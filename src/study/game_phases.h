/*
 * A game's phases, for the accuracy of each (as Lichess shows it): Lichess's
 * division (its Divider) less its measure of how mixed the pawns and pieces
 * are.  The middlegame begins where the queens, rooks, bishops and knights
 * of both sides number 10 or fewer or a side's back rank holds fewer than 4
 * of its pieces, the endgame where they number 6 or fewer; a line never goes
 * back to an earlier phase.
 */
#ifndef OUTPOST_GAME_PHASES_H
#define OUTPOST_GAME_PHASES_H

#include "notation/game.h"

enum game_phase { PHASE_OPENING, PHASE_MIDDLEGAME, PHASE_ENDGAME, PHASE_NB };

/* The phase pos is in, by itself. */
enum game_phase game_phase_of(const struct position *pos);
/* The phase of each position nodes[0..n) of a line, in order. */
void game_phases(const struct game *g, const int *nodes, int n, int *phase);
/* "opening", "middlegame", "endgame". */
const char *game_phase_name(enum game_phase p);

#endif
