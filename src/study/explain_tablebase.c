/* The tablebases' verdict on a move: what the mover had, what the move leaves, and the move that kept it. */
#include "study/explain_tablebase.h"

#include <string.h>

#include "engine/tablebase.h"
#include "rules/movegen.h"

/* A Syzygy result as the coach counts it: the fifty-move rule's draws are draws. */
static int outcome(int wdl) { return wdl >= TABLEBASE_WIN ? 1 : wdl <= TABLEBASE_LOSS ? -1 : 0; }

bool explain_tablebase_verdict(const struct position *pos, move_t played, struct explain_verdict *out)
{
	struct tablebase_root root, next;
	memset(out, 0, sizeof *out);
	if (!move_is_legal(pos, played) || !tablebase_probe_root(pos, true, false, &root) || root.nkeep == 0)
		return false;
	struct position after;
	struct state st, made;
	pos_copy(&after, &st, pos);
	pos_make_move(&after, played, &made);
	if (count_legal(&after) == 0)
		out->after = in_check(&after) ? 1 : 0; /* mate, or stalemate */
	else if (tablebase_probe_root(&after, true, false, &next))
		out->after = -outcome(next.wdl);
	else
		return false;
	out->before = outcome(root.wdl);
	out->kept = root.keep[0];
	out->known = true;
	return true;
}
