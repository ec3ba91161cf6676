/* `outpost chess960 [N ...] [--shredder]`: Chess960's start positions by number, as FENs (an opening file). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entry/modes.h"
#include "rules/castling.h"
#include "rules/chess960.h"

/* Start n's FEN, its castling field X-FEN's (KQkq) or Shredder's (HAha). */
static void print_start(int n, bool shredder)
{
	char fen[FEN_MAX];
	chess960_fen(n, fen, sizeof fen);
	if (shredder) {
		struct position pos;
		struct state st;
		char err[160];
		if (pos_set_fen(&pos, &st, fen, err, sizeof err, NULL, 0))
			pos_get_fen_as(&pos, CASTLING_SHREDDER, fen, sizeof fen);
	}
	printf("%s\n", fen);
}

int cmd_chess960(int argc, char **argv)
{
	bool shredder = false;
	int numbers = 0;
	for (int i = 0; i < argc; i++) {
		char *end;
		long n = strtol(argv[i], &end, 10);
		if (!strcmp(argv[i], "--shredder")) {
			shredder = true;
		} else if (end == argv[i] || *end || n < 0 || n >= CHESS960_COUNT) {
			fprintf(stderr, "outpost chess960: '%s' is no start position's number (0 to 959; 518 is the "
			                "standard one)\nusage: outpost chess960 [N ...] [--shredder]\n",
			        argv[i]);
			return 2;
		} else {
			numbers++;
		}
	}
	position_init();
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "--shredder"))
			print_start(atoi(argv[i]), shredder);
	for (int n = 0; !numbers && n < CHESS960_COUNT; n++)
		print_start(n, shredder);
	return fflush(stdout) == 0 ? 0 : 1;
}
