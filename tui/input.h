/*
 * The input line: GNU readline in callback mode, fed one key at a time from
 * the curses loop, with history kept in a file and Tab completion of commands
 * and the legal moves in SAN.  The line and the completions go into the
 * state's prompt for the prompt view; a finished line waits for the loop.
 */
#ifndef OUTPOST_TUI_INPUT_H
#define OUTPOST_TUI_INPUT_H

#include "tui.h"

/* Installs the line handler; lines are then kept for input_take_line.  history_path may be empty. */
void input_init(struct tui *t, const char *history_path);
void input_end(void);
/* Gives readline one key from curses (a byte, or a KEY_ code for editing and history keys). */
void input_key(int ch);
/* Empties the line and the completions shown. */
void input_clear(void);
/*
 * The line Enter finished, if any since the last call: true with *line
 * malloc'ed (the caller frees it), or NULL at the end of input (Ctrl-D on an
 * empty line).
 */
bool input_take_line(char **line);

#endif
