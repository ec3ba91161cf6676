/* The game's command line: settings for this run, and where the game starts from. */
#ifndef OUTPOST_TUI_OPTIONS_H
#define OUTPOST_TUI_OPTIONS_H

#include <stdio.h>

#include "settings.h"

struct launch {
	const char *fen;  /* --fen: start from this position (points into argv) */
	const char *pgn;  /* --pgn: continue the last game of this file */
	bool new_game;    /* --new: do not resume the saved game (it goes to the archive) */
	bool chess960;    /* --chess960 [N]: a new Chess960 game */
	int chess960_number; /* its start position, 0-959; -1: drawn at random */
};

enum options_result { OPTIONS_OK, OPTIONS_ERROR, OPTIONS_HELP, OPTIONS_VERSION };

/*
 * Reads the options in argv[0..argc) (no program name) over the settings
 * already in s; "--level 5" and "--level=5" both work.  On OPTIONS_ERROR, err
 * says which option is wrong and why.
 */
enum options_result options_parse(int argc, char **argv, struct settings *s, struct launch *l, char *err,
                                  size_t errlen);
/* The options, one a line, for --help. */
void options_print_help(FILE *f);

#endif
