/*
 * The human move model and the levels built on it: the weights file read or
 * refused with the place of the fault, the features of telling moves, the
 * probe's values, each level's moves legal, and a person's pace.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "engine/engine.h"
#include "people/human_level.h"
#include "people/human_model.h"
#include "people/human_probe.h"
#include "people/level_play.h"
#include "rules/clock.h"
#include "rules/uci_move.h"
#include "helpers.h"

/* The levels as the program plays them: the engine reaches them through the hook installed here. */
TestSuite(human, .init = level_play_install);

static const char *const header = "outpost-human-model 1\n";

/* A whole model text with every feature's weights A B C, and `extra` added at the end. */
static char *model_text(double a, const char *extra)
{
	static char buf[4096];
	size_t at = (size_t)snprintf(buf, sizeof buf, "%sname test\ntemperature 0\n", header);
	for (int f = 0; f < HUMAN_FEATURES; f++)
		at += (size_t)snprintf(buf + at, sizeof buf - at, "%s %g 0.5 -0.25\n", human_feature_name(f), a);
	snprintf(buf + at, sizeof buf - at, "%s", extra);
	return buf;
}

static bool parse(const char *text, char *err, size_t errlen)
{
	struct human_model m;
	return human_model_parse(&m, text, strlen(text), "m.txt", err, errlen);
}

Test(human, builtin_model_parses_and_names_itself)
{
	const struct human_model *m = human_model_builtin();
	cr_expect(m->name[0] != '\0');
	cr_expect(m->temperature >= 0);
}

Test(human, a_whole_model_is_read_with_its_weights)
{
	struct human_model m;
	char err[256];
	const char *text = model_text(1.5, "# a comment\n\n");
	cr_assert(human_model_parse(&m, text, strlen(text), "m.txt", err, sizeof err), "%s", err);
	cr_expect_str_eq(m.name, "test");
	double w[HUMAN_FEATURES];
	human_model_weights(&m, 2000, w); /* t = 1: 1.5 + 0.5 - 0.25 */
	cr_expect(fabs(w[HF_CHECK] - 1.75) < 1e-9);
	human_model_weights(&m, 1500, w);
	cr_expect(fabs(w[HF_CAPTURE] - 1.5) < 1e-9);
}

Test(human, a_bad_model_is_refused_with_its_place)
{
	char err[256];
	cr_expect(!parse("", err, sizeof err));
	cr_expect(strstr(err, "empty") != NULL, "%s", err);
	cr_expect(!parse("outpost-book 1\n", err, sizeof err));
	cr_expect_str_eq(err, "m.txt:1: not a human move model (the first line must be 'outpost-human-model 1')");
	cr_expect(!parse("outpost-human-model 1\nname x\n", err, sizeof err));
	cr_expect(strstr(err, "the weights of 'loss_q' are missing") != NULL, "%s", err);
	cr_expect(!parse(model_text(1, "loss_q 1 2 3\n"), err, sizeof err));
	cr_expect(strstr(err, ":34: 'loss_q' is given twice") != NULL, "%s", err);
	cr_expect(!parse(model_text(1, "sacrifice 1 2 3\n"), err, sizeof err));
	cr_expect(strstr(err, "m.txt:34: unknown feature 'sacrifice'") != NULL, "%s", err);
	cr_expect(!parse("outpost-human-model 1\ncheck 1 2\n", err, sizeof err));
	cr_expect_str_eq(err, "m.txt:2: 'check' needs 3 numbers");
	cr_expect(!parse("outpost-human-model 1\ncheck 1 2 3 4\n", err, sizeof err));
	cr_expect_str_eq(err, "m.txt:2: more than 3 numbers after 'check'");
	cr_expect(!parse("outpost-human-model 1\ncheck 1 nan 3\n", err, sizeof err));
	cr_expect_str_eq(err, "m.txt:2: 'check' needs 3 numbers");
	cr_expect(!parse("outpost-human-model 1\ntemperature -1\n", err, sizeof err));
	cr_expect_str_eq(err, "m.txt:2: temperature must be from 0 to 10");
}

/* "unit BIAS OUT" and HUMAN_HIDDEN_INPUTS input weights, all `w` but the one of `feature`, which is `wf`. */
static const char *unit_line(double bias, double out, double w, int feature, double wf)
{
	static char buf[1024];
	size_t at = (size_t)snprintf(buf, sizeof buf, "unit %g %g", bias, out);
	for (int k = 0; k < HUMAN_HIDDEN_INPUTS; k++)
		at += (size_t)snprintf(buf + at, sizeof buf - at, " %g", k == feature ? wf : w);
	snprintf(buf + at, sizeof buf - at, "\n");
	return buf;
}

Test(human, a_hidden_layer_adds_its_units_to_the_scores)
{
	/* All weights 0 but one unit's: it adds 2 * max(0, -0.5 + capture + 0.25 t) (t's weight set after reading). */
	char extra[2048];
	snprintf(extra, sizeof extra, "hidden 1\n%s", unit_line(-0.5, 2, 0, HF_CAPTURE, 1));
	struct human_model m;
	char err[256];
	const char *text = model_text(0, extra);
	cr_assert(human_model_parse(&m, text, strlen(text), "m.txt", err, sizeof err), "%s", err);
	cr_expect(m.hidden == 1);
	m.unit[0].w[HUMAN_FEATURES] = 0.25;
	for (int f = 0; f < HUMAN_FEATURES; f++)
		m.w[f][0] = m.w[f][1] = m.w[f][2] = 0;
	float f[2][HUMAN_FEATURES] = { { 0 } };
	f[0][HF_CAPTURE] = 1;
	double logit[2];
	human_model_scores(&m, 1500, (const float(*)[HUMAN_FEATURES])f, 2, logit); /* t = 0 */
	cr_expect(fabs(logit[0] - 1.0) < 1e-9 && fabs(logit[1]) < 1e-9, "%g %g", logit[0], logit[1]);
	human_model_scores(&m, 2500, (const float(*)[HUMAN_FEATURES])f, 2, logit); /* t = 2 */
	cr_expect(fabs(logit[0] - 2.0) < 1e-9 && fabs(logit[1]) < 1e-9, "%g %g", logit[0], logit[1]);
}

