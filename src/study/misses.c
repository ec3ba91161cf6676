/* The opponent's blunders left unpunished. */
#include "study/misses.h"

void misses_of_line(const double *white_win, int n, int first, int misses[2])
{
	misses[0] = misses[1] = 0;
	double gift = 0; /* what the move before lost its mover */
	for (int i = 0; i + 1 < n; i++) {
		int side = (first + i) % 2;
		double before = white_win[i] / 100, after = white_win[i + 1] / 100;
		double lost = side == 0 ? before - after : after - before;
		if (gift >= MISS_GIFT && lost >= MISS_GIVEN_BACK && lost >= gift / 2)
			misses[side]++;
		gift = lost;
	}
}
