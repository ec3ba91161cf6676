/*
 * `outpost pgn [--format san|uci] [--game N | --list] FILE...`: read every
 * game (or game N), check every move of every line, and print the games back
 * in export format with their comments, variations, NAGs, clocks and
 * evaluations (or each game's main line in UCI, one game a line); or list
 * the games without replaying them.  The first bad move or malformed spot
 * stops it with exit 1.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entry/modes.h"
#include "notation/notation.h"
#include "notation/pgn.h"
#include "notation/text_file.h"

enum pgn_output { OUT_SAN, OUT_UCI, OUT_LIST };

struct pgn_options {
	enum pgn_output out;
	int game; /* 0: every game */
};

static int usage(void)
{
	fprintf(stderr, "usage: outpost pgn [--format san|uci] [--game N | --list] FILE...   ('-' reads standard "
	                "input)\n");
	return 2;
}

/* The game's main line as UCI moves, space separated, on one line; Chess960's castling as the king taking its rook. */
static bool print_uci_line(struct game *g)
{
	game_goto(g, game_line_end(g, GAME_ROOT));
	for (int i = 0; i < game_ply_count(g); i++) {
		char uci[UCI_MOVE_MAX];
		move_to_uci_in(game_position(g), game_move(g, i), game_is_chess960(g), uci);
		if (printf("%s%s", i ? " " : "", uci) < 0)
			return false;
	}
	return putchar('\n') != EOF;
}

static const char *tag_or(const struct pgn_entry *e, const char *name)
{
	const char *v = pgn_entry_tag(e, name);
	return v ? v : "?";
}

/* One line a game: number, moves, result, White, Black, date, event, tab-separated. */
static int list_games(const char *text, size_t len)
{
	struct pgn_list list;
	bool ok = pgn_list_games(text, len, &list);
	for (int i = 0; ok && i < list.n; i++) {
		const struct pgn_entry *e = &list.games[i];
		ok = printf("%d\t%d%s\t%s\t%s\t%s\t%s\t%s\n", e->number, (e->plies + 1) / 2, e->bad ? " (bad)" : "",
		            tag_or(e, "Result"), tag_or(e, "White"), tag_or(e, "Black"), tag_or(e, "Date"),
		            tag_or(e, "Event")) > 0;
	}
	pgn_list_free(&list);
	if (!ok)
		fprintf(stderr, "outpost pgn: cannot list the games (out of memory, or a write error)\n");
	return ok ? 0 : 1;
}

/* Reads the games wanted and prints them; 0, or 1 after the first error (already reported). */
static int print_games(struct pgn_reader *r, const struct pgn_options *o)
{
	struct pgn_error err;
	struct game *g;
	int status;
	while ((status = o->game ? pgn_read_nth(r, o->game, &g, &err) : pgn_read_game(r, &g, &err)) != 0) {
		if (status < 0) {
			char msg[600];
			pgn_error_text(&err, msg, sizeof msg);
			fflush(stdout); /* the games before the error come first */
			fprintf(stderr, "%s\n", msg);
			return 1;
		}
		bool ok = o->out == OUT_UCI ? print_uci_line(g) : pgn_write_game(stdout, g);
		game_free(g);
		if (!ok) {
			fprintf(stderr, "outpost pgn: cannot write the output: %s\n", strerror(errno));
			return 1;
		}
		if (o->game)
			return 0;
	}
	if (o->game) {
		fprintf(stderr, "outpost pgn: there is no game %d\n", o->game);
		return 1;
	}
	return 0;
}

static int print_file(const char *path, const struct pgn_options *o)
{
	size_t len;
	char *text = text_file_read(path, &len);
	if (!text) {
		fprintf(stderr, "outpost pgn: cannot read %s: %s\n", path, strerror(errno));
		return 1;
	}
	int rc;
	if (o->out == OUT_LIST) {
		rc = list_games(text, len);
	} else {
		struct pgn_reader *r = pgn_reader_new(text, len, strcmp(path, "-") ? path : "<stdin>");
		rc = r ? print_games(r, o) : 1;
		if (!r)
			fprintf(stderr, "outpost pgn: out of memory\n");
		pgn_reader_free(r);
	}
	free(text);
	return rc;
}

/* The options before the files; the index of the first file, or -1 on a bad option. */
static int parse_options(int argc, char **argv, struct pgn_options *o)
{
	int i = 0;
	for (; i < argc; i++) {
		const char *a = argv[i], *format = NULL;
		if (!strcmp(a, "--format") && i + 1 < argc)
			format = argv[++i];
		else if (!strncmp(a, "--format=", 9))
			format = a + 9;
		if (format) {
			if (strcmp(format, "uci") && strcmp(format, "san"))
				return -1;
			if (o->out != OUT_LIST) /* a list is a list in either format */
				o->out = !strcmp(format, "uci") ? OUT_UCI : OUT_SAN;
		} else if (!strcmp(a, "--list")) {
			o->out = OUT_LIST;
		} else if (!strcmp(a, "--game") && i + 1 < argc) {
			char *end;
			long n = strtol(argv[++i], &end, 10);
			if (*end || end == argv[i] || n < 1 || n > INT_MAX)
				return -1;
			o->game = (int)n;
		} else if (!strcmp(a, "--")) {
			return i + 1;
		} else if (a[0] == '-' && a[1]) {
			return -1;
		} else {
			break;
		}
	}
	return i;
}

int cmd_pgn(int argc, char **argv)
{
	struct pgn_options o = { OUT_SAN, 0 };
	int i = parse_options(argc, argv, &o);
	if (i < 0 || i == argc || (o.out == OUT_LIST && o.game))
		return usage();
	for (; i < argc; i++)
		if (print_file(argv[i], &o))
			return 1;
	return fflush(stdout) == 0 ? 0 : 1;
}
