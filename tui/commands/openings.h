/* The opening the game is in, named from the system's ECO file, shown in the panel and written into saved games. */
#ifndef OUTPOST_TUI_OPENINGS_H
#define OUTPOST_TUI_OPENINGS_H

#include "tui/state/tui.h"

/*
 * Reads the ECO file: $OUTPOST_ECO, else ECO_SYSTEM_FILE.  Without the system's
 * file nothing is named and nothing is said; a file named in OUTPOST_ECO that
 * cannot be read is reported on the status line.
 */
void openings_load(struct tui *t);
/*
 * The game changed: names its deepest known position, and sets the game's ECO,
 * Opening and Variation tags from it (removing them when none is known).
 */
void openings_update(struct tui *t);
void openings_free(struct tui *t);

#endif
