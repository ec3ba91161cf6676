/* tools/people/level-fit: extract features from rated games, fit the human move model, report how human it plays. */
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "people/opening_likelihood.h"
#include "protocol/uci_client.h"
#include "tools/people/human_fit.h"

static int usage(void)
{
	fprintf(stderr,
	        "usage: level-fit extract PGN FIT.rec REPORT.rec [--every K] [--report-share S] [--min-ply P]\n"
	        "                 [--part I --parts N] [--games N] [--seed S] [--report-only] [--whole]\n"
	        "       level-fit train FIT.rec... --out MODEL [--epochs N] [--batch N] [--rate R] [--l2 X]\n"
	        "                 [--temperature T] [--error-loss X] [--error-rate A,B,C] [--hidden N] [--decay D]\n"
	        "                 [--policy FILE|builtin]\n"
	        "                 [--name NAME] [--seed S]\n"
	        "       level-fit report REPORT.rec... [--model MODEL] [--temperature T] [--error-loss X]\n"
	        "                 [--error-rate A,B,C] [--no-judge] [--judge-engine PROGRAM [--judge-depth D]]\n"
	        "                 [--per-band N] [--seed S]\n"
	        "       level-fit compare REPORT.rec... --engine PROGRAM [--option NAME=VALUE]... [--nodes N]\n"
	        "                 [--movetime MS] [--elo-option NAME [--elo-min N]] [--judge]\n"
	        "                 [--judge-engine PROGRAM [--judge-depth D]] [--per-band N]\n"
	        "       level-fit acpl PGN RECORDS.rec OUT.cp [--judge-engine PROGRAM [--judge-depth D]] [--part I --parts N]\n"
	        "       level-fit openings PGN... --write OUT.c [--min-games N]\n"
	        "       level-fit estimate --fit FIT.rec:FIT.cp[:PGN]... --report REPORT.rec:REPORT.cp[:PGN]...\n"
	        "                 [--model MODEL] [--refit | --write OUT.c] [--opening-weight W|fit] [--dump FILE]\n"
	        "                 [--dump-moves]\n"
	        "       level-fit stalemates PGN... [--engine PROGRAM [--option NAME=VALUE]... [--elo-option NAME]\n"
	        "                 [--per-band N] [--nodes N]]\n"
	        "       level-fit mates PGN... [--engine PROGRAM [--option NAME=VALUE]... [--elo-option NAME]\n"
	        "                 [--per-band N] [--defence-nodes N] [--limit MOVES]]\n");
	return 2;
}

static int extract(int argc, char **argv)
{
	if (argc < 5)
		return usage();
	struct extract_options o = { .pgn = argv[2], .fit_out = argv[3], .report_out = argv[4], .every = 4,
		                     .report_share = 5, .min_ply = 10, .parts = 1, .seed = 20261125 };
	for (int i = 5; i < argc; i += 2) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : "";
		if (!strcmp(a, "--report-only") || !strcmp(a, "--whole")) {
			*(a[2] == 'r' ? &o.report_only : &o.whole) = true;
			i--;
			continue;
		}
		if (!strcmp(a, "--every")) o.every = atoi(v);
		else if (!strcmp(a, "--report-share")) o.report_share = atoi(v);
		else if (!strcmp(a, "--min-ply")) o.min_ply = atoi(v);
		else if (!strcmp(a, "--part")) o.part = atoi(v);
		else if (!strcmp(a, "--parts")) o.parts = atoi(v);
		else if (!strcmp(a, "--games")) o.max_games = atoi(v);
		else if (!strcmp(a, "--seed")) o.seed = strtoull(v, NULL, 10);
		else return usage();
	}
	if (o.every < 1 || o.report_share < 2 || o.parts < 1 || o.part < 0 || o.part >= o.parts)
		return usage();
	return human_extract(&o);
}

/* The record files among the arguments (those not an option or its value), loaded into set. */
static bool load_sets(int argc, char **argv, int first, struct human_set *set)
{
	for (int i = first; i < argc; i++) {
		if (!strcmp(argv[i], "--judge") || !strcmp(argv[i], "--no-judge"))
			continue;
		if (argv[i][0] == '-' && argv[i][1] == '-') {
			i++;
			continue;
		}
		if (!human_set_load(set, argv[i]))
			return false;
	}
	return set->n > 0;
}

static bool has_flag(int argc, char **argv, const char *name)
{
	for (int i = 2; i < argc; i++)
		if (!strcmp(argv[i], name))
			return true;
	return false;
}

static const char *option(int argc, char **argv, const char *name, const char *def)
{
	for (int i = 2; i + 1 < argc; i++)
		if (!strcmp(argv[i], name))
			return argv[i + 1];
	return def;
}

/* --error-rate A,B,C: the multiplier of the chance of an error, A + B t + C t^2; false if not three numbers. */
static bool error_rate_option(int argc, char **argv, double out[3])
{
	const char *v = option(argc, argv, "--error-rate", NULL);
	if (!v)
		return true;
	char tail;
	if (sscanf(v, "%lf,%lf,%lf%c", &out[0], &out[1], &out[2], &tail) == 3)
		return true;
	fprintf(stderr, "level-fit: --error-rate wants three numbers A,B,C, not '%s'\n", v);
	return false;
}

