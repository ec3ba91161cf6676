/* Picking up and putting down pieces with the mouse. */
#include <stdio.h>

#include "clicks.h"
#include "commands.h"
#include "premove.h"
#include "rules/movegen.h"
#include "rules/uci_move.h"

bool clicks_cancel(struct tui *t)
{
	bool had = tui_picked_square(t) >= 0;
	t->clicks.selected = t->clicks.pressed = -1;
	t->loop.dirty = true;
	return had;
}

/* The colour whose pieces may be picked up now: the side to move, or the person's while the engine thinks (-1: none). */
static int picking_color(const struct tui *t)
{
	const struct game *g = t->match.game;
	if (tui_browsing(t))
		return tui_shown_position(t)->side;
	if (premove_wanted(t))
		return t->cfg.set.human;
	if (game_is_over(g) || game_position(g)->side == t->match.engine_color)
		return -1;
	return game_position(g)->side;
}

static void pick(struct tui *t, int sq)
{
	struct tui_clicks *c = &t->clicks;
	c->selected = c->pressed = sq;
	c->node = tui_shown_node(t);
	c->key = pos_key(tui_shown_position(t));
	c->again = false;
	t->loop.dirty = true;
}

void clicks_follow(struct tui *t, int picked)
{
	int piece = picked >= 0 ? piece_on(tui_shown_position(t), picked) : NO_PIECE;
	if (piece == NO_PIECE || piece_color(piece) != picking_color(t) || tui_picked_square(t) >= 0)
		return;
	int pressed = t->clicks.pressed;
	pick(t, picked);
	t->clicks.pressed = pressed; /* a drag begun before the move ends after it */
}

static const char *const piece_names[PIECE_TYPE_NB] = { "", "pawn", "knight", "bishop", "rook", "queen", "king" };

/* The picked piece goes from `from` to `to`: played, or kept as a premove; put down either way. */
static void put(struct tui *t, int from, int to)
{
	int piece = piece_on(tui_shown_position(t), from);
	char text[8];
	bool promotes = piece_type(piece) == PAWN && (square_rank(to) == 0 || square_rank(to) == 7);
	snprintf(text, sizeof text, "%c%c%c%c%s", 'a' + square_file(from), '1' + square_rank(from), 'a' + square_file(to),
	         '1' + square_rank(to), promotes ? "q" : "");
	clicks_cancel(t);
	if (!premove_wanted(t)) {
		commands_play_move(t, text);
	} else if (!premove_reachable(piece, from, to)) {
		tui_status(t, MSG_ERROR, "No premove: a %s on %c%c never goes to %c%c.", piece_names[piece_type(piece)],
		           'a' + square_file(from), '1' + square_rank(from), 'a' + square_file(to), '1' + square_rank(to));
	} else {
		premove_keep(t, text, from, to);
	}
}

/* Is the king on from taking its own rook on to a legal castling in the position shown? */
static bool castles_onto(const struct tui *t, int from, int to)
{
	const struct position *pos = tui_shown_position(t);
	move_t list[MAX_MOVES];
	int n = piece_type(piece_on(pos, from)) == KING ? generate_legal(pos, list) : 0;
	for (int i = 0; i < n; i++)
		if (move_kind(list[i]) == MOVE_CASTLING && uci_names_castling(pos, list[i], from, to))
			return true;
	return false;
}

void clicks_press(struct tui *t, int sq)
{
	struct tui_clicks *c = &t->clicks;
	int selected = tui_picked_square(t), color = picking_color(t);
	c->down = true;
	if (sq < 0) {
		clicks_cancel(t); /* a click off the board puts the piece down */
		return;
	}
	int piece = piece_on(tui_shown_position(t), sq);
	if (selected == sq) {
		c->pressed = sq;
		c->again = true;
	} else if (selected >= 0 && castles_onto(t, selected, sq)) {
		put(t, selected, sq); /* the king onto its own rook: castling, as Chess960 is played */
	} else if (piece != NO_PIECE && color >= 0 && piece_color(piece) == color) {
		pick(t, sq); /* another of one's own pieces is picked instead */
	} else if (selected >= 0) {
		put(t, selected, sq);
	} else if (color < 0 && game_is_over(t->match.game)) {
		tui_status(t, MSG_ERROR, "The game is over: type new for another, or undo.");
	} else if (piece != NO_PIECE && color >= 0) {
		tui_status(t, MSG_ERROR, "The %s on %c%c is %s's: pick up one of %s's pieces.",
		           piece_names[piece_type(piece)], 'a' + square_file(sq), '1' + square_rank(sq),
		           piece_color(piece) == WHITE ? "White" : "Black", color == WHITE ? "White" : "Black");
	}
}

void clicks_release(struct tui *t, int sq)
{
	struct tui_clicks *c = &t->clicks;
	/* A release whose press was never seen (the terminal lost it, or it came before the game started): a
	   click where it was released. */
	if (!c->down)
		clicks_press(t, sq);
	c->down = false;
	int from = c->pressed, selected = tui_picked_square(t);
	c->pressed = -1;
	if (from < 0 || selected != from)
		return;
	if (sq == from) {
		if (c->again)
			clicks_cancel(t); /* a click on the piece picked puts it down */
	} else if (sq < 0) {
		clicks_cancel(t); /* dragged off the board */
	} else {
		put(t, from, sq);
	}
}
