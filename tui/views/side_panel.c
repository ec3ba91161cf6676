/* The panel's top rows (who plays which side, whose turn, the clocks) and the status line. */
#include <stdio.h>
#include <string.h>

#include "side_panel.h"
#include "analysis_view.h"
#include "board_view.h"
#include "move_list.h"
#include "paint.h"
#include "tui/base/format.h"
#include "tui/base/game_info.h"

void side_panel_player_name(const struct tui *t, int color, char *buf, size_t len)
{
	const struct game *g = t->match.game;
	if (game_info_players_named(g))
		snprintf(buf, len, "%s", game_tag(g, color == WHITE ? "White" : "Black"));
	else if (color == t->match.engine_color && tui_other_opponent(t))
		snprintf(buf, len, "%s", tui_other_opponent(t));
	else if (color == t->match.engine_color)
		fmt_engine_name(buf, len, t->cfg.set.level, t->cfg.set.elo);
	else {
		char rating[16] = "", puzzles[32] = "";
		player_rating_text(&t->match.player, rating, sizeof rating);
		if (t->match.puzzles_rated)
			snprintf(puzzles, sizeof puzzles, "puzzles %.0f", t->match.puzzle_rating.rating);
		if (rating[0] || puzzles[0])
			snprintf(buf, len, "You (%s%s%s)", rating, rating[0] && puzzles[0] ? ", " : "", puzzles);
		else
			snprintf(buf, len, "You");
	}
}

/* The clock a player's row shows: the running one, or stepped back, as that side's last move before it left it. */
static void player_clock(const struct tui *t, int color, char *buf, size_t len)
{
	const struct game *g = t->match.game;
	int64_t ms;
	buf[0] = '\0';
	if (tui_browsing(t) && game_info_clock_at(g, tui_shown_node(t), color, &ms))
		fmt_clock(buf, len, ms);
	else if (game_clock_enabled(g) && !tui_browsing(t))
		fmt_clock(buf, len, game_clock_remaining(g, color));
}

/* One player's row: a marker when it is their turn, their colour, their name, their clock at the right. */
static void draw_player(const struct tui *t, int y, int color)
{
	const struct rect *r = &t->lay.players;
	const struct game *g = t->match.game;
	bool to_move = tui_shown_position(t)->side == color && (tui_browsing(t) || !game_is_over(g));
	char name[64], other[64], clock[24];
	side_panel_player_name(t, color, name, sizeof name);
	side_panel_player_name(t, !color, other, sizeof other);
	player_clock(t, color, clock, sizeof clock);
	paint_put(y, r->x, 2, to_move ? (t->view.unicode ? "\u25b6" : ">") : "",
	          paint_role_attr(&t->view, ROLE_TO_MOVE));
	char left[96];
	int clock_w = (int)strlen(clock), longer = (int)(strlen(name) > strlen(other) ? strlen(name) : strlen(other));
	const char *king = board_view_glyph(make_piece(color, KING), t->view.unicode);
	/* In a narrow panel the king's figure alone says the colour, leaving the longer name whole on both rows. */
	if (2 + 1 + 1 + 5 + 2 + longer > r->w - 2 - clock_w - 1)
		snprintf(left, sizeof left, "%s %s", king, name);
	else
		snprintf(left, sizeof left, "%s %s  %s", king, color == WHITE ? "White" : "Black", name);
	/* A blank column between a name cut short and the clock, so that neither reads into the other. */
	paint_put(y, r->x + 2, r->w - 2 - clock_w - 1 - (clock_w > 0), left, to_move ? A_BOLD : A_NORMAL);
	bool low = game_clock_enabled(g) && !tui_browsing(t) && game_clock_remaining(g, color) < 20000;
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

/* Text wrapped at spaces over the status rows, the last row just above the prompt; never cut: rows above are taken. */
static void draw_wrapped(const struct rect *r, const char *text, attr_t attr)
{
	int rows = 0;
	for (const char *p = text; *p; rows++) {
		size_t cut;
		p += fmt_cut(p, r->w, &cut);
	}
	int y = rows > r->h ? r->y + r->h - rows : r->y;
	if (y < 0)
		y = 0;
	for (int i = 0; i < r->h; i++)
		paint_put(r->y + i, r->x, r->w, "", A_NORMAL);
	for (const char *p = text; *p && y < r->y + r->h; y++) {
		size_t cut;
		size_t next = fmt_cut(p, r->w, &cut);
		char line[1024];
		snprintf(line, sizeof line, "%.*s", (int)cut, p);
		paint_put(y, r->x, r->w, line, attr);
		p += next;
	}
}

void side_panel_draw_status(const struct tui *t)
{
	const struct rect *r = &t->lay.status;
	if (t->prompt.completions[0]) {
		draw_wrapped(r, t->prompt.completions, paint_role_attr(&t->view, ROLE_LABEL));
		return;
	}
	static const enum paint_role roles[] = { ROLE_LABEL, ROLE_ERROR, ROLE_RESULT };
	attr_t attr = t->msg.kind == MSG_INFO ? A_NORMAL : paint_role_attr(&t->view, roles[t->msg.kind]);
	if (t->premove.set && !strstr(t->msg.text, t->premove.text)) {
		/* The premove stays in sight, whatever was said since it was made. */
		char text[sizeof t->msg.text + 80];
		snprintf(text, sizeof text, "Premove %s (Esc cancels). %s", t->premove.text, t->msg.text);
		draw_wrapped(r, text, attr);
		return;
	}
	draw_wrapped(r, t->msg.text, attr);
}
