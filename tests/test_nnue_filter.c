/*
 * The network trainer's filters (tools/network/nnue_filter.h): each option
 * leaves out its records and no other, on a tiny file made here, and the
 * trainer's data line says how many each left out.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "rules/packed.h"
#include "tools/network/nnue_filter.h"

TestSuite(nnue_filter, .timeout = 60);

/* The tiny data: two positions in check, scores on both sides of 2000, one of them also in check. */
static const struct {
	const char *fen;
	int score;
} records[] = {
	{ FEN_START, 20 },
	{ "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", -400 },                                 /* in check */
	{ "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", 2500 },                                  /* beyond 2000 */
	{ "4k3/8/8/8/8/8/q7/4K3 b - - 0 1", -2000 },                                  /* at the bound: kept */
	{ "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3", -30 },
	{ "rnb1kbnr/pppp1ppp/8/4p3/5PPq/8/PPPPP2P/RNBQKBNR w KQkq - 1 3", -32000 }, /* in check, and beyond */
};
#define NRECORDS ((int)(sizeof records / sizeof *records))

static char data_path[80], out_path[80];

static void write_data(void)
{
	snprintf(data_path, sizeof data_path, "/tmp/outpost-filter-data-%d.bin", (int)getpid());
	snprintf(out_path, sizeof out_path, "/tmp/outpost-filter-out-%d.bin", (int)getpid());
	FILE *f = fopen(data_path, "wb");
	cr_assert_not_null(f);
	for (int i = 0; i < NRECORDS; i++) {
		struct position *pos = test_position(records[i].fen);
		struct packed_labels l = { .score = records[i].score, .result = PACKED_DRAW, .tag = 10 + i };
		uint8_t rec[PACKED_SIZE];
		packed_pack(pos, &l, rec);
		cr_assert_eq(fwrite(rec, 1, PACKED_SIZE, f), PACKED_SIZE);
		test_free(pos);
	}
	cr_assert_eq(fclose(f), 0);
}

static void cleanup(void)
{
	unlink(data_path);
	unlink(out_path);
}

/* Which records of the tiny data the filter keeps, as a string of 0 and 1; the counts in c. */
static void kept(const struct nt_filter *f, char *out, struct nt_filter_counts *c)
{
	memset(c, 0, sizeof *c);
	for (int i = 0; i < NRECORDS; i++) {
		struct position *pos = test_position(records[i].fen);
		struct packed_labels l = { .score = records[i].score };
		out[i] = nt_filter_keep(f, pos, &l, c) ? '1' : '0';
		test_free(pos);
	}
	out[NRECORDS] = '\0';
}

Test(nnue_filter, each_option_leaves_out_its_records_and_no_other)
{
	char k[NRECORDS + 1], text[200];
	struct nt_filter_counts c;
	struct nt_filter none = { 0 }, check = { .skip_check = true }, score = { .max_score = 2000 },
	                 both = { .skip_check = true, .max_score = 2000 };
	kept(&none, k, &c);
	cr_expect_str_eq(k, "111111");
	nt_filter_summary(&none, &c, text, sizeof text);
	cr_expect_str_eq(text, "");
	kept(&check, k, &c);
	cr_expect_str_eq(k, "101110");
	cr_expect(c.in_check == 2 && c.beyond == 0);
	kept(&score, k, &c);
	cr_expect_str_eq(k, "110110");
	cr_expect(c.in_check == 0 && c.beyond == 2);
	kept(&both, k, &c);
	cr_expect_str_eq(k, "100110");
	cr_expect(c.in_check == 2 && c.beyond == 1, "a record is counted under its first reason alone");
	nt_filter_summary(&both, &c, text, sizeof text);
	cr_expect_str_eq(text, "; left out: 2 in check (--skip-check), 1 with |score| beyond 2000 (--max-score)");
}

/* Runs the trainer's --prepare on the tiny data with the options; returns its standard output (malloc'ed). */
static char *prepare(const char *options, int *status)
{
	char trainer[600], cmd[1400];
	snprintf(trainer, sizeof trainer, "%s/tools/network/nnue-train", BUILD_ROOT);
	cr_assert(access(trainer, X_OK) == 0, "no %s (make tools/network/nnue-train)", trainer);
	snprintf(cmd, sizeof cmd, "'%s' --prepare '%s' %s '%s' 2>&1", trainer, out_path, options, data_path);
	FILE *p = popen(cmd, "r");
	cr_assert_not_null(p);
	char *text = calloc(1, 4096);
	size_t n = fread(text, 1, 4095, p);
	text[n] = '\0';
	*status = pclose(p);
	return text;
}

static long records_in(const char *path)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "%s", path);
	fseek(f, 0, SEEK_END);
	long size = ftell(f);
	fclose(f);
	return size / PACKED_SIZE;
}

Test(nnue_filter, the_trainer_says_what_each_option_left_out, .init = write_data, .fini = cleanup)
{
	int status;
	char *text = prepare("--skip-check", &status);
	cr_expect_eq(status, 0, "%s", text);
	cr_expect(strstr(text, "corrupt records skipped; left out: 2 in check (--skip-check)\n"), "%s", text);
	cr_expect_eq(records_in(out_path), 4);
	free(text);
	text = prepare("--max-score 2000", &status);
	cr_expect(strstr(text, "left out: 2 with |score| beyond 2000 (--max-score)\n"), "%s", text);
	cr_expect_eq(records_in(out_path), 4);
	free(text);
	text = prepare("--skip-check --max-score 2000", &status);
	cr_expect(strstr(text, "left out: 2 in check (--skip-check), 1 with |score| beyond 2000 (--max-score)"), "%s", text);
	cr_expect_eq(records_in(out_path), 3);
	free(text);
	text = prepare("", &status);
	cr_expect(strstr(text, "0 corrupt records skipped\n"), "no filter, yet: %s", text);
	cr_expect_eq(records_in(out_path), NRECORDS);
	free(text);
	text = prepare("--max-score 0", &status);
	cr_expect_neq(status, 0, "--max-score 0 was accepted");
	cr_expect(strstr(text, "--max-score: 1 to 32000 (centipawns)"), "%s", text);
	free(text);
}
