/*
 * The evaluation network: the accumulators kept move by move agree with ones
 * computed from the board, the vectorised output with the portable one, a
 * position with its colour-flipped mirror, the quantised network with the
 * trainer's float model; bad files are refused and the engine keeps its net.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "engine/engine.h"
#include "engine/nnue.h"
#include "helpers.h"
#include "protocol/bench.h"
#include "rules/movegen.h"
#include "rules/packed.h"
#include "tools/network/nnue_model.h"

static void setup(void) { engine_init(); }
TestSuite(nnue, .init = setup, .timeout = 240);

static const char *const start_fens[] = {
	FEN_START,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", /* castling both ways */
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",                          /* en passant */
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",                            /* promotions with capture */
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"1r4kr/p6p/8/8/8/8/P6P/1R4KR w HBhb - 0 1", /* Chess960: short castling with the king on g1, long from g1 */
	"2r1k3/8/8/8/8/8/8/R4KR1 w GAc - 0 1",      /* Chess960: the king and its rook trading squares */
};
#define START_FENS ((int)(sizeof start_fens / sizeof start_fens[0]))

/* A network with random weights of about the size a trained one has (seed decides), via the trainer's export. */
static struct nnue_net *random_net_buckets(uint64_t seed, float hidden_size, float out_size, int hidden, int buckets)
{
	struct nt_model m;
	cr_assert(nt_model_new(&m, hidden, buckets, seed));
	uint64_t s = seed | 1;
	for (size_t i = 0; i < m.count; i++) {
		float u = (float)(test_random(&s) % 20001) / 10000.0f - 1.0f;
		bool out = &m.p[i] >= m.w2;
		m.p[i] = u * (out ? out_size : hidden_size);
	}
	for (int j = 0; j < hidden; j++)
		m.b1[j] = 0.3f + m.b1[j] * 0.3f;
	uint8_t *bytes;
	size_t size;
	char err[200];
	cr_assert(nt_export(&m, "test-random", 400, &bytes, &size));
	struct nnue_net *net = aligned_alloc(64, sizeof *net);
	cr_assert(nnue_read(net, bytes, size, err, sizeof err), "%s", err);
	free(bytes);
	nt_model_free(&m);
	return net;
}

static struct nnue_net *random_net(uint64_t seed, float hidden_size, float out_size, int hidden)
{
	return random_net_buckets(seed, hidden_size, out_size, hidden, 1);
}

/* Plays random games from each start, evaluating at most plies through the stack and from scratch. */
static int walk_games(const struct nnue_net *net, uint64_t seed, int games)
{
	struct state *states = calloc(NNUE_STACK_SIZE, sizeof *states);
	struct nnue_stack *stack = aligned_alloc(64, sizeof *stack);
	cr_assert(states && stack);
	int compared = 0;
	uint64_t s = seed;
	for (int g = 0; g < games; g++) {
		struct position pos;
		char err[160];
		cr_assert(pos_set_fen(&pos, &states[0], start_fens[g % START_FENS], err, sizeof err, NULL, 0), "%s", err);
		nnue_stack_clear(stack);
		int ply = 0;
		for (int step = 0; step < 200; step++) {
			move_t list[MAX_MOVES];
			int n = generate_legal(&pos, list);
			uint64_t r = test_random(&s);
			bool back = ply > 0 && (n == 0 || ply >= MAX_PLY - 2 || r % 5 == 0);
			if (back) {
				if (pos.st->move == MOVE_NULL)
					pos_unmake_null(&pos);
				else
					pos_unmake_move(&pos);
				ply--;
			} else if (n == 0) {
				break;
			} else if (r % 11 == 0 && !in_check(&pos)) {
				pos_make_null(&pos, &states[++ply]);
			} else {
				pos_make_move(&pos, list[(r >> 8) % (uint64_t)n], &states[++ply]);
			}
			if ((r >> 20) % 3 == 0) /* some plies go unevaluated: the stack replays several moves */
				continue;
			score_t a = nnue_evaluate(net, stack, &pos, ply), b = nnue_evaluate_fresh(net, &pos);
			char fen[FEN_MAX];
			pos_get_fen(&pos, fen, sizeof fen);
			cr_assert_eq(a, b, "incremental %d, from the board %d: %s (ply %d)", a, b, fen, ply);
			compared++;
		}
	}
	free(states);
	free(stack);
	return compared;
}

