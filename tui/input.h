/*
 * The input line: GNU readline in callback mode, fed one key at a time from
 * the curses loop and drawn into the screen's bottom row, with history kept in
 * a file and Tab completion of commands and the legal moves in SAN.
 */
#ifndef OUTPOST_TUI_INPUT_H
#define OUTPOST_TUI_INPUT_H

#include "tui.h"

/* Installs the line handler; each line goes to commands_execute(t, line).  history_path may be empty. */
void input_init(struct tui *t, const char *history_path);
void input_end(void);
/* Gives readline one key from curses (a byte, or a KEY_ code for editing and history keys). */
void input_key(int ch);
/* Is nothing typed yet? */
bool input_empty(void);
/* Empties the line. */
void input_clear(void);
/* Draws the prompt and the line into r and puts the cursor where readline's point is. */
void input_draw(const struct tui *t, const struct rect *r);

#endif
