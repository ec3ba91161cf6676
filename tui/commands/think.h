/* Driving the engine for the game: its moves, hints and analysis, started and stopped without blocking the keys. */
#ifndef OUTPOST_TUI_THINK_H
#define OUTPOST_TUI_THINK_H

#include "tui/state/tui.h"

/*
 * Starts the engine on a task (any running search is stopped first): its own
 * move from the game's current position; a hint or analysis of the position shown.
 */
void think_start(struct tui *t, enum task task);
/*
 * Starts the search for the opponent's threat in the position shown (the
 * same position with the other side to move); its end says the threat in
 * words.  False with why in err (in check, no move for the other side).
 */
bool think_threat(struct tui *t, char *err, size_t errlen);
/* Stops the search and waits for its thread (a few milliseconds); its result is thrown away. */
void think_stop(struct tui *t);
/* The program was stopped (Ctrl-Z) for ms: the engine's move in progress does not count that time, as the clocks do not. */
void think_discount(struct tui *t, int64_t ms);
/*
 * Copies the search's snapshot; ends a finished hint (showing it) or analysis.
 * Returns true when the screen should be redrawn.
 */
bool think_poll(struct tui *t);
/*
 * When the engine's search for its own move has ended and the move is due:
 * ends the task, puts its move in best (MOVE_NONE when it found none) and
 * returns true; the caller plays it (session_play_engine_move).
 */
bool think_take_move(struct tui *t, move_t *best);
/* The line a task searches from: the game's for the engine's move, the shown position's for the rest. */
const struct pos_line *think_task_line(const struct tui *t, enum task task);
/* Forgets the last search's lines when the board no longer shows the position they begin from. */
void think_forget_other_positions(struct tui *t);
/* Is best a legal move on the board now, which is still the position the search started from? */
bool think_move_fits(const struct tui *t, move_t best);
/* Starts what the engine should be doing now, if anything: its move on its turn, analysis when asked. */
void think_schedule(struct tui *t);
/*
 * The engine's opening book from a `book` setting: "on" (the system's book,
 * when there is one), "off", or a file.  False with a message when the file
 * is refused; the engine keeps the book it had.
 */
bool think_set_book(struct tui *t, const char *book, char *err, size_t errlen);
/*
 * The engine's tablebases: syzygy is the setting's value (folders, or "off").
 * False, with why in err, when they are refused; true with a note in err
 * when a folder or a file was left out (else err is empty).
 */
bool think_set_syzygy(struct tui *t, const char *syzygy, char *err, size_t errlen);
/* Sets Threads, Hash and MultiPV from the settings; false with a message on a bad value. */
bool think_configure(struct tui *t, char *err, size_t errlen);

#endif