Test(nnue, builtin_network_reads_and_names_itself)
{
	const struct nnue_net *net = nnue_builtin();
	cr_assert(net, "the built-in network must read");
	cr_expect(net->name[0]);
	cr_expect_eq(net->hidden % NNUE_HIDDEN_STEP, 0);
	cr_expect(strstr(engine_network_info(), net->name));
}

Test(nnue, accumulators_kept_by_moves_equal_ones_from_the_board)
{
	struct nnue_net *rnd = random_net(7, 0.5f, 1.0f, 64), *bucketed = random_net_buckets(8, 0.5f, 1.0f, 64, 8);
	int n = walk_games(nnue_builtin(), test_seed("nnue"), 40) + walk_games(rnd, 12345, 40) +
	        walk_games(bucketed, 54321, 40);
	cr_log_info("%d evaluations compared", n);
	cr_expect_gt(n, 3000);
	free(rnd);
	free(bucketed);
}

/* Positions of random games from each start, as FENs, for the tests below. */
static int random_fens(char fens[][FEN_MAX], int max, uint64_t seed)
{
	int count = 0;
	uint64_t s = seed;
	for (int g = 0; count < max; g++) {
		struct position *pos = test_position(start_fens[g % START_FENS]);
		for (int ply = 0; ply < 80 && count < max; ply++) {
			move_t list[MAX_MOVES];
			int n = generate_legal(pos, list);
			if (!n)
				break;
			test_play(pos, list[test_random(&s) % (uint64_t)n]);
			pos_get_fen(pos, fens[count++], FEN_MAX);
		}
		test_free(pos);
	}
	return count;
}

Test(nnue, vectorised_and_portable_outputs_agree)
{
	static char fens[600][FEN_MAX];
	int n = random_fens(fens, 600, 99);
	struct nnue_net *nets[4] = { random_net(3, 1.9f, 1.98f, 256), random_net(4, 0.3f, 0.5f, 512),
		                     random_net_buckets(6, 1.9f, 1.98f, 128, 8), NULL };
	const struct nnue_net *builtin = nnue_builtin();
	struct nnue_acc *acc = aligned_alloc(64, sizeof *acc);
	for (int k = 0; k < 4; k++) {
		const struct nnue_net *net = nets[k] ? nets[k] : builtin;
		for (int i = 0; i < n; i++) {
			struct position *pos = test_position(fens[i]);
			nnue_refresh(net, pos, acc);
			for (int side = WHITE; side <= BLACK; side++)
				for (int b = 0; b < net->buckets; b++)
					cr_assert_eq(nnue_output_vector(net, acc, side, b),
					             nnue_output_portable(net, acc, side, b), "%s, bucket %d", fens[i], b);
			test_free(pos);
		}
		free(nets[k]);
	}
	free(acc);
	cr_log_info("vectorised path in this build: %s", nnue_vectorised() ? "yes" : "no (both are portable)");
}

