/* The opening, the middlegame and the endgame of a game, by the pieces left. */
#include "study/game_phases.h"

#include "rules/bitboard.h"

enum game_phase game_phase_of(const struct position *pos)
{
	bitboard_t officers = occupied(pos) & ~pieces(pos, PAWN) & ~pieces(pos, KING);
	int count = popcount(officers);
	if (count <= 6)
		return PHASE_ENDGAME;
	bool sparse = popcount(pos->by_color[WHITE] & RANK_1_BB) < 4 || popcount(pos->by_color[BLACK] & RANK_8_BB) < 4;
	return count <= 10 || sparse ? PHASE_MIDDLEGAME : PHASE_OPENING;
}

void game_phases(const struct game *g, const int *nodes, int n, int *phase)
{
	struct pos_line line = POS_LINE_EMPTY;
	int now = PHASE_OPENING;
	for (int i = 0; i < n; i++) {
		if (game_node_line(g, nodes[i], &line)) {
			int p = game_phase_of(&line.pos);
			now = p > now ? p : now;
		}
		phase[i] = now;
	}
	line_free(&line);
}

const char *game_phase_name(enum game_phase p)
{
	static const char *const names[PHASE_NB] = { "opening", "middlegame", "endgame" };
	return p >= 0 && p < PHASE_NB ? names[p] : "?";
}
