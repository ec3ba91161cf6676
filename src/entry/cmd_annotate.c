/*
 * `outpost annotate FILE.pgn [--movetime MS | --depth N] [-o OUT] [--syzygy PATH]`: the engine marks every move of
 * every game.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "entry/args.h"
#include "entry/modes.h"
#include "protocol/annotate_game.h"

static int usage(void)
{
	fprintf(stderr, "usage: outpost annotate FILE.pgn [--movetime MS | --depth N] [-o OUT] [--threads N] "
	                "[--hash MB] [--syzygy PATH]   ('-' reads standard input)\n");
	return 2;
}

/* The options after the mode; false on a bad one. */
static bool read_options(int argc, char **argv, struct annotate_options *opt, const char **path, const char **out)
{
	for (int i = 0; i < argc; i++) {
		bool ok = true;
		if (!strcmp(argv[i], "--movetime"))
			ok = arg_int(argc, argv, &i, 1, 3600000, &opt->movetime_ms);
		else if (!strcmp(argv[i], "--depth"))
			ok = arg_int(argc, argv, &i, 1, 100, &opt->depth);
		else if (!strcmp(argv[i], "--threads"))
			ok = arg_int(argc, argv, &i, 1, 256, &opt->threads);
		else if (!strcmp(argv[i], "--hash"))
			ok = arg_int(argc, argv, &i, 1, 65536, &opt->hash_mb);
		else if (!strcmp(argv[i], "--syzygy") && i + 1 < argc && !opt->syzygy)
			opt->syzygy = argv[++i];
		else if (!strcmp(argv[i], "-o") && i + 1 < argc && !*out)
			*out = argv[++i];
		else if (!*path && (argv[i][0] != '-' || !strcmp(argv[i], "-")))
			*path = argv[i];
		else
			ok = false;
		if (!ok)
			return false;
	}
	return *path != NULL;
}

int cmd_annotate(int argc, char **argv)
{
	struct annotate_options opt = { .movetime_ms = ANNOTATE_MOVETIME_MS, .threads = 1, .hash_mb = 64 };
	const char *path = NULL, *out_path = NULL;
	if (!read_options(argc, argv, &opt, &path, &out_path))
		return usage();
	FILE *out = out_path ? fopen(out_path, "w") : stdout;
	if (!out) {
		perror(out_path);
		return 1;
	}
	bool ok = annotate_file(path, &opt, out, stderr, isatty(STDERR_FILENO));
	if (out_path && fclose(out) != 0) {
		perror(out_path);
		ok = false;
	}
	return ok ? 0 : 1;
}
