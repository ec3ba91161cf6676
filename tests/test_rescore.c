/*
 * Re-scoring (outpost datagen --rescore): every record gets the engine's own
 * score and static evaluation, or is dropped for self-play's reasons; a
 * corrupt one is named by its index and skipped; the same input gives the same
 * output on any number of threads; a stopped run goes on where it stopped.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "engine/engine.h"
#include "engine/eval.h"
#include "helpers.h"
#include "protocol/one_search.h"
#include "protocol/rescore.h"
#include "rules/packed.h"

static void setup(void) { engine_init(); }
TestSuite(rescore, .init = setup, .timeout = 120);

#define NODES 300
#define OLD_SCORE 1234 /* what the input says: no search gives it here */

/* Quiet positions, and one of each kind that re-scoring drops or reports. */
static const char *const fens[] = {
	FEN_START,
	"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
	"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
	"8/5pk1/6p1/8/3K4/8/5PP1/8 w - - 0 40",
	"r3k2r/ppp2ppp/2n1bn2/3p4/3P4/2N1BN2/PPP2PPP/R3K2R w KQkq - 2 9",
	"4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1",   /* the queen is taken: a capture */
	"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", /* Ra8 mates: a mate score */
	"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1",      /* in check */
	"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",       /* stalemate: no move to search */
	"r4rk1/pp3ppp/2n5/8/8/2N5/PP3PPP/R4RK1 b - - 0 15",
};
#define NFENS ((int)(sizeof fens / sizeof *fens))
#define CORRUPT 3 /* the input's record 4 (the 4th) has result 3 */

static char in_path[80], out_path[80], other_path[80];

static void init_paths(void)
{
	snprintf(in_path, sizeof in_path, "/tmp/outpost-rescore-in-%d.bin", (int)getpid());
	snprintf(out_path, sizeof out_path, "/tmp/outpost-rescore-out-%d.bin", (int)getpid());
	snprintf(other_path, sizeof other_path, "/tmp/outpost-rescore-other-%d.bin", (int)getpid());
	unlink(out_path);
	unlink(other_path);
}

static void cleanup(void)
{
	unlink(in_path);
	unlink(out_path);
	unlink(other_path);
}

/* The positions `copies` times over, each copy with a tag of its own, so that the blocks' order shows. */
static void write_input(int copies)
{
	FILE *f = fopen(in_path, "wb");
	cr_assert_not_null(f);
	for (int c = 0; c < copies; c++)
		for (int i = 0; i < NFENS; i++) {
			struct position *pos = test_position(fens[i]);
			struct packed_labels l = { .score = OLD_SCORE, .eval = -OLD_SCORE, .result = PACKED_WHITE_WINS, .tag = c % 64 };
			uint8_t rec[PACKED_SIZE];
			packed_pack(pos, &l, rec);
			if (c * NFENS + i == CORRUPT)
				packed_set_result(rec, 3);
			cr_assert_eq(fwrite(rec, 1, PACKED_SIZE, f), PACKED_SIZE);
			test_free(pos);
		}
	cr_assert_eq(fclose(f), 0);
}

static void options(struct rescore_options *opt, int threads, FILE *progress)
{
	rescore_defaults(opt);
	opt->in = in_path;
	opt->out = out_path;
	opt->threads = threads;
	opt->nodes = NODES;
	opt->progress = progress;
}

static void run_ok(const struct rescore_options *opt, struct rescore_totals *t)
{
	char err[400] = "";
	cr_assert(rescore_run(opt, t, err, sizeof err), "rescore_run: %s", err);
}

