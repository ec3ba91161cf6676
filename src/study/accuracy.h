/*
 * Accuracy as Lichess shows it: a move's accuracy from the mover's chance
 * of winning before and after it (win% = 50 + 50 (2 / (1 + exp(-0.00368208
 * cp)) - 1), the curve annotate.h uses for the expected score), and a
 * player's accuracy for a game: the mean of a volatility-weighted mean of
 * its moves' accuracies (each weighted by how much the win chance swung in
 * a window of positions around it) and their harmonic mean, so that one
 * blunder among good moves costs much, as players expect.
 */
#ifndef OUTPOST_ACCURACY_H
#define OUTPOST_ACCURACY_H

#include <stdbool.h>

#define ACCURACY_INITIAL_CP 15 /* the start position's score when no search of it is at hand, as Lichess takes it */

/* White's win chance in percent (0 .. 100) for a centipawn score from White's view. */
double accuracy_win_percent(int white_cp);
/* A move's accuracy (0 .. 100) from the mover's win chance before and after it (percent). */
double accuracy_of_move(double win_before, double win_after);
/*
 * The players' accuracy over positions: white_win[0 .. n) the White win
 * chance of each position of a line (the first before its first move),
 * first the side that made the first move.  acc[color] gets each side's,
 * or -1 for a side with no move.
 */
void accuracy_of_game(const double *white_win, int n, int first, double acc[2]);
/*
 * The same for groups of moves (the game's phases, as Lichess shows them): group[i] in 0 .. groups - 1 the group
 * of the move from position i to i + 1 (each move weighed by the same window of the whole game), acc[color][k]
 * each side's accuracy over group k's moves, -1 where it has none.
 */
#define ACCURACY_GROUPS_MAX 3
void accuracy_of_groups(const double *white_win, int n, int first, const int *group, int groups,
                        double acc[2][ACCURACY_GROUPS_MAX]);

#endif
