/*
 * The commands that PGN comments carry for programs, as other chess software
 * writes them: [%clk 0:04:32] (the mover's time left after the move) and
 * [%eval +0.35] or [%eval #-3] (White's point of view, an optional ",depth"
 * after it).  Read out of a comment, written into one.  Clocks are kept to
 * a tenth of a second, evaluations to a centipawn.
 */
#ifndef OUTPOST_PGN_COMMENT_H
#define OUTPOST_PGN_COMMENT_H

#include <stddef.h>
#include <stdint.h>

#include "notation/game.h"

struct pgn_commands {
	bool has_clock, has_eval;
	int64_t clock_ms;
	struct game_eval eval;
};

/*
 * Takes the first [%clk] and the first [%eval] that read well out of
 * text[0..len); everything else (other [%...] commands too) is copied to
 * rest, which has room for len + 1 bytes.
 */
void pgn_commands_take(const char *text, size_t len, struct pgn_commands *out, char *rest);

#define PGN_COMMAND_MAX 40 /* room for either command written, and its NUL */
/* "[%clk 1:05:09]", with ".5" when tenths are left; never negative. */
void pgn_clock_command(int64_t ms, char *buf, size_t len);
/* "[%eval +0.35]", "[%eval -1.20,18]", "[%eval #-3]". */
void pgn_eval_command(const struct game_eval *e, char *buf, size_t len);

#endif
