/* `outpost epd FILE [--movetime MS | --depth N | --nodes N] [--threads N] [--hash MB]`: run a bm/am suite. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/epd.h"
#include "entry/modes.h"

static int usage(void)
{
	fprintf(stderr, "usage: outpost epd FILE [--movetime MS | --depth N | --nodes N] [--threads N] [--hash MB]\n");
	return 2;
}

/* The number after an option, within range; false if there is none or it is bad. */
static bool option_number(int argc, char **argv, int *i, long long lo, long long hi, long long *out)
{
	if (*i + 1 >= argc)
		return false;
	char *end;
	long long v = strtoll(argv[++*i], &end, 10);
	if (*end || end == argv[*i] || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

static bool option_value(int argc, char **argv, int *i, long lo, long hi, int *out)
{
	long long v;
	if (!option_number(argc, argv, i, lo, hi, &v))
		return false;
	*out = (int)v;
	return true;
}

int cmd_epd(int argc, char **argv)
{
	struct epd_options opt = { .movetime_ms = 1000, .threads = 1, .hash_mb = 64 };
	const char *path = NULL;
	for (int i = 0; i < argc; i++) {
		bool ok = true;
		if (!strcmp(argv[i], "--movetime"))
			ok = option_value(argc, argv, &i, 1, 3600000, &opt.movetime_ms);
		else if (!strcmp(argv[i], "--depth"))
			ok = option_value(argc, argv, &i, 1, 100, &opt.depth);
		else if (!strcmp(argv[i], "--nodes"))
			ok = option_number(argc, argv, &i, 1, 1LL << 50, &opt.nodes);
		else if (!strcmp(argv[i], "--threads"))
			ok = option_value(argc, argv, &i, 1, 256, &opt.threads);
		else if (!strcmp(argv[i], "--hash"))
			ok = option_value(argc, argv, &i, 1, 65536, &opt.hash_mb);
		else if (!path && argv[i][0] != '-')
			path = argv[i];
		else
			ok = false;
		if (!ok)
			return usage();
	}
	if (!path)
		return usage();
	int solved, total;
	return epd_run(path, &opt, stdout, &solved, &total) ? 0 : 1;
}
