/* The self-play data generator: whole games of valid, filtered records, repeatable by seed, restartable. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "engine/engine.h"
#include "engine/eval.h"
#include "helpers.h"
#include "protocol/datagen.h"
#include "rules/packed.h"

static void setup(void) { engine_init(); }
TestSuite(datagen, .init = setup, .timeout = 120);

static char book_path[64], out_path[64];

/* A small book: FEN and EPD lines, a comment, a blank line, CRLF endings. */
static void write_book(void)
{
	snprintf(book_path, sizeof book_path, "/tmp/outpost-test-book-%d.epd", (int)getpid());
	FILE *f = fopen(book_path, "w");
	cr_assert_not_null(f);
	fputs("# a few openings\r\n"
	      "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\r\n"
	      "\r\n"
	      "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - bm c4; id \"x\";\n"
	      "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n",
	      f);
	fclose(f);
}

static void small_run(struct datagen_options *opt, int threads, long long games, uint64_t seed)
{
	datagen_defaults(opt);
	opt->threads = threads;
	opt->games = games;
	opt->nodes = 400;
	opt->seed = seed;
	opt->openings = book_path;
	opt->out = out_path;
	opt->progress = NULL;
}

static void init_paths(void)
{
	write_book();
	snprintf(out_path, sizeof out_path, "/tmp/outpost-test-data-%d.bin", (int)getpid());
	unlink(out_path);
}

static void cleanup(void)
{
	unlink(book_path);
	unlink(out_path);
}

static uint8_t *read_records(size_t *count)
{
	FILE *f = fopen(out_path, "rb");
	cr_assert_not_null(f);
	fseek(f, 0, SEEK_END);
	long size = ftell(f);
	fseek(f, 0, SEEK_SET);
	cr_assert_eq(size % PACKED_SIZE, 0, "the file holds %ld bytes, not whole records", size);
	uint8_t *buf = malloc((size_t)size + 1);
	cr_assert_eq(fread(buf, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	*count = (size_t)size / PACKED_SIZE;
	return buf;
}

static bool run_ok(const struct datagen_options *opt, struct datagen_totals *t)
{
	char err[300] = "";
	bool ok = datagen_run(opt, t, err, sizeof err);
	cr_expect(ok, "datagen_run: %s", err);
	return ok;
}

/* A small run appending to the output; returns the whole file's records, their number in *n. */
static uint8_t *run_and_read(int threads, long long games, uint64_t seed, struct datagen_totals *t, size_t *n)
{
	struct datagen_options opt;
	small_run(&opt, threads, games, seed);
	cr_assert(run_ok(&opt, t));
	return read_records(n);
}

Test(datagen, writes_quiet_positions_with_their_eval_and_result, .init = init_paths, .fini = cleanup)
{
	struct datagen_totals t;
	size_t n;
	uint8_t *recs = run_and_read(2, 4, 11, &t, &n);
	cr_expect_eq(t.games, 4);
	cr_expect_eq(t.results[0] + t.results[1] + t.results[2], 4);
	cr_expect_eq((long long)n, t.positions);
	cr_expect_gt(n, 40, "only %zu positions from 4 games", n);
	for (size_t i = 0; i < n; i++) {
		char err[300];
		struct packed_labels l;
		struct position pos;
		struct state st;
		cr_assert(packed_unpack(recs + i * PACKED_SIZE, &pos, &st, &l, err, sizeof err), "record %zu: %s", i, err);
		cr_expect(!in_check(&pos), "record %zu is in check", i);
		int eval = evaluate(&pos, NULL);
		cr_expect_eq(l.eval, pos.side == WHITE ? eval : -eval, "record %zu: static eval %d, evaluate() says %d", i,
		             l.eval, eval);
		cr_expect(l.score > -PACKED_SCORE_MAX && l.score < PACKED_SCORE_MAX, "record %zu has a mate score", i);
	}
	free(recs);
}

static int compare_records(const void *a, const void *b) { return memcmp(a, b, PACKED_SIZE); }

Test(datagen, the_seed_decides_the_games_whatever_the_threads, .init = init_paths, .fini = cleanup)
{
	struct datagen_totals t;
	size_t n1, n2;
	uint8_t *one = run_and_read(1, 3, 99, &t, &n1);
	unlink(out_path);
	uint8_t *two = run_and_read(2, 3, 99, &t, &n2);
	cr_assert_eq(n1, n2);
	qsort(one, n1, PACKED_SIZE, compare_records);
	qsort(two, n2, PACKED_SIZE, compare_records);
	cr_expect(!memcmp(one, two, n1 * PACKED_SIZE), "the same seed gave other games on two threads");
	free(one);
	free(two);
}

Test(datagen, a_restart_appends_and_drops_a_record_cut_short, .init = init_paths, .fini = cleanup)
{
	struct datagen_totals t;
	size_t n1, n2;
	uint8_t *first = run_and_read(1, 1, 5, &t, &n1);
	FILE *f = fopen(out_path, "ab");
	fwrite("half a record", 1, 13, f);
	fclose(f);
	uint8_t *both = run_and_read(1, 1, 6, &t, &n2);
	cr_expect_eq((long long)n2, (long long)n1 + t.positions);
	cr_expect(!memcmp(first, both, n1 * PACKED_SIZE), "the first run's records changed");
	free(first);
	free(both);
}

Test(datagen, a_stop_before_the_start_writes_nothing, .init = init_paths, .fini = cleanup)
{
	struct datagen_options opt;
	struct datagen_totals t;
	volatile sig_atomic_t stop = 1;
	small_run(&opt, 2, 10, 1);
	opt.stop = &stop;
	cr_assert(run_ok(&opt, &t));
	cr_expect_eq(t.games, 0);
	cr_expect_eq(t.positions, 0);
}

static void expect_refused(const struct datagen_options *opt, const char *why)
{
	struct datagen_totals t;
	char err[300] = "";
	cr_expect(!datagen_run(opt, &t, err, sizeof err), "accepted, expected: %s", why);
	cr_expect(strstr(err, why), "'%s' does not say '%s'", err, why);
}

Test(datagen, bad_openings_and_outputs_are_named, .init = init_paths, .fini = cleanup)
{
	struct datagen_options opt;
	small_run(&opt, 1, 1, 1);
	FILE *f = fopen(book_path, "w");
	fputs(FEN_START "\n# fine so far\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x\n"
	                "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
	      f);
	fclose(f);
	char where[128];
	snprintf(where, sizeof where, "%s:4: not a position: column 19: '9' is not a piece letter", book_path);
	expect_refused(&opt, where);
	opt.openings = "/nonexistent/book.epd";
	expect_refused(&opt, "/nonexistent/book.epd: No such file or directory");
	opt.openings = NULL;
	opt.out = "/nonexistent/data.bin";
	expect_refused(&opt, "/nonexistent/data.bin: No such file or directory");
}
