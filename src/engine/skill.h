/*
 * Playing levels for people: the engine's own part of them.  Every level
 * names an Elo: UCI_Elo (under UCI_LimitStrength) gives it, and Skill Level L
 * below 20 means 800 + 100 L (level 0 is 800, level 10 is 1800, level 14 is
 * 2200); 20 is full strength.  Up to HUMAN_ELO_MAX (src/people/human_level.h)
 * the human move model plays, as a person of that rating would, through the
 * hook the program installs (engine_set_people).  Above it, and at every Elo
 * when no hook is installed, the engine is weakened the classic way, here: a
 * node and depth limit, several MultiPV lines, and a random error that grows
 * as the level falls, on a search level from 0 to 20 (skill_search_level).
 * That weakening and the Elo option are the search's own, so they stay in the
 * engine; what is about people is in src/people/.
 */
#ifndef OUTPOST_SKILL_H
#define OUTPOST_SKILL_H

#include "engine/search.h"

#define SKILL_MAX 20
#define SKILL_ELO_MIN 800
#define SKILL_ELO_MAX 2850

#define SKILL_ELO_PER_LEVEL 100

/* The Elo the engine plays at, or 0 for full strength. */
int skill_elo(int skill_option, bool limit_strength, int elo);
/* The search level of an Elo for the classic weakening, 0.0 .. 20.0; 20 (no weakening) for 0. */
double skill_search_level(int elo);
static inline bool skill_enabled(double level) { return level < SKILL_MAX; }
/* The node limit of a level (0 = none). */
uint64_t skill_nodes(double level);
/* The depth limit of a level (0 = none). */
int skill_depth(double level);
/* How many lines to search so that there is something to choose from. */
int skill_multipv(double level);
/* The next number of the caller's xorshift generator (state never 0). */
uint64_t skill_random(uint64_t *s);
/*
 * Chooses among the first `lines` root moves (sorted, best first); unit: the search's units per centipawn (its
 * scores' scale, NNUE_SEARCH_PCT); rng is the caller's state.
 */
move_t skill_pick(const struct root_move *rm, int lines, double level, double unit, uint64_t *rng);

#endif
