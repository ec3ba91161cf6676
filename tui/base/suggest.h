/* When a typed move is not legal: the legal moves whose SAN is nearest to it, if any is near. */
#ifndef OUTPOST_TUI_SUGGEST_H
#define OUTPOST_TUI_SUGGEST_H

#include <stddef.h>

#include "rules/position.h"

/* Edit distance (insertions, deletions, changes, swaps of neighbours) between a and b, both short. */
int suggest_distance(const char *a, const char *b);
#define SUGGEST_MAX 4 /* the most moves named; when more are as near, none is */

/*
 * Writes "Nf3" or "e3 or e4" into out: the legal moves at the least edit
 * distance from text (read as san_typed_form reads it, ignoring x, =, +, #
 * and annotations), when that distance is small for the text's length and at
 * most SUGGEST_MAX moves are that near.  A king typed two squares from its
 * start (Kg1) suggests the castling it means, when that is legal.  Returns how
 * many moves were named (0: none is near; out is then empty).
 */
int suggest_moves(const struct position *pos, const char *text, char *out, size_t len);

#endif
