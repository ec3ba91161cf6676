/* The move list from the game's tokens laid out for the panel's width, with the graph and the shown move's notes. */
#include <stdio.h>
#include <string.h>

#include "move_list.h"
#include "graph_view.h"
#include "paint.h"
#include "tui/base/format.h"
#include "tui/base/game_info.h"

/* How a move of the list is drawn: shown, a variation's, one the game has undone, or the game's own. */
static attr_t token_attr(const struct tui *t, const struct move_token *tk)
{
	const struct game *g = t->match.game;
	int current = game_current(g);
	if (tk->node == tui_shown_node(t))
		return paint_role_attr(&t->view, ROLE_CURRENT);
	if (tk->level > 0 || game_node_ply(g, tk->node) > game_node_ply(g, current))
		return paint_role_attr(&t->view, ROLE_DIM);
	return A_BOLD | (tui_browsing(t) && tk->node == current ? A_UNDERLINE : A_NORMAL);
}

static void draw_row(const struct tui *t, const struct move_rows *rows, int i, int y, const struct rect *r)
{
	const struct move_row *row = &rows->rows[i];
	if (row->number > 0) {
		char num[16];
		snprintf(num, sizeof num, "%3d.", row->number);
		paint_put(y, r->x, 5, num, paint_role_attr(&t->view, ROLE_LABEL));
	}
	for (int k = 0; k < row->ncells; k++) {
		const struct move_cell *c = &rows->cells[row->first + k];
		int w = paint_cells(c->text, strlen(c->text));
		if (c->x + w > r->w)
			w = r->w - c->x;
		attr_t a = c->token < 0 ? A_NORMAL : token_attr(t, &t->match.tree.tokens[c->token]);
		paint_put(y, r->x + c->x, w, c->text, a);
	}
}

/*
 * "Moves", the result and its reason or the redo line, then the opening: "Moves  1-0 checkmate  B90 Sicilian"; a
 * Chess960 game's start instead: "Moves  Chess960 #123".
 */
static void draw_heading(const struct tui *t, const struct rect *r)
{
	const struct game *g = t->match.game;
	const struct san_list *l = &t->match.moves;
	const struct eco_opening *o = &t->openings.current;
	const char *eco = game_tag(g, "ECO"), *opening = game_tag(g, "Opening");
	char heading[96], line[96 + sizeof o->name + 16], variant[32];
	enum game_reason why = game_reason(g);
	if (game_is_over(g) && why == REASON_RECORDED)
		snprintf(heading, sizeof heading, "Moves  %s", game_result_text(game_result(g)));
	else if (game_is_over(g))
		snprintf(heading, sizeof heading, "Moves  %s %s", game_result_text(game_result(g)), game_reason_text(why));
	else
		snprintf(heading, sizeof heading, "Moves%s", l->total > l->played ? "  (redo available)" : "");
	game_info_variant(g, variant, sizeof variant);
	if (variant[0])
		snprintf(line, sizeof line, "%s  %s", heading, variant);
	else if (o->code[0])
		snprintf(line, sizeof line, "%s  %s %s", heading, o->code, o->name);
	else if (opening && *opening && strcmp(opening, "?")) /* no ECO file here: the file's own name for it */
		snprintf(line, sizeof line, "%s  %s %s", heading, eco && strcmp(eco, "?") ? eco : "", opening);
	else
		snprintf(line, sizeof line, "%s", heading);
	paint_put(r->y, r->x, r->w, line, paint_role_attr(&t->view, ROLE_HEADING));
}

/* The moves' rows in r, the shown move's row kept in view near the middle. */
static void draw_moves(const struct tui *t, const struct rect *r)
{
	struct move_rows rows = { 0 };
	const struct move_tree *mt = &t->match.tree;
	if (r->h <= 0)
		return;
	if (mt->n == 0 || !move_rows_layout(mt, r->w, &rows) || rows.nrows == 0) {
		paint_put(r->y, r->x, r->w, "  (no moves yet)", paint_role_attr(&t->view, ROLE_DIM));
		move_rows_free(&rows);
		return;
	}
	int shown = move_rows_find(&rows, move_tree_find(mt, tui_shown_node(t)));
	int top = shown - r->h / 2;
	if (top > rows.nrows - r->h)
		top = rows.nrows - r->h;
	if (top < 0)
		top = 0;
	for (int k = 0; k < r->h && top + k < rows.nrows; k++)
		draw_row(t, &rows, top + k, r->y + k, r);
	move_rows_free(&rows);
}

/* The shown move's notes, dimmed, on the rows given: "12...Nf6?  -0.35  4:32 left  Better was d5". */
static void draw_note(const struct tui *t, const struct rect *r)
{
	char note[1024];
	game_info_note(t->match.game, tui_shown_node(t), note, sizeof note);
	const char *p = note;
	for (int y = r->y; *p && y < r->y + r->h; y++) {
		size_t cut, next = fmt_cut(p, r->w, &cut);
		char row[512];
		snprintf(row, sizeof row, "%.*s", (int)(cut < sizeof row ? cut : sizeof row - 1), p);
		paint_put(y, r->x, r->w, row, paint_role_attr(&t->view, ROLE_LABEL));
		p += next;
	}
}

void move_list_draw(const struct tui *t, const struct rect *r)
{
	draw_heading(t, r);
	int body = r->h - 1;
	int note = tui_shown_node(t) != GAME_ROOT ? (body >= 14 ? 2 : 1) : 0;
	int graph = graph_view_wanted(t) ? (body >= 16 ? 5 : 4) : 0;
	if (body - note - graph < 3)
		graph = 0; /* the moves first */
	if (body - note < 2)
		note = 0;
	struct rect list = { r->y + 1, r->x, body - note - graph, r->w };
	struct rect graph_r = { list.y + list.h, r->x, graph, r->w };
	struct rect note_r = { graph_r.y + graph, r->x, note, r->w };
	draw_moves(t, &list);
	if (graph)
		graph_view_draw(t, &graph_r);
	if (note)
		draw_note(t, &note_r);
}
