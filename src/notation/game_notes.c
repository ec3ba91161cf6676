/* Notes on the moves: comments before and after, NAGs, clock readings and evaluations. */
#include <stdlib.h>
#include <string.h>

#include "notation/game_internal.h"

/* A node that can carry notes on its move: any valid node but the root. */
static struct game_node *move_node(struct game *g, int node)
{
	return game_node_valid(g, node) && node != GAME_ROOT ? &g->nodes[node] : NULL;
}

const char *game_comment(const struct game *g, int node, enum game_comment_place where)
{
	if (!game_node_valid(g, node) || (where != COMMENT_BEFORE && where != COMMENT_AFTER))
		return "";
	const char *c = g->nodes[node].comment[where];
	return c ? c : "";
}

/* A comment may go there: a valid node and place, and "before" only on the first move of a variation. */
static bool comment_allowed(const struct game *g, int node, enum game_comment_place where, const char *text)
{
	if (!game_node_valid(g, node) || (where != COMMENT_BEFORE && where != COMMENT_AFTER))
		return false;
	return where == COMMENT_AFTER || !text || !*text ||
	       (node != GAME_ROOT && g->nodes[g->nodes[node].parent].child != node);
}

bool game_set_comment(struct game *g, int node, enum game_comment_place where, const char *text)
{
	return comment_allowed(g, node, where, text) && node_set_comment(g, node, where, text);
}

bool game_add_comment(struct game *g, int node, enum game_comment_place where, const char *text)
{
	return comment_allowed(g, node, where, text) && node_add_comment(g, node, where, text);
}

int game_nags(const struct game *g, int node, uint8_t *out)
{
	if (!game_node_valid(g, node))
		return 0;
	const struct game_node *n = &g->nodes[node];
	if (out)
		memcpy(out, n->nags, n->nnags);
	return n->nnags;
}

bool game_add_nag(struct game *g, int node, int nag)
{
	struct game_node *n = move_node(g, node);
	if (!n || nag < 1 || nag > 255 || n->nnags == GAME_NAG_MAX || memchr(n->nags, nag, n->nnags))
		return false;
	n->nags[n->nnags++] = (uint8_t)nag;
	return true;
}

void game_clear_nags(struct game *g, int node)
{
	if (game_node_valid(g, node))
		g->nodes[node].nnags = 0;
}

const char *game_nag_suffix(int nag)
{
	static const char *const suffix[] = { NULL, "!", "?", "!!", "??", "!?", "?!" };
	return nag >= 1 && nag <= 6 ? suffix[nag] : NULL;
}

bool game_node_clock(const struct game *g, int node, int64_t *ms)
{
	if (!game_node_valid(g, node) || !g->nodes[node].has_clock)
		return false;
	*ms = g->nodes[node].clock_ms;
	return true;
}

bool game_set_node_clock(struct game *g, int node, int64_t ms)
{
	struct game_node *n = move_node(g, node);
	if (!n)
		return false;
	n->has_clock = ms >= 0;
	n->clock_ms = ms >= 0 ? ms : 0;
	return true;
}

bool game_node_eval(const struct game *g, int node, struct game_eval *out)
{
	if (!game_node_valid(g, node) || !g->nodes[node].has_eval)
		return false;
	*out = g->nodes[node].eval;
	return true;
}

bool game_set_eval(struct game *g, int node, const struct game_eval *e)
{
	/* The root's is the start position's score (a game from a set-up position, annotated). */
	struct game_node *n = game_node_valid(g, node) ? &g->nodes[node] : NULL;
	int limit = e && e->mate ? GAME_EVAL_MAX_MATE : GAME_EVAL_MAX_CP;
	if (!n || (e && (e->value < -limit || e->value > limit || e->depth < 0)))
		return false;
	n->has_eval = e != NULL;
	n->eval = e ? *e : (struct game_eval){ 0 };
	return true;
}