static uint8_t *read_file(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "%s", path);
	fseek(f, 0, SEEK_END);
	long size = ftell(f);
	fseek(f, 0, SEEK_SET);
	cr_assert_eq(size % PACKED_SIZE, 0, "%s holds %ld bytes, not whole records", path, size);
	uint8_t *buf = malloc((size_t)size + 1);
	cr_assert_eq(fread(buf, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	*n = (size_t)size / PACKED_SIZE;
	return buf;
}

/* What the engine says of a position, searched afresh as the test's own: its score from White's view, and whether
   self-play would write it. */
static bool reference(struct engine *e, const char *fen, int *score)
{
	char err[200];
	struct one_search done;
	struct engine_limits l = { .nodes = NODES };
	engine_new_game(e);
	cr_assert(engine_set_position(e, fen, NULL, 0, err, sizeof err), "%s", err);
	one_search_run(e, &l, &done);
	struct position *pos = test_position(fen);
	bool quiet = !in_check(pos) && done.best != MOVE_NONE && !done.last.is_mate && !is_capture(pos, done.best) &&
	             move_kind(done.best) != MOVE_PROMOTION;
	*score = pos->side == WHITE ? done.last.score_cp : -done.last.score_cp;
	test_free(pos);
	return quiet;
}

Test(rescore, every_record_gets_the_engines_score_or_is_dropped_for_its_reason, .init = init_paths, .fini = cleanup)
{
	write_input(1);
	struct rescore_options opt;
	struct rescore_totals t;
	options(&opt, 1, NULL);
	run_ok(&opt, &t);
	size_t n;
	uint8_t *out = read_file(out_path, &n);
	struct engine *e = engine_new();
	char err[200];
	cr_assert(engine_set_option(e, "Threads", "1", err, sizeof err) && engine_set_option(e, "Hash", "1", err, sizeof err));
	size_t at = 0;
	for (int i = 0; i < NFENS; i++) {
		int score;
		if (i == CORRUPT || !reference(e, fens[i], &score))
			continue;
		cr_assert_lt(at, n, "%s is missing from the output", fens[i]);
		struct position *pos = test_position(fens[i]), got;
		struct state st;
		struct packed_labels l;
		cr_assert(packed_unpack(out + at * PACKED_SIZE, &got, &st, &l, err, sizeof err), "%s", err);
		char fen[FEN_MAX];
		pos_get_fen(&got, fen, sizeof fen);
		cr_expect_eq(pos->st->key, got.st->key, "output record %zu is %s, not %s", at, fen, fens[i]);
		cr_expect_eq(l.score, score, "%s: the score is %d, the engine's %d", fens[i], l.score, score);
		cr_expect_neq(l.score, OLD_SCORE);
		int eval = evaluate(pos, NULL);
		cr_expect_eq(l.eval, pos->side == WHITE ? eval : -eval, "%s: the static evaluation", fens[i]);
		cr_expect(l.result == PACKED_WHITE_WINS && l.tag == 0, "%s: result %d tag %d", fens[i], l.result, l.tag);
		test_free(pos);
		at++;
	}
	cr_expect_eq(at, n, "the output holds %zu records, the engine's searches keep %zu", n, at);
	cr_expect_geq(n, 4, "only %zu of the quiet positions written", n);
	cr_expect_eq(t.written, (long long)n);
	cr_expect(t.in_check == 1 && t.mate == 1 && t.noisy >= 1 && t.bad == 2, "in check %lld, mate %lld, noisy %lld, bad %lld",
	          t.in_check, t.mate, t.noisy, t.bad);
	cr_expect_eq(t.written + t.in_check + t.mate + t.noisy + t.bad, NFENS);
	engine_free(e);
	free(out);
}

Test(rescore, a_corrupt_record_is_named_by_its_index_and_skipped, .init = init_paths, .fini = cleanup)
{
	write_input(1);
	char *text = NULL;
	size_t len = 0;
	FILE *progress = open_memstream(&text, &len);
	struct rescore_options opt;
	struct rescore_totals t;
	options(&opt, 1, progress);
	run_ok(&opt, &t);
	fclose(progress);
	char want[200];
	snprintf(want, sizeof want, "rescore: %s: record %d skipped: corrupt record: result 3", in_path, CORRUPT + 1);
	cr_expect(strstr(text, want), "no '%s' in:\n%s", want, text);
	snprintf(want, sizeof want, "rescore: %s: record %d skipped: no legal move", in_path, 9);
	cr_expect(strstr(text, want), "no '%s' in:\n%s", want, text);
	cr_expect(strstr(text, "rescore: 10 of 10 records (100.0%)"), "no summary in:\n%s", text);
	free(text);
}

Test(rescore, the_same_input_gives_the_same_output_on_any_threads, .init = init_paths, .fini = cleanup)
{
	write_input(60); /* 600 records: three blocks */
	struct rescore_options opt;
	struct rescore_totals t;
	options(&opt, 1, NULL);
	run_ok(&opt, &t);
	cr_assert_eq(t.records, 60 * NFENS);
	size_t n1, n2;
	uint8_t *one = read_file(out_path, &n1);
	unlink(out_path);
	options(&opt, 3, NULL);
	run_ok(&opt, &t);
	uint8_t *three = read_file(out_path, &n2);
	cr_assert_eq(n1, n2);
	cr_expect(!memcmp(one, three, n1 * PACKED_SIZE), "three threads wrote other records, or in another order");
	for (size_t i = 1; i < n1; i++)
		cr_expect_geq(one[i * PACKED_SIZE + 31] >> 2, one[(i - 1) * PACKED_SIZE + 31] >> 2, "record %zu is out of order", i);
	free(one);
	free(three);
}

Test(rescore, a_stopped_run_goes_on_where_it_stopped, .init = init_paths, .fini = cleanup)
{
	write_input(60);
	struct rescore_options opt;
	struct rescore_totals t;
	options(&opt, 2, NULL);
	run_ok(&opt, &t);
	size_t n, m;
	uint8_t *whole = read_file(out_path, &n);
	cr_assert_gt(n, 200);
	/* A run stopped after 150 records, in the middle of writing the next. */
	FILE *f = fopen(out_path, "wb");
	cr_assert_eq(fwrite(whole, PACKED_SIZE, 150, f), 150);
	cr_assert_eq(fwrite(whole + 150 * PACKED_SIZE, 1, 13, f), 13);
	fclose(f);
	run_ok(&opt, &t);
	uint8_t *again = read_file(out_path, &m);
	cr_assert_eq(m, n);
	cr_expect(!memcmp(whole, again, n * PACKED_SIZE), "the run gone on with differs from the unbroken one");
	cr_expect(t.resumed > 150 && t.resumed < 60 * NFENS, "went on after input record %lld", t.resumed);
	cr_expect_eq(t.written, (long long)n - 150);
	/* Run once more: nothing is left to write (the dropped records after the last one written are searched again). */
	run_ok(&opt, &t);
	cr_expect(t.resumed + t.done == 60 * NFENS && t.done < NFENS && t.written == 0, "resumed %lld, did %lld, wrote %lld",
	          t.resumed, t.done, t.written);
	free(whole);
	free(again);
}

static void expect_refused(const struct rescore_options *opt, const char *why)
{
	struct rescore_totals t;
	char err[400] = "";
	cr_expect(!rescore_run(opt, &t, err, sizeof err), "accepted, expected: %s", why);
	cr_expect(strstr(err, why), "'%s' does not say '%s'", err, why);
}

Test(rescore, an_output_of_another_input_or_the_input_itself_is_refused, .init = init_paths, .fini = cleanup)
{
	write_input(1);
	struct rescore_options opt;
	options(&opt, 1, NULL);
	FILE *f = fopen(out_path, "wb");
	struct position *pos = test_position("8/8/8/8/8/k7/8/K7 w - - 0 1");
	struct packed_labels l = { .result = PACKED_DRAW };
	uint8_t rec[PACKED_SIZE];
	packed_pack(pos, &l, rec);
	fwrite(rec, 1, PACKED_SIZE, f);
	fclose(f);
	test_free(pos);
	expect_refused(&opt, "its record 1 is no re-scoring of a record of");
	opt.out = in_path;
	expect_refused(&opt, "the output is the input");
	opt.in = "/nonexistent/in.bin";
	opt.out = other_path;
	expect_refused(&opt, "/nonexistent/in.bin: No such file or directory");
	opt.in = in_path;
	opt.evalfile = "/nonexistent/net.nnue";
	expect_refused(&opt, "EvalFile: ");
}

/* The program's mode: the library's output, and a self-play option refused. */
Test(rescore, the_program_rescores_as_the_library_does, .init = init_paths, .fini = cleanup)
{
	write_input(2);
	struct rescore_options opt;
	struct rescore_totals t;
	options(&opt, 1, NULL);
	opt.out = other_path;
	run_ok(&opt, &t);
	char cmd[600];
	snprintf(cmd, sizeof cmd, "'%s' datagen --rescore '%s' --out '%s' --nodes %d --threads 2 2>/dev/null", OUTPOST_BIN,
	         in_path, out_path, NODES);
	cr_assert_eq(system(cmd), 0, "%s", cmd);
	size_t n1, n2;
	uint8_t *lib = read_file(other_path, &n1), *prog = read_file(out_path, &n2);
	cr_expect(n1 == n2 && !memcmp(lib, prog, n1 * PACKED_SIZE), "the program wrote other records than the library");
	snprintf(cmd, sizeof cmd, "'%s' datagen --rescore '%s' --out '%s' --seed 3 2>/dev/null", OUTPOST_BIN, in_path,
	         out_path);
	int status = system(cmd);
	cr_expect(WIFEXITED(status) && WEXITSTATUS(status) == 2, "a self-play option was accepted: %d", status);
	free(lib);
	free(prog);
}
