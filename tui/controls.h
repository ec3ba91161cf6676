/* What the keys and the view commands change: the board's side, the help page, the move list's scroll, quitting. */
#ifndef OUTPOST_TUI_CONTROLS_H
#define OUTPOST_TUI_CONTROLS_H

#include "tui.h"

/* Turns the board over. */
void controls_flip(struct tui *t);
/* Shows the help page instead of the game, or goes back to the game. */
void controls_show_help(struct tui *t, bool show);
/* Scrolls the move list by whole pages (negative: back); at the end it follows the game again. */
void controls_scroll_moves(struct tui *t, int pages);
/* Asks on the status line whether to quit; the next key answers (controls_answer_quit). */
void controls_ask_quit(struct tui *t);
void controls_answer_quit(struct tui *t, bool yes);
void controls_quit(struct tui *t);

#endif
