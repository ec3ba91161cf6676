/*
 * What the material on the board allows, by the rules: the one home for
 * "dead position" (the game ends, the search scores a draw) and "can this side
 * still mate" (a fallen flag is a loss or a draw).
 */
#ifndef OUTPOST_MATERIAL_H
#define OUTPOST_MATERIAL_H

#include "rules/position.h"

/*
 * Can no sequence of legal moves end in mate, by material alone (FIDE 5.2.2's
 * usual cases): K v K, K and one minor v K, kings with bishops all on squares
 * of one colour.  Fortresses are not found.
 */
bool pos_is_dead_material(const struct position *pos);
/* Could `color` mate the other side by some series of legal moves, however helped? */
bool pos_can_mate(const struct position *pos, int color);

#endif
