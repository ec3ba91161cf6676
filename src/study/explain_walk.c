/* The coach's line: positions one after another, the exchange at its end played out, the material taken. */
#include "study/explain_walk.h"

#include <string.h>

#include "engine/see.h"
#include "rules/movegen.h"

#define SETTLE_PLIES_MAX 6

const int explain_value[PIECE_TYPE_NB] = { 0, 1, 3, 3, 5, 9, 100 };

void explain_walk_start(struct explain_walk *w, const struct position *pos)
{
	pos_copy(&w->pos[0], &w->copied[0], pos);
	w->n = w->given = 0;
	w->mover = pos->side;
	w->retaken = NO_PIECE;
}

void explain_walk_weigh_out_retake(struct explain_walk *w)
{
	int c = explain_walk_captured(w, 0);
	if (w->retaken != NO_PIECE && c != NO_PIECE)
		w->retaken = make_piece(w->mover, piece_type(c));
}

static bool walk_play(struct explain_walk *w, move_t m)
{
	if (w->n >= EXPLAIN_WALK_MAX || m == MOVE_NONE || !move_is_legal(&w->pos[w->n], m))
		return false;
	int k = w->n;
	const struct state *st = w->pos[0].st;
	if (k == 0 && st->move != MOVE_NONE && st->move != MOVE_NULL && is_capture(&w->pos[0], m) &&
	    move_to(m) == move_to(st->move))
		w->retaken = st->captured;
	pos_copy(&w->pos[k + 1], &w->copied[k + 1], &w->pos[k]);
	pos_make_move(&w->pos[k + 1], m, &w->made[k + 1]);
	w->moves[k] = m;
	w->n++;
	return true;
}

int explain_walk_line(struct explain_walk *w, const move_t *moves, int n)
{
	int played = 0;
	while (played < n && walk_play(w, moves[played]))
		played++;
	w->given = w->n;
	return played;
}

/* The side to move's cheapest capture on sq that loses nothing by SEE, or MOVE_NONE. */
static move_t cheapest_recapture(const struct position *pos, int sq)
{
	move_t list[MAX_MOVES], best = MOVE_NONE;
	int n = generate(pos, GEN_CAPTURES, list), best_value = 1000;
	for (int i = 0; i < n; i++) {
		int value = explain_value[piece_type(moved_piece(pos, list[i]))];
		if (move_to(list[i]) == sq && move_kind(list[i]) == MOVE_NORMAL && value < best_value &&
		    see_ge(pos, list[i], 0)) {
			best = list[i];
			best_value = value;
		}
	}
	return best;
}

void explain_walk_settle(struct explain_walk *w)
{
	if (w->n == 0 || explain_is_mate(&w->pos[w->n]))
		return;
	int sq = move_to(w->moves[w->n - 1]);
	for (int i = 0; i < SETTLE_PLIES_MAX; i++) {
		move_t m = cheapest_recapture(&w->pos[w->n], sq);
		if (m == MOVE_NONE || !walk_play(w, m))
			break;
	}
}

/*
 * The square where the opponent's last capture of the walk took, where that piece still stands at its end (it took
 * and stays to be taken); SQ_NONE where there is none.
 */
static int stuck_taker(const struct explain_walk *w)
{
	for (int k = w->n - 1; k >= 1; k--) {
		if (!(k & 1) || explain_walk_captured(w, k) == NO_PIECE)
			continue;
		int sq = move_to(w->moves[k]);
		for (int j = k + 1; j < w->n; j++)
			if (move_from(w->moves[j]) == sq || move_to(w->moves[j]) == sq)
				return SQ_NONE;
		return sq;
	}
	return SQ_NONE;
}

/*
 * The longer line's moves from on[at], where within STUCK_PLIES_MAX they take nothing until the mover takes the
 * piece on sq (that took and stayed), which does not move; how many, or 0.
 */
#define STUCK_PLIES_MAX 4
static int plies_to_take(const struct explain_walk *w, const move_t *on, int on_n, int at, int sq)
{
	for (int j = at; j < on_n && j < at + STUCK_PLIES_MAX; j++) {
		bool mover = (w->n - at + j) % 2 == 0;
		if (mover && move_to(on[j]) == sq)
			return j - at + 1;
		if (move_from(on[j]) == sq || move_to(on[j]) == sq || on[j] == MOVE_NONE)
			return 0;
		/* Checked against the position the walk would reach: every move before is quiet. */
		struct explain_walk probe;
		explain_walk_cut(w, w->n, &probe);
		if (explain_walk_line(&probe, on + at, j - at) != j - at || is_capture(&probe.pos[probe.n], on[j]))
			return 0;
	}
	return 0;
}

