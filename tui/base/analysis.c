/* The snapshot the search thread fills and the key loop reads, guarded by one mutex. */
#include <string.h>

#include "analysis.h"

void analysis_init(struct analysis *a)
{
	memset(&a->snap, 0, sizeof a->snap);
	pthread_mutex_init(&a->lock, NULL);
}

void analysis_destroy(struct analysis *a) { pthread_mutex_destroy(&a->lock); }

unsigned analysis_begin(struct analysis *a)
{
	pthread_mutex_lock(&a->lock);
	unsigned id = a->snap.search_id + 1, version = a->snap.version + 1;
	memset(&a->snap, 0, sizeof a->snap);
	a->snap.search_id = id;
	a->snap.version = version;
	pthread_mutex_unlock(&a->lock);
	return id;
}

void analysis_on_info(void *ctx, const struct engine_info *info)
{
	struct analysis *a = ctx;
	int i = info->multipv > 0 ? info->multipv - 1 : 0;
	if (i >= ANALYSIS_LINES)
		return;
	pthread_mutex_lock(&a->lock);
	a->snap.lines[i] = *info;
	if (a->snap.nlines < i + 1)
		a->snap.nlines = i + 1;
	/* Node counts and speed are the search's, not the line's: keep the first line's current. */
	if (i > 0) {
		a->snap.lines[0].nodes = info->nodes;
		a->snap.lines[0].nps = info->nps;
		a->snap.lines[0].time_ms = info->time_ms;
		a->snap.lines[0].hashfull = info->hashfull;
	}
	a->snap.version++;
	pthread_mutex_unlock(&a->lock);
}

void analysis_on_best(void *ctx, move_t best, move_t ponder)
{
	struct analysis *a = ctx;
	pthread_mutex_lock(&a->lock);
	a->snap.done = true;
	a->snap.best = best;
	a->snap.ponder = ponder;
	a->snap.version++;
	pthread_mutex_unlock(&a->lock);
}

bool analysis_poll(struct analysis *a, struct analysis_snapshot *out, unsigned *seen)
{
	bool changed = false;
	pthread_mutex_lock(&a->lock);
	if (a->snap.version != *seen) {
		*out = a->snap;
		*seen = a->snap.version;
		changed = true;
	}
	pthread_mutex_unlock(&a->lock);
	return changed;
}
