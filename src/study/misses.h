/*
 * Misses, as chess.com counts them: the opponent's move lost MISS_GIFT or
 * more of expected score (a blunder, annotate.h's curve), and the answer gave
 * back at least half of it and at least a mistake's worth (MISS_GIVEN_BACK):
 * the blunder left unpunished.
 */
#ifndef OUTPOST_MISSES_H
#define OUTPOST_MISSES_H

#define MISS_GIFT 0.20
#define MISS_GIVEN_BACK 0.10

/*
 * Each side's misses along a line: white_win[0..n) White's win chance in percent at each position (the first
 * before the first move, accuracy.h's), first the side that made the first move.
 */
void misses_of_line(const double *white_win, int n, int first, int misses[2]);

#endif
