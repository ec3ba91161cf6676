/* Command-line options of the game: each one a setting by name, or where the game starts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "engine/engine.h"
#include "rules/types.h"

/* Options that take a value, and the setting each one sets. */
static const struct {
	const char *name, *setting;
} valued[] = {
	{ "--level", "level" },     { "--elo", "elo" },         { "--time", "time" },
	{ "--movetime", "movetime" }, { "--threads", "threads" }, { "--hash", "hash" },
	{ "--multipv", "multipv" }, { "--colors", "colors" },   { "--score", "score" },
	{ "--book", "book" },       { "--engine", "engine" },   { "--syzygy", "syzygy" },
};

/* "  --threads N  search threads, 1 to 2 (default 1)": a setting's range from the engine's option table. */
static void print_ranged(FILE *f, const char *usage, const char *what, const char *option, int def)
{
	const struct engine_option *o = engine_option_find(option);
	fprintf(f, "  %-19s %s, %d to %d (default %d)\n", usage, what, o->min, o->max, def);
}

void options_print_help(FILE *f)
{
	struct settings d;
	settings_default(&d);
	const struct engine_option *elo = engine_option_find("UCI_Elo");
	fputs("Game options:\n"
	      "  --white, --black    the side you play (default: white)\n",
	      f);
	print_ranged(f, "--level N", "the engine's level", "Skill Level", d.level);
	fprintf(f, "  --elo N             limit the engine to about N Elo (%d to %d; 'off'), on the scale people play\n"
	           "                      on (Lichess's): up to 2400 it plays as a player rated N\n",
	        elo->min, elo->max);
	fprintf(f,
	        "  --time M+S          clocks: M minutes each, S seconds added a move ('off')\n"
	        "  --movetime MS       the engine's time per move without clocks (default %d); a level of\n"
	        "                      people (--elo up to 2400) takes a person's time, as on a 10-minute clock\n",
	        d.movetime_ms);
	fputs("  --fen FEN           start from this position\n"
	      "  --chess960 [N]      a new Chess960 game from start position N (0 to 959, 518 the standard\n"
	      "                      one), drawn at random without N\n"
	      "  --pgn FILE          continue the last game of FILE\n"
	      "  --new               start a new game instead of resuming the saved one\n"
	      "  --ascii             letters instead of Unicode pieces\n"
	      "  --plain             plain lines of text (a board of letters) instead of the full screen\n"
	      "  --colors MODE       auto, 256, 8 or mono\n"
	      "  --score VIEW        scores from White's view (white) or the side to move's (side)\n"
	      "  --book on|off|FILE  the opening book: the system's, none, or a Polyglot .bin (default on)\n"
	      "  --engine 'SPEC'     another UCI engine: '[panel|opponent|both] FILE [NAME=VALUE ...]' or off\n"
	      "  --syzygy PATH       the Syzygy endgame tablebases' folders, joined by ':', or off (default off)\n",
	      f);
	print_ranged(f, "--threads N", "search threads", "Threads", d.threads);
	print_ranged(f, "--hash MB", "transposition table size", "Hash", d.hash_mb);
	print_ranged(f, "--multipv N", "analysis lines shown", "MultiPV", d.multipv);
}

/* The value of option i: after '=' in the same word, else the next word. */
static const char *option_value(int argc, char **argv, int *i, size_t name_len)
{
	if (argv[*i][name_len] == '=')
		return argv[*i] + name_len + 1;
	if (*i + 1 >= argc)
		return NULL;
	return argv[++*i];
}

static bool flag_option(const char *arg, struct settings *s, struct launch *l)
{
	if (!strcmp(arg, "--white"))
		s->human = WHITE;
	else if (!strcmp(arg, "--black"))
		s->human = BLACK;
	else if (!strcmp(arg, "--ascii"))
		s->ascii = true;
	else if (!strcmp(arg, "--plain"))
		s->plain = true;
	else if (!strcmp(arg, "--new"))
		l->new_game = true;
	else
		return false;
	return true;
}

