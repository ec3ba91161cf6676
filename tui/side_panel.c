/* The panel's top rows (who plays which side, whose turn, the clocks) and the status line. */
#include <stdio.h>
#include <string.h>

#include "analysis_view.h"
#include "board_view.h"
#include "format.h"
#include "move_list.h"
#include "paint.h"
#include "side_panel.h"

/* One player's row: a marker when it is their turn, their colour, their name, their clock at the right. */
static void draw_player(const struct tui *t, int y, int color)
{
	const struct rect *r = &t->lay.players;
	const struct position *pos = game_position(t->match.game);
	bool to_move = pos->side == color && !game_is_over(t->match.game);
	char name[64], clock[24] = "";
	if (color == t->match.engine_color)
		fmt_engine_name(name, sizeof name, t->cfg.set.level, t->cfg.set.elo);
	else
		snprintf(name, sizeof name, "You");
	if (game_clock_enabled(t->match.game))
		fmt_clock(clock, sizeof clock, game_clock_remaining(t->match.game, color));
	paint_put(y, r->x, 2, to_move ? (t->view.unicode ? "\u25b6" : ">") : "",
	          paint_role_attr(&t->view, ROLE_TO_MOVE));
	char left[96];
	int clock_w = (int)strlen(clock);
	snprintf(left, sizeof left, "%s %s  %s", board_view_glyph(make_piece(color, KING), t->view.unicode),
	         color == WHITE ? "White" : "Black", name);
	/* In a narrow panel the king's figure alone says the colour, leaving the longer name (the engine's) whole. */
	char engine[64];
	fmt_engine_name(engine, sizeof engine, t->cfg.set.level, t->cfg.set.elo);
	if (2 + 1 + 1 + 5 + 2 + (int)strlen(engine) > r->w - 2 - clock_w - 1)
		snprintf(left, sizeof left, "%s %s", board_view_glyph(make_piece(color, KING), t->view.unicode), name);
	paint_put(y, r->x + 2, r->w - 2 - clock_w - 1, left, to_move ? A_BOLD : A_NORMAL);
	bool low = game_clock_enabled(t->match.game) && game_clock_remaining(t->match.game, color) < 20000;
	paint_put(y, r->x + r->w - clock_w - 1, clock_w, clock,
	          low && to_move ? paint_role_attr(&t->view, ROLE_ERROR) : A_BOLD);
}

void side_panel_draw(const struct tui *t)
{
	/* The player at the top of the board is listed first. */
	int top = t->view.flipped ? WHITE : BLACK;
	draw_player(t, t->lay.players.y, top);
	draw_player(t, t->lay.players.y + 1, !top);
	move_list_draw(t, &t->lay.moves);
	analysis_view_draw(t, &t->lay.analysis);
}

void side_panel_draw_status(const struct tui *t)
{
	const struct rect *r = &t->lay.status;
	if (t->prompt.completions[0]) {
		paint_put(r->y, r->x, r->w, t->prompt.completions, paint_role_attr(&t->view, ROLE_LABEL));
		return;
	}
	static const enum paint_role roles[] = { ROLE_LABEL, ROLE_ERROR, ROLE_RESULT };
	attr_t attr = t->msg.kind == MSG_INFO ? A_NORMAL : paint_role_attr(&t->view, roles[t->msg.kind]);
	paint_put(r->y, r->x, r->w, t->msg.text, attr);
}
