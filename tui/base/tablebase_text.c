/* The panel's tablebase line, probed once per position shown. */
#include <stdio.h>
#include <string.h>

#include "tablebase_text.h"
#include "engine/tablebase.h"

/* The line for a result of the tables (pos's side to move's view). */
static void result_text(const struct position *pos, const struct tablebase_root *tb, char *buf, size_t len)
{
	int winner = tb->wdl > 0 ? pos->side : !pos->side;
	const char *name = winner == WHITE ? "White" : "Black";
	if (tb->wdl == TABLEBASE_WIN || tb->wdl == TABLEBASE_LOSS)
		snprintf(buf, len, "tablebase: %s wins (DTZ %d)", name, tb->dtz);
	else if (tb->wdl == TABLEBASE_DRAW)
		snprintf(buf, len, "%s", "tablebase: draw");
	else
		snprintf(buf, len, "tablebase: draw by the fifty-move rule (%s wins without it, DTZ %d)", name, tb->dtz);
}

bool tablebase_text(const struct position *pos, char *buf, size_t len)
{
	/*
	 * The panel is drawn many times a second and the position changes far
	 * less often: the last answer is kept, by the position's key and its
	 * fifty-move count (the result depends on both) and the tables loaded.
	 * Only the key loop draws.
	 */
	static uint64_t last_key;
	static int last_rule50 = -1;
	static unsigned last_generation;
	static char last[96];
	unsigned generation = tablebase_generation();
	if (pos->st->key != last_key || pos->st->rule50 != last_rule50 || generation != last_generation) {
		struct tablebase_root tb;
		last[0] = '\0';
		if (tablebase_probe_root(pos, true, false, &tb))
			result_text(pos, &tb, last, sizeof last);
		last_key = pos->st->key;
		last_rule50 = pos->st->rule50;
		last_generation = generation;
	}
	snprintf(buf, len, "%s", last);
	return last[0] != '\0';
}
