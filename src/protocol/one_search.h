/*
 * One search run to its end and what it left: the bench and the EPD runner
 * both start a search, wait for it, and read its last line and its move.
 */
#ifndef OUTPOST_ONE_SEARCH_H
#define OUTPOST_ONE_SEARCH_H

#include "engine/engine.h"

struct one_search {
	struct engine_info last; /* the last report of the best line (depth 0 when there was none) */
	move_t best;             /* MOVE_NONE when the position has no legal move */
};

/* Searches the engine's position under l and returns when the search has ended, its result in out. */
void one_search_run(struct engine *e, const struct engine_limits *l, struct one_search *out);

#endif