Test(human, a_bad_hidden_layer_is_refused_with_its_place)
{
	char err[256], extra[4096];
	cr_expect(!parse(model_text(1, unit_line(0, 1, 0, 0, 0)), err, sizeof err));
	cr_expect(strstr(err, "m.txt:34: a unit before 'hidden N'") != NULL, "%s", err);
	cr_expect(!parse(model_text(1, "hidden 0\n"), err, sizeof err));
	cr_expect(strstr(err, "m.txt:34: 'hidden' needs a number of units from 1 to 64") != NULL, "%s", err);
	cr_expect(!parse(model_text(1, "hidden 2.5\n"), err, sizeof err));
	cr_expect(strstr(err, "'hidden' needs a number of units") != NULL, "%s", err);
	snprintf(extra, sizeof extra, "hidden 2\n%s", unit_line(0, 1, 0, 0, 0));
	cr_expect(!parse(model_text(1, extra), err, sizeof err));
	cr_expect_str_eq(err, "m.txt: 'hidden 2' but only 1 units");
	snprintf(extra, sizeof extra, "hidden 1\n%s", unit_line(0, 1, 0, 0, 0));
	strcat(extra, unit_line(0, 1, 0, 0, 0));
	cr_expect(!parse(model_text(1, extra), err, sizeof err));
	cr_expect(strstr(err, "m.txt:36: more units than 'hidden 1' says") != NULL, "%s", err);
	cr_expect(!parse(model_text(1, "hidden 1\nunit 1 2 3\n"), err, sizeof err));
	cr_expect(strstr(err, "m.txt:35: a unit needs ") != NULL, "%s", err);
	snprintf(extra, sizeof extra, "hidden 1\n%s", unit_line(0, 1, 0, 0, 0));
	strcpy(extra + strlen(extra) - 1, " 7\n");
	cr_expect(!parse(model_text(1, extra), err, sizeof err));
	cr_expect(strstr(err, "m.txt:35: a unit needs ") != NULL, "%s", err);
	cr_expect(!parse(model_text(1, "hidden 1\nhidden 1\n"), err, sizeof err));
	cr_expect(strstr(err, "m.txt:35: 'hidden' is given twice") != NULL, "%s", err);
}

Test(human, a_missing_or_truncated_file_is_refused)
{
	struct human_model m = *human_model_builtin();
	char err[256], path[] = "/tmp/outpost-human-XXXXXX";
	cr_expect(!human_model_load(&m, "/nonexistent/model.txt", err, sizeof err));
	cr_expect(strstr(err, "/nonexistent/model.txt: No such file") != NULL, "%s", err);
	int fd = mkstemp(path);
	cr_assert(fd >= 0);
	const char *text = model_text(1, "");
	cr_assert(write(fd, text, strlen(text) / 2) > 0); /* cut in the middle of the weights */
	close(fd);
	cr_expect(!human_model_load(&m, path, err, sizeof err));
	cr_expect(strstr(err, "are missing") != NULL || strstr(err, "needs 3 numbers") != NULL, "%s", err);
	cr_expect_str_eq(m.name, human_model_builtin()->name, "a refused file leaves the model as it was");
	unlink(path);
}

/* The features of one move, by its UCI text, in the position after `moves` from fen. */
static void features_of(const char *fen, const char *uci, float out[HUMAN_FEATURES], score_t *q, score_t *d1)
{
	engine_init(); /* the evaluation's tables, which the probe reads */
	struct position *pos = test_position(fen);
	move_t list[MAX_MOVES];
	score_t qs[MAX_MOVES], d1s[MAX_MOVES];
	float f[MAX_MOVES][HUMAN_FEATURES];
	int n = generate_legal(pos, list);
	human_probe_moves(pos, list, n, qs, d1s);
	human_features(pos, list, n, qs, d1s, MOVE_NONE, f);
	for (int i = 0; i < n; i++) {
		char text[UCI_MOVE_MAX];
		move_to_uci(list[i], text);
		if (!strcmp(text, uci)) {
			memcpy(out, f[i], sizeof f[i]);
			*q = qs[i];
			*d1 = d1s[i];
			test_free(pos);
			return;
		}
	}
	cr_assert_fail("%s is not legal in %s", uci, fen);
}

Test(human, a_hanging_queen_loses_by_the_first_look)
{
	/* Qd1-g4 puts the queen where the bishop on c8 takes it. */
	const char *fen = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2 3";
	float f[HUMAN_FEATURES];
	score_t q, d1;
	features_of(fen, "d1g4", f, &q, &d1);
	cr_expect(f[HF_PAWNS_Q] >= 5, "the queen is lost: %g pawns", f[HF_PAWNS_Q]);
	cr_expect(f[HF_LOSS_Q] > 0.4, "%g", f[HF_LOSS_Q]);
	cr_expect(f[HF_QUEEN] == 1 && f[HF_TO_ATTACKED] == 1);
	features_of(fen, "b1c3", f, &q, &d1);
	cr_expect(f[HF_PAWNS_Q] < 1 && f[HF_DEVELOP] == 1 && f[HF_KNIGHT] == 1);
}

Test(human, the_second_look_sees_the_reply)
{
	/* After 1. f3 e5, 2. g4 loses nothing to a capture, but the reply ...Qh4 mates: only d1 sees it. */
	const char *fen = "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq e6 0 2";
	float f[HUMAN_FEATURES];
	score_t q, d1;
	features_of(fen, "g2g4", f, &q, &d1);
	cr_expect(f[HF_PAWNS_Q] < 1, "%g", f[HF_PAWNS_Q]);
	cr_expect(f[HF_PAWNS_D1] == HUMAN_PROBE_CAP_PAWNS && d1 <= SCORE_MATED_IN_MAX, "mated: %d", d1);
	cr_expect(f[HF_LOSS_D1] > 0.4 && f[HF_PAWN] == 1 && f[HF_BEST_D1] == 0);
}

