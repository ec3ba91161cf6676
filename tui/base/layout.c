/* The screen layout: the largest board that leaves the side panel room, then the panel's parts. */
#include "layout.h"

/* Square sizes from large to small; terminal cells are about twice as tall as wide. */
static const int square_sizes[][2] = { { 9, 4 }, { 7, 3 }, { 5, 2 }, { 3, 1 } };

static struct rect make_rect(int y, int x, int h, int w)
{
	struct rect r = { y, x, h, w };
	return r;
}

/* Width of everything left of the panel: rank labels, squares, a gap, the bar, a gap. */
static int board_block_width(int sq_w) { return 2 + 8 * sq_w + 3; }

static void layout_panel(struct layout *lay, int top_h)
{
	struct rect p = lay->panel;
	/* The analysis gets about two fifths of the panel; the move list what is left. */
	int analysis_h = top_h * 2 / 5;
	if (analysis_h < 5)
		analysis_h = 5;
	if (analysis_h > 12)
		analysis_h = 12;
	lay->players = make_rect(p.y, p.x, 2, p.w);
	lay->analysis = make_rect(p.y + p.h - analysis_h, p.x, analysis_h, p.w);
	lay->moves = make_rect(p.y + 2, p.x, p.h - 2 - analysis_h, p.w);
}

bool layout_compute(int lines, int cols, struct layout *lay)
{
	*lay = (struct layout){ .lines = lines, .cols = cols };
	if (lines < LAYOUT_MIN_LINES || cols < LAYOUT_MIN_COLS) {
		lay->too_small = true;
		return false;
	}
	int top_h = lines - 1 - LAYOUT_STATUS_ROWS; /* the status rows and the input line take the bottom */
	int n = (int)(sizeof square_sizes / sizeof square_sizes[0]);
	int i = 0;
	while (i < n - 1 && (8 * square_sizes[i][1] + 1 > top_h ||
	                     board_block_width(square_sizes[i][0]) + LAYOUT_PANEL_MIN > cols))
		i++;
	lay->sq_w = square_sizes[i][0];
	lay->sq_h = square_sizes[i][1];
	int board_h = 8 * lay->sq_h, board_w = 8 * lay->sq_w;
	int y0 = (top_h - (board_h + 1)) / 2;
	lay->ranks = make_rect(y0, 0, board_h, 2);
	lay->board = make_rect(y0, 2, board_h, board_w);
	lay->files = make_rect(y0 + board_h, 2, 1, board_w);
	lay->bar = make_rect(y0, 2 + board_w + 1, board_h, 1);
	int px = board_block_width(lay->sq_w);
	lay->panel = make_rect(0, px, top_h, cols - px);
	layout_panel(lay, top_h);
	lay->status = make_rect(lines - 1 - LAYOUT_STATUS_ROWS, 0, LAYOUT_STATUS_ROWS, cols);
	lay->input = make_rect(lines - 1, 0, 1, cols);
	return true;
}

int layout_square_at(const struct layout *lay, bool flipped, int y, int x)
{
	const struct rect *b = &lay->board;
	if (lay->too_small || y < b->y || y >= b->y + b->h || x < b->x || x >= b->x + b->w)
		return -1;
	int i = (y - b->y) / lay->sq_h, j = (x - b->x) / lay->sq_w; /* display row and column, top left 0 */
	return flipped ? (i << 3 | (7 - j)) : ((7 - i) << 3 | j);
}

void layout_square_cell(const struct layout *lay, bool flipped, int sq, int *y, int *x)
{
	int file = sq & 7, rank = sq >> 3;
	int i = flipped ? rank : 7 - rank, j = flipped ? 7 - file : file;
	*y = lay->board.y + i * lay->sq_h + (lay->sq_h - 1) / 2;
	*x = lay->board.x + j * lay->sq_w + lay->sq_w / 2;
}
