/* Scores as text: centipawns as pawns or UCI's cp, mates as mates. */
#include "notation/score_text.h"

#include <stdio.h>

static void mate_text(char *buf, size_t len, enum score_style style, int moves)
{
	if (style == SCORE_UCI)
		snprintf(buf, len, "mate %d", moves);
	else if (style == SCORE_PAWNS)
		snprintf(buf, len, "#%d", moves);
	else if (moves > 0)
		snprintf(buf, len, "mate in %d", moves);
	else if (moves < 0)
		snprintf(buf, len, "mated in %d", -moves);
	else
		snprintf(buf, len, "mated");
}

void score_text(char *buf, size_t len, enum score_style style, int cp, bool is_mate, int mate_moves)
{
	if (is_mate) {
		mate_text(buf, len, style, mate_moves);
		return;
	}
	if (style == SCORE_UCI) {
		snprintf(buf, len, "cp %d", cp);
		return;
	}
	/* Whole digits, not %+.2f: a level score reads "0.00", never "+0.00" or "-0.00". */
	int a = cp < 0 ? -cp : cp;
	snprintf(buf, len, "%s%d.%02d", cp > 0 ? "+" : cp < 0 ? "-" : "", a / 100, a % 100);
}
