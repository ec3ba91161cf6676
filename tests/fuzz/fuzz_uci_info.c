/*
 * libFuzzer harness for the parser of another engine's info lines.  Any bytes
 * (cut at the first newline, as the client reads lines) in one of four
 * positions (the first byte picks it): a line read as analysis has sane
 * numbers and a PV legal move by move from the root.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/uci_info.h"
#include "fuzz_input.h"
#include "rules/line.h"
#include "rules/movegen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const fens[] = {
	FEN_START,
	"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
	"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
	"8/P6k/8/8/8/8/8/K7 w - - 0 1",
};

static void check(const struct position *root, const struct engine_info *info)
{
	if (info->depth < 0 || info->seldepth < 0 || info->multipv < 1 || info->hashfull < 0 || info->hashfull > 1000 ||
	    info->time_ms < 0 || info->pv_len < 0 || info->pv_len > MAX_PLY)
		abort();
	struct pos_line l = POS_LINE_EMPTY;
	if (!line_start(&l, root))
		abort();
	for (int i = 0; i < info->pv_len; i++) {
		if (!move_is_legal(&l.pos, info->pv[i]) || !line_play(&l, info->pv[i]))
			abort();
	}
	line_free(&l);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The first byte picks the position; the rest, made a string, is the line. */
	char *line = (char *)fuzz_input(data, size, UCI_INFO_LINE_MAX);
	if (!line || size < 1) {
		free(line);
		return 0;
	}
	memmove(line, line + 1, size - 1);
	line[size - 1] = '\0';
	line[strcspn(line, "\n")] = '\0';
	struct pos_line root = POS_LINE_EMPTY;
	char err[128];
	if (!line_set_fen(&root, fens[data[0] % 4], err, sizeof err, NULL, 0))
		abort();
	struct engine_info info;
	if (uci_info_parse(line, &root.pos, &info) == UCI_INFO_LINE)
		check(&root.pos, &info);
	free(line);
	line_free(&root);
	return 0;
}
