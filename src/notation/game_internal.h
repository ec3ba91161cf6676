/*
 * The game's insides.  game.c owns them; game_clock.c and game_tags.c build
 * the clock and tag parts of the public API on top of game.c and call into it,
 * never the other way round: below them all sit chess_clock.c and tag_list.c,
 * which know nothing of games.
 */
#ifndef OUTPOST_GAME_INTERNAL_H
#define OUTPOST_GAME_INTERNAL_H

#include "notation/chess_clock.h"
#include "notation/game.h"
#include "notation/tag_list.h"
#include "rules/line.h"

struct game {
	struct pos_line line; /* the position, with a state for each ply played: keys for repetitions */
	char start_fen[FEN_MAX];
	bool standard;

	/* moves[0..ply) were played; moves[ply..nmoves) are the redo line. */
	move_t *moves;
	int ply, nmoves, cap;
	int64_t (*clock_at)[COLOR_NB]; /* clock_at[i]: both clocks when position i arose */

	/* The result the rules give the current position (kept up to date), and a declared one. */
	enum game_result rule_result, declared;
	enum game_reason rule_reason, declared_reason;
	int flagged; /* the colour whose flag fell, for the status text; -1 if none */

	struct chess_clock clock;
	struct tag_list tags;
};

/* Ends the game with a declared result: stops the clock and drops the redo line. */
void game_declare(struct game *g, enum game_result r, enum game_reason why);
/* side's flag fell: a loss, or a draw when the opponent could not mate (FIDE 6.9). */
void game_flag_fell(struct game *g, int side);

#endif
