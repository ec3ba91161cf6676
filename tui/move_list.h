/* The move list: the game's moves in SAN, numbered, two a row, scrolled to keep the current move in view. */
#ifndef OUTPOST_TUI_MOVE_LIST_H
#define OUTPOST_TUI_MOVE_LIST_H

#include "tui.h"

void move_list_draw(const struct tui *t, const struct rect *r);
/* The top row that keeps the current move in view in a list of `rows` rows. */
int move_list_follow_top(const struct tui *t, int rows);
/* Rows the list needs for every move, played and undone. */
int move_list_total_rows(const struct tui *t);
void move_list_free(void);

#endif
