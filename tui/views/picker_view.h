/* The list of a file's games to choose from, over the whole screen, with the filter typed so far. */
#ifndef OUTPOST_TUI_PICKER_VIEW_H
#define OUTPOST_TUI_PICKER_VIEW_H

#include "tui/state/tui.h"

/* Rows of games the list shows on a terminal `lines` tall (for paging). */
int picker_view_rows(int lines);
void picker_view_draw(const struct tui *t);

#endif
