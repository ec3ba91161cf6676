/*
 * Drives the real outpost program in a private tmux server: a fixed-size
 * terminal, a locale, a private HOME and XDG directories in a temporary
 * directory, keys sent with send-keys and the screen read with capture-pane.
 */
#ifndef OUTPOST_TEST_TERM_H
#define OUTPOST_TEST_TERM_H

#include <stdbool.h>

struct term {
	char dir[256];   /* the temporary HOME; XDG_CONFIG_HOME and XDG_DATA_HOME are under it */
	char socket[64]; /* tmux -L name, one per test */
	char screen[8192]; /* the last capture */
};

/* A new temporary home (nothing running yet). */
void term_init(struct term *t);
/*
 * Starts `outpost ARGS` (args split on spaces, may be "") at cols x lines with
 * LANG/LC_ALL = locale and the given TERM.  The test fails if tmux cannot start.
 */
void term_start(struct term *t, const char *locale, const char *termname, int cols, int lines, const char *args);
/* Types text literally (no key names). */
void term_type(struct term *t, const char *text);
/* Sends one tmux key name: Enter, Tab, C-c, F2, NPage ... */
void term_key(struct term *t, const char *key);
/* Captures the screen into t->screen and returns it. */
const char *term_capture(struct term *t);
/* Polls the screen (every 50 ms) until it holds text; false after timeout_ms. */
bool term_wait(struct term *t, const char *text, int timeout_ms);
/* Polls until the screen no longer holds text. */
bool term_wait_gone(struct term *t, const char *text, int timeout_ms);
/* The screen's row (0-based) from the last capture, into buf. */
void term_row(const struct term *t, int row, char *buf, int len);
void term_resize(struct term *t, int cols, int lines);
/* The pid of the program in the pane (0 if gone). */
int term_pid(struct term *t);
/* Is the pane's program still running? */
bool term_alive(struct term *t);
/* Kills the tmux server (and with it the program). */
void term_stop(struct term *t);
/* Stops everything and removes the temporary home. */
void term_cleanup(struct term *t);
/* Writes text into a file under the temporary home (making directories); path is relative to it. */
void term_write_file(struct term *t, const char *path, const char *text);
/* Reads a file under the temporary home; NULL if missing.  Malloc'ed. */
char *term_read_file(struct term *t, const char *path);

#endif
