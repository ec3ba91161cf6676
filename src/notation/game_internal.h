/* The game's insides, shared by game.c, game_clock.c and game_tags.c only. */
#ifndef OUTPOST_GAME_INTERNAL_H
#define OUTPOST_GAME_INTERNAL_H

#include "notation/game.h"
#include "rules/line.h"

struct game_tag_pair {
	char *name;
	char *value; /* NULL for Result, which always reads the game's result */
};

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

	/* Clocks, in milliseconds. */
	bool timed;
	int64_t time[COLOR_NB], inc[COLOR_NB];
	int running;   /* the colour whose clock runs, or -1 */
	int64_t since; /* when it started running */
	game_time_fn now;
	void *now_ctx;

	struct game_tag_pair *tags;
	int ntags, tagcap;
};

/* Ends the game with a declared result: stops the clock and drops the redo line. */
void game_declare(struct game *g, enum game_result r, enum game_reason why);
/* The time source's reading. */
int64_t game_now(const struct game *g);
/* Stops the running clock, charging its side (no-op when stopped). */
void game_clock_charge(struct game *g);
/* After an undo or redo: clocks as they were at the current ply, the side to move's running. */
void game_clock_restore(struct game *g);
/* Sets up the seven tag roster; false if out of memory. */
bool game_tags_init(struct game *g);
void game_tags_free(struct game *g);
bool game_tags_copy(struct game *dst, const struct game *src);

#endif
