/* The transposition table: store and probe, resizing, an empty table after a resize, memory that holds steady. */
#include <string.h>

#include <criterion/criterion.h>

#include "engine/engine.h"
#include "engine/tt.h"
#include "helpers.h"

TestSuite(tt, .timeout = 120);

#define NKEYS 2000

static uint64_t key_of(int i) { return (uint64_t)(i + 1) * 0x9E3779B97F4A7C15ULL; }

static void store_keys(struct tt *tt)
{
	for (int i = 0; i < NKEYS; i++)
		tt_store(tt, key_of(i), (move_t)(i & 0xFFF), (score_t)(i % 100), 0, 5, TT_EXACT);
}

static int keys_found(const struct tt *tt)
{
	int found = 0;
	struct tt_hit hit;
	for (int i = 0; i < NKEYS; i++)
		found += tt_probe(tt, key_of(i), &hit) && hit.score == (score_t)(i % 100);
	return found;
}

Test(tt, a_fresh_table_reads_empty)
{
	struct tt tt;
	memset(&tt, 0, sizeof tt);
	cr_assert(tt_resize(&tt, 1));
	cr_expect_eq(keys_found(&tt), 0);
	struct tt_hit hit;
	cr_expect(!tt_probe(&tt, 0, &hit), "an all-zero entry is no entry, even for key 0");
	cr_expect_eq(tt_hashfull(&tt), 0);
	tt_free(&tt);
}

Test(tt, resizing_keeps_working_and_empties_the_table)
{
	struct tt tt;
	memset(&tt, 0, sizeof tt);
	cr_assert(tt_resize(&tt, 1));
	static const size_t sizes[] = { 2, 1, 8, 3, 1 };
	for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		tt_new_search(&tt);
		store_keys(&tt);
		cr_expect_gt(keys_found(&tt), NKEYS * 9 / 10, "the table keeps what it is told");
		cr_expect_gt(tt_hashfull(&tt), 0);
		cr_assert(tt_resize(&tt, sizes[s]), "resize to %zu MB", sizes[s]);
		cr_expect_eq(tt.count * sizeof(struct tt_bucket), sizes[s] << 20);
		cr_expect_eq(keys_found(&tt), 0, "after a resize to %zu MB the table reads as empty", sizes[s]);
		cr_expect_eq(tt_hashfull(&tt), 0);
	}
	/* Out of range: refused, and the table is untouched. */
	store_keys(&tt);
	int before = keys_found(&tt);
	cr_expect(!tt_resize(&tt, 0));
	cr_expect(!tt_resize(&tt, (size_t)TT_MAX_MB + 1));
	cr_expect_eq(keys_found(&tt), before);
	tt_clear(&tt);
	cr_expect_eq(keys_found(&tt), 0, "a clear empties it too");
	tt_free(&tt);
	tt_free(&tt); /* twice is harmless */
}

static void set_option(struct engine *e, const char *name, const char *value)
{
	char err[256];
	cr_assert(engine_set_option(e, name, value, err, sizeof err), "%s = %s: %s", name, value, err);
}

/* A GUI sends Hash with every game: fifty changes between 32 and 16 MB must not pile up memory. */
Test(tt, fifty_hash_changes_keep_memory_steady)
{
	struct engine *e = engine_new();
	cr_assert_not_null(e);
	long first = 0;
	for (int i = 0; i < 50; i++) {
		/* Clear Hash writes every page, so each table is wholly resident while it lives. */
		set_option(e, "Hash", "32");
		set_option(e, "Clear Hash", NULL);
		set_option(e, "Hash", "16");
		set_option(e, "Clear Hash", NULL);
		if (i == 0)
			first = test_resident_kb(0);
	}
	long last = test_resident_kb(0);
	cr_expect_lt(last - first, 8 * 1024, "resident size grew from %ld kB to %ld kB", first, last);
	engine_free(e);
}
