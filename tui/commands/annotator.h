/*
 * `annotate` in the game: an engine of its own searches every position of
 * the main line, one after another, while the person plays or steps on; each
 * move is marked as soon as the positions before and after it are searched
 * (study/annotate.h), and the players' summaries stand in the panel after.
 */
#ifndef OUTPOST_TUI_ANNOTATOR_H
#define OUTPOST_TUI_ANNOTATOR_H

#include "tui/state/tui.h"

/* Starts annotating the game's main line as it stands (a message says why not). */
void annotator_start(struct tui *t);
/* Stops, keeping the marks made so far. */
void annotator_stop(struct tui *t);
/* Between keys: takes a finished search, marks its move and starts the next.  True when the screen should redraw. */
bool annotator_poll(struct tui *t);
/* Stops and frees its engine. */
void annotator_free(struct tui *t);

#endif
