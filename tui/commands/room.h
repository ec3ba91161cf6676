/*
 * The trainer's room in the game's screen: the player's puzzles on the board,
 * moves typed or clicked, right and wrong shown on the board move by move, the
 * queue and the puzzle rating in the panel.  The finder searches the archive
 * on a thread of its own, so the first puzzle comes as soon as it is found and
 * the rest are found while the player solves (or plays on).  Plain mode keeps
 * the trainer's lines (train_mode.c).
 */
#ifndef OUTPOST_TUI_ROOM_H
#define OUTPOST_TUI_ROOM_H

#include "tui/state/tui.h"

/* Opens the room: the game waits, its clock stopped; the finder starts if it is not running.  Says why not. */
void room_open(struct tui *t);
/* Back to the game; the finder goes on in the background if it has games left. */
void room_close(struct tui *t);
/* A line typed in the room: a move, hint, answer, next (or an empty line), back; a few of the game's commands. */
void room_execute(struct tui *t, const char *line);
/* A move clicked on the room's board ("g1f3"). */
void room_play(struct tui *t, const char *text);
/* Each tick: the finder's progress, the next due puzzle, the next move of a line being shown.  True to redraw. */
bool room_poll(struct tui *t);
/* At the end of the program: the finder stopped and the session closed. */
void room_shutdown(struct tui *t);

#endif
