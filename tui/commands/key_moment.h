/*
 * `key`: steps the position shown straight to the game's next key moment
 * (study/key_moments.h: the moves where the expected score swung most), its
 * sentence on the status line; `key N` to the N-th.  The game must be
 * annotated first.
 */
#ifndef OUTPOST_TUI_KEY_MOMENT_H
#define OUTPOST_TUI_KEY_MOMENT_H

#include "tui/state/tui.h"

void key_moment_step(struct tui *t, const char *arg);

#endif
