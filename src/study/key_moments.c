/* The key moments, the misses and the phases of an annotated game, from its evaluations. */
#include "study/key_moments.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study/accuracy.h"
#include "study/annotate.h"

/*
 * White's expected score after node (the start's before the first move); false where it is not known: a game from
 * a set-up position has no score before its first move unless annotate gave the root one; a start position does.
 */
static bool white_score_at(const struct game *g, int node, double *out)
{
	struct game_eval e;
	if (game_node_eval(g, node, &e)) {
		*out = e.mate ? (e.value > 0 ? 1.0 : 0.0) : annotate_expected_score(e.value);
		return true;
	}
	if (node == GAME_ROOT) {
		*out = annotate_expected_score(ACCURACY_INITIAL_CP);
		return game_start_number(g) >= 0;
	}
	struct pos_line line = POS_LINE_EMPTY;
	struct annotate_search s;
	bool known = game_node_line(g, node, &line) && annotate_terminal(&line.pos, &s);
	line_free(&line);
	if (known)
		*out = s.white_score;
	return known;
}

/* Each move of the main line with its mover's expected score before and after; the count, -1 where one is unknown. */
static int scored_moves(const struct game *g, struct key_moment *all, int max)
{
	int n = 0, first = game_child(g, GAME_ROOT);
	double before;
	/* From a set-up position the first move's swing is not known: the moments start at the second. */
	if (!white_score_at(g, GAME_ROOT, &before)) {
		if (first == GAME_NODE_NONE || !white_score_at(g, first, &before))
			return first == GAME_NODE_NONE ? 0 : -1;
		first = game_child(g, first);
	}
	for (int v = first; v != GAME_NODE_NONE && n < max; v = game_child(g, v)) {
		double after;
		if (!white_score_at(g, v, &after))
			return -1;
		int side = game_node_side(g, game_parent(g, v));
		all[n++] = (struct key_moment){ v, side, side == WHITE ? before : 1 - before, side == WHITE ? after : 1 - after };
		before = after;
	}
	return n;
}

static double swing(const struct key_moment *k)
{
	double d = k->before - k->after;
	return d < 0 ? -d : d;
}

static int by_swing(const void *a, const void *b)
{
	double x = swing(a), y = swing(b);
	return (x < y) - (x > y);
}

static int by_order(const void *a, const void *b)
{
	const struct key_moment *x = a, *y = b;
	return (x->node > y->node) - (x->node < y->node); /* the main line's nodes are numbered as played, ties aside */
}

#define MOVES_MAX 1024 /* a longer game's later moves are not weighed */

/* The move carries annotate's mark of a loss (?!, ?, ??). */
static bool marked(const struct game *g, int node)
{
	uint8_t nags[GAME_NAG_MAX];
	int n = game_nags(g, node, nags);
	for (int i = 0; i < n; i++)
		if (nags[i] == 2 || nags[i] == 4 || nags[i] == 6)
			return true;
	return false;
}

/*
 * Whether k may be a key moment: a fall in the mover's expected score that annotate left unmarked is its own
 * search changing its mind (the move was the engine's best; the turn came a move before), so it is left out,
 * unless the game has no marks at all (evaluations read from a file without them).
 */
static bool may_count(const struct game *g, const struct key_moment *k, bool any_marks)
{
	return !any_marks || k->after >= k->before || marked(g, k->node);
}

int key_moments_find(const struct game *g, struct key_moment out[KEY_MOMENTS_MAX])
{
	struct key_moment *all = malloc(MOVES_MAX * sizeof *all);
	int n = all ? scored_moves(g, all, MOVES_MAX) : -1, kept = 0;
	bool any_marks = false;
	for (int i = 0; i < n && !any_marks; i++)
		any_marks = marked(g, all[i].node);
	if (n > 0) {
		qsort(all, (size_t)n, sizeof *all, by_swing);
		for (int i = 0; i < n && kept < KEY_MOMENTS_MAX; i++) {
			if (swing(&all[i]) < (kept < KEY_MOMENTS_MIN ? KEY_SWING_FILL : KEY_SWING))
				break;
			if (may_count(g, &all[i], any_marks))
				out[kept++] = all[i];
		}
		qsort(out, (size_t)kept, sizeof *out, by_order);
	}
	free(all);
	return kept;
}

void key_moment_text(const struct game *g, const struct key_moment *k, char *buf, size_t len)
{
	char san[SAN_MAX], marks[8] = "";
	uint8_t nags[GAME_NAG_MAX];
	game_node_san(g, k->node, san);
	int count = game_nags(g, k->node, nags);
	for (int i = 0; i < count; i++)
		if (game_nag_suffix(nags[i]) && strlen(marks) + strlen(game_nag_suffix(nags[i])) < sizeof marks)
			strcat(marks, game_nag_suffix(nags[i]));
	int number = game_node_number(g, k->node);
	const char *coach = game_comment(g, k->node, COMMENT_AFTER), *ours = strstr(coach, KEY_MOMENTS_HEAD);
	int said = ours ? (int)(ours - coach) : (int)strlen(coach); /* the last move's comment holds the note too */
	while (said > 0 && coach[said - 1] == ' ')
		said--;
	snprintf(buf, len, "%d.%s %s%s (%s, %.0f%% to %.0f%%)%s%.*s", number, k->side == WHITE ? "" : "..", san, marks,
	         k->side == WHITE ? "White" : "Black", 100 * k->before, 100 * k->after, said ? ": " : "", said, coach);
}

bool key_moments_comment(struct game *g)
{
	struct key_moment k[KEY_MOMENTS_MAX];
	int n = key_moments_find(g, k), end = game_line_end(g, GAME_ROOT);
	if (end == GAME_ROOT)
		return true;
	/* An earlier note of ours goes: the comment at the end keeps what came before it. */
	const char *old = game_comment(g, end, COMMENT_AFTER);
	const char *ours = strstr(old, KEY_MOMENTS_HEAD);
	size_t keep = ours ? (size_t)(ours - old) : strlen(old), used;
	char *text = malloc(keep + 1 + KEY_MOMENTS_MAX * 400 + 32);
	if (!text)
		return false;
	memcpy(text, old, keep);
	used = keep;
	if (n > 0) {
		used += (size_t)sprintf(text + used, "%s%s", keep ? " " : "", KEY_MOMENTS_HEAD);
		for (int i = 0; i < n; i++) {
			char one[400];
			key_moment_text(g, &k[i], one, sizeof one);
			size_t last = strlen(one);
			bool stop = last && one[last - 1] == '.'; /* the coach's sentence ends in its own full stop */
			used += (size_t)sprintf(text + used, " %s%s", one, stop ? "" : i + 1 < n ? ";" : ".");
		}
	}
	text[used] = '\0';
	bool ok = game_set_comment(g, end, COMMENT_AFTER, text);
	free(text);
	return ok;
}