Test(human, a_recapture_a_check_and_castling_are_told)
{
	float f[HUMAN_FEATURES];
	score_t q, d1;
	/* After 1. e4 d5 2. exd5, ...Qxd5 takes back on the square just moved to. */
	engine_init();
	struct position *pos = test_position(FEN_START);
	const char *line[] = { "e2e4", "d7d5", "e4d5" };
	for (int i = 0; i < 3; i++) {
		move_t m = uci_parse_move(pos, line[i]);
		cr_assert(m != MOVE_NONE);
		test_play(pos, m);
	}
	move_t list[MAX_MOVES], qxd5 = MOVE_NONE;
	score_t qs[MAX_MOVES], d1s[MAX_MOVES];
	float fs[MAX_MOVES][HUMAN_FEATURES];
	int n = generate_legal(pos, list);
	human_probe_moves(pos, list, n, qs, d1s);
	human_features(pos, list, n, qs, d1s, MOVE_NONE, fs);
	qxd5 = uci_parse_move(pos, "d8d5");
	cr_assert(qxd5 != MOVE_NONE);
	for (int i = 0; i < n; i++)
		if (list[i] == qxd5)
			cr_expect(fs[i][HF_RECAPTURE] == 1 && fs[i][HF_CAPTURE] == 1 && fs[i][HF_NEAR_LAST] == 1);
	test_free(pos);
	features_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", f, &q, &d1);
	cr_expect(f[HF_CASTLING] == 1 && f[HF_KING] == 1 && f[HF_DISTANCE] == 0);
	features_of("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", f, &q, &d1);
	cr_expect(f[HF_CHECK] == 1 && f[HF_ROOK] == 1);
}

Test(human, choose_takes_the_likeliest_at_zero_and_draws_otherwise)
{
	double logit[3] = { 0.5, 2.0, 1.0 };
	cr_expect(human_model_choose(logit, 3, 0, 0.99) == 1);
	int seen[3] = { 0 };
	for (int i = 0; i < 100; i++)
		seen[human_model_choose(logit, 3, 1.0, i / 100.0)]++;
	cr_expect(seen[0] > 0 && seen[1] > seen[2] && seen[2] > seen[0]);
}

#define ONE ((struct human_rates){ 1, 0, 0 })

Test(human, a_level_errs_at_the_models_rate_and_otherwise_plays_the_likeliest_sound_move)
{
	struct human_model m = { .error_loss = 0.2 };
	/* Move 0 is likeliest but loses 0.3 (an error); move 1 is the likeliest sound move; move 2 errs too. */
	double logit[3] = { 1.0, 0.5, 0.0 };
	float f[3][HUMAN_FEATURES] = { { 0 } };
	f[0][HF_LOSS_D1] = 0.3f;
	f[2][HF_LOSS_D1] = 0.25f;
	double e0 = exp(1.0), e1 = exp(0.5), e2 = 1, errors = (e0 + e2) / (e0 + e1 + e2);
	cr_expect(human_model_play(&m, logit, (const float(*)[HUMAN_FEATURES])f, 3, ONE, errors + 0.01, 0.5) == 1);
	cr_expect(human_model_play(&m, logit, (const float(*)[HUMAN_FEATURES])f, 3, ONE, errors - 0.01, 0.1) == 0);
	cr_expect(human_model_play(&m, logit, (const float(*)[HUMAN_FEATURES])f, 3, ONE, errors - 0.01, 0.99) == 2);
	cr_expect(human_model_play(&m, logit, (const float(*)[HUMAN_FEATURES])f, 3, (struct human_rates){ 1.5, 0, 0 }, errors * 1.4, 0.1) == 0,
	          "errors half as often again");
	m.error_loss = 0;
	cr_expect(human_model_play(&m, logit, (const float(*)[HUMAN_FEATURES])f, 3, ONE, 0.0, 0.0) == 0, "no error rule: the likeliest");
	char err[256];
	cr_expect(!parse(model_text(1, "error_loss 2\n"), err, sizeof err));
	cr_expect(strstr(err, ":34: error_loss must be from 0 to 1") != NULL, "%s", err);
	struct human_model read;
	const char *text = model_text(1, "error_loss 0.15\n");
	cr_assert(human_model_parse(&read, text, strlen(text), "m.txt", err, sizeof err), "%s", err);
	cr_expect(fabs(read.error_loss - 0.15) < 1e-12);
	cr_expect(human_model_error_scale(&read, 1000) == 1 && human_model_error_scale(&read, 2000) == 1, "1 unless given");
	text = model_text(1, "error_rate 1.3 -0.2 0\n");
	cr_assert(human_model_parse(&read, text, strlen(text), "m.txt", err, sizeof err), "%s", err);
	cr_expect(fabs(human_model_error_scale(&read, 1000) - 1.5) < 1e-12);
	cr_expect(fabs(human_model_error_scale(&read, 2000) - 1.1) < 1e-12);
	cr_expect(!parse(model_text(1, "error_rate 1 2\n"), err, sizeof err));
	cr_expect(strstr(err, ":34: 'error_rate' needs 3 numbers") != NULL, "%s", err);
	cr_expect(!parse(model_text(1, "error_rate 11 0 0\n"), err, sizeof err));
	cr_expect(strstr(err, ":34: error_rate's numbers must be from -10 to 10") != NULL, "%s", err);
	/* Or a table, straight between rows and level beyond them: a rule that can fall above 2000 alone. */
	text = model_text(1, "error_at 1000 2\nerror_at 2000 3\nerror_at 2200 1\n");
	cr_assert(human_model_parse(&read, text, strlen(text), "m.txt", err, sizeof err), "%s", err);
	cr_expect(fabs(human_model_error_scale(&read, 800) - 2) < 1e-12);
	cr_expect(fabs(human_model_error_scale(&read, 1500) - 2.5) < 1e-12);
	cr_expect(fabs(human_model_error_scale(&read, 2000) - 3) < 1e-12);
	cr_expect(fabs(human_model_error_scale(&read, 2100) - 2) < 1e-12);
	cr_expect(fabs(human_model_error_scale(&read, 2600) - 1) < 1e-12);
	cr_expect(!parse(model_text(1, "error_at 1000 2\nerror_at 900 3\n"), err, sizeof err));
	cr_expect(strstr(err, ":35: 'error_at' rows must have rising ratings (900 after 1000)") != NULL, "%s", err);
	cr_expect(!parse(model_text(1, "error_at 1000\n"), err, sizeof err));
	cr_expect(strstr(err, ":34: 'error_at' needs a rating (0 to 4000) and a rate (0 to 12)") != NULL, "%s", err);
	cr_expect(!parse(model_text(1, "error_at 1000.5 2\n"), err, sizeof err));
	cr_expect(strstr(err, ":34: 'error_at' needs a rating") != NULL, "%s", err);
	cr_expect(!parse(model_text(1, "error_at 1000 -1\n"), err, sizeof err));
	cr_expect(!parse(model_text(1, "error_at 1000 2 7\n"), err, sizeof err));
	cr_expect(!parse(model_text(1, "error_rate 1 0 0\nerror_at 1000 2\n"), err, sizeof err));
	cr_expect(strstr(err, ":35: 'error_at' rows and 'error_rate' exclude each other") != NULL, "%s", err);
	cr_expect(!parse(model_text(1, "error_at 1000 2\nerror_rate 1 0 0\n"), err, sizeof err));
	cr_expect(strstr(err, ":35: 'error_at' rows and 'error_rate' exclude each other") != NULL, "%s", err);
}

