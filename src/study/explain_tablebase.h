/*
 * The tablebases' word on a move, for the coach: the mover's result before it (with the move the tables keep
 * it by) and after it.  Read where the Syzygy tables are loaded (engine/tablebase.h) and hold the position;
 * a cursed win or a blessed loss, which the fifty-move rule draws, counts as a draw.
 */
#ifndef OUTPOST_EXPLAIN_TABLEBASE_H
#define OUTPOST_EXPLAIN_TABLEBASE_H

#include <stdbool.h>

#include "rules/position.h"

/* 1 a win, 0 a draw, -1 a loss, from the mover's view. */
struct explain_verdict {
	bool known;
	int before;    /* with the best move */
	int after;     /* after the move played */
	move_t kept;   /* the tables' best move, the one that keeps `before` */
};

/* The tables' verdict on played in pos; false (out->known false) where they do not hold the position. */
bool explain_tablebase_verdict(const struct position *pos, move_t played, struct explain_verdict *out);

#endif
