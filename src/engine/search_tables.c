/*
 * The root in the tablebases, as the engines we learn from do it: the root
 * moves are cut down to those the distance-to-zero tables rank best, so that
 * a won ending is won and a drawn one held under the fifty-move rule, and the
 * search then picks among them (finding mates where it can).  With the
 * distance-to-zero tables there, the tree needs no probes of its own.
 */
#include "engine/search.h"
#include "engine/tablebase.h"

/* Has a position repeated since the last capture or pawn move?  Then a win must not dawdle. */
static bool repeated_since_zeroing(const struct position *pos)
{
	int span = pos->st->rule50;
	const struct state *a = pos->st;
	for (int i = 0; a && i < span; i++, a = a->prev) {
		const struct state *b = a->prev;
		for (int j = i + 1; b && j <= span; j++, b = b->prev)
			if (b->key == a->key)
				return true;
	}
	return false;
}

/* The score to show for the root's result: a win the distance away in the band below the mates; small for the
 * results the fifty-move rule turns into draws. */
static score_t root_score(int wdl, int dtz, bool rule50)
{
	int ply = dtz < MAX_PLY - 1 ? dtz : MAX_PLY - 1;
	if (!rule50 && (wdl == TABLEBASE_CURSED_WIN || wdl == TABLEBASE_BLESSED_LOSS))
		wdl *= 2;
	switch (wdl) {
	case TABLEBASE_WIN: return tb_win_in(ply);
	case TABLEBASE_LOSS: return -tb_win_in(ply);
	case TABLEBASE_CURSED_WIN: return 1;
	case TABLEBASE_BLESSED_LOSS: return -1;
	default: return SCORE_DRAW;
	}
}

/* Keeps the root moves that are in keep (in their order), unless none is. */
static void keep_root_moves(struct search_thread *t, const struct tablebase_root *tb)
{
	int n = 0;
	for (int i = 0; i < t->nroot; i++)
		for (int j = 0; j < tb->nkeep; j++)
			if (t->root_moves[i].move == tb->keep[j]) {
				t->root_moves[n++] = t->root_moves[i];
				break;
			}
	if (n > 0)
		t->nroot = n;
}

bool search_tables_root(struct search_thread *t)
{
	struct search_shared *sh = t->shared;
	struct tablebase_root tb;
	sh->tb_root = false;
	if (!sh->tb_used || t->nroot == 0 || tablebase_pieces(&t->pos) > sh->tb_pieces ||
	    !tablebase_probe_root(&t->pos, sh->tb_rule50, repeated_since_zeroing(&t->pos), &tb))
		return false;
	atomic_fetch_add_explicit(&t->tbhits, (uint64_t)t->nroot, memory_order_relaxed);
	keep_root_moves(t, &tb);
	sh->tb_root = true;
	sh->tb_root_score = root_score(tb.wdl, tb.dtz, sh->tb_rule50);
	/* Ranked by distance to zero, any kept move keeps the result: the tree is searched for mates, not probed. */
	if (tb.ranked)
		sh->tb_pieces = 0;
	return true;
}
