/* `outpost epd FILE [--movetime MS | --depth N | --nodes N] [--threads N] [--hash MB]`: run a bm/am suite. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/epd.h"
#include "entry/args.h"
#include "entry/modes.h"

static int usage(void)
{
	fprintf(stderr, "usage: outpost epd FILE [--movetime MS | --depth N | --nodes N] [--threads N] [--hash MB]\n");
	return 2;
}

int cmd_epd(int argc, char **argv)
{
	struct epd_options opt = { .movetime_ms = 1000, .threads = 1, .hash_mb = 64 };
	const char *path = NULL;
	for (int i = 0; i < argc; i++) {
		bool ok = true;
		if (!strcmp(argv[i], "--movetime"))
			ok = arg_int(argc, argv, &i, 1, 3600000, &opt.movetime_ms);
		else if (!strcmp(argv[i], "--depth"))
			ok = arg_int(argc, argv, &i, 1, 100, &opt.depth);
		else if (!strcmp(argv[i], "--nodes"))
			ok = arg_number(argc, argv, &i, 1, 1LL << 50, &opt.nodes);
		else if (!strcmp(argv[i], "--threads"))
			ok = arg_int(argc, argv, &i, 1, 256, &opt.threads);
		else if (!strcmp(argv[i], "--hash"))
			ok = arg_int(argc, argv, &i, 1, 65536, &opt.hash_mb);
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