/* The largest output sum there can be: every unit saturated, every output weight at the int16 limit. */
Test(nnue, the_output_sum_cannot_overflow)
{
	struct nnue_net *net = random_net(5, 0.1f, 0.1f, NNUE_HIDDEN_MAX);
	struct nnue_acc *acc = aligned_alloc(64, sizeof *acc);
	for (int w = -1; w <= 1; w += 2) {
		for (int c = 0; c < COLOR_NB; c++)
			for (int j = 0; j < NNUE_HIDDEN_MAX; j++)
				acc->v[c][j] = INT16_MAX;
		for (int j = 0; j < 2 * NNUE_HIDDEN_MAX; j++)
			net->out_w[j] = w > 0 ? INT16_MAX : INT16_MIN;
		net->out_b[0] = 0;
		nnue_bound_output(net);
		net->qb = 1;
		net->scale = 1;
		int64_t sum = (int64_t)2 * NNUE_HIDDEN_MAX * NNUE_QA * NNUE_QA * net->out_w[0];
		int64_t want = sum / NNUE_QA / NNUE_QA; /* far beyond the mates: clamped below the tablebase band */
		score_t v = nnue_output_portable(net, acc, WHITE, 0);
		cr_expect_eq(nnue_output_vector(net, acc, WHITE, 0), v);
		cr_expect_eq(v, want > 0 ? SCORE_TB_WIN_IN_MAX - 1 : SCORE_TB_LOSS_IN_MAX + 1, "sum %lld gave %d",
		             (long long)sum, v);
	}
	free(acc);
	free(net);
}

Test(nnue, a_position_and_its_colour_mirror_score_the_same)
{
	static char fens[400][FEN_MAX];
	int n = random_fens(fens, 400, 7);
	struct nnue_net *rnd = random_net(11, 0.5f, 1.0f, 128);
	const struct nnue_net *nets[2] = { nnue_builtin(), rnd };
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < n; i++) {
			char mirrored[FEN_MAX + 8];
			test_mirror_fen(fens[i], mirrored, sizeof mirrored);
			struct position *a = test_position(fens[i]), *b = test_position(mirrored);
			cr_assert_eq(nnue_evaluate_fresh(nets[k], a), nnue_evaluate_fresh(nets[k], b), "%s vs %s", fens[i],
			             mirrored);
			test_free(a);
			test_free(b);
		}
	free(rnd);
}

static void quantised_against_float(char fens[][FEN_MAX], int n, int buckets);

/* The trainer's inputs for pos, as from a packed record of it. */
static void sample_of(const struct position *pos, struct nt_sample *smp)
{
	uint8_t rec[PACKED_SIZE];
	struct packed_labels l = { 0, 0, PACKED_DRAW, 0 };
	packed_pack(pos, &l, rec);
	nt_sample_from(rec, 0, 400, false, smp);
}

/* The integer network against the trainer's float model it was quantised from, on positions it never saw. */
Test(nnue, the_quantised_network_stays_within_centipawns_of_the_float_model)
{
	static char fens[2000][FEN_MAX];
	int n = random_fens(fens, 2000, 31);
	for (int buckets = 1; buckets <= 8; buckets += 7)
		quantised_against_float(fens, n, buckets);
}

/* Bucket b of a network whose output weights are 0 and whose bucket b's bias is 100 b centipawns says 100 b. */
Test(nnue, each_position_is_evaluated_by_the_bucket_of_its_piece_count)
{
	static const struct {
		const char *fen;
		int pieces;
	} cases[] = {
		{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 32 },
		{ "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 2 },
		{ "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", 3 },
		{ "r3k3/pp6/8/8/8/8/PP6/R3K3 w - - 0 1", 8 },
		{ "r3k3/pppp4/8/8/8/8/PPPP4/R3K2R w - - 0 1", 13 },
	};
	struct nt_model m;
	cr_assert(nt_model_new(&m, 64, 8, 3));
	memset(m.w2, 0, 8 * 2 * 64 * sizeof *m.w2);
	for (int b = 0; b < 8; b++)
		m.b2[b] = b * 0.25f; /* times the scale, 400: 100 b centipawns */
	uint8_t *bytes;
	size_t size;
	char err[200];
	cr_assert(nt_export(&m, "buckets", 400, &bytes, &size));
	struct nnue_net *net = aligned_alloc(64, sizeof *net);
	cr_assert(nnue_read(net, bytes, size, err, sizeof err), "%s", err);
	cr_expect_eq(net->buckets, 8);
	cr_expect_eq(nnue_bucket(2, 8), 0);
	cr_expect_eq(nnue_bucket(32, 8), 7);
	cr_expect_eq(nnue_bucket(32, 1), 0);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct position *pos = test_position(cases[i].fen);
		int want = 100 * ((cases[i].pieces - 2) * 8 / 31);
		cr_expect_eq(nnue_evaluate_fresh(net, pos), want, "%s: %d pieces", cases[i].fen, cases[i].pieces);
		test_free(pos);
	}
	free(bytes);
	free(net);
	nt_model_free(&m);
}

