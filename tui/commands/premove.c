/*
 * Premoves.  The move is kept as its text and read again once the engine has
 * moved, in the position it is then played in: what was legal while the
 * engine thought may not be after its move, and a capture of a piece that is
 * not there yet may become legal.  The squares are found now only to show
 * them, reading the text with the person to move in the position as it stands.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "premove.h"
#include "notation/notation.h"

bool premove_wanted(const struct tui *t)
{
	const struct game *g = t->match.game;
	return !tui_browsing(t) && !game_is_over(g) && game_position(g)->side == t->match.engine_color &&
	       !t->think.failed;
}

/* The squares the text names with the person to move in the present position; false when it names none yet. */
static bool squares_now(const struct tui *t, const char *text, int *from, int *to)
{
	const struct position *now = game_position(t->match.game);
	struct position pos;
	struct state st, null_st;
	if (in_check(now))
		return false; /* the engine is in check: no move is passed to see the person's */
	pos_copy(&pos, &st, now);
	pos_make_null(&pos, &null_st);
	move_t m;
	if (san_parse(&pos, text, &m, NULL, 0) != SAN_OK)
		return false;
	*from = move_from(m);
	*to = move_to(m);
	return true;
}

bool premove_keep(struct tui *t, const char *text, int from, int to)
{
	struct tui_premove *p = &t->premove;
	move_t m;
	char msg[256];
	/* Refused now only when it is no move in any position: "Zz9", not "Nxe5" with e5 still empty. */
	if (san_parse(game_position(t->match.game), text, &m, msg, sizeof msg) == SAN_INVALID) {
		tui_status(t, MSG_ERROR, "%s", msg);
		return false;
	}
	if (strlen(text) >= sizeof p->text) {
		tui_status(t, MSG_ERROR, "%s is too long for a move.", text);
		return false;
	}
	if (from < 0 && !squares_now(t, text, &from, &to))
		from = to = -1;
	p->set = true;
	snprintf(p->text, sizeof p->text, "%s", text);
	p->from = from;
	p->to = to;
	/* Plain mode reads lines, not keys: no Esc there. */
	tui_status(t, MSG_INFO, "Premove %s: played as soon as Outpost has moved, if it is legal then%s.", text,
	           t->plain.on ? "" : " (Esc cancels it)");
	return true;
}

bool premove_cancel(struct tui *t, bool say)
{
	struct tui_premove *p = &t->premove;
	if (!p->set)
		return false;
	if (say)
		tui_status(t, MSG_INFO, "Premove %s cancelled.", p->text);
	p->set = false;
	p->from = p->to = -1;
	t->loop.dirty = true;
	return true;
}

bool premove_due(const struct tui *t)
{
	const struct game *g = t->match.game;
	return t->premove.set && !game_is_over(g) && game_position(g)->side != t->match.engine_color;
}

void premove_take(struct tui *t, char *text, size_t len)
{
	snprintf(text, len, "%s", t->premove.text);
	premove_cancel(t, false);
}

bool premove_reachable(int piece, int from, int to)
{
	int df = abs(square_file(to) - square_file(from)), dr = square_rank(to) - square_rank(from);
	int adr = abs(dr), color = piece_color(piece);
	if (from == to)
		return false;
	switch (piece_type(piece)) {
	case PAWN: {
		int forward = color == WHITE ? dr : -dr, start = color == WHITE ? 1 : 6;
		return (df == 0 && (forward == 1 || (forward == 2 && square_rank(from) == start))) ||
		       (df == 1 && forward == 1);
	}
	case KNIGHT: return (df == 1 && adr == 2) || (df == 2 && adr == 1);
	case BISHOP: return df == adr;
	case ROOK: return df == 0 || adr == 0;
	case QUEEN: return df == adr || df == 0 || adr == 0;
	case KING: /* a step, or castling along its first rank (from anywhere on it, in Chess960) */
		return (df <= 1 && adr <= 1) || (adr == 0 && df >= 2 && square_rank(from) == (color == WHITE ? 0 : 7));
	default: return false;
	}
}
