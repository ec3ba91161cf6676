/* The game's clocks as the game's API shows them: a chess clock driven by the game's moves and results. */
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
	g->clock_at[g->ply][WHITE] = c->time[WHITE];
	g->clock_at[g->ply][BLACK] = c->time[BLACK];
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
