/* Two games compared node by node: for round-trip checks (PGN written and read back) and tests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/game_internal.h"
#include "rules/uci_move.h"

/* The node's place for a message: "ply 12 (g1f3)". */
static void node_name(const struct game *g, int node, char *buf, size_t len)
{
	char uci[UCI_MOVE_MAX] = "start";
	if (node != GAME_ROOT)
		move_to_uci(g->nodes[node].move, uci);
	snprintf(buf, len, "ply %d (%s)", g->nodes[node].ply, uci);
}

/* What differs between two nodes' own data, or NULL. */
static const char *node_difference(const struct game_node *x, const struct game_node *y)
{
	if (x->move != y->move)
		return "the moves differ";
	for (int i = 0; i < 2; i++)
		if (strcmp(x->comment[i] ? x->comment[i] : "", y->comment[i] ? y->comment[i] : ""))
			return i == COMMENT_BEFORE ? "the comments before the move differ" : "the comments after it differ";
	if (x->nnags != y->nnags || memcmp(x->nags, y->nags, x->nnags))
		return "the NAGs differ";
	if (x->has_clock != y->has_clock || (x->has_clock && x->clock_ms != y->clock_ms))
		return "the clock readings differ";
	if (x->has_eval != y->has_eval || (x->has_eval && (x->eval.mate != y->eval.mate ||
	                                                   x->eval.value != y->eval.value ||
	                                                   x->eval.depth != y->eval.depth)))
		return "the evaluations differ";
	if (x->declared != y->declared)
		return "the declared results differ";
	return NULL;
}

static bool differ(const struct game *a, int node, const char *what, char *why, size_t len)
{
	char name[64];
	node_name(a, node, name, sizeof name);
	if (why && len)
		snprintf(why, len, "at %s: %s", name, what);
	return false;
}

static bool same_tree(const struct game *a, const struct game *b, char *why, size_t len)
{
	int *todo = malloc((size_t)(a->nnodes + 1) * 2 * sizeof *todo), n = 0;
	if (!todo)
		return differ(a, GAME_ROOT, "out of memory", why, len);
	bool same = true;
	todo[n++] = GAME_ROOT;
	todo[n++] = GAME_ROOT;
	while (same && n > 0) {
		int y = todo[--n], x = todo[--n];
		const char *what = node_difference(&a->nodes[x], &b->nodes[y]);
		if (what) {
			same = differ(a, x, what, why, len);
			break;
		}
		int cx = a->nodes[x].child, cy = b->nodes[y].child;
		for (; cx != GAME_NODE_NONE && cy != GAME_NODE_NONE; cx = a->nodes[cx].next, cy = b->nodes[cy].next) {
			todo[n++] = cx;
			todo[n++] = cy;
		}
		if (cx != cy) /* one ran out of continuations before the other */
			same = differ(a, x, "the number of continuations differs", why, len);
	}
	free(todo);
	return same;
}

/* Every tag of one game reads the same in the other. */
static bool tags_within(const struct game *a, const struct game *b, char *why, size_t len)
{
	static const char *const derived[] = { "Result", "Termination", "FEN", "SetUp" };
	for (int i = 0; i < game_tag_count(a) + 4; i++) {
		const char *name = NULL, *value;
		if (i < 4)
			name = derived[i];
		else
			game_tag_at(a, i - 4, &name, &value);
		const char *va = game_tag(a, name), *vb = game_tag(b, name);
		if ((va == NULL) != (vb == NULL) || (va && strcmp(va, vb))) {
			if (why && len)
				snprintf(why, len, "tag %s: \"%s\" and \"%s\"", name, va ? va : "(none)", vb ? vb : "(none)");
			return false;
		}
	}
	return true;
}

bool game_compare(const struct game *a, const struct game *b, bool tags, char *why, size_t whylen)
{
	if (why && whylen)
		why[0] = '\0';
	if (strcmp(a->start_fen, b->start_fen))
		return differ(a, GAME_ROOT, "the start positions differ", why, whylen);
	if (game_main_result(a) != game_main_result(b))
		return differ(a, game_line_end(a, GAME_ROOT), "the results differ", why, whylen);
	if (!same_tree(a, b, why, whylen))
		return false;
	return !tags || (tags_within(a, b, why, whylen) && tags_within(b, a, why, whylen));
}
