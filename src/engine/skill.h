/*
 * Playing levels for people.  A level from 0 to 20 (20 is full strength)
 * limits the depth and nodes searched and has the engine choose among several MultiPV
 * lines with a random error that grows as the level falls, so that a weaker
 * level misses deep ideas and sometimes prefers a plainly worse move.
 * UCI_Elo maps onto the same scale.
 */
#ifndef OUTPOST_SKILL_H
#define OUTPOST_SKILL_H

#include "engine/search.h"

#define SKILL_MAX 20
#define SKILL_ELO_MIN 800
#define SKILL_ELO_MAX 2850

/* The level in effect, 0.0 .. 20.0 (fractional under UCI_Elo); 20 means no weakening. */
double skill_level(int skill_option, bool limit_strength, int elo);
static inline bool skill_enabled(double level) { return level < SKILL_MAX; }
/* The node limit of a level (0 = none). */
uint64_t skill_nodes(double level);
/* The depth limit of a level (0 = none). */
int skill_depth(double level);
/* How many lines to search so that there is something to choose from. */
int skill_multipv(double level);
/* The next number of the caller's xorshift generator (state never 0). */
uint64_t skill_random(uint64_t *s);
/* Chooses among the first `lines` root moves (sorted, best first); rng is the caller's state. */
move_t skill_pick(const struct root_move *rm, int lines, double level, uint64_t *rng);

#endif
