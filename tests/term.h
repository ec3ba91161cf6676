/*
 * Drives the real outpost program in a private tmux server: a fixed-size
 * terminal, a locale, a private HOME and XDG directories in a temporary
 * directory, keys sent with send-keys and the screen read with capture-pane.
 */
#ifndef OUTPOST_TEST_TERM_H
#define OUTPOST_TEST_TERM_H

#include <stdbool.h>
#include <stddef.h>

#define TERM_WAIT 8000 /* ms a test waits for what it expects: generous, for a loaded machine */

struct term {
	char dir[256];   /* the temporary HOME; XDG_CONFIG_HOME and XDG_DATA_HOME are under it */
	char socket[64]; /* tmux -L name, one per test */
	char screen[8192]; /* the last capture */
	int cols, lines;   /* the size it was started at (or last resized to) */
};

/* The program the tests run: OUTPOST_BIN, or $OUTPOST_TEST_BIN (to watch a test fail on another build, main's). */
const char *term_program(void);
/* A new temporary home (nothing running yet). */
void term_init(struct term *t);
/*
 * Starts `outpost ARGS` (args split on spaces, may be "") at cols x lines with
 * LANG/LC_ALL = locale and the given TERM.  The test fails if tmux cannot start.
 */
void term_start(struct term *t, const char *locale, const char *termname, int cols, int lines, const char *args);
/*
 * Starts an interactive shell (bash, no rc files, the prompt "outpost-shell$ ") in the same environment, to run
 * the program as a job in it.
 */
void term_start_shell(struct term *t, const char *locale, const char *termname, int cols, int lines);
/* Types text literally (no key names). */
void term_type(struct term *t, const char *text);
/* Sends one tmux key name: Enter, Tab, C-c, F2, NPage ... */
void term_key(struct term *t, const char *key);
/*
 * Sends the report a terminal sends for the left mouse button pressed (or
 * released) at row, col (0-based): X10 style (ESC [ M and three bytes, what
 * ncurses asks for with TERM=tmux-256color; col and row under 94) or SGR 1006
 * (ESC [ < ..., with TERM=xterm-256color).
 */
void term_mouse(struct term *t, bool press, int row, int col, bool sgr);
/* The cell at the middle of a square ("e4") of the board as the game lays it out for the terminal's size. */
void term_square_cell(const struct term *t, const char *name, bool flipped, int *row, int *col);
/* A click on a square, its press and release sent in one write (read together, as on a busy machine). */
void term_click_at_once(struct term *t, const char *name, bool flipped, bool sgr);
/* term_mouse at the middle of a square. */
void term_mouse_square(struct term *t, bool press, const char *name, bool flipped, bool sgr);
/* Captures the screen into t->screen and returns it. */
const char *term_capture(struct term *t);
/* Captures the screen with its colours and attributes as escape sequences (tmux capture-pane -e) into buf. */
void term_capture_styled(struct term *t, char *buf, size_t len);
/* Polls the screen (every 50 ms) until it holds text; false after timeout_ms (times test_time_scale()). */
bool term_wait(struct term *t, const char *text, int timeout_ms);
/* Polls until the screen holds text; the test fails (showing the screen) after TERM_WAIT ms. */
void term_expect(struct term *t, const char *text);
/* The test fails when the last capture holds text. */
void term_refute(const struct term *t, const char *text);
/* Like term_wait, with the screen's rows joined by a space: for a status message, which may wrap. */
bool term_said(struct term *t, const char *text, int timeout_ms);
/* Like term_expect, with the screen's rows joined by a space: for a status message, which may wrap. */
void term_expect_said(struct term *t, const char *text);
/* Types a line and presses Enter. */
void term_enter(struct term *t, const char *line);
/* Polls until the screen no longer holds text. */
bool term_wait_gone(struct term *t, const char *text, int timeout_ms);
/* The screen's row (0-based) from the last capture, into buf. */
void term_row(const struct term *t, int row, char *buf, int len);
/* The character (UTF-8 aware) at row, col of the last capture, into out; "" past the line's end. */
void term_cell(const struct term *t, int row, int col, char *out, size_t len);
void term_resize(struct term *t, int cols, int lines);
/* What the last capture shows on a square ("e4") of the game's board as laid out for the terminal; " " when empty. */
const char *term_square(const struct term *t, const char *name, bool flipped);
/* Polls until a square ("e4") of the board shows piece (a capture may catch the screen half drawn); the test fails
   (showing the screen) after TERM_WAIT ms. */
void term_expect_square(struct term *t, const char *name, const char *piece, bool flipped);
/* Polls until the program has ended; false after timeout_ms. */
bool term_wait_exit(struct term *t, int timeout_ms);
/* The pid of the program in the pane (0 if gone). */
int term_pid(struct term *t);
/* The pid of the program the shell of term_start_shell runs (0 if none). */
int term_job_pid(struct term *t);
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
