/*
 * The tree's storage: nodes in one growing array, linked by number (parent,
 * first child, next sibling), deleted ones kept on a free list for reuse so
 * that the numbers of the others never change; the links read back; the
 * comments kept on the nodes.  The lowest layer of the game: it calls no
 * other game file.
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

int game_node_side(const struct game *g, int node)
{
	return game_node_ply(g, node) % 2 == 0 ? g->start_side : !g->start_side;
}

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

int game_current(const struct game *g) { return g->path[g->ply]; }

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

/* text on one line: white space runs (and control characters) as one space, trimmed; '}' as ')'.  May be "". */
static char *one_line(const char *text)
{
	char *out = malloc(strlen(text) + 1), *o = out;
	if (!out)
		return NULL;
	bool gap = false;
	for (const unsigned char *s = (const unsigned char *)text; *s; s++) {
		if (is_space((char)*s) || *s < 0x20 || *s == 0x7f) {
			gap = o != out;
			continue;
		}
		if (gap)
			*o++ = ' ';
		gap = false;
		*o++ = *s == '}' ? ')' : (char)*s;
	}
	*o = '\0';
	return out;
}

bool node_set_comment(struct game *g, int node, enum game_comment_place where, const char *text)
{
	char *line = text ? one_line(text) : NULL;
	if (text && !line)
		return false;
	if (line && !*line) {
		free(line);
		line = NULL;
	}
	free(g->nodes[node].comment[where]);
	g->nodes[node].comment[where] = line;
	return true;
}

bool node_add_comment(struct game *g, int node, enum game_comment_place where, const char *text)
{
	const char *old = g->nodes[node].comment[where];
	if (!old || !text || !*text)
		return node_set_comment(g, node, where, old ? old : text);
	size_t a = strlen(old), b = strlen(text);
	char *joined = malloc(a + b + 2);
	if (!joined)
		return false;
	memcpy(joined, old, a);
	joined[a] = ' ';
	memcpy(joined + a + 1, text, b + 1);
	bool ok = node_set_comment(g, node, where, joined);
	free(joined);
	return ok;
}

void node_merge_before(struct game *g, int node)
{
	struct game_node *n = &g->nodes[node];
	char *before = n->comment[COMMENT_BEFORE];
	if (!before)
		return;
	n->comment[COMMENT_BEFORE] = NULL;
	node_add_comment(g, n->parent, COMMENT_AFTER, before); /* out of memory loses the comment, nothing else */
	free(before);
}

void node_free_notes(struct game_node *n)
{
	free(n->comment[0]);
	free(n->comment[1]);
	n->comment[0] = n->comment[1] = NULL;
}

bool node_copy_notes(struct game_node *dst, const struct game_node *src)
{
	for (int i = 0; i < 2; i++) {
		dst->comment[i] = src->comment[i] ? strdup(src->comment[i]) : NULL;
		if (src->comment[i] && !dst->comment[i])
			return false;
	}
	return true;
}
