/* The Texel tuner: its trace is the evaluation, its gradient is right, it lowers the loss and writes a valid file. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "engine/engine.h"
#include "engine/eval.h"
#include "engine/eval_weights.h"
#include "helpers.h"
#include "notation/game.h"
#include "protocol/datagen.h"
#include "rules/packed.h"
#include "tools/tuning/tune.h"

static int nparams;
static double *theta0;

static void setup(void)
{
	engine_init();
	nparams = tune_params_init();
	theta0 = malloc((size_t)nparams * sizeof *theta0);
	cr_assert_not_null(theta0);
	tune_params_current(theta0);
}
static void teardown(void) { free(theta0); }
TestSuite(tune, .init = setup, .fini = teardown, .timeout = 120);
TestSuite(shared_tune, .init = setup, .fini = teardown, .timeout = 120);

static uint64_t next_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Traces pos into set, checking the traced evaluation against the engine's. */
static void trace_into(struct tune_set *set, const struct position *pos)
{
	struct tune_trace *t = malloc(sizeof *t);
	char err[400], fen[FEN_MAX];
	pos_get_fen(pos, fen, sizeof fen);
	cr_assert(tune_trace_position(pos, t, err, sizeof err), "%s: %s", fen, err);
	cr_assert_eq(t->eval, evaluate(pos, NULL), "%s: the traced build says %d, the engine %d", fen, t->eval,
	             evaluate(pos, NULL));
	cr_assert(tune_set_add(set, t, PACKED_DRAW, 0));
	free(t);
}

/* Every position of the files and the positions of random games played on from each (runs games from each):
   traced, and evaluate() of each. */
static void collect_positions(struct tune_set *set, int **evals, size_t *n, FILE *const *files, size_t nfiles,
                              int runs)
{
	uint64_t seed = 12345;
	*n = 0;
	*evals = NULL;
	for (size_t f = 0; f < nfiles; f++) {
		FILE *in = files[f];
		char line[1024], err[160];
		while (fgets(line, sizeof line, in)) {
			line[strcspn(line, ";\n")] = '\0';
			for (int run = 0; run < runs; run++) {
				struct game *g = strlen(line) > 10 ? game_new(line, err, sizeof err) : NULL;
				for (int ply = 0; g && ply < 60 && !game_is_over(g); ply++) {
					const struct position *pos = game_position(g);
					move_t list[MAX_MOVES];
					int moves = generate_legal(pos, list);
					int v = evaluate(pos, NULL);
					if (run == 0 || ply > 0) {
						trace_into(set, pos);
						*evals = realloc(*evals, (*n + 1) * sizeof **evals);
						(*evals)[(*n)++] = pos->side == WHITE ? v : -v;
					}
					game_play(g, list[next_random(&seed) % (uint64_t)moves]);
				}
				game_free(g);
			}
		}
		fclose(in);
	}
}

/* The traced model of every collected position against evaluate(). */
static void expect_model_is_the_evaluation(FILE *const *files, size_t nfiles, int runs)
{
	struct tune_set set = { 0 };
	int *evals;
	size_t n;
	collect_positions(&set, &evals, &n, files, nfiles, runs);
	cr_assert_gt(n, 3000, "only %zu positions", n);
	double worst = 0, total = 0;
	int danger_scored = 0;
	for (size_t i = 0; i < n; i++) {
		double model = tune_eval(&set, i, theta0), diff = fabs(model - evals[i]);
		worst = diff > worst ? diff : worst;
		total += diff;
		danger_scored += set.pos[i].counted != 0;
	}
	free(evals);
	/* The engine rounds down four times (blend, endgame scale, the two king penalties); the model does not. */
	cr_log_info("model vs evaluate(): worst %.2f cp, mean %.3f cp over %zu positions", worst, total / (double)n, n);
	cr_expect_leq(worst, 3, "the model is %.2f cp off the evaluation at worst", worst);
	cr_expect_lt(total / (double)n, 0.5, "the model is %.2f cp off on average", total / (double)n);
	cr_expect_gt(danger_scored, 100, "only %d positions with a king in danger", danger_scored);
	tune_set_free(&set);
}

/* The perft positions made here, each played on at random four times. */
Test(tune, the_traced_model_is_the_evaluation)
{
	FILE *files[] = { test_data_open("perft/cpw_published.epd"), test_data_open("perft/special_A.epd") };
	expect_model_is_the_evaluation(files, 2, 4);
}

/* The outside perft suites' positions, each played on once. */
Test(shared_tune, the_traced_model_is_the_evaluation_on_the_perft_suites)
{
	FILE *files[] = { test_shared_open("perft/cpw_perft_results.epd"), test_shared_open("perft/perftsuite_A.epd"),
		          test_shared_open("perft/tricky_talkchess_A.epd") };
	expect_model_is_the_evaluation(files, 3, 1);
}

