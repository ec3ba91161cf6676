/* The chess clock: a pair of countdowns, one running at a time. */
#include "notation/chess_clock.h"

#include <stddef.h>

#include "rules/clock.h"

void clock_init(struct chess_clock *c)
{
	*c = (struct chess_clock){ .running = -1 };
}

int64_t clock_now(const struct chess_clock *c) { return c->now ? c->now(c->now_ctx) : monotonic_ms(); }

void clock_charge(struct chess_clock *c)
{
	if (c->running < 0)
		return;
	int64_t now = clock_now(c);
	c->time[c->running] -= now - c->since;
	c->since = now;
	c->running = -1;
}

void clock_start(struct chess_clock *c, int color)
{
	if (!c->timed || c->running >= 0)
		return;
	c->running = color;
	c->since = clock_now(c);
}

int64_t clock_remaining(const struct chess_clock *c, int color)
{
	int64_t t = c->time[color];
	if (c->running == color)
		t -= clock_now(c) - c->since;
	return t;
}

bool clock_press(struct chess_clock *c, int mover)
{
	if (c->running != mover)
		return true;
	clock_charge(c);
	if (c->time[mover] <= 0)
		return false;
	c->time[mover] += c->inc[mover];
	clock_start(c, !mover);
	return true;
}
