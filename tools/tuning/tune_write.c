/* Writing src/engine/eval_weights.c from a parameter vector, in the layout of that file. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tune.h"

#define PER_LINE 8

static const char *const header =
	"/*\n"
	" * The evaluation weights (see eval_weights.h).  tools/tuning/tune writes this file back in this same layout from\n"
	" * the values it fits, so that a tuned set is a diff of numbers.\n"
	" */\n"
	"#include \"engine/eval_weights.h\"\n";

static const char *const piece_names[PIECE_TYPE_NB] = { "", "pawn", "knight", "bishop", "rook", "queen", "king" };

static long rounded(double x, long limit)
{
	long v = lround(x);
	return v > limit ? limit : v < -limit ? -limit : v;
}

/* A pair as S(mg, eg), kept where the packed pair can hold it (|eg| < 16384). */
static void write_pair(FILE *f, const double *theta, int at)
{
	fprintf(f, "S(%ld, %ld)", rounded(theta[at], 16000), rounded(theta[at + 1], 16000));
}

/* Pairs `count` from scalar `at`, PER_LINE a line, each line after `indent`. */
static void write_pair_rows(FILE *f, const double *theta, int at, int count, const char *indent)
{
	for (int k = 0; k < count; k++) {
		fputs(k % PER_LINE ? " " : indent, f);
		write_pair(f, theta, at + 2 * k);
		fputs(k % PER_LINE == PER_LINE - 1 || k == count - 1 ? ",\n" : ",", f);
	}
}

/* The square tables: the unused first row, then one block per piece type, a8 .. h1. */
static void write_board_tables(FILE *f, const struct tune_weight *w, const double *theta)
{
	int per_type = w->count / PIECE_TYPE_NB;
	fprintf(f, "const score_pair_t %s%s = {\n\t{ 0 },\n", w->name, w->dims);
	for (int type = PAWN; type < PIECE_TYPE_NB; type++) {
		fprintf(f, "\t{ /* %s */\n", piece_names[type]);
		write_pair_rows(f, theta, w->first + 2 * per_type * type, per_type, "\t\t");
		fputs("\t},\n", f);
	}
	fputs("};\n", f);
}

static void write_weight(FILE *f, const struct tune_weight *w, const double *theta)
{
	if (w->pair && strstr(w->dims, "][")) {
		write_board_tables(f, w, theta);
	} else if (w->pair && !w->dims[0]) {
		fprintf(f, "const score_pair_t %s = ", w->name);
		write_pair(f, theta, w->first);
		fputs(";\n", f);
	} else if (w->pair) {
		fprintf(f, "const score_pair_t %s%s = {\n", w->name, w->dims);
		write_pair_rows(f, theta, w->first, w->count, "\t");
		fputs("};\n", f);
	} else if (!w->dims[0]) {
		fprintf(f, "const int %s = %ld;\n", w->name, rounded(theta[w->first], 1000000));
	} else {
		fprintf(f, "const int %s%s = {", w->name, w->dims);
		for (int k = 0; k < w->count; k++)
			fprintf(f, "%s %ld", k ? "," : "", rounded(theta[w->first + k], 1000000));
		fputs(" };\n", f);
	}
}

void tune_write_weights(FILE *f, const double *theta)
{
	tune_params_init();
	fputs(header, f);
	fputs("\n", f);
	for (int i = 0; i < tune_weight_count; i++) {
		if (tune_weights[i].blank_before)
			fputs("\n", f);
		write_weight(f, &tune_weights[i], theta);
	}
}

bool tune_save_weights(const char *path, const double *theta, char *err, size_t errlen)
{
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	if (!f) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		return false;
	}
	tune_write_weights(f, theta);
	bool ok = !ferror(f);
	ok = !fclose(f) && ok;
	if (!ok || rename(tmp, path)) {
		snprintf(err, errlen, "%s: %s", ok ? path : tmp, strerror(errno));
		remove(tmp);
		return false;
	}
	return true;
}
