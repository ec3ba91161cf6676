/* The side panel's top (both players and their clocks) and the status line under everything. */
#ifndef OUTPOST_TUI_SIDE_PANEL_H
#define OUTPOST_TUI_SIDE_PANEL_H

#include "tui/state/tui.h"

/* Draws the players, then the move list and the analysis into their parts of the panel. */
void side_panel_draw(const struct tui *t);
void side_panel_draw_status(const struct tui *t);
/* The name a player's row shows: the game's own players for a game from a file, else the engine's and "You". */
void side_panel_player_name(const struct tui *t, int color, char *buf, size_t len);

#endif
