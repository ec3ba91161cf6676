/* The transposition table: lockless buckets with depth- and age-aware replacement. */
#include "engine/tt.h"

#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

/*
 * The 64 data bits: move (16), score (16), eval (16), depth + 1 (8) so that a
 * quiescence entry (depth 0 or below) still fits, generation (6) and bound (2).
 */
static inline uint64_t pack(move_t move, score_t score, score_t eval, int depth, int gen, int bound)
{
	return (uint64_t)move | (uint64_t)(uint16_t)(int16_t)score << 16 | (uint64_t)(uint16_t)(int16_t)eval << 32 |
	       (uint64_t)(uint8_t)(depth + 1) << 48 | (uint64_t)(gen << 2 | bound) << 56;
}

static inline int data_depth(uint64_t d) { return (int)(d >> 48 & 0xFF) - 1; }
static inline int data_gen(uint64_t d) { return (int)(d >> 58); }
static inline int data_bound(uint64_t d) { return (int)(d >> 56 & 3); }

/*
 * The table is an anonymous private mapping, as large engines keep theirs: it goes back to the system whole when
 * freed (a heap block of this size left the heap fragmented, and the resident size grew with every Hash change),
 * it comes zeroed (start-up need not clear it), and it is aligned to 2 MB and marked for transparent huge pages
 * where the system offers them, so that probes miss the TLB less.
 */
#define TT_ALIGN ((size_t)2 << 20)

static struct tt_bucket *map_table(size_t bytes)
{
	size_t span = bytes + TT_ALIGN;
	char *raw = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (raw == MAP_FAILED)
		return NULL;
	/* Keep the 2 MB-aligned stretch, give back the pages before and after it. */
	char *start = (char *)(((uintptr_t)raw + TT_ALIGN - 1) & ~(uintptr_t)(TT_ALIGN - 1));
	size_t head = (size_t)(start - raw), tail = span - head - bytes;
	if (head)
		munmap(raw, head);
	if (tail)
		munmap(start + bytes, tail);
#ifdef MADV_HUGEPAGE
	madvise(start, bytes, MADV_HUGEPAGE);
#endif
	return (struct tt_bucket *)(void *)start;
}

static void unmap_table(struct tt *tt)
{
	if (tt->buckets && tt->buckets != &tt->spare)
		munmap(tt->buckets, tt->count * sizeof *tt->buckets);
	tt->buckets = NULL;
	tt->count = 0;
}

/* Points the table at count fresh (zero) buckets; false if they cannot be had. */
static bool map_buckets(struct tt *tt, size_t count)
{
	struct tt_bucket *b = map_table(count * sizeof *b);
	if (!b)
		return false;
	tt->buckets = b;
	tt->count = count;
	return true;
}

static size_t buckets_in(size_t mb) { return mb * 1024 * 1024 / sizeof(struct tt_bucket); }

bool tt_resize(struct tt *tt, size_t mb)
{
	if (mb < TT_MIN_MB || mb > TT_MAX_MB)
		return false;
	/* The old table goes first, so that two never hold memory at once; the old size returns if the new cannot. */
	size_t old = tt->count;
	unmap_table(tt);
	tt->generation = 0;
	if (map_buckets(tt, buckets_in(mb)))
		return true;
	if (!old || !map_buckets(tt, old)) {
		/* Not even that: one bucket, inside the struct, so that probes and stores still work. */
		memset(&tt->spare, 0, sizeof tt->spare);
		tt->buckets = &tt->spare;
		tt->count = 1;
	}
	return false;
}

void tt_free(struct tt *tt) { unmap_table(tt); }

void tt_clear(struct tt *tt)
{
	memset(tt->buckets, 0, tt->count * sizeof *tt->buckets);
	tt->generation = 0;
}

void tt_new_search(struct tt *tt) { tt->generation = (uint8_t)((tt->generation + 1) & 63); }

bool tt_probe(const struct tt *tt, uint64_t key, struct tt_hit *hit)
{
	struct tt_bucket *b = tt_bucket_of(tt, key);
	for (int i = 0; i < TT_BUCKET_SIZE; i++) {
		uint64_t data = atomic_load_explicit(&b->entry[i].data, memory_order_relaxed);
		uint64_t check = atomic_load_explicit(&b->entry[i].check, memory_order_relaxed);
		if ((check ^ data) != key || data_bound(data) == TT_NONE)
			continue;
		hit->move = (move_t)data;
		hit->score = (int16_t)(uint16_t)(data >> 16);
		hit->eval = (int16_t)(uint16_t)(data >> 32);
		hit->depth = data_depth(data);
		hit->bound = data_bound(data);
		return true;
	}
	return false;
}

/* How much an entry is worth keeping: deep and recent beats shallow and old. */
static inline int entry_worth(const struct tt *tt, uint64_t data)
{
	int age = (tt->generation - data_gen(data)) & 63;
	return data_depth(data) - 8 * age;
}

void tt_store(struct tt *tt, uint64_t key, move_t move, score_t score, score_t eval, int depth, int bound)
{
	struct tt_bucket *b = tt_bucket_of(tt, key);
	struct tt_entry *victim = &b->entry[0];
	uint64_t victim_data = 0;
	int worst = 1 << 20;
	for (int i = 0; i < TT_BUCKET_SIZE; i++) {
		struct tt_entry *e = &b->entry[i];
		uint64_t data = atomic_load_explicit(&e->data, memory_order_relaxed);
		uint64_t check = atomic_load_explicit(&e->check, memory_order_relaxed);
		if ((check ^ data) == key) {
			/* The same position: keep a deeper exact result from an earlier visit of this search. */
			if (bound != TT_EXACT && depth + 3 < data_depth(data) &&
			    data_gen(data) == tt->generation)
				return;
			victim = e;
			victim_data = data;
			break;
		}
		int worth = data_bound(data) == TT_NONE ? -(1 << 20) : entry_worth(tt, data);
		if (worth < worst) {
			worst = worth;
			victim = e;
			victim_data = 0;
		}
	}
	if (move == MOVE_NONE && victim_data)
		move = (move_t)victim_data;
	if (depth < -1)
		depth = -1;
	if (depth > 250)
		depth = 250;
	uint64_t data = pack(move, score, eval, depth, tt->generation, bound);
	atomic_store_explicit(&victim->data, data, memory_order_relaxed);
	atomic_store_explicit(&victim->check, key ^ data, memory_order_relaxed);
}

int tt_hashfull(const struct tt *tt)
{
	int used = 0, sample = 1000 / TT_BUCKET_SIZE;
	if ((size_t)sample > tt->count)
		sample = (int)tt->count;
	for (int i = 0; i < sample; i++)
		for (int j = 0; j < TT_BUCKET_SIZE; j++) {
			uint64_t data = atomic_load_explicit(&tt->buckets[i].entry[j].data, memory_order_relaxed);
			if (data_bound(data) != TT_NONE && data_gen(data) == tt->generation)
				used++;
		}
	return sample ? used * 1000 / (sample * TT_BUCKET_SIZE) : 0;
}
