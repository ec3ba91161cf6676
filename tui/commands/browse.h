/*
 * Stepping through the game without moving it: the arrow keys show another
 * node of the tree (the board, the list's highlighted move, its notes and the
 * analysis follow it) while the game stays on its current node, where the
 * engine's move lands.  Reaching the current node again follows the game.
 */
#ifndef OUTPOST_TUI_BROWSE_H
#define OUTPOST_TUI_BROWSE_H

#include "tui/state/tui.h"

/* Shows node; the game's current node (or a bad one) follows the game again. */
void browse_show(struct tui *t, int node);
/* Back to the game's own position. */
void browse_follow(struct tui *t);
/* Steps plies moves on along the shown line (its main continuation), or back when negative. */
void browse_step(struct tui *t, int plies);
/* The game changed: a shown node that went follows the game, one that stayed is replayed. */
void browse_game_changed(struct tui *t);
void browse_free(struct tui *t);

#endif
