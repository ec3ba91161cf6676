/* The input line: the prompt and what is typed, scrolled sideways to keep the cursor in view. */
#ifndef OUTPOST_TUI_PROMPT_VIEW_H
#define OUTPOST_TUI_PROMPT_VIEW_H

#include "tui/state/tui.h"

/* Draws the prompt and the line into r and puts the terminal's cursor at the line's point. */
void prompt_view_draw(const struct tui *t, const struct rect *r);

#endif
