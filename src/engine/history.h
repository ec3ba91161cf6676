/*
 * What the search learns about quiet moves as it goes, for ordering them:
 * the butterfly history (by side, from and to), the continuation histories
 * (by the move one or two plies before: its piece and destination, then this
 * move's), two killers per ply and a counter move for each previous move.
 * One set per search thread.
 */
#ifndef OUTPOST_HISTORY_H
#define OUTPOST_HISTORY_H

#include <string.h>

#include "engine/search_params.h"
#include "rules/types.h"

/* One continuation table: a quiet move's value by its piece and destination, after a given earlier move. */
typedef int16_t cont_hist_t[PIECE_NB][SQ_NB];

struct history {
	int16_t butterfly[COLOR_NB][SQ_NB][SQ_NB];
	/* By the earlier move's piece and destination; [NO_PIECE][0] stands for no move (or a null move), never written. */
	cont_hist_t continuation[PIECE_NB][SQ_NB];
	/* Captures, by moving piece, destination and captured type. */
	int16_t capture[PIECE_NB][SQ_NB][PIECE_TYPE_NB];
	move_t counter[PIECE_NB][SQ_NB]; /* the reply that refuted the move of this piece to this square */
	move_t killers[MAX_PLY + 2][2];
};

static inline void history_clear(struct history *h) { memset(h, 0, sizeof *h); }

/* A bonus at a node of this depth. */
static inline int history_bonus(int depth)
{
	int b = depth * depth * HISTORY_BONUS_MUL;
	return b < HISTORY_BONUS_MAX ? b : HISTORY_BONUS_MAX;
}

/* Moves *entry toward +-HISTORY_LIMIT by bonus, more slowly the closer it is (so it never leaves the range). */
static inline void history_update(int16_t *entry, int bonus)
{
	int v = *entry;
	v += bonus - v * (bonus < 0 ? -bonus : bonus) / HISTORY_LIMIT;
	*entry = (int16_t)v;
}

/* The history of a quiet move of piece pc for side us: butterfly and both continuations (cont[0] one ply back). */
static inline int history_quiet(const struct history *h, const cont_hist_t *const cont[2], int us, int pc, move_t m)
{
	return h->butterfly[us][move_from(m)][move_to(m)] + cont[0][0][pc][move_to(m)] + cont[1][0][pc][move_to(m)];
}

static inline void killers_add(struct history *h, int ply, move_t m)
{
	if (h->killers[ply][0] != m) {
		h->killers[ply][1] = h->killers[ply][0];
		h->killers[ply][0] = m;
	}
}

#endif