/* The judge of the losses: --judge-engine PROGRAM to --judge-depth D (default 12), else our own; false on failure. */
static bool start_judge(int argc, char **argv, struct human_judge **judge)
{
	char err[256];
	int depth = atoi(option(argc, argv, "--judge-depth", "12"));
	if (depth < 1 || depth > 60) {
		fprintf(stderr, "level-fit: --judge-depth must be from 1 to 60\n");
		return false;
	}
	*judge = human_judge_new(option(argc, argv, "--judge-engine", NULL), depth, err, sizeof err);
	if (!*judge)
		fprintf(stderr, "level-fit: the judge: %s\n", err);
	return *judge != NULL;
}

/* level-fit report: the model (built in, or --model, with the rates given) on the records, judged or not. */
static int report_command(int argc, char **argv, const struct human_set *set, uint64_t seed)
{
	struct human_model m = *human_model_builtin();
	const char *file = option(argc, argv, "--model", NULL);
	char err[256];
	if (file && !human_model_load(&m, file, err, sizeof err)) {
		fprintf(stderr, "level-fit: %s\n", err);
		return 1;
	}
	if (option(argc, argv, "--temperature", NULL))
		m.temperature = atof(option(argc, argv, "--temperature", "0"));
	if (option(argc, argv, "--error-loss", NULL))
		m.error_loss = atof(option(argc, argv, "--error-loss", "0"));
	if (!error_rate_option(argc, argv, m.error_rate))
		return 2;
	if (option(argc, argv, "--error-rate", NULL))
		m.error_rows = 0; /* the rate given replaces the model's error_at table */
	struct human_judge *judge = NULL;
	if (!has_flag(argc, argv, "--no-judge") && !start_judge(argc, argv, &judge))
		return 1;
	int status = human_report(set, &m, judge, seed);
	human_judge_free(judge);
	return status;
}

/* The engine's --option NAME=VALUE arguments into opts; their number. */
static int uci_option_args(int argc, char **argv, const char **opts)
{
	int n = 0;
	for (int i = 2; i + 1 < argc && n < UCI_CLIENT_OPTIONS_MAX; i++)
		if (!strcmp(argv[i], "--option"))
			opts[n++] = argv[i + 1];
	return n;
}

#define PGN_ARGS_MAX 64

/* The PGN files: the arguments that are not an option or its value; -1 (with a message) if too many. */
static int pgn_args(int argc, char **argv, const char **pgns)
{
	int n = 0;
	for (int i = 2; i < argc; i++) {
		if (argv[i][0] == '-' && argv[i][1] == '-')
			i++;
		else if (n == PGN_ARGS_MAX) {
			fprintf(stderr, "level-fit: at most %d PGN files\n", PGN_ARGS_MAX);
			return -1;
		} else
			pgns[n++] = argv[i];
	}
	return n;
}

static int stalemates(int argc, char **argv)
{
	const char *pgns[PGN_ARGS_MAX], *opts[UCI_CLIENT_OPTIONS_MAX];
	int n = pgn_args(argc, argv, pgns);
	struct stalemate_options o = { .engine = option(argc, argv, "--engine", NULL), .options = opts,
		                       .elo_option = option(argc, argv, "--elo-option", NULL),
		                       .per_band = atoi(option(argc, argv, "--per-band", "0")),
		                       .nodes = strtoull(option(argc, argv, "--nodes", "0"), NULL, 10) };
	o.noptions = uci_option_args(argc, argv, opts);
	if (n <= 0 || o.per_band < 0)
		return usage();
	return human_stalemates(pgns, n, &o);
}

static int mates(int argc, char **argv)
{
	const char *pgns[PGN_ARGS_MAX], *opts[UCI_CLIENT_OPTIONS_MAX];
	int n = pgn_args(argc, argv, pgns);
	struct mate_options o = { .engine = option(argc, argv, "--engine", NULL), .options = opts,
		                  .elo_option = option(argc, argv, "--elo-option", NULL),
		                  .per_band = atoi(option(argc, argv, "--per-band", "0")),
		                  .defence_nodes = strtoull(option(argc, argv, "--defence-nodes", "5000"), NULL, 10),
		                  .limit = atoi(option(argc, argv, "--limit", "60")) };
	o.noptions = uci_option_args(argc, argv, opts);
	if (n <= 0 || o.per_band < 0 || o.defence_nodes == 0 || o.limit < 1 || o.limit > 200)
		return usage();
	return human_mates(pgns, n, &o);
}

/* level-fit acpl PGN RECORDS OUT: the baseline's measure, by the judge (our engine unless --judge-engine). */
static int acpl(int argc, char **argv)
{
	struct human_judge *judge;
	if (argc < 5 || argv[2][0] == '-' || argv[3][0] == '-' || argv[4][0] == '-')
		return usage();
	int part = atoi(option(argc, argv, "--part", "0")), parts = atoi(option(argc, argv, "--parts", "1"));
	if (parts < 1 || part < 0 || part >= parts)
		return usage();
	if (!start_judge(argc, argv, &judge))
		return 1;
	int rc = human_acpl(argv[2], argv[3], argv[4], part, parts, judge);
	human_judge_free(judge);
	return rc;
}

