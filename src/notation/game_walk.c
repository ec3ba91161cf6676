/*
 * The tree in the order PGN writes it, with each move's SAN: one position is
 * played forward and back along the way, so a walk costs one make and one
 * unmake per move.
 */
#include "notation/game_internal.h"
#include "notation/notation.h"

struct walker {
	const struct game *g;
	bool (*fn)(const struct game_walk_step *step, void *ctx);
	void *ctx;
	struct pos_line line;
};

static bool emit(struct walker *w, enum game_walk_event event, int node, int level)
{
	char san[SAN_MAX] = "";
	if (event == WALK_MOVE)
		move_to_san(&w->line.pos, w->g->nodes[node].move, san);
	struct game_walk_step step = { event, node, level, &w->line.pos, san };
	return w->fn(&step, w->ctx);
}

/*
 * The line from `first` on, at `level`: each move, then the variations that
 * replace it (its later siblings; a variation's own first move leaves those
 * to the line above), then on.  Recursion goes one level per variation nested.
 */
static bool walk_line(struct walker *w, int first, int level)
{
	const struct game_node *nodes = w->g->nodes;
	int played = 0;
	bool ok = true;
	for (int n = first; ok && n != GAME_NODE_NONE; n = nodes[n].child) {
		ok = emit(w, WALK_MOVE, n, level);
		for (int v = n == first && level > 0 ? GAME_NODE_NONE : nodes[n].next; ok && v != GAME_NODE_NONE;
		     v = nodes[v].next)
			ok = emit(w, WALK_ENTER, v, level + 1) && walk_line(w, v, level + 1) &&
			     emit(w, WALK_LEAVE, v, level + 1);
		if (ok && (ok = line_play(&w->line, nodes[n].move)))
			played++;
	}
	while (played-- > 0)
		line_undo(&w->line);
	return ok;
}

bool game_walk(const struct game *g, bool (*fn)(const struct game_walk_step *step, void *ctx), void *ctx)
{
	struct walker w = { g, fn, ctx, POS_LINE_EMPTY };
	bool ok = line_set_fen(&w.line, g->start_fen, NULL, 0, NULL, 0) && walk_line(&w, g->nodes[GAME_ROOT].child, 0);
	line_free(&w.line);
	return ok;
}
