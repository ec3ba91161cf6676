/*
 * A line: a position with the states of every move that led to it from where
 * it was set up.  It is the one way to replay moves: the game keeps its moves
 * on one, the engine its root position and history, the UCI loop the position
 * a GUI sends, and a front end or a writer of SAN walks a record with one.
 * The state array grows as moves are played, so a line of any length fits.
 */
#ifndef OUTPOST_LINE_H
#define OUTPOST_LINE_H

#include "rules/position.h"

struct pos_line {
	struct position pos;   /* after `ply` moves; pos.st is &states[ply] */
	struct state *states;  /* states[0] is where the line was set up */
	int ply, cap;
};

/* An empty line holds no position yet; line_set_fen or line_start gives it one.  line_free releases it. */
#define POS_LINE_EMPTY ((struct pos_line){ .states = NULL })

/*
 * Sets the line to the position of a FEN, with no moves.  On a bad FEN it
 * returns false with the reader's message in err (see pos_set_fen) and the
 * line is unchanged; out of memory is reported the same way.
 */
bool line_set_fen(struct pos_line *l, const char *fen, char *err, size_t errlen, char *warn, size_t warnlen);
/*
 * Sets the line to start from pos, whose earlier states stay visible through
 * the first state's link (for repetitions), read-only.  False if out of memory.
 */
bool line_start(struct pos_line *l, const struct position *pos);
/* Plays m, legal in the line's position.  False (and nothing changes) if out of memory. */
bool line_play(struct pos_line *l, move_t m);
/* Takes back the last move played; nothing when there is none. */
void line_undo(struct pos_line *l);
/* Makes dst a copy of src with states of its own (dst's old contents are released). False if out of memory. */
bool line_copy(struct pos_line *dst, const struct pos_line *src);
void line_free(struct pos_line *l);

#endif
