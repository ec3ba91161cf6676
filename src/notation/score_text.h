/*
 * Scores as text, one core for every reader: the UCI info line, the game's
 * panel and hints, and the EPD report.  Plain values in, so that any part
 * that holds a score can use it without knowing where the score came from.
 */
#ifndef OUTPOST_SCORE_TEXT_H
#define OUTPOST_SCORE_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#define SCORE_TEXT_MAX 16 /* room for the longest ("mated in 123", "cp -32000") and its NUL */

enum score_style {
	SCORE_UCI,   /* "cp 35", "cp -120", "mate 3", "mate -3": what follows "score" in a UCI info line */
	SCORE_PAWNS, /* "+0.35", "-1.20", "0.00", "#3", "#-3": compact, for a panel */
	SCORE_WORDS, /* "+0.35", "mate in 3", "mated in 3", "mated": for a report people read */
};

/*
 * Writes a score seen from one side: cp centipawns, or when is_mate,
 * mate_moves (> 0: that side mates in so many moves; < 0: it is mated in
 * -mate_moves; 0: it is mated now).  A mate always reads as a mate.
 */
void score_text(char *buf, size_t len, enum score_style style, int cp, bool is_mate, int mate_moves);

#endif
