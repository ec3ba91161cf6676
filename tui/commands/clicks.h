/*
 * What the mouse does on the board: a press on a piece picks it up, a press on
 * another square puts it there (click, then click), and a release on another
 * square than the press puts it there too (a drag).  The move goes the way a
 * typed one does (commands_play_move), or is kept as a premove while the
 * engine thinks.  A pawn put on its last rank becomes a queen.
 */
#ifndef OUTPOST_TUI_CLICKS_H
#define OUTPOST_TUI_CLICKS_H

#include "tui/state/tui.h"

/* The button went down on square sq (-1: off the board). */
void clicks_press(struct tui *t, int sq);
/* The button came up on square sq (-1: off the board). */
void clicks_release(struct tui *t, int sq);
/*
 * The engine's move has landed: a piece picked up before it (for a premove)
 * stays in hand on the new position, when it still stands there (picked is
 * the square tui_picked_square gave before the move).
 */
void clicks_follow(struct tui *t, int picked);
/* Puts the picked piece down; returns whether one was picked. */
bool clicks_cancel(struct tui *t);

#endif
