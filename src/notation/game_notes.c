/* Notes on the moves: comments before and after, NAGs, clock readings and evaluations. */
#include <stdlib.h>
#include <string.h>

#include "notation/game_internal.h"

/* A node that can carry notes on its move: any valid node but the root. */
static struct game_node *move_node(struct game *g, int node)
{
	return game_node_valid(g, node) && node != GAME_ROOT ? &g->nodes[node] : NULL;
}

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

const char *game_comment(const struct game *g, int node, enum game_comment_place where)
{
	if (!game_node_valid(g, node) || (where != COMMENT_BEFORE && where != COMMENT_AFTER))
		return "";
	const char *c = g->nodes[node].comment[where];
	return c ? c : "";
}

/* Where a "before" comment may stand: on the first move of a variation (not on the root, nor on a first child). */
static bool before_allowed(const struct game *g, int node)
{
	return node != GAME_ROOT && g->nodes[g->nodes[node].parent].child != node;
}

bool game_set_comment(struct game *g, int node, enum game_comment_place where, const char *text)
{
	if (!game_node_valid(g, node) || (where != COMMENT_BEFORE && where != COMMENT_AFTER) ||
	    (where == COMMENT_BEFORE && text && *text && !before_allowed(g, node)))
		return false;
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

bool game_add_comment(struct game *g, int node, enum game_comment_place where, const char *text)
{
	const char *old = game_comment(g, node, where);
	if (!*old || !text || !*text)
		return game_set_comment(g, node, where, *old ? old : text);
	size_t a = strlen(old), b = strlen(text);
	char *joined = malloc(a + b + 2);
	if (!joined)
		return false;
	memcpy(joined, old, a);
	joined[a] = ' ';
	memcpy(joined + a + 1, text, b + 1);
	bool ok = game_set_comment(g, node, where, joined);
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
	game_add_comment(g, n->parent, COMMENT_AFTER, before); /* out of memory loses the comment, nothing else */
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
	struct game_node *n = move_node(g, node);
	int limit = e && e->mate ? GAME_EVAL_MAX_MATE : GAME_EVAL_MAX_CP;
	if (!n || (e && (e->value < -limit || e->value > limit || e->depth < 0)))
		return false;
	n->has_eval = e != NULL;
	n->eval = e ? *e : (struct game_eval){ 0 };
	return true;
}
