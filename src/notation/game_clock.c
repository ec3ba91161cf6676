/*
 * The game's clocks as the game's API shows them: a chess clock driven by the
 * game's moves and results, and both clocks kept on every node for stepping.
 */
#include <stdlib.h>

#include "notation/game_internal.h"

void game_set_time_source(struct game *g, game_time_fn now, void *ctx)
{
	clock_charge(&g->clock);
	g->clock.now = now;
	g->clock.now_ctx = ctx;
}

void game_clock_set(struct game *g, int color, int64_t time_ms, int64_t inc_ms)
{
	struct chess_clock *c = &g->clock;
	if (color != WHITE && color != BLACK)
		return;
	clock_charge(c);
	c->time[color] = time_ms > 0 ? time_ms : 0;
	c->inc[color] = inc_ms > 0 ? inc_ms : 0;
	c->timed = c->time[WHITE] > 0 || c->time[BLACK] > 0;
	cur_node(g)->clock_at[WHITE] = c->time[WHITE];
	cur_node(g)->clock_at[BLACK] = c->time[BLACK];
}

bool game_clock_enabled(const struct game *g) { return g->clock.timed; }

void game_clock_start(struct game *g)
{
	if (!game_is_over(g))
		clock_start(&g->clock, g->line.pos.side);
}

void game_clock_stop(struct game *g) { clock_charge(&g->clock); }

int game_clock_running(const struct game *g) { return g->clock.running; }

int64_t game_clock_remaining(const struct game *g, int color)
{
	return color == WHITE || color == BLACK ? clock_remaining(&g->clock, color) : 0;
}

int64_t game_clock_increment(const struct game *g, int color)
{
	return color == WHITE || color == BLACK ? g->clock.inc[color] : 0;
}

bool game_clock_check(struct game *g)
{
	int side = g->clock.running;
	if (side < 0 || game_is_over(g) || clock_remaining(&g->clock, side) > 0)
		return false;
	game_flag_fell(g, side);
	return true;
}

void game_restore_clocks(struct game *g)
{
	struct chess_clock *c = &g->clock;
	if (!c->timed)
		return;
	bool was_running = c->running >= 0;
	c->running = -1;
	c->time[WHITE] = cur_node(g)->clock_at[WHITE];
	c->time[BLACK] = cur_node(g)->clock_at[BLACK];
	/* Back at the game's start, nobody's time runs until the first move again (not even for the moment until the
	   caller stops it: a millisecond charged there shows as a second gone). */
	if (was_running && !game_is_over(g) && g->ply > 0)
		clock_start(c, g->line.pos.side);
}

/* A side's first reading on the main line, or 0. */
static int64_t first_reading(const struct game *g, int color)
{
	for (int n = g->nodes[GAME_ROOT].child; n != GAME_NODE_NONE; n = g->nodes[n].child)
		if (g->nodes[n].has_clock && mover_of(g, n) == color)
			return g->nodes[n].clock_ms;
	return 0;
}

bool game_clock_from_readings(struct game *g, int64_t base_ms, int64_t inc_ms)
{
	int *todo = malloc((size_t)g->nnodes * sizeof *todo), n = 0;
	if (!todo)
		return false;
	struct game_node *root = &g->nodes[GAME_ROOT];
	for (int c = WHITE; c <= BLACK; c++)
		root->clock_at[c] = base_ms > 0 ? base_ms : first_reading(g, c);
	/* Parents before children: each node takes its parent's clocks, and its mover's reading where it has one. */
	for (int x = root->child; x != GAME_NODE_NONE; x = g->nodes[x].next)
		todo[n++] = x;
	while (n > 0) {
		int x = todo[--n];
		struct game_node *node = &g->nodes[x];
		const struct game_node *parent = &g->nodes[node->parent];
		node->clock_at[WHITE] = parent->clock_at[WHITE];
		node->clock_at[BLACK] = parent->clock_at[BLACK];
		if (node->has_clock)
			node->clock_at[mover_of(g, x)] = node->clock_ms;
		for (int y = node->child; y != GAME_NODE_NONE; y = g->nodes[y].next)
			todo[n++] = y;
	}
	free(todo);
	struct chess_clock *c = &g->clock;
	clock_charge(c);
	c->timed = true;
	c->inc[WHITE] = c->inc[BLACK] = inc_ms > 0 ? inc_ms : 0;
	c->time[WHITE] = cur_node(g)->clock_at[WHITE];
	c->time[BLACK] = cur_node(g)->clock_at[BLACK];
	return true;
}
