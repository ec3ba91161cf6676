/* The curses screen: start and end, the layout on resize, and the frame composed from the views. */
#ifndef OUTPOST_TUI_SCREEN_H
#define OUTPOST_TUI_SCREEN_H

#include "tui/state/tui.h"

/* Starts curses (raw, keypad) with colours from the terminal and the settings; false if TERM is unusable. */
bool screen_init(struct tui *t);
void screen_end(void);
/* Gives the terminal back for a while (Ctrl-Z), and takes it again, drawn whole. */
void screen_pause(void);
void screen_resume(struct tui *t);
/* Recomputes the layout for the terminal's size now. */
void screen_resize(struct tui *t);
/* Draws the whole screen from the state (curses sends only what changed), cursor in the input line. */
void screen_draw(const struct tui *t);

#endif
