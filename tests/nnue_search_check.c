/*
 * tests/nnue-search-check: does the search see what the trainer saw?  The
 * search compiled again with OUTPOST_NNUE_CHECK (src/engine/search.c) hands
 * every network evaluation of real searches here with the same position's
 * score from its board alone: the accumulators kept move by move must give it
 * exactly.  The bench positions are searched on one and on two threads, and
 * a game's moves are played through the engine (so that the root has a
 * history of states above it) with a search after each.  Exit status 1 on the
 * first difference, with the position.
 */
#define OUTPOST_NNUE_CHECK
#include "engine/search.c"

#include <stdatomic.h>

#include "protocol/bench.h"
#include "protocol/one_search.h"
#include "rules/uci_move.h"

static atomic_ullong checked, differed;

void nnue_check_node(const struct position *pos, score_t incremental, score_t fresh, int ply)
{
	atomic_fetch_add(&checked, 1);
	if (incremental == fresh || atomic_fetch_add(&differed, 1) > 0)
		return;
	char fen[FEN_MAX];
	pos_get_fen(pos, fen, sizeof fen);
	fprintf(stderr, "nnue-search-check: at ply %d of %s the accumulators give %d, the board %d\n", ply, fen,
	        incremental, fresh);
}

static bool set(struct engine *e, const char *name, const char *value)
{
	char err[200];
	if (engine_set_option(e, name, value, err, sizeof err))
		return true;
	fprintf(stderr, "nnue-search-check: %s\n", err);
	return false;
}

/* Every bench position searched to depth on `threads` threads. */
static bool bench_positions_searched(struct engine *e, int depth, const char *threads)
{
	char err[200];
	if (!set(e, "Threads", threads))
		return false;
	for (int i = 0; bench_positions[i]; i++) {
		struct engine_limits l = { .depth = depth };
		struct one_search done;
		engine_new_game(e);
		if (!engine_set_position(e, bench_positions[i], NULL, 0, err, sizeof err))
			continue; /* the bench names its own bad positions */
		one_search_run(e, &l, &done);
	}
	return true;
}

/* A game of the engine against itself, each move searched from the start position with the moves as history. */
static void game_played(struct engine *e, int plies, int depth)
{
	move_t moves[200];
	char err[200];
	engine_new_game(e);
	for (int n = 0; n < plies; n++) {
		struct engine_limits l = { .depth = depth };
		struct one_search done;
		if (!engine_set_position(e, NULL, moves, n, err, sizeof err))
			break;
		one_search_run(e, &l, &done);
		if (done.best == MOVE_NONE)
			break;
		moves[n] = done.best;
	}
}

int main(void)
{
	struct engine *e = engine_new();
	if (!e || !set(e, "Use NNUE", "true") || !set(e, "Hash", "16"))
		return 1;
	bool ok = bench_positions_searched(e, 7, "1") && bench_positions_searched(e, 7, "2");
	if (ok && set(e, "Threads", "1"))
		game_played(e, 60, 6);
	engine_free(e);
	unsigned long long n = atomic_load(&checked), bad = atomic_load(&differed);
	printf("nnue-search-check: %llu network evaluations in real searches, %llu differ from the board's\n", n, bad);
	return ok && n > 0 && bad == 0 ? 0 : 1;
}
