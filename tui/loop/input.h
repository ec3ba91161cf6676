/*
 * The input line: GNU readline in callback mode, fed one key at a time from
 * the curses loop, with history kept in a file and Tab completion of commands
 * and the legal moves in SAN.  The line and the completions go into the
 * state's prompt for the prompt view; a finished line waits for the loop.
 */
#ifndef OUTPOST_TUI_INPUT_H
#define OUTPOST_TUI_INPUT_H

#include "tui/state/tui.h"

/*
 * Installs the line handler; lines are then kept for input_take_line.
 * history_path may be empty.  With plain, readline reads the keys and draws
 * the prompt itself (input_read); else curses hands it keys (input_key).
 */
void input_init(struct tui *t, const char *history_path, bool plain);
void input_end(void);
/* Gives readline one key from curses (a byte, or a KEY_ code for editing and history keys). */
void input_key(int ch);
/* Plain: reads what the terminal has for readline (call when standard input is ready). */
void input_read(void);
/* Plain: takes the prompt and the line typed so far off the screen, for output, and puts them back after it. */
void input_hide(void);
void input_show(void);
/* Plain: gives the terminal its own modes back (Ctrl-Z) and takes readline's again, the prompt redrawn. */
void input_pause(void);
void input_resume(void);
/* Empties the line and the completions shown. */
void input_clear(void);
/*
 * The line Enter finished, if any since the last call: true with *line
 * malloc'ed (the caller frees it), or NULL at the end of input (Ctrl-D on an
 * empty line).
 */
bool input_take_line(char **line);

#endif
