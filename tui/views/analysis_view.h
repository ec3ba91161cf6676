/* The analysis part of the panel: what the engine is doing, its figures, and its lines in SAN. */
#ifndef OUTPOST_TUI_ANALYSIS_VIEW_H
#define OUTPOST_TUI_ANALYSIS_VIEW_H

#include "tui/state/tui.h"

void analysis_view_draw(const struct tui *t, const struct rect *r);

#endif
