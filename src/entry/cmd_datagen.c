/*
 * `outpost datagen --out FILE [...]`: self-play games into a file of 32-byte
 * position records; with --rescore IN, the records of IN searched again
 * (cmd_rescore.c).  Both stop cleanly on the first Ctrl-C or SIGTERM.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "entry/args.h"
#include "entry/modes.h"
#include "protocol/datagen.h"

#define DEFAULT_BOOK "../shared/data/openings/2moves_v1.epd"

static volatile sig_atomic_t stop_requested, stop_signal;

static void on_signal(int sig)
{
	stop_requested = 1;
	stop_signal = sig;
	/* A second Ctrl-C ends the program at once. */
	signal(sig, SIG_DFL);
}

static int usage(void)
{
	fprintf(stderr, "usage: outpost datagen --out FILE [--threads N] [--nodes N] [--games N | --positions N]\n"
	                "                       [--openings FILE] [--random-plies N] [--seed S] [--hash MB]\n");
	return 2;
}

/* The shared opening book when it is there: beside the working folder, or beside the program's folder. */
static const char *default_book(char *buf, size_t len)
{
	if (access(DEFAULT_BOOK, R_OK) == 0)
		return DEFAULT_BOOK;
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	char *slash = strrchr(exe, '/');
	if (!slash)
		return NULL;
	*slash = '\0';
	snprintf(buf, len, "%s/%s", exe, DEFAULT_BOOK);
	return access(buf, R_OK) == 0 ? buf : NULL;
}

static bool parse(int argc, char **argv, struct datagen_options *opt, bool *seeded)
{
	long long v;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		bool ok = true;
		if (!strcmp(a, "--out") && i + 1 < argc)
			opt->out = argv[++i];
		else if (!strcmp(a, "--openings") && i + 1 < argc)
			opt->openings = argv[++i];
		else if (!strcmp(a, "--threads"))
			ok = arg_int(argc, argv, &i, 1, 256, &opt->threads);
		else if (!strcmp(a, "--nodes") && (ok = arg_number(argc, argv, &i, 1, 1LL << 40, &v)))
			opt->nodes = (uint64_t)v;
		else if (!strcmp(a, "--games"))
			ok = arg_number(argc, argv, &i, 1, 1LL << 50, &opt->games);
		else if (!strcmp(a, "--positions"))
			ok = arg_number(argc, argv, &i, 1, 1LL << 50, &opt->positions);
		else if (!strcmp(a, "--random-plies"))
			ok = arg_int(argc, argv, &i, 0, 100, &opt->random_plies);
		else if (!strcmp(a, "--hash"))
			ok = arg_int(argc, argv, &i, 1, 4096, &opt->hash_mb);
		else if (!strcmp(a, "--seed") && (ok = arg_number(argc, argv, &i, 0, (1LL << 62), &v)))
			opt->seed = (uint64_t)v, *seeded = true;
		else
			ok = false;
		if (!ok) {
			fprintf(stderr, "outpost datagen: bad or incomplete option '%s'\n", a);
			return false;
		}
	}
	return opt->out != NULL;
}

static int selfplay(int argc, char **argv)
{
	struct datagen_options opt;
	datagen_defaults(&opt);
	bool seeded = false;
	if (!parse(argc, argv, &opt, &seeded))
		return usage();
	char book[4200];
	if (!opt.openings)
		opt.openings = default_book(book, sizeof book);
	if (!seeded)
		opt.seed = (uint64_t)time(NULL) ^ (uint64_t)getpid() << 32;
	opt.stop = &stop_requested;
	opt.progress = stderr;
	fprintf(stderr, "datagen: %d threads, %llu nodes a move, openings %s + %d random plies, seed %llu, appending to %s\n",
	        opt.threads, (unsigned long long)opt.nodes, opt.openings ? opt.openings : "(the start position)",
	        opt.random_plies, (unsigned long long)opt.seed, opt.out);
	struct datagen_totals totals;
	char err[300];
	if (!datagen_run(&opt, &totals, err, sizeof err)) {
		fprintf(stderr, "outpost datagen: %s\n", err);
		return 1;
	}
	if (stop_requested)
		fprintf(stderr, "datagen: stopped; the games that ended are in %s\n", opt.out);
	return 0;
}

int cmd_datagen(int argc, char **argv)
{
	bool rescore = false;
	for (int i = 0; i < argc; i++)
		rescore = rescore || !strcmp(argv[i], "--rescore");
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	int status = rescore ? cmd_rescore(argc, argv, &stop_requested) : selfplay(argc, argv);
	if (status == 0 && stop_signal) {
		/* Die of the signal after the clean stop, so that a calling script stops too. */
		signal(stop_signal, SIG_DFL);
		raise(stop_signal);
	}
	return status;
}
