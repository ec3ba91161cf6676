/*
 * tests/notation-speed: how fast the notation part does two things people wait on, timed here and never in a
 * test (tests assert behaviour): reading Debian's ECO file whole (eco.h, when pgn-extract is installed) and
 * stepping through a 400-ply game (undo, redo and jumps).  Prints one line each; tests/bench/notation-speed runs it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "notation/eco.h"
#include "notation/game.h"
#include "notation/notation.h"
#include "rules/position.h"

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int time_eco(void)
{
	if (access(ECO_SYSTEM_FILE, R_OK) != 0) {
		printf("eco: %s is not installed (apt-get install pgn-extract)\n", ECO_SYSTEM_FILE);
		return 0;
	}
	char err[256];
	double t0 = now_ms();
	struct eco *e = eco_load(ECO_SYSTEM_FILE, err, sizeof err);
	double ms = now_ms() - t0;
	if (!e) {
		fprintf(stderr, "notation-speed: %s\n", err);
		return 1;
	}
	printf("eco: %s read in %.0f ms (%d positions)\n", ECO_SYSTEM_FILE, ms, eco_count(e));
	eco_free(e);
	return 0;
}

static int time_steps(void)
{
	static const char *const cycle[4] = { "Nf3", "Nf6", "Ng1", "Ng8" };
	char err[200];
	struct game *g = game_new(NULL, err, sizeof err);
	for (int i = 0; g && i < 400; i++) {
		move_t m;
		if (san_parse(game_position(g), cycle[i % 4], &m, err, sizeof err) != SAN_OK || !game_append(g, m)) {
			fprintf(stderr, "notation-speed: ply %d: %s\n", i + 1, err);
			game_free(g);
			return 1;
		}
	}
	if (!g) {
		fprintf(stderr, "notation-speed: %s\n", err);
		return 1;
	}
	int end = game_current(g), steps = 0;
	double t0 = now_ms();
	for (int round = 0; round < 20; round++) {
		while (game_undo(g))
			steps++;
		while (game_redo(g))
			steps++;
		game_goto(g, GAME_ROOT);
		game_goto(g, end);
		steps += 2;
	}
	double us = (now_ms() - t0) * 1e3 / steps;
	printf("game: stepping a 400-ply game, %d steps, %.2f us a step\n", steps, us);
	game_free(g);
	return 0;
}

int main(void)
{
	position_init();
	return time_eco() | time_steps();
}
