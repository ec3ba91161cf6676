/*
 * The coach's own searches for `outpost annotate` (study/annotate.h's
 * annotate_checker): an engine of its own, one thread and a small table
 * cleared before each search of a fixed number of nodes, so that the same
 * position always gets the same line, whatever the timed searches did.
 */
#ifndef OUTPOST_COACH_CHECK_H
#define OUTPOST_COACH_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"
#include "study/annotate.h"

#define COACH_CHECK_NODES 160000 /* about a sixth of a second: only marked moves pay for it (60,000 saw too little:
                                 * 78.7% right on the labelled set against 82.9%; annotate takes 5% longer) */
#define COACH_CHECK_HASH_MB "4"
#define COACH_CHECK_MIN_LINE 6 /* a shorter line is searched on from its end */
#define COACH_CHECK_CACHED 2    /* a move marked after a marked move has its position searched already */

struct coach_check {
	struct engine *engine;
	uint64_t nodes;
	uint64_t key[COACH_CHECK_CACHED]; /* the position's, its fifty-move count's and the move left out's */
	struct annotate_search found[COACH_CHECK_CACHED];
	int used, next;
};

/* Makes the engine; false when out of memory or an option is refused (why in err). */
bool coach_check_init(struct coach_check *c, uint64_t nodes, char *err, size_t len);
void coach_check_free(struct coach_check *c);
/* An annotate_check_fn, ctx a struct coach_check. */
bool coach_check_search(void *ctx, const struct pos_line *line, move_t exclude, struct annotate_search *out);

#endif