/* The two tests of the smaller mistakes' five moves: losses 0.3, 0.06, 0.1, 0.19 and none. */
static void five_losses(float f[5][HUMAN_FEATURES])
{
	f[0][HF_LOSS_D1] = 0.3f;
	f[1][HF_LOSS_D1] = 0.06f;
	f[2][HF_LOSS_D1] = 0.1f;
	f[3][HF_LOSS_D1] = 0.19f;
}

/* The smaller mistakes have a rule of their own, drawn past the errors' share; the likeliest sound move is not one. */
Test(human, a_level_makes_smaller_mistakes_at_their_own_rate)
{
	struct human_model m = { .error_loss = 0.2, .inaccuracy_loss = 0.05 };
	/* Move 0 errs, move 1 is the likeliest sound move (an inaccuracy itself), 2 and 3 inaccuracies, 4 sound. */
	double logit[5] = { 0.0, 1.0, 0.5, 0.2, -1.0 };
	float f[5][HUMAN_FEATURES] = { { 0 } };
	five_losses(f);
	double all = 1 + exp(1.0) + exp(0.5) + exp(0.2) + exp(-1.0);
	double err = 1 / all, small = (exp(0.5) + exp(0.2)) / all;
	const float(*F)[HUMAN_FEATURES] = (const float(*)[HUMAN_FEATURES])f;
	struct human_rates r = { 1, 2, 0 };
	cr_expect(human_model_play(&m, logit, F, 5, r, err - 0.01, 0.5) == 0, "an error first");
	cr_expect(human_model_play(&m, logit, F, 5, r, err + 0.01, 0.1) == 2, "then the smaller mistakes, by their odds");
	cr_expect(human_model_play(&m, logit, F, 5, r, err + 2 * small - 0.01, 0.99) == 3);
	cr_expect(human_model_play(&m, logit, F, 5, r, err + 2 * small + 0.01, 0.1) == 1, "else the likeliest sound move");
	cr_expect(human_model_play(&m, logit, F, 5, ONE, err + 0.01, 0.1) == 1, "no rate: no smaller mistakes");
	m.inaccuracy_loss = 0;
	cr_expect(human_model_play(&m, logit, F, 5, r, err + 0.01, 0.1) == 1, "no inaccuracy_loss: none either");

	char why[256];
	struct human_model read;
	const char *text = model_text(1, "error_loss 0.2\ninaccuracy_loss 0.05\ninaccuracy_at 1000 0.5\ninaccuracy_at 2000 1.5\n");
	cr_assert(human_model_parse(&read, text, strlen(text), "m.txt", why, sizeof why), "%s", why);
	cr_expect(fabs(read.inaccuracy_loss - 0.05) < 1e-12);
	cr_expect(fabs(human_model_inaccuracy_scale(&read, 1500) - 1) < 1e-12);
	cr_expect(human_model_rates(&read, 900).inaccuracy == 0.5 && human_model_rates(&read, 900).error == 1);
	cr_expect(human_model_inaccuracy_scale(human_model_builtin(), 1500) >= 0);
	cr_expect(!parse(model_text(1, "error_loss 0.2\ninaccuracy_at 1000 0.5\n"), why, sizeof why));
	cr_expect(strstr(why, "m.txt: 'inaccuracy_at' rows need an inaccuracy_loss above 0 and below error_loss (0.2)") != NULL,
	          "%s", why);
	cr_expect(!parse(model_text(1, "error_loss 0.2\ninaccuracy_loss 0.3\ninaccuracy_at 1000 0.5\n"), why, sizeof why));
	cr_expect(!parse(model_text(1, "inaccuracy_at 1000 0.5\ninaccuracy_at 1000 0.7\n"), why, sizeof why));
	cr_expect(strstr(why, ":35: 'inaccuracy_at' rows must have rising ratings (1000 after 1000)") != NULL, "%s", why);
	cr_expect(!parse(model_text(1, "inaccuracy_loss -1\n"), why, sizeof why));
	cr_expect(strstr(why, ":34: inaccuracy_loss must be from 0 to 1") != NULL, "%s", why);
}

/* With an inaccuracy_top, a move the look puts near the error line is no smaller mistake: it is never drawn as one. */
Test(human, the_smaller_mistakes_stop_at_their_top)
{
	struct human_model m = { .error_loss = 0.2, .inaccuracy_loss = 0.05, .inaccuracy_top = 0.15 };
	/* As above: move 0 errs, 1 is the likeliest sound move, 2 a smaller mistake, 3 (0.19) now above the top. */
	double logit[5] = { 0.0, 1.0, 0.5, 0.2, -1.0 };
	float f[5][HUMAN_FEATURES] = { { 0 } };
	five_losses(f);
	double all = 1 + exp(1.0) + exp(0.5) + exp(0.2) + exp(-1.0);
	double err = 1 / all, small = exp(0.5) / all;
	const float(*F)[HUMAN_FEATURES] = (const float(*)[HUMAN_FEATURES])f;
	struct human_rates r = { 1, 2, 0 };
	for (double u2 = 0.05; u2 < 1; u2 += 0.1)
		cr_expect(human_model_play(&m, logit, F, 5, r, err + 2 * small - 0.01, u2) == 2, "only move 2 (u2 %g)", u2);
	cr_expect(human_model_play(&m, logit, F, 5, r, err + 2 * small + 0.01, 0.99) == 1,
	          "past their share (move 3's left out), the likeliest sound move");

	char why[256];
	struct human_model read;
	const char *text = model_text(1, "error_loss 0.2\ninaccuracy_loss 0.1\ninaccuracy_top 0.15\ninaccuracy_at 1000 1\n");
	cr_assert(human_model_parse(&read, text, strlen(text), "m.txt", why, sizeof why), "%s", why);
	cr_expect(fabs(read.inaccuracy_top - 0.15) < 1e-12);
	cr_expect(human_model_builtin()->inaccuracy_top == 0 || human_model_builtin()->inaccuracy_top > 0.1);
	cr_expect(!parse(model_text(1, "error_loss 0.2\ninaccuracy_loss 0.1\ninaccuracy_top 0.08\ninaccuracy_at 1000 1\n"),
	                 why, sizeof why));
	cr_expect(strstr(why, "m.txt: 'inaccuracy_top' (0.08) must lie above inaccuracy_loss (0.1) and not above "
	                      "error_loss (0.2)") != NULL, "%s", why);
	cr_expect(!parse(model_text(1, "error_loss 0.2\ninaccuracy_loss 0.1\ninaccuracy_top 0.25\n"), why, sizeof why));
	cr_expect(!parse(model_text(1, "inaccuracy_top 2\n"), why, sizeof why));
	cr_expect(strstr(why, ":34: inaccuracy_top must be from 0 to 1") != NULL, "%s", why);
}

