/*
 * The analysis snapshot: the engine's search thread writes into it from its
 * callbacks under a mutex; the key loop copies it out every ~50 ms and draws
 * from its copy.  Nothing here draws, and the search thread never waits on
 * the front end for longer than a copy.
 */
#ifndef OUTPOST_TUI_ANALYSIS_H
#define OUTPOST_TUI_ANALYSIS_H

#include <pthread.h>
#include <stdbool.h>

#include "engine/engine.h"

#define ANALYSIS_LINES ENGINE_MULTIPV_MAX /* the most MultiPV lines shown */

struct analysis_snapshot {
	unsigned search_id;   /* the search these figures belong to */
	unsigned version;     /* bumps on every update, so a reader redraws only on change */
	int nlines;           /* lines[0 .. nlines) hold data */
	struct engine_info lines[ANALYSIS_LINES]; /* by MultiPV index, best first */
	bool done;            /* the search ended: best and ponder are set */
	move_t best, ponder;
};

struct analysis {
	pthread_mutex_t lock;
	struct analysis_snapshot snap;
};

void analysis_init(struct analysis *a);
void analysis_destroy(struct analysis *a);
/* Starts a new search's snapshot (empty, not done) and returns its id. */
unsigned analysis_begin(struct analysis *a);
/* The engine callbacks; ctx is the struct analysis. */
void analysis_on_info(void *ctx, const struct engine_info *info);
void analysis_on_best(void *ctx, move_t best, move_t ponder);
/* Copies the snapshot into out when its version differs from *seen (then updates *seen); false otherwise. */
bool analysis_poll(struct analysis *a, struct analysis_snapshot *out, unsigned *seen);

#endif
