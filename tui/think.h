/* Driving the engine for the game: its moves, hints and analysis, started and stopped without blocking the keys. */
#ifndef OUTPOST_TUI_THINK_H
#define OUTPOST_TUI_THINK_H

#include "tui.h"

/* Starts the engine on a task from the game's current position (any running search is stopped first). */
void think_start(struct tui *t, enum task task);
/* Stops the search and waits for its thread (a few milliseconds); its result is thrown away. */
void think_stop(struct tui *t);
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
/* Is best a legal move on the board now, which is still the position the search started from? */
bool think_move_fits(const struct tui *t, move_t best);
/* Starts what the engine should be doing now, if anything: its move on its turn, analysis when asked. */
void think_schedule(struct tui *t);
/* Sets Threads, Hash and MultiPV from the settings; false with a message on a bad value. */
bool think_configure(struct tui *t, char *err, size_t errlen);

#endif
