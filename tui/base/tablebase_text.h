/* What the tablebases say of a position, as the panel writes it: "tablebase: White wins (DTZ 12)". */
#ifndef OUTPOST_TUI_TABLEBASE_TEXT_H
#define OUTPOST_TUI_TABLEBASE_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "rules/position.h"

/*
 * Writes the line for pos when the tables loaded (the engine's SyzygyPath)
 * hold it: "tablebase: White wins (DTZ 12)", "tablebase: draw", and for a
 * win the fifty-move rule draws "tablebase: draw by the fifty-move rule
 * (White wins without it, DTZ 80)".  False, buf empty, when they do not.
 */
bool tablebase_text(const struct position *pos, char *buf, size_t len);

#endif
