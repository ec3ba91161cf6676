/* The game's clocks: time and increment per side, the running side, flag fall. */
#include <time.h>

#include "notation/game_internal.h"
#include "rules/material.h"

static int64_t monotonic_ms(void *ctx)
{
	struct timespec ts;
	(void)ctx;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t game_now(const struct game *g) { return g->now ? g->now(g->now_ctx) : monotonic_ms(NULL); }

void game_set_time_source(struct game *g, game_time_fn now, void *ctx)
{
	game_clock_charge(g);
	g->now = now;
	g->now_ctx = ctx;
}

void game_clock_charge(struct game *g)
{
	if (g->running < 0)
		return;
	int64_t now = game_now(g);
	g->time[g->running] -= now - g->since;
	g->since = now;
	g->running = -1;
}

void game_clock_set(struct game *g, int color, int64_t time_ms, int64_t inc_ms)
{
	if (color != WHITE && color != BLACK)
		return;
	game_clock_charge(g);
	g->time[color] = time_ms > 0 ? time_ms : 0;
	g->inc[color] = inc_ms > 0 ? inc_ms : 0;
	g->timed = g->time[WHITE] > 0 || g->time[BLACK] > 0;
	g->clock_at[g->ply][WHITE] = g->time[WHITE];
	g->clock_at[g->ply][BLACK] = g->time[BLACK];
}

bool game_clock_enabled(const struct game *g) { return g->timed; }

void game_clock_start(struct game *g)
{
	if (!g->timed || g->running >= 0 || game_is_over(g))
		return;
	g->running = g->line.pos.side;
	g->since = game_now(g);
}

void game_clock_stop(struct game *g) { game_clock_charge(g); }

int game_clock_running(const struct game *g) { return g->running; }

int64_t game_clock_remaining(const struct game *g, int color)
{
	if (color != WHITE && color != BLACK)
		return 0;
	int64_t t = g->time[color];
	if (g->running == color)
		t -= game_now(g) - g->since;
	return t;
}

int64_t game_clock_increment(const struct game *g, int color)
{
	return color == WHITE || color == BLACK ? g->inc[color] : 0;
}

bool game_clock_check(struct game *g)
{
	int side = g->running;
	if (side < 0 || game_is_over(g) || game_clock_remaining(g, side) > 0)
		return false;
	/* FIDE 6.9: a fallen flag loses, unless the opponent could not mate by any series of legal moves. */
	bool can_mate = pos_can_mate(&g->line.pos, !side);
	game_declare(g, can_mate ? (side == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS) : RESULT_DRAW,
	             can_mate ? REASON_TIME_FORFEIT : REASON_TIMEOUT_DRAW);
	g->flagged = side;
	return true;
}

void game_clock_restore(struct game *g)
{
	if (!g->timed)
		return;
	bool was_running = g->running >= 0;
	g->running = -1;
	g->time[WHITE] = g->clock_at[g->ply][WHITE];
	g->time[BLACK] = g->clock_at[g->ply][BLACK];
	if (was_running && !game_is_over(g)) {
		g->running = g->line.pos.side;
		g->since = game_now(g);
	}
}
