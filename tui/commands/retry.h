/*
 * `retry`: the move shown (a key moment, or any move annotate marked) becomes
 * a puzzle at once: the position before it, the move to find the engine's
 * better line that annotate put beside it.  It joins the trainer's queue
 * first in line, and the trainer opens on it with its hint, solution and next
 * steps.
 */
#ifndef OUTPOST_TUI_RETRY_H
#define OUTPOST_TUI_RETRY_H

#include "tui/state/tui.h"

void retry_shown(struct tui *t, const char *arg);

#endif
