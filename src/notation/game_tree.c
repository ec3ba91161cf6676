/*
 * Working on the tree as a whole: the position at any node, a line added
 * where the game does not stand, promotion to the main line, deletion.
 */
#include <stdlib.h>

#include "notation/game_internal.h"
#include "rules/movegen.h"

bool game_node_line(const struct game *g, int node, struct pos_line *out)
{
	if (!game_node_valid(g, node))
		return false;
	int n = g->nodes[node].ply;
	move_t *moves = malloc((size_t)(n + 1) * sizeof *moves);
	bool ok = moves && line_set_fen(out, g->start_fen, NULL, 0, NULL, 0);
	for (int x = node; ok && x != GAME_ROOT; x = g->nodes[x].parent)
		moves[g->nodes[x].ply - 1] = g->nodes[x].move;
	for (int i = 0; ok && i < n; i++)
		ok = line_play(out, moves[i]);
	free(moves);
	return ok;
}

void game_node_san(const struct game *g, int node, char buf[SAN_MAX])
{
	struct pos_line line = POS_LINE_EMPTY;
	buf[0] = '\0';
	if (game_node_valid(g, node) && node != GAME_ROOT && game_node_line(g, g->nodes[node].parent, &line))
		move_to_san(&line.pos, g->nodes[node].move, buf);
	line_free(&line);
}

bool game_promote(struct game *g, int node)
{
	if (!game_node_valid(g, node) || node == GAME_ROOT)
		return false;
	for (int x = node; x != GAME_ROOT; x = g->nodes[x].parent) {
		int parent = g->nodes[x].parent;
		if (g->nodes[parent].child != x) {
			node_unlink(g, x);
			node_link_first(g, parent, x);
		}
	}
	return true;
}

bool game_delete(struct game *g, int node)
{
	if (!game_node_valid(g, node) || node == GAME_ROOT)
		return false;
	int ply = g->nodes[node].ply;
	if (ply <= g->ply && g->path[ply] == node && !game_goto(g, g->nodes[node].parent))
		return false;
	node_unlink(g, node);
	node_free_subtree(g, node);
	return true;
}

int game_add_variation(struct game *g, int node, const move_t *moves, int n)
{
	struct pos_line line = POS_LINE_EMPTY;
	int first = GAME_NODE_NONE, at = node;
	bool ok = n > 0 && game_node_valid(g, node) && g->nodes[node].declared == RESULT_NONE &&
	          game_node_line(g, node, &line);
	for (int i = 0; ok && i < n; i++) {
		ok = move_is_legal(&line.pos, moves[i]) && line_play(&line, moves[i]);
		int child = ok ? node_add(g, at, moves[i], false) : GAME_NODE_NONE;
		ok = child != GAME_NODE_NONE;
		if (ok) {
			node_judge(&g->nodes[child], &line);
			first = first == GAME_NODE_NONE ? child : first;
			at = child;
		}
	}
	if (!ok && first != GAME_NODE_NONE) { /* all or nothing */
		node_unlink(g, first);
		node_free_subtree(g, first);
		first = GAME_NODE_NONE;
	}
	line_free(&line);
	return first;
}
