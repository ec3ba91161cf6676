/* `outpost datagen --rescore IN --out OUT [...]`: a file of position records searched again by the engine as it is now. */
#include <stdio.h>
#include <string.h>

#include "entry/args.h"
#include "entry/modes.h"
#include "protocol/rescore.h"

static int usage(void)
{
	fprintf(stderr, "usage: outpost datagen --rescore IN --out OUT [--threads N] [--nodes N] [--hash MB]\n"
	                "                       [--evalfile FILE]\n");
	return 2;
}

static bool parse(int argc, char **argv, struct rescore_options *opt)
{
	long long v;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		bool ok = true;
		if (!strcmp(a, "--rescore") && i + 1 < argc)
			opt->in = argv[++i];
		else if (!strcmp(a, "--out") && i + 1 < argc)
			opt->out = argv[++i];
		else if (!strcmp(a, "--evalfile") && i + 1 < argc)
			opt->evalfile = argv[++i];
		else if (!strcmp(a, "--threads"))
			ok = arg_int(argc, argv, &i, 1, 256, &opt->threads);
		else if (!strcmp(a, "--nodes") && (ok = arg_number(argc, argv, &i, 1, 1LL << 40, &v)))
			opt->nodes = (uint64_t)v;
		else if (!strcmp(a, "--hash"))
			ok = arg_int(argc, argv, &i, 1, 4096, &opt->hash_mb);
		else
			ok = false;
		if (!ok) {
			fprintf(stderr, "outpost datagen --rescore: bad, incomplete or self-play-only option '%s'\n", a);
			return false;
		}
	}
	return opt->in && opt->out;
}

int cmd_rescore(int argc, char **argv, volatile sig_atomic_t *stop)
{
	struct rescore_options opt;
	rescore_defaults(&opt);
	if (!parse(argc, argv, &opt))
		return usage();
	opt.stop = stop;
	opt.progress = stderr;
	fprintf(stderr, "rescore: %s into %s, %d threads, %llu nodes a position, %s\n", opt.in, opt.out, opt.threads,
	        (unsigned long long)opt.nodes, opt.evalfile ? opt.evalfile : "the program's default evaluation");
	struct rescore_totals totals;
	char err[400];
	if (!rescore_run(&opt, &totals, err, sizeof err)) {
		fprintf(stderr, "outpost datagen: %s\n", err);
		return 1;
	}
	if (*stop)
		fprintf(stderr, "rescore: stopped; the same command goes on after the last record written to %s\n", opt.out);
	return 0;
}
