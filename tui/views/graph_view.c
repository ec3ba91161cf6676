/* The evaluation graph in block characters, from the evaluations on the main line's moves. */
#include <stdlib.h>

#include "graph_view.h"
#include "paint.h"
#include "tui/base/eval_graph.h"
#include "tui/base/game_info.h"

bool graph_view_wanted(const struct tui *t)
{
	const struct game *g = t->match.game;
	struct game_eval e;
	for (int v = game_child(g, GAME_ROOT); v != GAME_NODE_NONE; v = game_child(g, v))
		if (game_node_eval(g, v, &e))
			return true;
	return false;
}

/* One column: the score after its last move, bars rows tall from the bottom row at y + bars - 1. */
static void draw_column(const struct tui *t, int x, int y, int bars, double score, attr_t attr)
{
	int eighths = eval_graph_eighths(score, bars);
	for (int i = 0; i < bars; i++) {
		int fill = eighths - 8 * i;
		paint_put(y + bars - 1 - i, x, 1, eval_graph_cell(fill < 0 ? 0 : fill, t->view.unicode), attr);
	}
}

/* The ply of the main line the shown node stands at or branches from; 0 at the start. */
static int shown_ply(const struct tui *t)
{
	const struct game *g = t->match.game;
	int node = tui_shown_node(t);
	while (node != GAME_ROOT && game_node_level(g, node) > 0)
		node = game_parent(g, node);
	return game_node_ply(g, node);
}

void graph_view_draw(const struct tui *t, const struct rect *r)
{
	const struct game *g = t->match.game;
	int n;
	int *nodes = annotate_main_line(g, &n); /* the root first: nodes[ply] */
	int plies = n - 1, columns = eval_graph_columns(plies, r->w), bars = r->h - 1;
	int mark = shown_ply(t) > 0 ? eval_graph_column_of(shown_ply(t), plies, columns) : -1;
	for (int c = 0; nodes && c < columns; c++) {
		double score;
		int ply = eval_graph_last_ply(c, plies, columns);
		attr_t a = paint_role_attr(&t->view, c == mark ? ROLE_CURRENT : ROLE_BAR_WHITE);
		if (game_info_white_score(g, nodes[ply], &score))
			draw_column(t, r->x + c, r->y, bars, score, a);
	}
	if (mark >= 0)
		paint_put(r->y + bars, r->x + mark, 1, t->view.unicode ? "\u25b2" : "^",
		          paint_role_attr(&t->view, ROLE_HEADING));
	free(nodes);
}