/* Length of the option's name when arg is `name` or `name=...`, else 0. */
static size_t matches(const char *arg, const char *name)
{
	size_t n = strlen(name);
	return !strncmp(arg, name, n) && (arg[n] == '\0' || arg[n] == '=') ? n : 0;
}

static enum options_result valued_option(int argc, char **argv, int *i, struct settings *s, struct launch *l,
                                         char *err, size_t errlen)
{
	const char *arg = argv[*i];
	size_t n;
	const char *setting = NULL;
	const char **target = NULL;
	if ((n = matches(arg, "--fen")))
		target = &l->fen;
	else if ((n = matches(arg, "--pgn")))
		target = &l->pgn;
	for (size_t k = 0; !target && !setting && k < sizeof valued / sizeof valued[0]; k++)
		if ((n = matches(arg, valued[k].name)))
			setting = valued[k].setting;
	if (!target && !setting) {
		snprintf(err, errlen, "unknown option '%s' (try 'outpost --help')", arg);
		return OPTIONS_ERROR;
	}
	const char *value = option_value(argc, argv, i, n);
	if (!value) {
		snprintf(err, errlen, "option '%s' needs a value", arg);
		return OPTIONS_ERROR;
	}
	if (target) {
		*target = value;
		return OPTIONS_OK;
	}
	char why[160];
	if (!settings_set(s, setting, value, why, sizeof why)) {
		snprintf(err, errlen, "%.*s: %s", (int)n, arg, why);
		return OPTIONS_ERROR;
	}
	return OPTIONS_OK;
}

/* --chess960, --chess960 N or --chess960=N: the number is taken only when it is one (a word of digits). */
static enum options_result chess960_option(int argc, char **argv, int *i, struct launch *l, char *err, size_t errlen)
{
	const char *arg = argv[*i], *value = NULL;
	l->chess960 = true;
	l->chess960_number = -1;
	if (arg[strlen("--chess960")] == '=')
		value = arg + strlen("--chess960=");
	else if (*i + 1 < argc && argv[*i + 1][0] >= '0' && argv[*i + 1][0] <= '9')
		value = argv[++*i];
	if (!value)
		return OPTIONS_OK;
	char *end;
	long n = strtol(value, &end, 10);
	if (!*value || *end || n < 0 || n > 959) {
		snprintf(err, errlen, "--chess960: '%s' is no start position's number (0 to 959; 518 is the standard one)",
		         value);
		return OPTIONS_ERROR;
	}
	l->chess960_number = (int)n;
	return OPTIONS_OK;
}

enum options_result options_parse(int argc, char **argv, struct settings *s, struct launch *l, char *err,
                                  size_t errlen)
{
	*l = (struct launch){ .chess960_number = -1 };
	for (int i = 0; i < argc; i++) {
		const char *arg = argv[i];
		if (!strcmp(arg, "-h") || !strcmp(arg, "--help"))
			return OPTIONS_HELP;
		if (!strcmp(arg, "-V") || !strcmp(arg, "--version"))
			return OPTIONS_VERSION;
		if (flag_option(arg, s, l))
			continue;
		if (matches(arg, "--chess960")) {
			if (chess960_option(argc, argv, &i, l, err, errlen) != OPTIONS_OK)
				return OPTIONS_ERROR;
			continue;
		}
		enum options_result r = valued_option(argc, argv, &i, s, l, err, errlen);
		if (r != OPTIONS_OK)
			return r;
	}
	if (l->fen && l->pgn) {
		snprintf(err, errlen, "--fen and --pgn cannot be used together");
		return OPTIONS_ERROR;
	}
	if (l->chess960 && (l->fen || l->pgn)) {
		snprintf(err, errlen, "--chess960 and %s cannot be used together", l->fen ? "--fen" : "--pgn");
		return OPTIONS_ERROR;
	}
	return OPTIONS_OK;
}
