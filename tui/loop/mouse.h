/* The mouse's events from curses, turned into presses and releases on the board's squares. */
#ifndef OUTPOST_TUI_MOUSE_H
#define OUTPOST_TUI_MOUSE_H

#include "tui/state/tui.h"

/* Asks the terminal for the left button's presses and releases, each reported alone (no clicks made of them). */
void mouse_start(void);
/* Reads the event behind KEY_MOUSE and does what it means on the board; ignored when take is false. */
void mouse_event(struct tui *t, bool take);

#endif
