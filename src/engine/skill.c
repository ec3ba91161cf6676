/* The classic weakening, above the levels of people: a node budget and an error in the choice among MultiPV lines. */
#include "engine/skill.h"

/* Nodes at level 0, and the factor per level: level 19 gets about 200,000. */
#define SKILL_BASE_NODES 60.0
#define SKILL_NODE_GROWTH 1.53
/* The random error at level 0, in centipawns, falling with the square of the level to 0 at full strength. */
#define SKILL_MAX_ERROR 450.0
/* Plies searched at level 0, and levels per extra ply. */
#define SKILL_BASE_DEPTH 1
#define SKILL_LEVELS_PER_PLY 2

int skill_elo(int skill_option, bool limit_strength, int elo)
{
	if (limit_strength)
		return elo < SKILL_ELO_MIN ? SKILL_ELO_MIN : elo > SKILL_ELO_MAX ? SKILL_ELO_MAX : elo;
	if (skill_option >= SKILL_MAX)
		return 0;
	return SKILL_ELO_MIN + SKILL_ELO_PER_LEVEL * (skill_option < 0 ? 0 : skill_option);
}

double skill_search_level(int elo)
{
	if (!elo)
		return SKILL_MAX;
	double l = (double)(elo - SKILL_ELO_MIN) * SKILL_MAX / (SKILL_ELO_MAX - SKILL_ELO_MIN);
	return l < 0 ? 0 : l > SKILL_MAX ? SKILL_MAX : l;
}

uint64_t skill_nodes(double level)
{
	if (!skill_enabled(level))
		return 0;
	/* BASE * GROWTH^level, geometric between whole levels. */
	double nodes = SKILL_BASE_NODES;
	int whole = (int)level;
	for (int i = 0; i < whole; i++)
		nodes *= SKILL_NODE_GROWTH;
	return (uint64_t)(nodes * (1 + (SKILL_NODE_GROWTH - 1) * (level - whole)));
}

int skill_depth(double level)
{
	return skill_enabled(level) ? SKILL_BASE_DEPTH + (int)level / SKILL_LEVELS_PER_PLY : 0;
}

int skill_multipv(double level) { return skill_enabled(level) ? 4 + (int)((SKILL_MAX - level) / 4) : 1; }

uint64_t skill_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

move_t skill_pick(const struct root_move *rm, int lines, double level, double unit, uint64_t *rng)
{
	double weakness = (SKILL_MAX - level) / SKILL_MAX;
	double error = SKILL_MAX_ERROR * weakness * weakness * unit;
	move_t best = rm[0].move;
	double best_value = -1e9;
	for (int i = 0; i < lines; i++) {
		score_t s = rm[i].score != -SCORE_INFINITE ? rm[i].score : rm[i].prev_score;
		if (s == -SCORE_INFINITE)
			continue;
		/* A uniform error in [0, error): a line up to `error` worse may look best. */
		double noise = error * (double)(skill_random(rng) % 1000) / 1000.0;
		if (s + noise > best_value) {
			best_value = s + noise;
			best = rm[i].move;
		}
	}
	return best;
}