Test(tune, every_weight_is_in_the_table_once)
{
	bool pair;
	cr_expect_eq(tune_param_index(&material_weight[KNIGHT], &pair), 2 * KNIGHT);
	cr_expect(pair);
	cr_expect_eq(tune_param_index(&complexity_base, &pair), nparams - 1);
	cr_expect(!pair);
	cr_expect_eq(tune_param_index(&nparams, &pair), -1);
	cr_expect_eq(tune_tempo_index(), 2 * (PIECE_TYPE_NB + PIECE_TYPE_NB * SQ_NB));
}

Test(tune, the_writer_gives_back_the_weights_file)
{
	char *written = NULL, path[1024];
	size_t len = 0;
	FILE *f = open_memstream(&written, &len);
	tune_write_weights(f, theta0);
	fclose(f);
	snprintf(path, sizeof path, "%s/src/engine/eval_weights.c", SRC_ROOT);
	FILE *in = fopen(path, "rb");
	cr_assert_not_null(in);
	char *source = calloc(1, 1 << 16);
	size_t got = fread(source, 1, (1 << 16) - 1, in);
	fclose(in);
	cr_expect_eq(got, len, "the file has %zu bytes, the writer wrote %zu", got, len);
	cr_expect(!memcmp(source, written, got < len ? got : len), "the writer's layout differs from the file's:\n%s",
	          written);
	free(source);
	free(written);
}

static char data_path[64], weights_path[64];

static void make_data(void)
{
	snprintf(data_path, sizeof data_path, "/tmp/outpost-tune-data-%d.bin", (int)getpid());
	snprintf(weights_path, sizeof weights_path, "/tmp/outpost-tune-weights-%d.c", (int)getpid());
	unlink(data_path);
	struct datagen_options opt;
	struct datagen_totals totals;
	char err[300];
	datagen_defaults(&opt);
	opt.threads = 2;
	opt.games = 16;
	opt.nodes = 300;
	opt.seed = 2024;
	opt.out = data_path;
	cr_assert(datagen_run(&opt, &totals, err, sizeof err), "%s", err);
}

static void remove_data(void)
{
	unlink(data_path);
	unlink(weights_path);
}

static void load(struct tune_set *train, struct tune_set *held, int holdout_tags)
{
	const char *paths[] = { data_path };
	char err[400];
	cr_assert(tune_load(paths, 1, holdout_tags, 2, train, held, err, sizeof err), "%s", err);
}

Test(tune, the_gradient_is_the_loss_s_slope, .init = make_data, .fini = remove_data)
{
	struct tune_set train, held;
	load(&train, &held, 0);
	struct tune_model m = { .nparams = nparams, .k = 0.006, .lambda = 0.5, .threads = 2 };
	double *grad = malloc((size_t)nparams * sizeof *grad), *theta = malloc((size_t)nparams * sizeof *theta);
	memcpy(theta, theta0, (size_t)nparams * sizeof *theta);
	bool pair;
	/*
	 * The king's danger counts only above 0, and integer weights can put a position's danger exactly on 0,
	 * where the loss has no slope to compare with.  A danger of n hits moves by 0.04 n off the integers (for
	 * n up to 24), and the steps below move it by 0.001 n at most: no position is on or crosses the kink.
	 */
	theta[tune_param_index(&king_danger_per_hit, &pair)] += 0.04;
	tune_loss(&train, theta, &m, grad);
	const void *weights[] = { &material_weight[KNIGHT], &psq_weight[PAWN][20], &mobility_bishop[5], &tempo_bonus,
		                      &king_attacker_weight[QUEEN], &king_shelter_missing[0], &king_danger_per_hit };
	for (size_t w = 0; w < sizeof weights / sizeof weights[0]; w++) {
		int j = tune_param_index(weights[w], &pair);
		const double h = 0.001;
		theta[j] += h;
		double up = tune_loss(&train, theta, &m, NULL);
		theta[j] -= 2 * h;
		double down = tune_loss(&train, theta, &m, NULL);
		theta[j] += h;
		double slope = (up - down) / (2 * h);
		cr_expect(fabs(slope - grad[j]) <= 1e-3 * fabs(slope) + 1e-10, "weight %zu: gradient %g, slope %g", w,
		          grad[j], slope);
	}
	free(grad);
	free(theta);
	tune_set_free(&train);
	tune_set_free(&held);
}

Test(tune, the_l2_pull_is_zero_at_the_start_and_its_slope_is_its_gradient)
{
	double theta[3] = { 10, -4, 7 }, start[3] = { 10, -4, 7 }, grad[3] = { 0, 0, 0 };
	cr_expect_eq(tune_l2(theta, start, 3, 1e-3, grad), 0);
	theta[1] = 6; /* 10 from its start */
	cr_expect(fabs(tune_l2(theta, start, 3, 1e-3, grad) - 0.1) < 1e-12);
	cr_expect(fabs(grad[1] - 2e-2) < 1e-12 && grad[0] == 0 && grad[2] == 0, "gradient %g %g %g", grad[0],
	          grad[1], grad[2]);
}

