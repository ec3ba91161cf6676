/* What the views draw with: colours by role, the squares' looks, and text cut to a width. */
#ifndef OUTPOST_TUI_PAINT_H
#define OUTPOST_TUI_PAINT_H

#include <curses.h>

#include "tui/state/tui.h"

/* How a square looks, apart from its piece. */
enum square_kind {
	SQUARE_LIGHT,
	SQUARE_DARK,
	SQUARE_LAST_LIGHT,
	SQUARE_LAST_DARK,
	SQUARE_CHECK,
	SQUARE_HINT_LIGHT, /* the hint's from and to squares */
	SQUARE_HINT_DARK,
	SQUARE_PICKED,     /* the piece picked up with the mouse */
	SQUARE_PREMOVE,    /* a premove's from and to squares */
	SQUARE_KIND_NB
};

/* The roles the views draw in; paint.c maps them to colours or plain attributes. */
enum paint_role {
	ROLE_LABEL,      /* rank and file labels */
	ROLE_HEADING,    /* panel headings */
	ROLE_DIM,        /* moves that can be redone, idle figures */
	ROLE_CURRENT,    /* the current move in the list */
	ROLE_ERROR,      /* error messages */
	ROLE_RESULT,     /* a game's result */
	ROLE_BAR_WHITE,  /* White's part of the evaluation bar */
	ROLE_BAR_BLACK,  /* Black's part */
	ROLE_TO_MOVE,    /* the marker beside the player to move */
	ROLE_NB
};

/* Starts the colours the terminal can show, as wanted, once curses runs; returns what it got. */
enum color_mode paint_init_colors(enum color_mode wanted);
/* The attribute for a square of this kind holding a piece of piece_color (either colour when empty). */
attr_t paint_square_attr(const struct view *v, enum square_kind kind, int piece_color);
attr_t paint_role_attr(const struct view *v, enum paint_role role);
/* Cells the first len bytes of the UTF-8 text s take, one per character (the program writes nothing wider). */
int paint_cells(const char *s, size_t len);
/* Writes s at y, x, cut to width cells, then spaces to fill the width. */
void paint_put(int y, int x, int width, const char *s, attr_t attr);

#endif
