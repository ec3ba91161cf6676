/* `outpost epd FILE [--movetime MS] [--threads N] [--hash MB]`: run a test suite of bm/am positions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "epd.h"
#include "modes.h"

static int usage(void)
{
	fprintf(stderr, "usage: outpost epd FILE [--movetime MS] [--threads N] [--hash MB]\n");
	return 2;
}

/* The number after an option, within range; false if there is none or it is bad. */
static bool option_value(int argc, char **argv, int *i, long lo, long hi, int *out)
{
	if (*i + 1 >= argc)
		return false;
	char *end;
	long v = strtol(argv[++*i], &end, 10);
	if (*end || end == argv[*i] || v < lo || v > hi)
		return false;
	*out = (int)v;
	return true;
}

int cmd_epd(int argc, char **argv)
{
	struct epd_options opt = { 1000, 1, 64 };
	const char *path = NULL;
	for (int i = 0; i < argc; i++) {
		bool ok = true;
		if (!strcmp(argv[i], "--movetime"))
			ok = option_value(argc, argv, &i, 1, 3600000, &opt.movetime_ms);
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
