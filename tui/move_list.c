/* The move list from the game's SAN list: numbered rows, the current move marked, the undone ones dimmed. */
#include <stdio.h>
#include <string.h>

#include "move_list.h"
#include "paint.h"

static void draw_row(const struct tui *t, int y, int x, int w, int row)
{
	const struct san_list *l = &t->match.moves;
	int col_w = (w - 5) / 2 > 10 ? 10 : (w - 5) / 2;
	char num[16];
	snprintf(num, sizeof num, "%3d.", l->first_number + row);
	paint_put(y, x, 5, num, paint_role_attr(&t->view, ROLE_LABEL));
	for (int side = 0; side < 2; side++) {
		int i = row * 2 + side - (l->black_first ? 1 : 0);
		int cx = x + 5 + side * col_w;
		if (i < 0) {
			paint_put(y, cx, col_w, "...", A_NORMAL);
			continue;
		}
		if (i >= l->total)
			break;
		attr_t a = i == l->played - 1 ? paint_role_attr(&t->view, ROLE_CURRENT)
		           : i >= l->played   ? paint_role_attr(&t->view, ROLE_DIM)
		                              : A_NORMAL;
		paint_put(y, cx, (int)strlen(l->san[i]), l->san[i], a);
	}
}

static void draw_heading(const struct tui *t, const struct rect *r)
{
	const struct game *g = t->match.game;
	const struct san_list *l = &t->match.moves;
	char heading[64];
	if (game_is_over(g))
		snprintf(heading, sizeof heading, "Moves  %s %s", game_result_text(game_result(g)),
		         game_reason_text(game_reason(g)));
	else
		snprintf(heading, sizeof heading, "Moves%s", l->total > l->played ? "  (redo available)" : "");
	paint_put(r->y, r->x, r->w, heading, paint_role_attr(&t->view, ROLE_HEADING));
}

void move_list_draw(const struct tui *t, const struct rect *r)
{
	const struct san_list *l = &t->match.moves;
	draw_heading(t, r);
	int rows = r->h - 1;
	if (rows <= 0)
		return;
	int total = san_list_rows(l);
	int top = t->view.moves_top >= 0 ? t->view.moves_top : san_list_follow_top(l, rows);
	if (top > total - rows)
		top = total - rows > 0 ? total - rows : 0;
	for (int k = 0; k < rows && top + k < total; k++)
		draw_row(t, r->y + 1 + k, r->x, r->w, top + k);
	if (l->total == 0)
		paint_put(r->y + 1, r->x, r->w, "  (no moves yet)", paint_role_attr(&t->view, ROLE_DIM));
}
