/* Where each part of the game screen goes for a terminal of a given size (pure arithmetic, no curses). */
#ifndef OUTPOST_TUI_LAYOUT_H
#define OUTPOST_TUI_LAYOUT_H

#include <stdbool.h>

/* The smallest terminal the game draws in; below it the screen says how large it must be. */
#define LAYOUT_MIN_COLS 60
#define LAYOUT_MIN_LINES 20
/* Rows kept for the status line's messages, which wrap; a longer one is drawn over what is above. */
#define LAYOUT_STATUS_ROWS 2
/* The side panel never gets narrower than this. */
#define LAYOUT_PANEL_MIN 28

struct rect {
	int y, x, h, w;
};

struct layout {
	bool too_small;      /* below LAYOUT_MIN_*: nothing else is set */
	int lines, cols;     /* the terminal */
	int sq_w, sq_h;      /* one square, in cells */
	struct rect board;   /* the 8x8 squares alone */
	struct rect ranks;   /* the rank labels, left of the board */
	struct rect files;   /* the file labels, under the board */
	struct rect bar;     /* the evaluation bar, right of the board */
	struct rect panel;   /* the side panel */
	struct rect players; /* in the panel: both players and their clocks */
	struct rect moves;   /* in the panel: the heading and the move list */
	struct rect analysis; /* in the panel: the heading and the analysis lines */
	struct rect status;  /* messages, LAYOUT_STATUS_ROWS rows */
	struct rect input;   /* the prompt */
};

/* Fills lay for a terminal of lines x cols; returns false (and sets too_small) when it is too small. */
bool layout_compute(int lines, int cols, struct layout *lay);
/*
 * The square (a1 = 0 ... h8 = 63) drawn at screen cell (y, x), Black at the
 * bottom when flipped; -1 off the squares (labels, bar, panel) or when too small.
 */
int layout_square_at(const struct layout *lay, bool flipped, int y, int x);
/* The cell at the middle of a square, where its piece is drawn (the inverse of layout_square_at). */
void layout_square_cell(const struct layout *lay, bool flipped, int sq, int *y, int *x);

#endif
