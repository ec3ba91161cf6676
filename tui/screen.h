/* The curses screen: start and end, colours, resize, and drawing every part from the state. */
#ifndef OUTPOST_TUI_SCREEN_H
#define OUTPOST_TUI_SCREEN_H

#include <curses.h>

#include "tui.h"

/* How a square looks, apart from its piece. */
enum square_kind { SQUARE_LIGHT, SQUARE_DARK, SQUARE_LAST_LIGHT, SQUARE_LAST_DARK, SQUARE_CHECK, SQUARE_KIND_NB };

/* The roles the other views draw in; screen.c maps them to colours or plain attributes. */
enum screen_role {
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

/* Starts curses in raw mode with keypad, colours chosen from the terminal and the settings; false if TERM is unusable. */
bool screen_init(struct tui *t);
void screen_end(void);
/* Recomputes the layout for the terminal's size now. */
void screen_resize(struct tui *t);
/* Draws the whole screen from the state (curses sends only what changed), cursor in the input line. */
void screen_draw(struct tui *t);

/* The attribute for a square of this kind holding a piece of piece_color (either colour when empty). */
attr_t screen_square_attr(const struct view *v, enum square_kind kind, int piece_color);
attr_t screen_role_attr(const struct view *v, enum screen_role role);
/* Writes s at y, x, cut to width cells, then spaces to fill the width. */
void screen_put(int y, int x, int width, const char *s, attr_t attr);

#endif
