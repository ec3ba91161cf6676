/* The trainer's panel beside the board: the puzzle's heading, what happened, the queue and the finder's progress. */
#ifndef OUTPOST_TUI_ROOM_VIEW_H
#define OUTPOST_TUI_ROOM_VIEW_H

#include "tui/state/tui.h"

void room_view_draw(const struct tui *t);

#endif