/* level-fit openings PGN... --write OUT [--min-games N]: the opening table of people/opening_likelihood.h. */
static int openings(int argc, char **argv)
{
	const char *out = option(argc, argv, "--write", NULL), *given = option(argc, argv, "--min-games", NULL);
	long min_games = given ? atol(given) : OPENING_MIN_GAMES;
	int n = 0;
	for (int i = 2; i < argc; i++)
		if (!strcmp(argv[i], "--write") || !strcmp(argv[i], "--min-games"))
			i++;
		else
			argv[2 + n++] = argv[i];
	if (!out || !n || min_games < 1)
		return usage();
	return human_openings(argv + 2, n, out, min_games);
}

/* level-fit estimate: the model (built in, or --model) estimating the players' ratings. */
static int estimate(int argc, char **argv)
{
	struct human_model m = *human_model_builtin();
	const char *file = option(argc, argv, "--model", NULL);
	char err[300];
	if (file && !human_model_load(&m, file, err, sizeof err)) {
		fprintf(stderr, "level-fit: %s\n", err);
		return 1;
	}
	return human_estimate(argc, argv, &m);
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return usage();
	engine_init();
	const char *cmd = argv[1];
	if (!strcmp(cmd, "extract"))
		return extract(argc, argv);
	if (!strcmp(cmd, "stalemates"))
		return stalemates(argc, argv);
	if (!strcmp(cmd, "acpl"))
		return acpl(argc, argv);
	if (!strcmp(cmd, "estimate"))
		return estimate(argc, argv);
	if (!strcmp(cmd, "openings"))
		return openings(argc, argv);
	if (!strcmp(cmd, "mates"))
		return mates(argc, argv);
	struct human_set set = { 0 };
	if (!load_sets(argc, argv, 2, &set)) {
		fprintf(stderr, "level-fit: no records read\n");
		return 1;
	}
	uint64_t seed = strtoull(option(argc, argv, "--seed", "20261125"), NULL, 10);
	int status = 2;
	if (option(argc, argv, "--per-band", NULL)) {
		int per_band = atoi(option(argc, argv, "--per-band", "0"));
		if (per_band <= 0) {
			fprintf(stderr, "level-fit: --per-band wants a positive number of positions\n");
			human_set_free(&set);
			return 2;
		}
		human_set_per_band(&set, per_band);
	}
	if (!strcmp(cmd, "train")) {
		struct train_options o = { .out = option(argc, argv, "--out", NULL),
			                   .name = option(argc, argv, "--name", "outpost-human"),
			                   .epochs = atoi(option(argc, argv, "--epochs", "20")),
			                   .batch = atoi(option(argc, argv, "--batch", "256")),
			                   .rate = atof(option(argc, argv, "--rate", "0.01")),
			                   .l2 = atof(option(argc, argv, "--l2", "1e-5")),
			                   .temperature = atof(option(argc, argv, "--temperature", "0")),
			                   .error_loss = atof(option(argc, argv, "--error-loss", "0")),
			                   .error_rate = { 1, 0, 0 },
			                   .hidden = atoi(option(argc, argv, "--hidden", "0")),
			                   .decay = atof(option(argc, argv, "--decay", "1")),
			                   .policy = option(argc, argv, "--policy", NULL),
			                   .seed = seed };
		if (!error_rate_option(argc, argv, o.error_rate))
			return 2;
		bool ok = o.out && o.epochs > 0 && o.batch > 0 && o.hidden >= 0 && o.hidden <= HUMAN_HIDDEN_MAX &&
		          o.decay > 0 && o.decay <= 1;
		status = ok ? human_train(&set, &o) : usage();
	} else if (!strcmp(cmd, "report")) {
		status = report_command(argc, argv, &set, seed); /* returns here, so that the records are freed below */
	} else if (!strcmp(cmd, "compare")) {
		const char *opts[UCI_CLIENT_OPTIONS_MAX];
		int nopts = uci_option_args(argc, argv, opts);
		const char *engine = option(argc, argv, "--engine", NULL);
		struct human_judge *judge = NULL;
		bool judged = has_flag(argc, argv, "--judge") || option(argc, argv, "--judge-engine", NULL);
		if (!engine)
			status = usage();
		else if (judged && !start_judge(argc, argv, &judge))
			status = 1; /* the set is still freed below */
		else
			status = human_compare(&set, engine, opts, nopts,
			                       strtoull(option(argc, argv, "--nodes", "0"), NULL, 10),
			                       atoi(option(argc, argv, "--movetime", "0")),
			                       option(argc, argv, "--elo-option", NULL),
			                       atoi(option(argc, argv, "--elo-min", "0")), judge);
		human_judge_free(judge);
	} else {
		status = usage();
	}
	human_set_free(&set);
	return status;
}
