/* The board, its labels and the evaluation bar, drawn from the game's mailbox. */
#ifndef OUTPOST_TUI_BOARD_VIEW_H
#define OUTPOST_TUI_BOARD_VIEW_H

#include "tui/state/tui.h"

/* The glyph for a piece: a Unicode chess figure, or a letter (upper case White) when unicode is false. */
const char *board_view_glyph(int piece, bool unicode);
void board_view_draw(const struct tui *t);

#endif
