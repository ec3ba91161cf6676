/* outpost: pick a mode from the command line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "entry/modes.h"
#include "tui/loop/front.h"
#include "engine/engine.h"
#include "people/level_play.h"

static void print_help(void)
{
	printf("usage: outpost [OPTION]...          play a game in the terminal\n"
	       "       outpost perft DEPTH [FEN] [--divide]\n"
	       "       outpost pgn [--format san|uci] [--game N | --list] FILE...\n"
	       "       outpost uci | bench [DEPTH] [--hce | --evalfile FILE] | epd FILE [--movetime MS]\n"
	       "       outpost datagen --out FILE [--threads N] [--nodes N] [--games N | --positions N] ...\n"
	       "       outpost datagen --rescore IN --out FILE [--threads N] [--nodes N] [--evalfile NET]\n"
	       "       outpost annotate FILE.pgn [--movetime MS | --depth N] [-o OUT]\n"
	       "       outpost train [FILE.pgn ...] [--player NAME] [--count N] [--lichess FILE.csv]\n"
	       "       outpost chess960 [N ...] [--shredder]\n"
	       "\n"
	       "Modes:\n"
	       "  perft DEPTH [FEN]   count the leaf nodes of the legal move tree to DEPTH plies;\n"
	       "                      --divide prints the count under each root move\n"
	       "  pgn [--format san|uci] [--game N | --list] FILE...\n"
	       "                      check every game (or game N) and print it back as PGN with its\n"
	       "                      comments, variations and NAGs (or its moves in UCI); --list\n"
	       "                      lists the games: number, moves, result, players, date, event\n"
	       "  uci                 speak the UCI protocol (also when input is not a terminal)\n"
	       "  bench [DEPTH] [--hce | --evalfile FILE] [--syzygy PATH]\n"
	       "                      search fixed positions; prints nodes searched and nodes/second\n"
	       "                      (the network evaluates; --hce: the hand-written evaluation;\n"
	       "                      --evalfile: the network in FILE; --syzygy: with the tablebases)\n"
	       "  epd FILE [--movetime MS | --depth N | --nodes N] [--threads N] [--hash MB]\n"
	       "                      run a test suite of bm/am positions, then 'solved N of M'\n"
	       "  datagen --out FILE [--threads N] [--nodes N] [--games N | --positions N]\n"
	       "          [--openings FILE] [--random-plies N] [--seed S] [--hash MB]\n"
	       "                      self-play games, their quiet positions appended to FILE as\n"
	       "                      32-byte records with search score, static eval and result;\n"
	       "                      --rescore IN: no games, IN's records searched again (--nodes,\n"
	       "                      default 2500; --evalfile: the network in NET) and written to\n"
	       "                      FILE with their new scores, in IN's order\n"
	       "  annotate FILE.pgn [--movetime MS | --depth N] [-o OUT] [--threads N] [--hash MB]\n"
	       "           [--syzygy PATH]\n"
	       "                      the engine marks every move of every game: its evaluation,\n"
	       "                      ?! ? ?? by the expected score it lost, a better line; each\n"
	       "                      player's summary on standard error (500 ms a position);\n"
	       "                      --syzygy: the tablebases' verdict for the search and the coach\n"
	       "  train [FILE.pgn ...] [--player NAME] [--count N] [--lichess FILE.csv [--theme NAME]]\n"
	       "                      puzzles from your mistakes in the archived games and the files,\n"
	       "                      played on standard input, each back later when solved, soon\n"
	       "                      when missed; then Lichess's puzzles near your puzzle rating\n"
	       "  chess960 [N ...] [--shredder]\n"
	       "                      Chess960's start positions N (0 to 959; 518 is the standard\n"
	       "                      one), or all 960 in order, as FENs (X-FEN, or Shredder-FEN)\n"
	       "\n"
	       "Options:\n"
	       "  -h, --help          show this help and exit\n"
	       "  -V, --version       show the version and how it was built, and exit\n");
	front_print_options(stdout);
}

int main(int argc, char **argv)
{
	engine_init();
	level_play_install(); /* the levels up to 2400 play as people do (src/people/) */
	if (argc > 1) {
		const char *mode = argv[1];
		if (!strcmp(mode, "--help") || !strcmp(mode, "-h")) {
			print_help();
			return 0;
		}
		if (!strcmp(mode, "--version") || !strcmp(mode, "-V")) {
			front_print_version(stdout);
			return 0;
		}
		if (!strcmp(mode, "perft"))
			return cmd_perft(argc - 2, argv + 2);
		if (!strcmp(mode, "pgn"))
			return cmd_pgn(argc - 2, argv + 2);
		if (!strcmp(mode, "uci"))
			return cmd_uci(argc - 2, argv + 2);
		if (!strcmp(mode, "bench"))
			return cmd_bench(argc - 2, argv + 2);
		if (!strcmp(mode, "epd"))
			return cmd_epd(argc - 2, argv + 2);
		if (!strcmp(mode, "datagen"))
			return cmd_datagen(argc - 2, argv + 2);
		if (!strcmp(mode, "annotate"))
			return cmd_annotate(argc - 2, argv + 2);
		if (!strcmp(mode, "chess960"))
			return cmd_chess960(argc - 2, argv + 2);
		if (!strcmp(mode, "train"))
			return front_train_main(argc - 2, argv + 2);
		/* Options alone start the game, on a terminal. */
		if (mode[0] == '-' && isatty(STDIN_FILENO))
			return front_main(argc - 1, argv + 1);
		fprintf(stderr, "outpost: unknown mode or option '%s' (try 'outpost --help')\n", mode);
		return 2;
	}
	/* A GUI or match runner talks through a pipe: speak UCI to it. */
	if (!isatty(STDIN_FILENO))
		return cmd_uci(0, NULL);
	return front_main(0, NULL);
}