/* A model of one output spread over eight buckets gives the same output on every position: a round's start. */
Test(nnue, one_output_spread_over_buckets_changes_nothing)
{
	static char fens[300][FEN_MAX];
	int n = random_fens(fens, 300, 17);
	struct nt_model one, eight;
	cr_assert(nt_model_new(&one, 64, 1, 5));
	cr_assert(nt_model_new(&eight, 64, 8, 6));
	nt_model_spread_output(&eight, &one);
	float *acc = malloc(2 * 64 * sizeof *acc);
	for (int i = 0; i < n; i++) {
		struct position *pos = test_position(fens[i]);
		struct nt_sample smp;
		sample_of(pos, &smp);
		float a = nt_forward(&one, &smp, acc), b = nt_forward(&eight, &smp, acc);
		cr_assert_float_eq(a, b, 1e-6f, "%s", fens[i]);
		test_free(pos);
	}
	free(acc);
	nt_model_free(&one);
	nt_model_free(&eight);
}

static void quantised_against_float(char fens[][FEN_MAX], int n, int buckets)
{
	struct nt_model m;
	cr_assert(nt_model_new(&m, 256, buckets, 77));
	uint64_t s = 77;
	for (size_t i = 0; i < m.count; i++) {
		float u = (float)(test_random(&s) % 20001) / 10000.0f - 1.0f;
		m.p[i] = u * (&m.p[i] >= m.w2 ? 0.15f : 0.1f);
	}
	for (int j = 0; j < 256; j++)
		m.b1[j] += 0.4f;
	uint8_t *bytes;
	size_t size;
	char err[200];
	cr_assert(nt_export(&m, "float-check", 400, &bytes, &size));
	struct nnue_net *net = aligned_alloc(64, sizeof *net);
	cr_assert(nnue_read(net, bytes, size, err, sizeof err), "%s", err);
	float *acc = malloc(2 * 256 * sizeof *acc);
	double total = 0, worst = 0, spread = 0;
	for (int i = 0; i < n; i++) {
		struct position *pos = test_position(fens[i]);
		struct nt_sample smp;
		sample_of(pos, &smp);
		double fl = nt_forward(&m, &smp, acc) * 400, q = nnue_evaluate_fresh(net, pos);
		double d = fl > q ? fl - q : q - fl;
		total += d;
		spread += fl > 0 ? fl : -fl;
		worst = d > worst ? d : worst;
		test_free(pos);
	}
	cr_log_info("quantised vs float, %d output bucket(s): mean %.2f cp, worst %.2f cp (mean |eval| %.0f cp) over %d "
	            "positions", buckets, total / n, worst, spread / n, n);
	cr_expect_lt(total / n, 4.0, "mean difference %.2f cp", total / n);
	cr_expect_lt(worst, 25.0, "worst difference %.2f cp", worst);
	cr_expect_gt(spread / n, 50.0, "the model should say something (mean |eval| %.0f)", spread / n);
	free(acc);
	free(bytes);
	free(net);
	nt_model_free(&m);
}

/* ---------------------------------------------------------------- bad files */

static void put_u32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void fix_checksum(uint8_t *b, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = NNUE_HEADER_SIZE; i < n; i++)
		h = (h ^ b[i]) * 16777619u;
	put_u32(b + 64, h);
}

/* A good file's bytes (64 hidden units; one output: version 1, more: version 2). */
static uint8_t *good_file(size_t *size, int buckets)
{
	struct nt_model m;
	uint8_t *bytes;
	cr_assert(nt_model_new(&m, 64, buckets, 5));
	cr_assert(nt_export(&m, "good", 400, &bytes, size));
	nt_model_free(&m);
	return bytes;
}

