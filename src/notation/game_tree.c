/*
 * The tree of moves: nodes in one growing array, linked by number (parent,
 * first child, next sibling), deleted ones kept on a free list for reuse so
 * that the numbers of the others never change.
 */
#include <stdlib.h>
#include <string.h>

#include "notation/game_internal.h"

#define NONE GAME_NODE_NONE

static bool grow_nodes(struct game *g)
{
	if (g->nnodes < g->node_cap)
		return true;
	int cap = g->node_cap ? g->node_cap * 2 : 128;
	struct game_node *nodes = realloc(g->nodes, (size_t)cap * sizeof *nodes);
	if (!nodes)
		return false;
	g->nodes = nodes;
	g->node_cap = cap;
	return true;
}

int node_add(struct game *g, int parent, move_t m, bool first)
{
	int id = g->free_list;
	if (id != NONE) {
		g->free_list = g->nodes[id].next;
	} else {
		if (!grow_nodes(g))
			return NONE;
		id = g->nnodes++;
	}
	struct game_node *n = &g->nodes[id];
	*n = (struct game_node){ .move = m, .parent = parent, .child = NONE, .next = NONE, .flagged = -1 };
	if (parent == NONE)
		return id;
	const struct game_node *p = &g->nodes[parent];
	n->ply = p->ply + 1;
	n->clock_at[WHITE] = p->clock_at[WHITE];
	n->clock_at[BLACK] = p->clock_at[BLACK];
	if (first || p->child == NONE) {
		node_link_first(g, parent, id);
	} else {
		int last = p->child;
		while (g->nodes[last].next != NONE)
			last = g->nodes[last].next;
		g->nodes[last].next = id;
	}
	return id;
}

void node_unlink(struct game *g, int node)
{
	struct game_node *p = &g->nodes[g->nodes[node].parent];
	if (p->child == node) {
		p->child = g->nodes[node].next;
		if (p->child != NONE)
			node_merge_before(g, p->child);
	} else {
		int prev = p->child;
		while (g->nodes[prev].next != node)
			prev = g->nodes[prev].next;
		g->nodes[prev].next = g->nodes[node].next;
	}
	g->nodes[node].next = NONE;
}

void node_link_first(struct game *g, int parent, int node)
{
	g->nodes[node].next = g->nodes[parent].child;
	g->nodes[parent].child = node;
	node_merge_before(g, node);
}

void node_free_subtree(struct game *g, int node)
{
	/* Depth first without recursion: the nodes still to free are chained through `next`. */
	int todo = node;
	while (todo != NONE) {
		int x = todo;
		struct game_node *n = &g->nodes[x];
		todo = n->next;
		if (n->child != NONE) {
			int last = n->child;
			while (g->nodes[last].next != NONE)
				last = g->nodes[last].next;
			g->nodes[last].next = todo;
			todo = n->child;
		}
		node_free_notes(n);
		n->parent = NODE_FREE;
		n->child = NONE;
		n->next = g->free_list;
		g->free_list = x;
	}
}

bool game_node_valid(const struct game *g, int node)
{
	return node >= 0 && node < g->nnodes && (node == GAME_ROOT || g->nodes[node].parent != NODE_FREE);
}

int game_parent(const struct game *g, int node) { return game_node_valid(g, node) ? g->nodes[node].parent : NONE; }
int game_child(const struct game *g, int node) { return game_node_valid(g, node) ? g->nodes[node].child : NONE; }
int game_next_variation(const struct game *g, int node)
{
	return game_node_valid(g, node) ? g->nodes[node].next : NONE;
}
move_t game_node_move(const struct game *g, int node)
{
	return game_node_valid(g, node) ? g->nodes[node].move : MOVE_NONE;
}
int game_node_ply(const struct game *g, int node) { return game_node_valid(g, node) ? g->nodes[node].ply : 0; }

int game_find_child(const struct game *g, int node, move_t m)
{
	if (!game_node_valid(g, node))
		return NONE;
	int c = g->nodes[node].child;
	while (c != NONE && g->nodes[c].move != m)
		c = g->nodes[c].next;
	return c;
}

int game_node_level(const struct game *g, int node)
{
	int level = 0;
	for (int x = node; game_node_valid(g, x) && x != GAME_ROOT; x = g->nodes[x].parent)
		level += g->nodes[g->nodes[x].parent].child != x;
	return level;
}

int game_line_end(const struct game *g, int node)
{
	if (!game_node_valid(g, node))
		return NONE;
	while (g->nodes[node].child != NONE)
		node = g->nodes[node].child;
	return node;
}

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