/* With a focus, the smaller mistakes the model rates near the likeliest sound move are the ones played. */
Test(human, a_level_focuses_its_smaller_mistakes_where_people_make_them)
{
	struct human_model m = { .error_loss = 0.2, .inaccuracy_loss = 0.05 };
	/* Move 0 errs, move 1 is the likeliest sound move, 2 (near it) and 3 (far below) inaccuracies, 4 sound. */
	double logit[5] = { 0.0, 1.0, 0.9, -1.0, -2.0 };
	float f[5][HUMAN_FEATURES] = { { 0 } };
	f[0][HF_LOSS_D1] = 0.3f;
	f[2][HF_LOSS_D1] = 0.1f;
	f[3][HF_LOSS_D1] = 0.1f;
	double all = 1 + exp(1.0) + exp(0.9) + exp(-1.0) + exp(-2.0);
	double near = exp(0.9) * exp(2 * -0.1), far = exp(-1.0) * exp(2 * -2.0);
	double err = 1 / all, small = (near + far) / all;
	const float(*F)[HUMAN_FEATURES] = (const float(*)[HUMAN_FEATURES])f;
	struct human_rates r = { 1, 1, 2 };
	cr_expect(human_model_play(&m, logit, F, 5, r, err + small - 0.001, 0.5) == 2, "the near one, by its narrowed odds");
	cr_expect(human_model_play(&m, logit, F, 5, r, err + small - 0.001, near / (near + far) + 0.001) == 3);
	cr_expect(human_model_play(&m, logit, F, 5, r, err + small + 0.001, 0.5) == 1, "past their mass: the sound move");
	r.focus = 0;
	double plain = (exp(0.9) + exp(-1.0)) / all;
	cr_expect(human_model_play(&m, logit, F, 5, r, err + plain - 0.001, 0.5) == 2, "no focus: the plain odds");
	cr_expect(human_model_play(&m, logit, F, 5, r, err + small + 0.001, 0.5) == 2);

	char why[256];
	struct human_model read;
	const char *text = model_text(1, "inaccuracy_focus_at 1000 1\ninaccuracy_focus_at 1400 3\n");
	cr_assert(human_model_parse(&read, text, strlen(text), "m.txt", why, sizeof why), "%s", why);
	cr_expect(fabs(human_model_rates(&read, 1100).focus - 1.5) < 1e-12, "straight between rows");
	cr_expect(human_model_rates(&read, 2000).focus == 3 && human_model_rates(human_model_builtin(), 2000).focus == 0);
	cr_expect(!parse(model_text(1, "inaccuracy_focus_at 1000 13\n"), why, sizeof why));
	cr_expect(strstr(why, "m.txt:34: 'inaccuracy_focus_at' needs a rating (0 to 4000) and a rate (0 to 12)") != NULL,
	          "%s", why);
	cr_expect(!parse(model_text(1, "inaccuracy_focus_at 1000\n"), why, sizeof why));
	cr_expect(!parse(model_text(1, "inaccuracy_focus_at 1400 1\ninaccuracy_focus_at 1000 1\n"), why, sizeof why));
	cr_expect(strstr(why, ":35: 'inaccuracy_focus_at' rows must have rising ratings (1000 after 1400)") != NULL, "%s",
	          why);
}

/* The deeper look grows with the rating, from nothing below the table's first row (the default's and the built-in model's). */
Test(human, a_stronger_player_looks_deeper)
{
	struct human_model plain = *human_model_builtin();
	plain.sight_rows = 0; /* the default table */
	const struct human_model *models[] = { &plain, human_model_builtin() };
	for (int k = 0; k < 2; k++) {
		const struct human_model *m = models[k];
		int from = m->sight_rows ? m->sight[0].rating : HUMAN_SIGHT_FROM;
		cr_expect(human_level_sight(m, 800).nodes == 0 && human_level_sight(m, from).nodes == 0, "model %d", k);
		struct human_sight last = human_level_sight(m, from);
		for (int r = from + 50; r <= HUMAN_ELO_MAX + 200; r += 50) {
			struct human_sight s = human_level_sight(m, r);
			cr_expect(s.nodes >= last.nodes && s.weight >= last.weight && s.nodes > 0 && s.weight > 0,
			          "model %d at %d", k, r);
			last = s;
		}
	}
}

/* A model's sight lines: read, interpolated, and refused when they are wrong. */
Test(human, the_sight_table_of_a_model_file)
{
	struct human_model m;
	char err[256];
	const char *text = model_text(1, "sight 1000 0 0\nsight 1400 3000 4\nsight 2000 9000 10\n");
	cr_assert(human_model_parse(&m, text, strlen(text), "m.txt", err, sizeof err), "%s", err);
	cr_expect_eq(m.sight_rows, 3);
	cr_expect_eq(human_level_sight(&m, 900).nodes, 0);
	cr_expect_eq(human_level_sight(&m, 1000).nodes, 0);
	struct human_sight s = human_level_sight(&m, 1200);
	cr_expect(s.nodes == 1500 && fabs(s.weight - 2) < 1e-9, "%d %f", s.nodes, s.weight);
	s = human_level_sight(&m, 1100);
	cr_expect_eq(s.nodes, 1000, "at least 1000 nodes once the look starts (%d)", s.nodes);
	s = human_level_sight(&m, 1400);
	cr_expect(s.nodes == 3000 && s.weight == 4);
	s = human_level_sight(&m, 2400);
	cr_expect(s.nodes == 9000 && s.weight == 10, "above the last row, the last");
	cr_expect(!parse(model_text(1, "sight 1400 3000 4\nsight 1200 100 1\n"), err, sizeof err));
	cr_expect(strstr(err, "rising ratings (1200 after 1400)") != NULL, "%s", err);
	cr_expect(!parse(model_text(1, "sight 1400 -5 4\n"), err, sizeof err));
	cr_expect(strstr(err, "'sight' needs a rating") != NULL, "%s", err);
	cr_expect(!parse(model_text(1, "sight 1400 3000\n"), err, sizeof err));
	cr_expect(strstr(err, ":34: 'sight' needs") != NULL, "%s", err);
}

