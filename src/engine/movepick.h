/*
 * Moves handed out one at a time, best first, generating each stage only
 * when the earlier ones did not cause a cutoff: the hash move, winning and
 * even captures, the two killers, the counter move, the other quiet moves by
 * history, and last the captures that lose material.  In check every evasion
 * is generated at once; in the quiescence search only captures and
 * promotions.
 */
#ifndef OUTPOST_MOVEPICK_H
#define OUTPOST_MOVEPICK_H

#include "engine/history.h"
#include "rules/movegen.h"

struct scored_move {
	move_t move;
	int score;
};

struct move_picker {
	const struct position *pos;
	const struct history *hist;
	const cont_hist_t *cont[2]; /* the continuation tables of the moves one and two plies back */
	int stage;
	move_t tt_move, killers[2], counter;
	bool skip_quiets;  /* set by the search once late quiet moves are pruned anyway */
	bool qs_checks;    /* the quiescence search also wants quiet checks */
	int cur, end;      /* the stage's moves: list[cur .. end) */
	int bad_end;       /* losing captures kept aside: bad[0 .. bad_end) */
	struct scored_move list[MAX_MOVES];
	move_t bad[MAX_MOVES];
};

/* For a node of the main search (killers and counter for this ply; cont: as in struct move_picker). */
void movepick_init(struct move_picker *mp, const struct position *pos, const struct history *hist,
                   const cont_hist_t *const cont[2], move_t tt_move, int ply, move_t counter);
/*
 * For the quiescence search: captures and promotions, then (with checks) the
 * quiet moves that give check; every evasion when in check.
 */
void movepick_init_qs(struct move_picker *mp, const struct position *pos, const struct history *hist,
                      move_t tt_move, bool checks);
/* The next move, or MOVE_NONE when there are no more.  Every move returned is legal. */
move_t movepick_next(struct move_picker *mp);

#endif
