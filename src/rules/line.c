/* A position and the states of the moves that led to it, in one growing array. */
#include "rules/line.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for states[0..need]; the links between states are remade after the array moves. */
static bool reserve(struct pos_line *l, int need)
{
	if (need < l->cap)
		return true;
	int cap = l->cap ? l->cap : 32;
	while (cap <= need)
		cap *= 2;
	struct state *states = realloc(l->states, (size_t)cap * sizeof *states);
	if (!states)
		return false;
	if (states != l->states) {
		for (int i = 1; i <= l->ply && l->states; i++)
			states[i].prev = &states[i - 1];
		l->pos.st = &states[l->ply];
	}
	l->states = states;
	l->cap = cap;
	return true;
}

bool line_set_fen(struct pos_line *l, const char *fen, char *err, size_t errlen, char *warn, size_t warnlen)
{
	struct position pos;
	struct state st;
	if (!pos_set_fen(&pos, &st, fen, err, errlen, warn, warnlen))
		return false;
	if (!l->states && !reserve(l, 0)) {
		if (err && errlen)
			snprintf(err, errlen, "out of memory");
		return false;
	}
	l->ply = 0;
	pos_copy(&l->pos, &l->states[0], &pos);
	return true;
}

bool line_start(struct pos_line *l, const struct position *pos)
{
	if (!l->states && !reserve(l, 0))
		return false;
	l->ply = 0;
	pos_copy(&l->pos, &l->states[0], pos);
	return true;
}

bool line_play(struct pos_line *l, move_t m)
{
	if (!reserve(l, l->ply + 1))
		return false;
	pos_make_move(&l->pos, m, &l->states[l->ply + 1]);
	l->ply++;
	return true;
}

void line_undo(struct pos_line *l)
{
	if (l->ply == 0)
		return;
	pos_unmake_move(&l->pos);
	l->ply--;
}

bool line_copy(struct pos_line *dst, const struct pos_line *src)
{
	if (dst == src)
		return true;
	struct pos_line copy = POS_LINE_EMPTY;
	if (!reserve(&copy, src->ply))
		return false;
	memcpy(copy.states, src->states, (size_t)(src->ply + 1) * sizeof *copy.states);
	for (int i = 1; i <= src->ply; i++)
		copy.states[i].prev = &copy.states[i - 1];
	copy.pos = src->pos;
	copy.pos.st = &copy.states[src->ply];
	copy.ply = src->ply;
	line_free(dst);
	*dst = copy;
	return true;
}

void line_free(struct pos_line *l)
{
	free(l->states);
	*l = POS_LINE_EMPTY;
}
