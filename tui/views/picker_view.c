/* The games of a file in columns (number, players, result, date, event, opening, moves), the chosen one highlighted. */
#include <stdio.h>
#include <string.h>

#include "picker_view.h"
#include "paint.h"

#define PICKER_TOP 2   /* the title and the columns' names */
#define PICKER_FOOT 3  /* a blank row, the message, the filter */

int picker_view_rows(int lines) { return lines - PICKER_TOP - PICKER_FOOT > 1 ? lines - PICKER_TOP - PICKER_FOOT : 1; }

/* The columns' x and widths for a terminal cols wide: fixed ones first, then the names share the rest. */
struct columns {
	int number, white, black, result, date, event, opening, moves;
	int w_white, w_black, w_event, w_opening;
};

static struct columns lay_columns(int cols)
{
	struct columns c;
	int names = cols - (5 + 8 + 11 + 6) - 5; /* number, result, date, moves; a space between the named columns */
	if (names < 20)
		names = 20;
	c.w_white = c.w_black = names * 30 / 100;
	c.w_event = names * 22 / 100;
	c.w_opening = names - c.w_white - c.w_black - c.w_event;
	c.number = 0;
	c.white = 6;
	c.black = c.white + c.w_white + 1;
	c.result = c.black + c.w_black + 1;
	c.date = c.result + 8;
	c.event = c.date + 11;
	c.opening = c.event + c.w_event + 1;
	c.moves = c.opening + c.w_opening + 1;
	return c;
}

static const char *tag_or_blank(const struct pgn_entry *e, const char *name)
{
	const char *v = pgn_entry_tag(e, name);
	return v && strcmp(v, "?") ? v : "";
}

/* A player's name, the surname alone ("Kasparov, Garry" as "Kasparov") when the whole is wider than the column. */
static void put_name(int y, int x, int width, const char *name, attr_t attr)
{
	char text[128];
	size_t comma = strcspn(name, ",");
	if (paint_cells(name, strlen(name)) > width && name[comma])
		snprintf(text, sizeof text, "%.*s", (int)comma, name);
	else
		snprintf(text, sizeof text, "%s", name);
	paint_put(y, x, width, text, attr);
}

static void draw_game(const struct pgn_entry *e, const struct columns *c, int y, attr_t attr)
{
	char text[160];
	paint_put(y, 0, COLS, "", attr);
	snprintf(text, sizeof text, "%5d", e->number);
	paint_put(y, c->number, 5, text, attr);
	put_name(y, c->white, c->w_white, tag_or_blank(e, "White"), attr);
	put_name(y, c->black, c->w_black, tag_or_blank(e, "Black"), attr);
	paint_put(y, c->result, 7, tag_or_blank(e, "Result"), attr);
	paint_put(y, c->date, 10, tag_or_blank(e, "Date"), attr);
	paint_put(y, c->event, c->w_event, tag_or_blank(e, "Event"), attr);
	const char *eco = tag_or_blank(e, "ECO"), *opening = tag_or_blank(e, "Opening");
	snprintf(text, sizeof text, "%s%s%s", eco, *eco && *opening ? " " : "", opening);
	paint_put(y, c->opening, c->w_opening, text, attr);
	snprintf(text, sizeof text, "%5d", (e->plies + 1) / 2);
	paint_put(y, c->moves, 5, text, attr);
}

static void draw_heads(const struct tui *t, const struct columns *c)
{
	const struct tui_picker *p = &t->picker;
	char title[TUI_PATH_MAX + 160];
	attr_t h = paint_role_attr(&t->view, ROLE_HEADING);
	if (p->filter[0])
		snprintf(title, sizeof title, "%s: %d games, %d with \"%s\"", p->name, p->list.n, p->nmatch, p->filter);
	else
		snprintf(title, sizeof title, "%s: %d games", p->name, p->list.n);
	paint_put(0, 0, COLS, title, h);
	attr_t l = paint_role_attr(&t->view, ROLE_LABEL);
	paint_put(1, c->number, 5, "    #", l);
	paint_put(1, c->white, c->w_white, "White", l);
	paint_put(1, c->black, c->w_black, "Black", l);
	paint_put(1, c->result, 7, "Result", l);
	paint_put(1, c->date, 10, "Date", l);
	paint_put(1, c->event, c->w_event, "Event", l);
	paint_put(1, c->opening, c->w_opening, "Opening", l);
	paint_put(1, c->moves, 5, "Moves", l);
}

void picker_view_draw(const struct tui *t)
{
	const struct tui_picker *p = &t->picker;
	struct columns c = lay_columns(COLS);
	draw_heads(t, &c);
	int rows = picker_view_rows(LINES);
	for (int k = 0; k < rows && p->top + k < p->nmatch; k++) {
		int i = p->top + k;
		attr_t a = i == p->selected ? paint_role_attr(&t->view, ROLE_CURRENT) : A_NORMAL;
		draw_game(&p->list.games[p->match[i]], &c, PICKER_TOP + k, a);
	}
	if (p->nmatch == 0)
		paint_put(PICKER_TOP, 6, COLS - 6, "(no game has all of those words)", paint_role_attr(&t->view, ROLE_DIM));
	attr_t msg = t->msg.kind == MSG_ERROR ? paint_role_attr(&t->view, ROLE_ERROR) : A_NORMAL;
	paint_put(LINES - 2, 0, COLS, t->msg.text, msg);
	char filter[160];
	snprintf(filter, sizeof filter, "Find: %s", p->filter);
	paint_put(LINES - 1, 0, COLS, filter, paint_role_attr(&t->view, ROLE_HEADING));
	const char *keys = "  Up/Down PgUp/PgDn choose, Enter loads, Esc cancels";
	int used = paint_cells(filter, strlen(filter));
	if (used + (int)strlen(keys) < COLS)
		paint_put(LINES - 1, COLS - (int)strlen(keys), (int)strlen(keys), keys, paint_role_attr(&t->view, ROLE_LABEL));
	move(LINES - 1, used < COLS ? used : COLS - 1);
}
