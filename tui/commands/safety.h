/*
 * The safety net (the `safety` setting, off by default): before a move the
 * person types is played, a short search of the position before it and after
 * it; when the move loses ANNOTATE_BLUNDER_LOSS (0.20) of expected score or
 * more, the game asks once, naming the coach's reason, whether to play it.
 */
#ifndef OUTPOST_TUI_SAFETY_H
#define OUTPOST_TUI_SAFETY_H

#include "tui/state/tui.h"

#define SAFETY_DEPTH 10 /* each of the two searches: a blunder a person makes shows by then, in a blink */

/* With the net on: is m (the person's, legal in the game's position) a blunder?  Then asks and returns true. */
bool safety_stops(struct tui *t, move_t m);
/* The net's engine, if it was made. */
void safety_free(struct tui *t);

#endif
