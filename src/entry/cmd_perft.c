/* `outpost perft DEPTH [FEN] [--divide]`: count the leaf nodes of the move tree. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entry/modes.h"
#include "rules/castling.h"
#include "rules/clock.h"
#include "rules/movegen.h"
#include "rules/position.h"
#include "rules/uci_move.h"

static int compare_strings(const void *a, const void *b) { return strcmp(a, b); }

/* Counts under each root move, printed in UCI notation and sorted, as `go perft` does (Chess960's castling as the
 * king taking its rook, as UCI_Chess960 writes it). */
static uint64_t divide(struct position *pos, int depth)
{
	move_t list[MAX_MOVES];
	char lines[MAX_MOVES][48];
	int n = generate_legal(pos, list);
	uint64_t total = 0;
	struct state st;
	for (int i = 0; i < n; i++) {
		char uci[UCI_MOVE_MAX];
		pos_make_move(pos, list[i], &st);
		uint64_t nodes = perft(pos, depth - 1);
		pos_unmake_move(pos);
		move_to_uci_in(pos, list[i], !castling_is_standard(pos), uci);
		snprintf(lines[i], sizeof lines[i], "%s: %llu", uci, (unsigned long long)nodes);
		total += nodes;
	}
	qsort(lines, (size_t)n, sizeof lines[0], compare_strings);
	for (int i = 0; i < n; i++)
		printf("%s\n", lines[i]);
	return total;
}

/* The arguments: --divide, the depth, and the FEN as one argument or its fields; false (after a message) if too long. */
static bool read_args(int argc, char **argv, bool *split, const char **depth_arg, char *fen, size_t len,
                      bool *fen_given)
{
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--divide")) {
			*split = true;
		} else if (!*depth_arg) {
			*depth_arg = argv[i];
		} else if (strlen(fen) + strlen(argv[i]) + 2 < len) {
			if (fen[0])
				strcat(fen, " ");
			strcat(fen, argv[i]);
			*fen_given = true;
		} else {
			fprintf(stderr, "outpost perft: FEN too long\n");
			return false;
		}
	}
	return true;
}

int cmd_perft(int argc, char **argv)
{
	bool split = false, fen_given = false;
	const char *depth_arg = NULL;
	char fen[256] = "";
	if (!read_args(argc, argv, &split, &depth_arg, fen, sizeof fen, &fen_given))
		return 2;
	char *end = NULL;
	long depth = depth_arg ? strtol(depth_arg, &end, 10) : -1;
	if (!depth_arg || *end || depth < 1 || depth > 20) {
		fprintf(stderr, "usage: outpost perft DEPTH [FEN] [--divide]   (DEPTH from 1 to 20)\n");
		return 2;
	}
	struct position pos_, *pos = &pos_;
	struct state st;
	char err[160], warn[160];
	if (fen_given && !fen[strspn(fen, " \t")]) {
		/* An empty FEN is a mistake (an unset variable, a lost quote), not a wish for the start position. */
		fprintf(stderr, "outpost perft: bad FEN: it is empty (leave it out for the starting position)\n");
		return 2;
	}
	if (!pos_set_fen(pos, &st, fen_given ? fen : FEN_START, err, sizeof err, warn, sizeof warn)) {
		fprintf(stderr, "outpost perft: bad FEN: %s\n", err);
		return 2;
	}
	if (warn[0])
		fprintf(stderr, "outpost perft: warning: %s\n", warn);
	int64_t start = monotonic_us();
	uint64_t nodes;
	if (split) {
		nodes = divide(pos, (int)depth);
		printf("\n%llu\n", (unsigned long long)nodes);
	} else {
		nodes = perft(pos, (int)depth);
		printf("%llu\n", (unsigned long long)nodes);
	}
	double secs = (double)(monotonic_us() - start) / 1e6;
	printf("nodes %llu  seconds %.3f  Mnps %.1f\n", (unsigned long long)nodes, secs,
	       secs > 0 ? (double)nodes / secs / 1e6 : 0.0);
	return 0;
}
