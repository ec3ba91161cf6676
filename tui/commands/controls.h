/* What the keys and the view commands change: the board's side, the help page, the move list's scroll, questions. */
#ifndef OUTPOST_TUI_CONTROLS_H
#define OUTPOST_TUI_CONTROLS_H

#include "tui/state/tui.h"

/* Turns the board over. */
void controls_flip(struct tui *t);
/* Shows the help page instead of the game, or goes back to the game. */
void controls_show_help(struct tui *t, bool show);
/* Asks on the status line whether to quit; the next key answers (controls_answer). */
void controls_ask_quit(struct tui *t);
/* Asks whether to replace the file `name` (opened as path) with the game; yes saves it there. */
void controls_ask_replace(struct tui *t, const char *name, const char *path);
/* Asks whether m, typed at the earlier position shown of the game in play, starts a new line there (session_branch). */
void controls_ask_branch(struct tui *t, move_t m);
/* The answer to the question asked (t->loop.asking), which is then no longer asked. */
void controls_answer(struct tui *t, bool yes);
void controls_quit(struct tui *t);

#endif
