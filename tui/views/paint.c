/* Colours for 256, 8 or no colours, and text written cut to its cells: the views' drawing primitives. */
#include <stdlib.h>
#include <string.h>

#include "paint.h"

/* Colour pairs: one per square kind and piece colour, then one per role. */
enum { PAIR_SQUARE = 1, PAIR_ROLE = PAIR_SQUARE + SQUARE_KIND_NB * COLOR_NB };

/*
 * Square backgrounds for 256 colours (light, dark, last move light and dark, check, hint light and dark, the piece
 * picked up, a premove's squares) and for 8.
 */
static const short square_bg_256[SQUARE_KIND_NB] = { 180, 137, 186, 143, 167, 152, 67, 71, 103 };
static const short square_bg_8[SQUARE_KIND_NB] = { COLOR_YELLOW,  COLOR_GREEN,   COLOR_CYAN, COLOR_BLUE, COLOR_RED,
	                                           COLOR_MAGENTA, COLOR_MAGENTA, COLOR_MAGENTA, COLOR_RED };

static void init_pairs(enum color_mode colors)
{
	bool rich = colors == COLORS_256;
	short white_fg = rich ? 231 : COLOR_WHITE, black_fg = rich ? 16 : COLOR_BLACK;
	for (int k = 0; k < SQUARE_KIND_NB; k++) {
		short bg = rich ? square_bg_256[k] : square_bg_8[k];
		init_pair((short)(PAIR_SQUARE + k * COLOR_NB + WHITE), white_fg, bg);
		init_pair((short)(PAIR_SQUARE + k * COLOR_NB + BLACK), black_fg, bg);
	}
	static const short role_fg_8[ROLE_NB] = { COLOR_CYAN,  COLOR_YELLOW, COLOR_BLUE,  COLOR_BLACK, COLOR_RED,
		                                  COLOR_GREEN, COLOR_WHITE,  COLOR_BLUE,  COLOR_GREEN };
	static const short role_fg_256[ROLE_NB] = { 109, 179, 244, 16, 203, 114, 231, 240, 114 };
	for (int r = 0; r < ROLE_NB; r++) {
		short fg = rich ? role_fg_256[r] : role_fg_8[r], bg = -1;
		if (r == ROLE_CURRENT)
			bg = rich ? 179 : COLOR_YELLOW;
		init_pair((short)(PAIR_ROLE + r), fg, bg);
	}
}

/* NO_COLOR (https://no-color.org), set and not empty, turns colour off unless the settings ask for some. */
static bool no_color(void)
{
	const char *v = getenv("NO_COLOR");
	return v && *v;
}

/* Picks the colours the terminal can show, as the settings ask. */
static enum color_mode resolve_colors(enum color_mode wanted)
{
	if (wanted == COLORS_MONO || (wanted == COLORS_AUTO && no_color()) || !has_colors())
		return COLORS_MONO;
	start_color();
	use_default_colors();
	if (COLORS < 8 || COLOR_PAIRS < PAIR_ROLE + ROLE_NB)
		return COLORS_MONO;
	if (wanted == COLORS_8 || COLORS < 256)
		return COLORS_8;
	return COLORS_256;
}

enum color_mode paint_init_colors(enum color_mode wanted)
{
	enum color_mode got = resolve_colors(wanted);
	if (got != COLORS_MONO)
		init_pairs(got);
	return got;
}

attr_t paint_square_attr(const struct view *v, enum square_kind kind, int piece_color)
{
	if (v->colors == COLORS_MONO) {
		/* Without colours: dark squares in reverse video, the last move underlined, the hint's squares in
		   standout, check in bold blink. */
		attr_t a = kind == SQUARE_DARK || kind == SQUARE_LAST_DARK || kind == SQUARE_HINT_DARK ? A_REVERSE : A_NORMAL;
		if (kind == SQUARE_LAST_LIGHT || kind == SQUARE_LAST_DARK)
			a |= A_UNDERLINE;
		if (kind == SQUARE_HINT_LIGHT || kind == SQUARE_HINT_DARK)
			a |= A_STANDOUT | A_UNDERLINE;
		if (kind == SQUARE_CHECK)
			a |= A_BOLD | A_BLINK | A_STANDOUT;
		if (kind == SQUARE_PICKED)
			a |= A_STANDOUT | A_BOLD;
		if (kind == SQUARE_PREMOVE)
			a |= A_UNDERLINE | A_DIM;
		return a | (piece_color == WHITE ? A_BOLD : A_NORMAL);
	}
	attr_t a = COLOR_PAIR(PAIR_SQUARE + (int)kind * COLOR_NB + piece_color);
	return a | (piece_color == WHITE ? A_BOLD : A_NORMAL);
}

attr_t paint_role_attr(const struct view *v, enum paint_role role)
{
	static const attr_t mono[ROLE_NB] = { A_NORMAL, A_BOLD,   A_DIM,    A_REVERSE, A_BOLD,
		                              A_BOLD,   A_NORMAL, A_NORMAL, A_BOLD };
	if (v->colors == COLORS_MONO)
		return mono[role];
	attr_t bold = role == ROLE_HEADING || role == ROLE_ERROR || role == ROLE_RESULT || role == ROLE_TO_MOVE
	                  ? A_BOLD
	                  : A_NORMAL;
	return COLOR_PAIR(PAIR_ROLE + (int)role) | bold;
}

int paint_cells(const char *s, size_t len)
{
	int cells = 0;
	for (size_t i = 0; i < len; i++)
		cells += ((unsigned char)s[i] & 0xc0) != 0x80;
	return cells;
}

void paint_put(int y, int x, int width, const char *s, attr_t attr)
{
	if (width <= 0)
		return;
	size_t len = strlen(s);
	/* Cut whole characters until it fits. */
	while (len > 0 && paint_cells(s, len) > width) {
		len--;
		while (len > 0 && ((unsigned char)s[len] & 0xc0) == 0x80)
			len--;
	}
	attron(attr);
	mvaddnstr(y, x, s, (int)len);
	for (int c = paint_cells(s, len); c < width; c++)
		addch(' ');
	attroff(attr);
}
