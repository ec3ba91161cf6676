/*
 * What a review says first, read off a game whose main line annotate has
 * marked (every move's [%eval]): the key moments, the three to five moves
 * where the expected score swung most, for either side, each with the
 * coach's sentence (the misses and the phases are misses.h's and
 * game_phases.h's).
 *
 * A key moment is a move whose swing (the change of White's expected score
 * from the position before it to the one after, annotate.h's curve) is at
 * least KEY_SWING, a mistake's worth, the largest KEY_MOMENTS_MAX of them;
 * where fewer than KEY_MOMENTS_MIN reach it, the largest swings from
 * KEY_SWING_FILL (an inaccuracy's) fill up to it.  A quiet game may have
 * none.  A fall the annotation left unmarked (the engine's own best move,
 * where its search changed its mind) is no key moment, unless no move of
 * the game is marked at all.
 */
#ifndef OUTPOST_KEY_MOMENTS_H
#define OUTPOST_KEY_MOMENTS_H

#include <stdbool.h>
#include <stddef.h>

#include "notation/game.h"

#define KEY_MOMENTS_MAX 5
#define KEY_MOMENTS_MIN 3
#define KEY_SWING 0.10
#define KEY_SWING_FILL 0.05

struct key_moment {
	int node;            /* the move */
	int side;            /* its mover */
	double before, after; /* the mover's expected score before and after it, 0 .. 1 */
};

/* The key moments of g's main line in the order played; how many (0 where evaluations are missing). */
int key_moments_find(const struct game *g, struct key_moment out[KEY_MOMENTS_MAX]);

/* "14. Nxe5?? (White, 62% to 18%): the coach's sentence" (the move's comment; none where it has none). */
void key_moment_text(const struct game *g, const struct key_moment *k, char *buf, size_t len);

/* A note at the game's end listing the key moments, replacing an earlier one; false if out of memory. */
bool key_moments_comment(struct game *g);
/* That note's first words, by which a later annotation finds and replaces it. */
#define KEY_MOMENTS_HEAD "Key moments:"

#endif
