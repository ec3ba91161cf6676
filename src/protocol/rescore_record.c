/* Re-scoring a record: unpacked, searched on a cleared table, then written with its new scores, dropped or reported. */
#include <stdio.h>
#include <string.h>

#include "protocol/datagen_internal.h"
#include "protocol/rescore_internal.h"

struct engine *rescore_engine(const struct rescore_options *opt, char *err, size_t errlen)
{
	struct engine *e = engine_new();
	char hash[16];
	snprintf(hash, sizeof hash, "%d", opt->hash_mb);
	if (!e) {
		snprintf(err, errlen, "out of memory for an engine");
		return NULL;
	}
	if (!engine_set_option(e, "Threads", "1", err, errlen) || !engine_set_option(e, "Hash", hash, err, errlen) ||
	    (opt->evalfile && (!engine_set_option(e, "Use NNUE", "true", err, errlen) ||
	                       !engine_set_option(e, "EvalFile", opt->evalfile, err, errlen)))) {
		engine_free(e);
		return NULL;
	}
	return e;
}

static void report(struct rescore_block *b, long long record, const char *why)
{
	b->bad++;
	if (b->nreports < RESCORE_REPORTS) {
		b->reports[b->nreports].record = record;
		snprintf(b->reports[b->nreports++].why, sizeof b->reports[0].why, "%s", why);
	}
}

/*
 * Record i of the block.  The table and the history are cleared first, so
 * that its score depends on nothing searched before it.  False when the
 * engine failed (a message in err).
 */
static bool rescore_record(struct engine *e, uint64_t nodes, struct rescore_block *b, int i, long long record,
                           char *err, size_t errlen)
{
	struct position pos;
	struct state st;
	char why[200];
	move_t moves[MAX_MOVES];
	if (!packed_unpack(b->in[i], &pos, &st, NULL, why, sizeof why)) {
		report(b, record, why);
		return true;
	}
	if (in_check(&pos)) { /* dropped without a search */
		b->in_check++;
		return true;
	}
	if (generate_legal(&pos, moves) == 0) {
		report(b, record, "no legal move (a stalemate): nothing to search");
		return true;
	}
	struct pos_line line = POS_LINE_EMPTY;
	struct datagen_answer a;
	engine_new_game(e);
	bool ok = line_start(&line, &pos);
	if (!ok)
		snprintf(err, errlen, "out of memory for a position");
	ok = ok && datagen_search(e, &line, nodes, &a, err, errlen);
	line_free(&line);
	if (!ok)
		return false;
	switch (datagen_noise(&pos, &a)) {
	case NOISE_IN_CHECK: b->in_check++; break;
	case NOISE_MATE: b->mate++; break;
	case NOISE_CAPTURE: b->noisy++; break;
	case NOISE_NONE:
		memcpy(b->out[b->nout], b->in[i], PACKED_SIZE);
		packed_set_scores(b->out[b->nout++], a.score, datagen_static_eval(&pos));
		break;
	}
	return true;
}

bool rescore_block(struct engine *e, const struct rescore_options *opt, long long first, struct rescore_block *b,
                   char *err, size_t errlen)
{
	b->nout = b->nreports = 0;
	b->in_check = b->mate = b->noisy = b->bad = 0;
	for (int i = 0; i < b->n; i++)
		if ((opt->stop && *opt->stop) || !rescore_record(e, opt->nodes, b, i, first + i, err, errlen))
			return false;
	return true;
}