/*
 * A deeper look shapes the sound move, not the chance of an error: that stays the model's own (a person errs
 * however well they calculate the rest of the time), drawn by the model's odds among the moves that lose by the
 * judge's look, the same at every rating, so mistakes are deep ones too, not only what a glance shows.
 */
Test(human, a_level_errs_at_the_models_rate_among_the_moves_its_looks_find_losing)
{
	struct human_view v = { .n = 4, .rating = 2000, .fullmove = 20 };
	double logit[4] = { 1.0, 0.5, 0.0, -1.0 };
	for (int i = 0; i < 4; i++)
		v.list[i] = (move_t)(100 + i), v.logit[i] = logit[i];
	v.f[2][HF_LOSS_D1] = 0.3f; /* moves 2 and 3 err by the second look */
	v.f[3][HF_LOSS_D1] = 0.4f;
	for (int i = 0; i < 4; i++)
		v.lost[i] = v.f[i][HF_LOSS_D1];
	struct human_model m = { .error_loss = 0.2, .error_rate = { 1, 0, 0 } };
	double sum = exp(1.0) + exp(0.5) + 1 + exp(-1.0), errors = (exp(1.0) + 1 + exp(-1.0)) / sum;
	move_t seen[3] = { 100, 101, 102 };
	double judged[3] = { 0.25, 0.0, 0.3 }; /* the judge finds move 0 losing, a mistake the second look missed */
	human_level_judge(&v, seen, judged, 3);
	double loss[3] = { 0.25, 0.0, 0.3 };
	human_level_see(&v, seen, loss, 3, 50);
	loss[1] = 0.5; /* a deeper sight that sees more tells the sound move, not the mistakes */
	human_level_see(&v, seen, loss, 3, 0);
	cr_expect(v.seen && v.prior[0] == 1.0 && fabs(v.logit[0] - (1.0 - 12.5)) < 1e-12,
	          "the model's odds are kept beside the look's");
	cr_expect(v.lost[0] == 0.25 && v.lost[1] == 0 && fabs(v.lost[3] - 0.4) < 1e-6,
	          "what each move loses by the judge, else by the second look");
	struct human_choice out;
	cr_expect(human_level_decide(&m, &v, errors - 0.01, 0.5, &out) == 100, "the deep mistake, at the model's odds");
	cr_expect(human_level_decide(&m, &v, errors - 0.01, 0.8, &out) == 102, "or the one a glance shows");
	cr_expect(human_level_decide(&m, &v, errors + 0.01, 0.5, &out) == 101, "otherwise the sound move the look likes");
}

/* The moves weighed are the model's likeliest, in order, until they hold the mass asked; a move seen losing falls. */
Test(human, the_moves_weighed_and_what_a_look_sees_of_them)
{
	struct human_view v = { .n = 4, .rating = 2000, .fullmove = 20 };
	for (int i = 0; i < 4; i++)
		v.list[i] = (move_t)(100 + i);
	double logit[4] = { 0.0, 3.0, 1.0, 2.0 };
	memcpy(v.logit, logit, sizeof logit);
	move_t c[8];
	cr_expect(human_level_candidates(&v, 0.5, c, 8) == 1 && c[0] == 101);
	int k = human_level_candidates(&v, 0.99, c, 8);
	cr_expect(k == 4 && c[0] == 101 && c[1] == 103 && c[2] == 102 && c[3] == 100, "k %d", k);
	cr_expect(human_level_candidates(&v, 1.0, c, 2) == 2, "no more than asked");
	struct human_model m = { .error_loss = 0 };
	struct human_choice out;
	cr_expect(human_level_decide(&m, &v, 0.0, 0.0, &out) == 101);
	move_t seen[2] = { 101, 103 };
	double loss[2] = { 0.3, 0.0 };
	human_level_see(&v, seen, loss, 2, 20);
	cr_expect(fabs(v.logit[1] - (3.0 - 6.0)) < 1e-12 && v.logit[3] == 2.0);
	cr_expect(human_level_decide(&m, &v, 0.0, 0.0, &out) == 103, "the move seen losing is no longer played");
}

/* A strong level never leaves its queen to be taken for nothing; its deeper look sees what the first looks miss. */
Test(human, a_strong_level_keeps_its_queen, .timeout = 120)
{
	/* White's queen on d4 is attacked by the knight on c6 (and no more); it must move or be lost. */
	static const char *const fen = "r1b1kb1r/pppp1ppp/2n2n2/4p3/3Q4/2N5/PPP1PPPP/R1B1KBNR w KQkq - 0 5";
	struct engine *e = engine_new();
	char err[256];
	cr_assert(engine_set_option(e, "UCI_LimitStrength", "true", err, sizeof err));
	cr_assert(engine_set_option(e, "UCI_Elo", "2200", err, sizeof err));
	cr_assert(engine_set_option(e, "HumanPace", "false", err, sizeof err));
	cr_assert(engine_set_position(e, fen, NULL, 0, err, sizeof err), "%s", err);
	for (int i = 0; i < 12; i++) {
		struct engine_limits l = { .time_ms = { 60000, 60000 } };
		struct test_result r;
		test_go_and_wait(e, &l, &r);
		cr_expect(move_from(r.best) == SQ_D4 || r.best == MOVE_NONE, "try %d: the queen is left on d4", i);
		cr_assert(r.best != MOVE_NONE);
	}
	engine_free(e);
}

