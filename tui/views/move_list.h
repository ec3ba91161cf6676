/*
 * The move list: the game's lines numbered under a heading (the result and
 * its reason, the opening), the main line two moves a row in bold, each
 * variation dimmed on rows of its own, the move shown highlighted and kept in
 * view; under them the evaluation graph when the moves have evaluations, and
 * the shown move's notes (evaluation, clock, comment).
 */
#ifndef OUTPOST_TUI_MOVE_LIST_H
#define OUTPOST_TUI_MOVE_LIST_H

#include "tui/state/tui.h"

void move_list_draw(const struct tui *t, const struct rect *r);

#endif
