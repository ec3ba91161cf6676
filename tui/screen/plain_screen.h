/*
 * Plain mode's screen: the views written as lines, only what is new since
 * the last time (moves played, a board when it is the person's turn, the
 * analysis now and then, each message once).
 */
#ifndef OUTPOST_TUI_PLAIN_SCREEN_H
#define OUTPOST_TUI_PLAIN_SCREEN_H

#include <stdio.h>

#include "tui/state/tui.h"

/* Writes to out what changed since the last call (at the first: the board, the moves and the message). */
void plain_screen_update(struct tui *t, FILE *out);

#endif
