/* The analysis part of the panel: what the engine is doing, its figures, and its lines in SAN. */
#ifndef OUTPOST_TUI_ANALYSIS_VIEW_H
#define OUTPOST_TUI_ANALYSIS_VIEW_H

#include "tui.h"

void analysis_view_draw(const struct tui *t, const struct rect *r);
/* The score of an analysis line as the settings want it ("+0.35", "#3"), from the search's root position. */
void analysis_view_score(const struct tui *t, const struct engine_info *info, char *buf, size_t len);

#endif
