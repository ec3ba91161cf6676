/* The move list: the game's moves in SAN, numbered, two a row, scrolled to keep the current move in view. */
#ifndef OUTPOST_TUI_MOVE_LIST_H
#define OUTPOST_TUI_MOVE_LIST_H

#include "tui.h"

void move_list_draw(const struct tui *t, const struct rect *r);

#endif
