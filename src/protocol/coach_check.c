/* The coach's searches: the same nodes from cleared tables, so the same line for the same position. */
#include "protocol/coach_check.h"

#include <stdio.h>
#include <string.h>

#include "protocol/one_search.h"
#include "rules/line.h"

bool coach_check_init(struct coach_check *c, uint64_t nodes, char *err, size_t len)
{
	memset(c, 0, sizeof *c);
	c->nodes = nodes;
	c->engine = engine_new();
	if (!c->engine) {
		snprintf(err, len, "%s", "out of memory");
		return false;
	}
	engine_for_coach(c->engine, true);
	if (engine_set_option(c->engine, "Threads", "1", err, len) &&
	    engine_set_option(c->engine, "Hash", COACH_CHECK_HASH_MB, err, len))
		return true;
	coach_check_free(c);
	return false;
}

void coach_check_free(struct coach_check *c)
{
	engine_free(c->engine);
	c->engine = NULL;
}

/* The position's search as it was found before, if it was (the key and the history's length name it). */
static bool cached(const struct coach_check *c, uint64_t key, struct annotate_search *out)
{
	for (int i = 0; i < c->used; i++)
		if (c->key[i] == key) {
			*out = c->found[i];
			return true;
		}
	return false;
}

/* The root's legal moves but exclude into lim (none left out where exclude is MOVE_NONE). */
static void leave_out(const struct position *pos, move_t exclude, struct engine_limits *lim)
{
	move_t list[MAX_MOVES];
	int n = exclude == MOVE_NONE ? 0 : generate_legal(pos, list);
	lim->nsearchmoves = 0;
	for (int i = 0; i < n; i++)
		if (list[i] != exclude)
			lim->searchmoves[lim->nsearchmoves++] = list[i];
}

/*
 * A line cut short by the table (a refutation of one move, "13... Nxh5") hides what follows it: a recapture that
 * fails to a second attacker.  The end of such a line is searched again, from cleared tables, and its moves added,
 * until the line holds COACH_CHECK_MIN_LINE moves or the position has no move.
 */
static int extend_line(struct coach_check *c, const struct pos_line *line, move_t *pv, int n)
{
	struct pos_line l = POS_LINE_EMPTY;
	if (n >= COACH_CHECK_MIN_LINE || !line_copy(&l, line))
		return n;
	for (int i = 0; i < n; i++)
		line_play(&l, pv[i]);
	for (int tries = 0; n < COACH_CHECK_MIN_LINE && tries < COACH_CHECK_MIN_LINE; tries++) {
		engine_new_game(c->engine);
		struct engine_limits lim = { .nodes = c->nodes / 2 };
		struct one_search s;
		if (!engine_set_line(c->engine, &l))
			break;
		one_search_run(c->engine, &lim, &s);
		if (s.last.pv_len == 0)
			break;
		for (int i = 0; i < s.last.pv_len && n < ANNOTATE_LINE_MAX; i++) {
			pv[n++] = s.last.pv[i];
			line_play(&l, s.last.pv[i]);
		}
	}
	line_free(&l);
	return n;
}

bool coach_check_search(void *ctx, const struct pos_line *line, move_t exclude, struct annotate_search *out)
{
	struct coach_check *c = ctx;
	uint64_t key = pos_key(&line->pos) ^ (uint64_t)line->pos.st->rule50 * 0x9E3779B97F4A7C15u ^
	               (uint64_t)exclude * 0xC2B2AE3D27D4EB4Fu;
	if (cached(c, key, out))
		return true;
	if (!c->engine)
		return false;
	/* Cleared tables: what an earlier search left would make this one's line depend on the order of asking. */
	engine_new_game(c->engine);
	if (!engine_set_line(c->engine, line))
		return false;
	struct engine_limits lim = { .nodes = c->nodes };
	leave_out(&line->pos, exclude, &lim);
	if (exclude != MOVE_NONE && lim.nsearchmoves == 0)
		return false;
	struct one_search s;
	one_search_run(c->engine, &lim, &s);
	if (s.last.pv_len == 0)
		return false;
	move_t pv[ANNOTATE_LINE_MAX];
	int n = s.last.pv_len < ANNOTATE_LINE_MAX ? s.last.pv_len : ANNOTATE_LINE_MAX;
	memcpy(pv, s.last.pv, (size_t)n * sizeof *pv);
	n = extend_line(c, line, pv, n);
	annotate_from_search(out, line->pos.side, s.last.depth, s.last.score_cp, s.last.is_mate, s.last.mate_moves, pv,
	                     n);
	c->key[c->next] = key;
	c->found[c->next] = *out;
	c->next = (c->next + 1) % COACH_CHECK_CACHED;
	c->used += c->used < COACH_CHECK_CACHED;
	return true;
}