/* Levels 1000, 1500 and 2000, four tries each, a queen up after `line` from K+Q against K: never `avoid`. */
static void expect_plays_on(const move_t *line, int n, move_t avoid, const char *why)
{
	static const char *const fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
	struct engine *e = engine_new();
	char err[256];
	cr_assert(engine_set_option(e, "UCI_LimitStrength", "true", err, sizeof err));
	cr_assert(engine_set_option(e, "HumanPace", "false", err, sizeof err));
	for (int elo = 1000; elo <= 2000; elo += 500) {
		char v[16];
		snprintf(v, sizeof v, "%d", elo);
		cr_assert(engine_set_option(e, "UCI_Elo", v, err, sizeof err), "%s", err);
		for (int i = 0; i < 4; i++) {
			cr_assert(engine_set_position(e, fen, line, n, err, sizeof err), "%s", err);
			struct engine_limits l = { .time_ms = { 60000, 60000 } };
			struct test_result r;
			test_go_and_wait(e, &l, &r);
			cr_assert(r.best != MOVE_NONE);
			cr_expect(r.best != avoid, "Elo %d, try %d: %s", elo, i, why);
		}
	}
	engine_free(e);
}

/*
 * A level far ahead plays on rather than repeat the position: a queen up, after Qh5+ Ke7 Qd1 Ke8 (the level's own
 * choice here is Qh5+ again, the model seeing the board and not the game's history), it never plays Qh5+ a second
 * time, whatever its draws.
 */
Test(human, a_level_far_ahead_does_not_repeat_the_position, .timeout = 120)
{
	const move_t line[] = { make_move(SQ_D1, SQ_H5), make_move(SQ_E8, SQ_E7), make_move(SQ_H5, SQ_D1),
		                make_move(SQ_E7, SQ_E8) };
	expect_plays_on(line, 4, make_move(SQ_D1, SQ_H5), "Qh5+ repeats the position");
}

/*
 * Nor does it take the draw when the repetition would be the third: after Qh5+ Ke7 Qd1 Ke8 twice, Qh5+ draws at
 * once, so the look scores that move 0.5 and the queen's other moves about 1; the level still plays on.
 */
Test(human, a_level_far_ahead_does_not_repeat_the_position_a_third_time, .timeout = 120)
{
	const move_t there = make_move(SQ_D1, SQ_H5), away = make_move(SQ_E8, SQ_E7), back = make_move(SQ_H5, SQ_D1),
	             home = make_move(SQ_E7, SQ_E8);
	const move_t line[] = { there, away, back, home, there, away, back, home };
	expect_plays_on(line, 8, there, "Qh5+ draws by the third repetition");
}

/*
 * A level a queen up against a bare king mates it, as any player of these ratings has learnt to: the levels
 * before shuffled, checked to and fro into repetitions, and at 1000 gave the queen away in half the games.  (From
 * the centre the 1000 mates in about 7 moves, the 1500 in 17, the 2000 in 11.)  With a rook from the centre the
 * 2000 mates in about 17; the 1000 and 1500 take 32 to 45, near the fifty-move rule, which the test would not
 * tell from a fault (from the starts of people's own mates the levels take about as long as people:
 * tests/bench/results/2026-11-29-levels.md).
 */
Test(human, a_level_mates_a_bare_king, .timeout = 600)
{
	for (int elo = 1000; elo <= 2000; elo += 500) {
		int queen = test_moves_to_mate("8/8/8/4k3/8/8/8/4K2Q w - - 0 1", elo, 5000, 40);
		cr_expect(queen > 0, "level %d: no mate with the queen in 40 moves", elo);
	}
	int rook = test_moves_to_mate("8/8/8/3k4/8/8/8/R3K3 w - - 0 1", 2000, 5000, 50);
	cr_expect(rook > 0, "level 2000: no mate with the rook in 50 moves");
}

Test(human, a_person_takes_a_persons_time)
{
	struct human_choice forced = { .legal = 1, .p_top = 1, .fullmove = 20, .rating = 1500 },
	                    sure = { .legal = 30, .p_top = 0.95, .fullmove = 20, .rating = 1500 },
	                    torn = { .legal = 30, .p_top = 0.2, .fullmove = 20, .rating = 1500 },
	                    opening = { .legal = 30, .p_top = 0.2, .fullmove = 3, .rating = 1500 },
	                    beginner = { .legal = 30, .p_top = 0.2, .fullmove = 20, .rating = 800 };
	struct engine_limits clock = { .time_ms = { 600000, 600000 } };
	int f = human_level_think_ms(&forced, &clock, WHITE, 30, 0.5);
	int s = human_level_think_ms(&sure, &clock, WHITE, 30, 0.5);
	int t = human_level_think_ms(&torn, &clock, WHITE, 30, 0.5);
	cr_expect(f > 0 && f < 1000, "a forced move is played at a glance: %d ms", f);
	cr_expect(s >= 400 && s < t, "a clear move %d ms, a hard one %d ms", s, t);
	cr_expect(t < 60000, "ten minutes on the clock never buys a minute's thought: %d ms", t);
	struct human_choice sure1000 = sure, torn1000 = torn;
	sure1000.rating = torn1000.rating = 1000;
	int s1 = human_level_think_ms(&sure1000, &clock, WHITE, 30, 0.5);
	int t1 = human_level_think_ms(&torn1000, &clock, WHITE, 30, 0.5);
	cr_expect(s1 < t1 * 3 / 4, "at 1000 a clear move %d ms, a hard one %d ms: not both at the cap", s1, t1);
	struct engine_limits blitz = { .time_ms = { 180000, 180000 } };
	cr_expect(human_level_think_ms(&opening, &blitz, WHITE, 30, 0.5) < human_level_think_ms(&torn, &blitz, WHITE, 30, 0.5) / 2,
	          "the opening is played quickly");
	struct engine_limits classical = { .time_ms = { 5400000, 5400000 }, .inc_ms = { 30000, 30000 } };
	cr_expect(human_level_think_ms(&torn, &classical, WHITE, 30, 0.99) <= 20000, "never more than 20 s");
	cr_expect(human_level_think_ms(&beginner, &classical, WHITE, 30, 0.99) <= 3000, "a level-0 move never a minute");
	struct engine_limits low = { .time_ms = { 2000, 2000 } };
	cr_expect(human_level_think_ms(&torn, &low, WHITE, 30, 0.99) <= (2000 - 30) / 4);
	struct engine_limits nodes = { .nodes = 1000 };
	cr_expect(human_level_think_ms(&torn, &nodes, WHITE, 30, 0.5) == 0, "a node-limited search does not wait");
	struct engine_limits movetime = { .movetime_ms = 800 };
	cr_expect(human_level_think_ms(&torn, &movetime, WHITE, 30, 0.99) <= 800);
}