Test(tune, complexity_moves_the_endgame_score_but_never_across_zero)
{
	double slope[2];
	cr_expect_eq(tune_complexity_shift(100, 30, slope), 30);
	cr_expect(slope[0] == 1 && slope[1] == 1);
	cr_expect_eq(tune_complexity_shift(-100, 30, slope), -30);
	cr_expect(slope[0] == 1 && slope[1] == -1);
	cr_expect_eq(tune_complexity_shift(100, -40, slope), -40);
	/* Past zero it stops there, and nothing moves it any more. */
	cr_expect_eq(tune_complexity_shift(100, -150, slope), -100);
	cr_expect(slope[0] == 0 && slope[1] == 0);
	cr_expect_eq(tune_complexity_shift(-100, -150, slope), 100);
	/* A dead level endgame stays level. */
	cr_expect_eq(tune_complexity_shift(0, 50, slope), 0);
	cr_expect(slope[0] == 1 && slope[1] == 0);
}

/* The coefficient of the pair weight at address w in fen's trace (White's view), 0 when it is not used. */
static int traced_count(const char *fen, const void *w)
{
	struct position *pos = test_position(fen);
	struct tune_trace *t = malloc(sizeof *t);
	char err[400];
	bool pair;
	int index = tune_param_index(w, &pair), count = 0;
	cr_assert(tune_trace_position(pos, t, err, sizeof err), "%s: %s", fen, err);
	for (int i = 0; i < t->nlinear; i++)
		if (t->linear[i].index == index)
			count = t->linear[i].coef;
	free(t);
	test_free(pos);
	return count;
}

Test(tune, knights_and_rooks_see_how_closed_the_position_is)
{
	/* Locked pawn chains, no open file: the top of the scale.  Two pawns in all: the bottom. */
	const char *closed = "r5k1/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/R1N3K1 w - - 0 1";
	const char *open = "r5k1/7p/8/8/8/8/P7/R1N3K1 w - - 0 1";
	cr_expect_eq(traced_count(closed, &knight_closedness[8]), 1);
	cr_expect_eq(traced_count(closed, &rook_closedness[8]), 0, "White's rook and Black's cancel");
	cr_expect_eq(traced_count(open, &knight_closedness[0]), 1);
	cr_expect_eq(traced_count(open, &knight_closedness[8]), 0);
}

Test(tune, adam_lowers_the_loss_and_the_file_compiles, .init = make_data, .fini = remove_data)
{
	struct tune_set train, held;
	load(&train, &held, PACKED_TAGS / 2);
	cr_assert_gt(train.count, 200, "only %zu training positions", train.count);
	cr_expect_gt(held.count, 0, "no game held out");
	struct tune_model m = { .nparams = nparams, .lambda = 0.5, .threads = 2 };
	m.k = tune_fit_k(&train, theta0, 2);
	cr_expect(m.k > 0.0005 && m.k < 0.05, "K = %g", m.k);
	double *grad = malloc((size_t)nparams * sizeof *grad), *theta = malloc((size_t)nparams * sizeof *theta);
	memcpy(theta, theta0, (size_t)nparams * sizeof *theta);
	struct tune_adam adam;
	cr_assert(tune_adam_init(&adam, nparams, 1.0));
	double first = tune_loss(&train, theta, &m, grad), last = first;
	for (int epoch = 0; epoch < 50; epoch++) {
		last = tune_loss(&train, theta, &m, grad);
		tune_adam_step(&adam, theta, grad, nparams);
	}
	cr_expect_lt(last, first * 0.98, "the training loss went from %g to %g only", first, last);
	tune_adam_free(&adam);

	char err[400], cmd[2048];
	cr_assert(tune_save_weights(weights_path, theta, err, sizeof err), "%s", err);
	snprintf(cmd, sizeof cmd, "%s -std=c11 -fsyntax-only -Wall -Werror -I%s/src -I%s %s", TEST_CC, SRC_ROOT,
	         BUILD_ROOT, weights_path);
	cr_expect_eq(system(cmd), 0, "the written weights do not compile: %s", cmd);
	free(grad);
	free(theta);
	tune_set_free(&train);
	tune_set_free(&held);
}

Test(tune, a_corrupt_record_is_named_with_its_file_and_number, .init = make_data, .fini = remove_data)
{
	FILE *f = fopen(data_path, "r+b");
	cr_assert_not_null(f);
	fseek(f, PACKED_SIZE + 31, SEEK_SET);
	fputc(3, f); /* the second record's result: 3 */
	fclose(f);
	const char *paths[] = { data_path };
	struct tune_set train, held;
	char err[400], expect[200];
	cr_expect(!tune_load(paths, 1, 0, 2, &train, &held, err, sizeof err));
	snprintf(expect, sizeof expect, "%s: record 2: corrupt record: result 3", data_path);
	cr_expect(strstr(err, expect), "'%s' does not say '%s'", err, expect);
	f = fopen(data_path, "ab");
	fputs("odd", f);
	fclose(f);
	cr_expect(!tune_load(paths, 1, 0, 2, &train, &held, err, sizeof err));
	cr_expect(strstr(err, "not a whole number of 32-byte records"), "%s", err);
}
