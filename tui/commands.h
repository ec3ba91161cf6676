/* What a typed line does: a command (any unambiguous prefix of its name) or else a move. */
#ifndef OUTPOST_TUI_COMMANDS_H
#define OUTPOST_TUI_COMMANDS_H

#include "tui.h"

/* Runs one line typed at the prompt. */
void commands_execute(struct tui *t, const char *line);
/* The i-th command's name, NULL past the last (for completion and help). */
const char *commands_name(int i);
/* The command a word names: its index, -1 for none, -2 when the prefix fits more than one. */
int commands_lookup(const char *word);

#endif
