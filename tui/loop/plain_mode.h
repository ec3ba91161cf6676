/* Plain mode's loop: readline reads the terminal itself, and what changes is written as lines above its prompt. */
#ifndef OUTPOST_TUI_PLAIN_MODE_H
#define OUTPOST_TUI_PLAIN_MODE_H

#include "tui/state/tui.h"

/* Is curses of no use here: TERM unset, dumb or unknown (when use_curses would fail), or output not a terminal? */
bool plain_mode_needed(void);
/* Writes what there is to show (around the prompt, once readline has one). */
void plain_mode_write(struct tui *t);
/* Plays until quit, reading standard input; input_init(..., true) came first. */
void plain_mode_run(struct tui *t);

#endif