void explain_walk_settle_as(struct explain_walk *w, const move_t *on, int on_n, int at, bool retake_stuck)
{
	bool ends_on_it = on && at > 0 && at < on_n && w->n >= at &&
	                  memcmp(&w->moves[w->n - at], on, (size_t)at * sizeof *on) == 0;
	if (ends_on_it && !is_capture(&w->pos[w->n], on[at])) {
		/* Quiet moves, then the mover takes the piece that took last and stayed: the walk goes on to it (13. Nxc8
		 * Re8+ 14. Kd1 Ng4 15. Rf1 Rxc8: the knight took a bishop and is lost, not a bishop won for nothing). */
		int sq = retake_stuck ? stuck_taker(w) : SQ_NONE;
		int plies = sq == SQ_NONE ? 0 : plies_to_take(w, on, on_n, at, sq);
		if (plies > 0 && explain_walk_line(w, on + at, plies) == plies)
			explain_walk_settle(w);
		return;
	}
	explain_walk_settle(w);
}

int explain_material(const struct position *pos, int color)
{
	int sum = 0;
	for (int type = PAWN; type < KING; type++)
		sum += explain_value[type] * popcount(pieces_of(pos, color, type));
	return sum;
}

int explain_walk_balance(const struct explain_walk *w)
{
	const struct position *a = &w->pos[0], *b = &w->pos[w->n];
	int us = w->mover;
	int retaken = w->retaken == NO_PIECE ? 0 : explain_value[piece_type(w->retaken)];
	return explain_material(b, us) - explain_material(b, !us) - (explain_material(a, us) - explain_material(a, !us)) -
	       retaken;
}

/*
 * The opponent's move k leaves the mover no time for its own plans, so that its next move is still part of the
 * forcing line: a check, or a capture that is not simply the retaking of what the mover's last move took.
 */
static bool keeps_forcing(const struct explain_walk *w, int k)
{
	if (in_check(&w->pos[k + 1]))
		return true;
	return explain_walk_captured(w, k) != NO_PIECE && move_to(w->moves[k]) != move_to(w->moves[k - 1]);
}

int explain_walk_forcing_end(const struct explain_walk *w)
{
	int end = explain_walk_balance(w), us = w->mover, from = w->n - 1;
	const struct position *a = &w->pos[0];
	int start = explain_material(a, us) - explain_material(a, !us);
	int retaken = w->retaken == NO_PIECE ? 0 : explain_value[piece_type(w->retaken)];
	if (end >= 0)
		return w->n - 1;
	/* Back from the end, as long as the mover stays as far down as at the end: an exchange won back and lost
	 * again is part of the price. */
	for (int k = w->n - 1; k >= 0; k--) {
		const struct position *b = &w->pos[k + 1];
		if (explain_material(b, us) - explain_material(b, !us) - start - retaken > end)
			break;
		from = k;
	}
	while (from % 2 == 1 && from + 2 < w->n && keeps_forcing(w, from))
		from += 2;
	return from;
}

void explain_walk_cut(const struct explain_walk *w, int last, struct explain_walk *cut)
{
	*cut = *w;
	/* The copied positions point at their states inside w: each is pointed at its own copy. */
	for (int k = 0; k <= cut->n; k++)
		cut->pos[k].st = k == 0 ? &cut->copied[0] : &cut->made[k];
	/* The move after the last is kept: a fork is read off the answer to it. */
	if (last + 2 < cut->given) {
		cut->given = last + 2;
		cut->n = cut->given;
	}
}

bool explain_walk_takes_back(const struct explain_walk *w, int k)
{
	return k >= 1 && k < w->n && explain_walk_captured(w, k) != NO_PIECE &&
	       explain_walk_captured(w, k - 1) != NO_PIECE && move_to(w->moves[k]) == move_to(w->moves[k - 1]);
}

int explain_walk_captured(const struct explain_walk *w, int k)
{
	if (k < 0 || k >= w->n)
		return NO_PIECE;
	return w->pos[k + 1].st->captured;
}

bool explain_is_mate(const struct position *pos) { return in_check(pos) && count_legal(pos) == 0; }
