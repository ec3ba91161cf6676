/*
 * The transposition table: what earlier searches learnt about a position
 * (best move, score and its bound, static eval, depth), shared by every search
 * thread.  Buckets of four entries fill one cache line.  Threads read and write
 * without locks: each entry is two 64-bit words stored with relaxed atomics,
 * the first holding key ^ data, so a torn entry (one word from each of two
 * writers) fails the key check and reads as a miss instead of as garbage.
 * The sharing is a race by design, and the atomics say so: relaxed loads and
 * stores compile to the plain moves a lockless table needs, and ThreadSanitizer
 * (make check-tsan) sees no race to report, with nothing suppressed.
 */
#ifndef OUTPOST_TT_H
#define OUTPOST_TT_H

#include <stdatomic.h>
#include <stddef.h>

#include "rules/types.h"

enum tt_bound { TT_NONE, TT_UPPER, TT_LOWER, TT_EXACT = TT_UPPER | TT_LOWER };

/* An entry as read back from the table. */
struct tt_hit {
	move_t move;
	score_t score; /* as stored: mate scores relative to the node, see score_to_tt */
	score_t eval;  /* static eval, or SCORE_NONE */
	int depth;
	int bound;
};

struct tt_entry {
	_Atomic uint64_t check; /* key ^ data */
	_Atomic uint64_t data;
};

#define TT_BUCKET_SIZE 4
struct tt_bucket {
	struct tt_entry entry[TT_BUCKET_SIZE];
};

struct tt {
	struct tt_bucket *buckets;
	size_t count;            /* number of buckets */
	uint8_t generation;      /* of the current search, 6 bits, for age-aware replacement */
	struct tt_bucket spare;  /* the whole table when no memory at all could be had */
};

#define TT_MIN_MB 1
#define TT_MAX_MB 65536

/*
 * Maps a fresh table of mb megabytes (zero: it reads as empty), after unmapping the old one.  False if mb is out
 * of range (nothing changes) or the memory cannot be had: then the table is empty again at its old size (or at
 * worst a single bucket, if even that cannot be had).
 */
bool tt_resize(struct tt *tt, size_t mb);
void tt_free(struct tt *tt);
void tt_clear(struct tt *tt);
/* A new search begins: older entries become the first to replace. */
void tt_new_search(struct tt *tt);
/* Looks up key; true and *hit filled on a match. */
bool tt_probe(const struct tt *tt, uint64_t key, struct tt_hit *hit);
/* Stores what a search found; keeps the old move when the new one is MOVE_NONE. */
void tt_store(struct tt *tt, uint64_t key, move_t move, score_t score, score_t eval, int depth, int bound);
/* Permille of a sample of entries written in the current search. */
int tt_hashfull(const struct tt *tt);

static inline struct tt_bucket *tt_bucket_of(const struct tt *tt, uint64_t key)
{
	/* The high half of a 128-bit product maps the key evenly onto any table size. */
	return &tt->buckets[(size_t)(((unsigned __int128)key * tt->count) >> 64)];
}

static inline void tt_prefetch(const struct tt *tt, uint64_t key)
{
	__builtin_prefetch(tt_bucket_of(tt, key));
}

/*
 * Mate and tablebase scores are stored relative to the node, not the root, so they stay true wherever the node
 * recurs.
 */
static inline score_t score_to_tt(score_t s, int ply)
{
	return s > SCORE_TB_WIN_IN_MAX ? s + ply : s < SCORE_TB_LOSS_IN_MAX ? s - ply : s;
}

static inline score_t score_from_tt(score_t s, int ply)
{
	return s > SCORE_TB_WIN_IN_MAX ? s - ply : s < SCORE_TB_LOSS_IN_MAX ? s + ply : s;
}

#endif