/* Each level plays legal moves in a few positions, whatever the rating. */
Test(human, every_level_plays_legal_moves, .timeout = 120)
{
	static const char *const fens[] = {
		FEN_START,
		"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
	};
	struct engine *e = engine_new();
	char err[256];
	cr_assert(engine_set_option(e, "UCI_LimitStrength", "true", err, sizeof err));
	for (int elo = 800; elo <= 2800; elo += 400) {
		char v[16];
		snprintf(v, sizeof v, "%d", elo);
		cr_assert(engine_set_option(e, "UCI_Elo", v, err, sizeof err), "%s", err);
		for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
			cr_assert(engine_set_position(e, fens[i], NULL, 0, err, sizeof err), "%s", err);
			struct engine_limits l = { .movetime_ms = 50 };
			struct test_result r;
			test_go_and_wait(e, &l, &r);
			struct position *pos = test_position(fens[i]);
			cr_expect(move_is_legal(pos, r.best), "Elo %d, position %zu: an illegal move", elo, i);
			test_free(pos);
		}
	}
	engine_free(e);
}

/* A level with a clock thinks like a person: not in a blink. */
Test(human, a_level_on_a_clock_does_not_answer_in_a_blink, .timeout = 60)
{
	struct engine *e = engine_new();
	char err[256];
	cr_assert(engine_set_option(e, "Skill Level", "5", err, sizeof err));
	cr_assert(engine_set_position(e, FEN_START, NULL, 0, err, sizeof err));
	struct engine_limits l = { .time_ms = { 300000, 300000 } };
	struct test_result r;
	int64_t start = monotonic_ms();
	test_go_and_wait(e, &l, &r);
	cr_expect(monotonic_ms() - start >= 300, "answered after %lld ms", (long long)(monotonic_ms() - start));
	engine_free(e);
}

/*
 * HumanPace off: the level replies as soon as its move is chosen (calibration plays so).  On 90 minutes and 30 s
 * a move, level 5 with its pace sits the most it ever does (8.3 s at 1300 Elo, human_level_think_ms); without it
 * the reply comes within a wait far shorter than that, yet generous for a loaded machine's short search.
 */
Test(human, a_level_without_its_pace_replies_at_once, .timeout = 60)
{
	struct engine *e = engine_new();
	char err[256];
	cr_assert(engine_set_option(e, "Skill Level", "5", err, sizeof err));
	cr_assert(engine_set_option(e, "HumanPace", "false", err, sizeof err), "%s", err);
	cr_assert(engine_set_position(e, FEN_START, NULL, 0, err, sizeof err));
	struct engine_limits l = { .time_ms = { 5400000, 5400000 }, .inc_ms = { 30000, 30000 } };
	struct test_result r;
	test_result_init(&r);
	engine_go(e, &l, test_on_info, test_on_best, &r);
	int64_t until = monotonic_ms() + 6000;
	while (engine_searching(e) && monotonic_ms() < until)
		test_sleep_us(10000);
	bool answered = !engine_searching(e);
	engine_stop(e);
	engine_wait(e);
	cr_expect(answered, "no reply before the paced level's own time");
	cr_expect_eq(r.bests, 1);
	struct position *pos = test_position(FEN_START);
	cr_expect(move_is_legal(pos, r.best));
	test_free(pos);
	engine_free(e);
}

Test(human, a_bad_human_model_option_keeps_the_model)
{
	struct engine *e = engine_new();
	char err[512];
	cr_expect(!engine_set_option(e, "HumanModel", "/nonexistent/h.txt", err, sizeof err));
	cr_expect(strstr(err, "HumanModel: /nonexistent/h.txt: No such file or directory; keeping the model") != NULL,
	          "%s", err);
	cr_expect(engine_set_option(e, "HumanModel", "", err, sizeof err), "%s", err);
	engine_free(e);
}

/* The last report of a search of `go` under l, from a fresh engine set up by the options given (name, value...). */
static struct engine_info first_search(const char *fen, const struct engine_limits *l, const char *const *options)
{
	struct engine *e = engine_new();
	char err[256];
	cr_assert(e);
	for (int i = 0; options[i]; i += 2)
		cr_assert(engine_set_option(e, options[i], options[i + 1], err, sizeof err), "%s", err);
	cr_assert(engine_set_position(e, fen, NULL, 0, err, sizeof err), "%s", err);
	struct test_result r;
	test_go_and_wait(e, l, &r);
	engine_free(e);
	return r.last;
}

/*
 * The network is the default evaluation, but the levels of people search
 * with the hand-written one, on which their model was fitted: a level's
 * short search (HUMAN_SEARCH_NODES) is the hand-written evaluation's search,
 * whatever Use NNUE says.
 */
Test(human, a_level_searches_with_the_hand_written_evaluation, .timeout = 60)
{
	static const char *const fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8";
	static const char *const level[] = { "UCI_LimitStrength", "true", "UCI_Elo", "1500", "HumanPace", "false", NULL };
	static const char *const level_off[] = { "UCI_LimitStrength", "true", "UCI_Elo", "1500", "HumanPace", "false",
		                                 "Use NNUE", "false", NULL };
	static const char *const hand[] = { "Use NNUE", "false", NULL }, *const net[] = { NULL };
	struct engine_limits clock = { .time_ms = { 60000, 60000 } };
	struct engine_info a = first_search(fen, &clock, level), b = first_search(fen, &clock, level_off);
	/* The level's last report is of the last depth it finished within its nodes: the same search to that depth. */
	struct engine_limits to_depth = { .depth = a.depth };
	struct engine_info h = first_search(fen, &to_depth, hand), n = first_search(fen, &to_depth, net);
	cr_expect(h.score_cp != n.score_cp, "the two evaluations differ here (%d and %d)", h.score_cp, n.score_cp);
	cr_expect(a.score_cp == h.score_cp && a.nodes == h.nodes, "the level's search: %d after %llu nodes; the "
	          "hand-written evaluation's: %d after %llu", a.score_cp, (unsigned long long)a.nodes, h.score_cp,
	          (unsigned long long)h.nodes);
	cr_expect(b.score_cp == a.score_cp && b.nodes == a.nodes, "Use NNUE changes the level's search");
}
