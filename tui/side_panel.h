/* The side panel's top (both players and their clocks) and the status line under everything. */
#ifndef OUTPOST_TUI_SIDE_PANEL_H
#define OUTPOST_TUI_SIDE_PANEL_H

#include "tui.h"

/* Draws the players, then the move list and the analysis into their parts of the panel. */
void side_panel_draw(const struct tui *t);
void side_panel_draw_status(const struct tui *t);
/* "Outpost (level 10)" or "Outpost (1500 Elo)", for the panel and the PGN tags. */
void side_panel_engine_name(const struct settings *s, char *buf, size_t len);

#endif
