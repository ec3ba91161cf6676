/*
 * `outpost pgn [--format san|uci] FILE...`: read every game, check every move,
 * and print the games back in export format (or each game's moves in UCI, one
 * game a line).  The first bad move or malformed spot stops it with exit 1.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entry/modes.h"
#include "notation/notation.h"
#include "notation/pgn.h"
#include "notation/text_file.h"

static int usage(void)
{
	fprintf(stderr, "usage: outpost pgn [--format san|uci] FILE...   ('-' reads standard input)\n");
	return 2;
}

/* The game's main line as UCI moves, space separated, on one line. */
static bool print_uci_line(const struct game *g)
{
	for (int i = 0; i < game_ply_count(g); i++) {
		char uci[UCI_MOVE_MAX];
		move_to_uci(game_move(g, i), uci);
		if (printf("%s%s", i ? " " : "", uci) < 0)
			return false;
	}
	return putchar('\n') != EOF;
}

/* Prints every game of one file; 0, or 1 after the first error (already reported). */
static int print_file(const char *path, bool uci)
{
	size_t len;
	char *text = text_file_read(path, &len);
	if (!text) {
		fprintf(stderr, "outpost pgn: cannot read %s: %s\n", path, strerror(errno));
		return 1;
	}
	struct pgn_reader *r = pgn_reader_new(text, len, strcmp(path, "-") ? path : "<stdin>");
	struct pgn_error err;
	struct game *g;
	int status, rc = 0;
	while (r && (status = pgn_read_game(r, &g, &err)) != 0) {
		if (status < 0) {
			char msg[600];
			pgn_error_text(&err, msg, sizeof msg);
			fflush(stdout); /* the games before the error come first */
			fprintf(stderr, "%s\n", msg);
			rc = 1;
			break;
		}
		bool ok = uci ? print_uci_line(g) : pgn_write_game(stdout, g);
		game_free(g);
		if (!ok) {
			fprintf(stderr, "outpost pgn: cannot write the output: %s\n", strerror(errno));
			rc = 1;
			break;
		}
	}
	if (!r) {
		fprintf(stderr, "outpost pgn: out of memory\n");
		rc = 1;
	}
	pgn_reader_free(r);
	free(text);
	return rc;
}

int cmd_pgn(int argc, char **argv)
{
	bool uci = false;
	int i = 0;
	for (; i < argc; i++) {
		if (!strcmp(argv[i], "--format") && i + 1 < argc) {
			if (!strcmp(argv[i + 1], "uci"))
				uci = true;
			else if (!strcmp(argv[i + 1], "san"))
				uci = false;
			else
				return usage();
			i++;
		} else if (!strncmp(argv[i], "--format=", 9)) {
			if (strcmp(argv[i] + 9, "uci") && strcmp(argv[i] + 9, "san"))
				return usage();
			uci = !strcmp(argv[i] + 9, "uci");
		} else if (!strcmp(argv[i], "--")) {
			i++;
			break;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return usage();
		} else {
			break;
		}
	}
	if (i == argc)
		return usage();
	for (; i < argc; i++)
		if (print_file(argv[i], uci))
			return 1;
	return fflush(stdout) == 0 ? 0 : 1;
}
