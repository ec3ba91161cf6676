/* The board from the mailbox: squares, pieces, labels, last move and check, and the evaluation bar beside it. */
#include "board_view.h"
#include "paint.h"
#include "rules/movegen.h"
#include "tui/base/format.h"
#include "tui/base/game_info.h"

const char *board_view_glyph(int piece, bool unicode)
{
	/* Outlined figures for White and filled ones for Black, so the sides differ without colour too. */
	static const char *const figures[PIECE_NB] = {
		" ", "\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654", " ",
		" ", "\u265f", "\u265e", "\u265d", "\u265c", "\u265b", "\u265a", " ",
	};
	static const char *const letters[PIECE_NB] = {
		" ", "P", "N", "B", "R", "Q", "K", " ", " ", "p", "n", "b", "r", "q", "k", " ",
	};
	if (piece < 0 || piece >= PIECE_NB)
		return " ";
	return unicode ? figures[piece] : letters[piece];
}

/* The square drawn at display row i and column j (0, 0 = top left). */
static int display_square(const struct view *v, int i, int j)
{
	return v->flipped ? make_square(7 - j, i) : make_square(j, 7 - i);
}

static enum square_kind square_kind_of(const struct tui *t, int sq)
{
	const struct position *pos = tui_shown_position(t);
	bool light = (square_file(sq) + square_rank(sq)) % 2 == 1;
	move_t last = tui_shown_last_move(t), hint = t->opinion.hint;
	if (sq == tui_picked_square(t))
		return SQUARE_PICKED;
	if (t->room.open && sq == t->room.hint_square)
		return light ? SQUARE_HINT_LIGHT : SQUARE_HINT_DARK;
	if (t->premove.set && (sq == t->premove.from || sq == t->premove.to))
		return SQUARE_PREMOVE;
	if (in_check(pos) && sq == king_square(pos, pos->side))
		return SQUARE_CHECK;
	if (hint != MOVE_NONE && (sq == move_from(hint) || sq == move_to(hint)))
		return light ? SQUARE_HINT_LIGHT : SQUARE_HINT_DARK;
	if (last != MOVE_NONE && (sq == move_from(last) || sq == move_to(last)))
		return light ? SQUARE_LAST_LIGHT : SQUARE_LAST_DARK;
	return light ? SQUARE_LIGHT : SQUARE_DARK;
}

/* The squares the piece picked up with the mouse may go to now (none for a premove: its turn is not yet). */
static bitboard_t picked_targets(const struct tui *t)
{
	const struct position *pos = tui_shown_position(t);
	int from = tui_picked_square(t);
	bitboard_t targets = 0;
	move_t list[MAX_MOVES];
	if (from < 0 || piece_on(pos, from) == NO_PIECE || piece_color(piece_on(pos, from)) != pos->side)
		return 0;
	int n = generate_legal(pos, list);
	for (int k = 0; k < n; k++)
		if (move_from(list[k]) == from)
			targets |= 1ull << move_to(list[k]);
	return targets;
}

static void draw_square(const struct tui *t, int i, int j, bitboard_t targets)
{
	const struct layout *lay = &t->lay;
	int sq = display_square(&t->view, i, j);
	int piece = piece_on(tui_shown_position(t), sq);
	int color = piece == NO_PIECE ? WHITE : piece_color(piece);
	attr_t attr = paint_square_attr(&t->view, square_kind_of(t, sq), color);
	int y0 = lay->board.y + i * lay->sq_h, x0 = lay->board.x + j * lay->sq_w;
	attron(attr);
	for (int dy = 0; dy < lay->sq_h; dy++)
		mvhline(y0 + dy, x0, ' ', lay->sq_w);
	if (piece != NO_PIECE)
		mvaddstr(y0 + (lay->sq_h - 1) / 2, x0 + lay->sq_w / 2, board_view_glyph(piece, t->view.unicode));
	else if (targets >> sq & 1) /* where the piece picked up may go */
		mvaddstr(y0 + (lay->sq_h - 1) / 2, x0 + lay->sq_w / 2, t->view.unicode ? "\u00b7" : ".");
	attroff(attr);
}

static void draw_labels(const struct tui *t)
{
	const struct layout *lay = &t->lay;
	attr_t attr = paint_role_attr(&t->view, ROLE_LABEL);
	attron(attr);
	for (int i = 0; i < 8; i++) {
		int sq = display_square(&t->view, i, 0);
		mvaddch(lay->ranks.y + i * lay->sq_h + (lay->sq_h - 1) / 2, lay->ranks.x, (chtype)('1' + square_rank(sq)));
		sq = display_square(&t->view, 0, i);
		mvaddch(lay->files.y, lay->files.x + i * lay->sq_w + lay->sq_w / 2, (chtype)('a' + square_file(sq)));
	}
	attroff(attr);
}

/* White's share of the bar: the shown move's evaluation when it has one, else the engine's last opinion. */
static double white_share(const struct tui *t)
{
	double score;
	if (t->room.open)
		return 0.5; /* a puzzle's evaluation would give its answer away */
	if (tui_browsing(t) && game_info_white_score(t->match.game, tui_shown_node(t), &score))
		return score;
	if (!t->opinion.have_eval)
		return 0.5;
	int cp = t->opinion.eval_cp;
	if (cp > 9000 || cp < -9000)
		return fmt_white_share(0, true, cp);
	return fmt_white_share(cp, false, 0);
}

static void draw_bar(const struct tui *t)
{
	const struct rect *bar = &t->lay.bar;
	int white_rows = (int)(white_share(t) * bar->h + 0.5);
	attr_t wa = paint_role_attr(&t->view, ROLE_BAR_WHITE), ba = paint_role_attr(&t->view, ROLE_BAR_BLACK);
	const char *wc = t->view.unicode ? "\u2588" : "#", *bc = t->view.unicode ? "\u2591" : ".";
	for (int i = 0; i < bar->h; i++) {
		/* White's part grows from White's side of the board. */
		bool white = t->view.flipped ? i < white_rows : i >= bar->h - white_rows;
		attron(white ? wa : ba);
		mvaddstr(bar->y + i, bar->x, white ? wc : bc);
		attroff(white ? wa : ba);
	}
}

void board_view_draw(const struct tui *t)
{
	bitboard_t targets = picked_targets(t);
	for (int i = 0; i < 8; i++)
		for (int j = 0; j < 8; j++)
			draw_square(t, i, j, targets);
	draw_labels(t);
	draw_bar(t);
}
