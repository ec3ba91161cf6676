/* When a typed move is not legal: the legal moves whose SAN is nearest to it, if any is near. */
#ifndef OUTPOST_TUI_SUGGEST_H
#define OUTPOST_TUI_SUGGEST_H

#include <stddef.h>

#include "rules/position.h"

/* Edit distance (insertions, deletions, changes, swaps of neighbours) between a and b, both short. */
int suggest_distance(const char *a, const char *b);
/*
 * Writes "Nf3" or "e3 or e4" into out: the legal moves at the least edit
 * distance from text (ignoring x, =, +, # and annotations), when that distance
 * is small for the text's length.  Returns how many moves were named (0: none
 * is near; out is then empty).  At most three are named.
 */
int suggest_moves(const struct position *pos, const char *text, char *out, size_t len);

#endif
