/*
 * The evaluation graph under the move list: a column for each move of the
 * main line (or for a few, in a long game), White's expected score filling it
 * from the bottom in block characters, the shown move's column highlighted
 * and marked on the row below.  Drawn once any move has an evaluation (from
 * `annotate`, or [%eval] in a file); a move not evaluated yet leaves its column empty.
 */
#ifndef OUTPOST_TUI_GRAPH_VIEW_H
#define OUTPOST_TUI_GRAPH_VIEW_H

#include "tui/state/tui.h"

/* Has any move of the main line an evaluation to draw? */
bool graph_view_wanted(const struct tui *t);
/* The graph in r: r->h - 1 rows of columns, then the marker row. */
void graph_view_draw(const struct tui *t, const struct rect *r);

#endif