static void expect_refused(const uint8_t *b, size_t n, const char *why, const char *case_name)
{
	struct nnue_net *net = aligned_alloc(64, sizeof *net);
	char err[200] = "";
	cr_expect_not(nnue_read(net, b, n, err, sizeof err), "%s: read", case_name);
	cr_expect(strstr(err, why), "%s: the message '%s' should say '%s'", case_name, err, why);
	free(net);
}

Test(nnue, bad_files_are_refused_with_what_is_wrong)
{
	size_t n;
	uint8_t *good = good_file(&n, 1), *b = malloc(n + 16);
	struct nnue_net *net = aligned_alloc(64, sizeof *net);
	char err[200];
	cr_assert(nnue_read(net, good, n, err, sizeof err), "%s", err);
	cr_expect_str_eq(net->name, "good");

	expect_refused(good, 10, "shorter than the 68-byte header", "header cut");
	expect_refused(good, n - 1, "truncated", "one byte short");
	memcpy(b, good, n);
	b[n] = 0;
	expect_refused(b, n + 1, "bytes where 64 hidden units and 1 output need", "one byte long");
	memcpy(b, good, n), b[0] = 'X';
	expect_refused(b, n, "not an Outpost network", "magic");
	memcpy(b, good, n), put_u32(b + 8, 2);
	expect_refused(b, n, "output buckets (1 to 8)", "version 2 with the first's layout");
	memcpy(b, good, n), put_u32(b + 8, 3);
	expect_refused(b, n, "format version 3", "version");
	memcpy(b, good, n), put_u32(b + 12, 769);
	expect_refused(b, n, "769 inputs", "inputs");
	memcpy(b, good, n), put_u32(b + 16, 100);
	expect_refused(b, n, "100 hidden units", "hidden");
	memcpy(b, good, n), put_u32(b + 20, 256);
	expect_refused(b, n, "QA must be 255", "QA");
	memcpy(b, good, n), put_u32(b + 28, 0);
	expect_refused(b, n, "scale 0", "scale");
	memcpy(b, good, n), b[NNUE_HEADER_SIZE + 1000] ^= 1;
	expect_refused(b, n, "checksum", "damaged weight");
	memcpy(b, good, n), memset(b + 32, 0, NNUE_NAME_LEN), fix_checksum(b, n);
	expect_refused(b, n, "no name", "name");
	memcpy(b, good, n), b[33] = '\n', fix_checksum(b, n);
	expect_refused(b, n, "printable", "name's characters");
	/* Hidden unit 3 of feature 0 at 2000: 32 pieces could reach 64000, beyond int16. */
	memcpy(b, good, n), b[NNUE_HEADER_SIZE + 6] = 2000 & 255, b[NNUE_HEADER_SIZE + 7] = 2000 >> 8;
	fix_checksum(b, n);
	expect_refused(b, n, "hidden unit 3 could overflow", "accumulator overflow");
	free(b);
	free(good);
	free(net);
}

Test(nnue, bad_files_with_output_buckets_are_refused_with_what_is_wrong)
{
	size_t n;
	uint8_t *good = good_file(&n, 8), *b = malloc(n + 16);
	struct nnue_net *net = aligned_alloc(64, sizeof *net);
	char err[200];
	cr_assert(nnue_read(net, good, n, err, sizeof err), "%s", err);
	cr_expect_eq(net->buckets, 8);
	expect_refused(good, NNUE_HEADER_SIZE + 2, "no room for the output bucket count", "count cut");
	expect_refused(good, n - 1, "bytes where 64 hidden units and 8 outputs need", "one byte short");
	memcpy(b, good, n), put_u32(b + NNUE_HEADER_SIZE, 9), fix_checksum(b, n);
	expect_refused(b, n, "offset 68: 9 output buckets (1 to 8)", "nine buckets");
	memcpy(b, good, n), put_u32(b + NNUE_HEADER_SIZE, 0), fix_checksum(b, n);
	expect_refused(b, n, "offset 68: 0 output buckets", "no bucket");
	memcpy(b, good, n), put_u32(b + NNUE_HEADER_SIZE, 4), fix_checksum(b, n);
	expect_refused(b, n, "4 outputs need", "a count the weights do not match");
	memcpy(b, good, n), b[n - 1] ^= 1;
	expect_refused(b, n, "checksum", "a damaged bias");
	free(b);
	free(good);
	free(net);
}

