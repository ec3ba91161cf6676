/* The node shown apart from the game's own: stepping back and on, and following the game again. */
#include "browse.h"
#include "think.h"

/* A hint or an analysis was of the position shown before: it ends, and think_schedule starts what fits now. */
static void shown_changed(struct tui *t)
{
	if (t->think.task == TASK_ANALYZE || t->think.task == TASK_HINT)
		think_stop(t);
	t->opinion.hint = MOVE_NONE;
	think_forget_other_positions(t);
	t->think.failed = false;
	t->loop.dirty = true;
}

void browse_follow(struct tui *t)
{
	if (!tui_browsing(t))
		return;
	t->browse.shown = GAME_NODE_NONE;
	shown_changed(t);
}

void browse_show(struct tui *t, int node)
{
	const struct game *g = t->match.game;
	if (!game_node_valid(g, node) || node == game_current(g) || !game_node_line(g, node, &t->browse.line)) {
		browse_follow(t);
		return;
	}
	bool moved = t->browse.shown != node;
	t->browse.shown = node;
	if (moved)
		shown_changed(t);
}

void browse_step(struct tui *t, int plies)
{
	const struct game *g = t->match.game;
	int node = tui_shown_node(t);
	for (; plies < 0 && node != GAME_ROOT; plies++)
		node = game_parent(g, node);
	for (; plies > 0 && game_child(g, node) != GAME_NODE_NONE; plies--)
		node = game_child(g, node);
	browse_show(t, node);
}

void browse_game_changed(struct tui *t)
{
	if (tui_browsing(t))
		browse_show(t, t->browse.shown);
}

void browse_free(struct tui *t)
{
	line_free(&t->browse.line);
	t->browse.shown = GAME_NODE_NONE;
}
