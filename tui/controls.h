/* What the keys and the view commands change: the board's side, the help page, the move list's scroll, questions. */
#ifndef OUTPOST_TUI_CONTROLS_H
#define OUTPOST_TUI_CONTROLS_H

#include "tui.h"

/* Turns the board over. */
void controls_flip(struct tui *t);
/* Shows the help page instead of the game, or goes back to the game. */
void controls_show_help(struct tui *t, bool show);
/* Scrolls the move list by whole pages (negative: back); at the end it follows the game again. */
void controls_scroll_moves(struct tui *t, int pages);
/* Asks on the status line whether to quit; the next key answers (controls_answer). */
void controls_ask_quit(struct tui *t);
/* Asks whether to replace the file `name` (opened as path) with the game; yes saves it there. */
void controls_ask_replace(struct tui *t, const char *name, const char *path);
/* The answer to the question asked (t->loop.asking), which is then no longer asked. */
void controls_answer(struct tui *t, bool yes);
void controls_quit(struct tui *t);

#endif