static char tmp_dir[64];

static void write_file(const char *path, const uint8_t *b, size_t n)
{
	FILE *f = fopen(path, "wb");
	cr_assert(f);
	cr_assert_eq(fwrite(b, 1, n, f), n);
	fclose(f);
}

Test(nnue, evalfile_loads_a_network_and_a_bad_one_leaves_the_built_in)
{
	snprintf(tmp_dir, sizeof tmp_dir, "/tmp/outpost-nnue-XXXXXX");
	cr_assert(mkdtemp(tmp_dir));
	char good_path[128], bad_path[128], err[600];
	snprintf(good_path, sizeof good_path, "%s/good.nnue", tmp_dir);
	snprintf(bad_path, sizeof bad_path, "%s/bad.nnue", tmp_dir);
	size_t n;
	uint8_t *good = good_file(&n, 8);
	write_file(good_path, good, n);
	write_file(bad_path, good, n / 2);

	struct engine *e = engine_new();
	cr_assert(e);
	cr_expect(engine_set_option(e, "Use NNUE", "true", err, sizeof err), "%s", err);
	cr_expect_not(engine_set_option(e, "EvalFile", bad_path, err, sizeof err));
	cr_expect(strstr(err, "truncated") && strstr(err, "keeping the network") && strstr(err, nnue_builtin()->name),
	          "%s", err);
	cr_expect_not(engine_set_option(e, "EvalFile", "/nonexistent/x.nnue", err, sizeof err));
	cr_expect(strstr(err, "No such file"), "%s", err);
	cr_expect(engine_set_option(e, "EvalFile", good_path, err, sizeof err), "%s", err);
	struct engine_limits l;
	memset(&l, 0, sizeof l);
	l.depth = 4;
	struct test_result r;
	test_result_init(&r);
	test_go_and_wait(e, &l, &r);
	cr_expect_neq(r.best, MOVE_NONE);
	cr_expect(engine_set_option(e, "EvalFile", "<built-in>", err, sizeof err), "%s", err);
	cr_expect_not(engine_set_option(e, "Use NNUE", "maybe", err, sizeof err));
	engine_free(e);
	remove(good_path);
	remove(bad_path);
	rmdir(tmp_dir);
	free(good);
}

Test(nnue, bench_with_the_network_is_deterministic)
{
	struct bench_result a, b;
	cr_assert(bench_run_eval(5, true, NULL, NULL, &a));
	cr_assert(bench_run_eval(5, true, NULL, NULL, &b));
	cr_expect_eq(a.nodes, b.nodes);
	cr_expect_gt(a.nodes, 1000);
}

/* The network is the default evaluation: the default engine's search is the network's, node for node. */
Test(nnue, the_network_is_the_default_evaluation)
{
	struct bench_result plain, net, hand;
	cr_assert(bench_run(4, NULL, &plain));
	cr_assert(bench_run_eval(4, false, NULL, NULL, &net));
	cr_assert(bench_run_eval(4, true, NULL, NULL, &hand));
	cr_expect_eq(plain.nodes, net.nodes, "the default bench searched %llu nodes, the network's %llu",
	             (unsigned long long)plain.nodes, (unsigned long long)net.nodes);
	cr_expect_neq(plain.nodes, hand.nodes, "the default bench is the hand-written evaluation's");
	char info[200];
	snprintf(info, sizeof info, "%s", engine_network_info());
	cr_expect(strstr(info, "the default evaluation"), "--version says: %s", info);
}
