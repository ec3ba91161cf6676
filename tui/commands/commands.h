/* What a typed line does: a command (any unambiguous prefix of its name) or else a move. */
#ifndef OUTPOST_TUI_COMMANDS_H
#define OUTPOST_TUI_COMMANDS_H

#include "tui/state/tui.h"

/* Runs one line typed at the prompt. */
void commands_execute(struct tui *t, const char *line);
/*
 * Plays a move given as text (SAN or squares, "g1f3"), as if typed: at the
 * position shown, or kept as a premove while the engine thinks on its move.
 */
void commands_play_move(struct tui *t, const char *text);
/* Plays a premove kept while the engine thought, now that it has moved; a move no longer legal is dropped, said why. */
void commands_play_premove(struct tui *t, const char *text);
/* The i-th command's name, NULL past the last (for completion and help). */
const char *commands_name(int i);
/* The command a word names: its index, -1 for none, -2 when the prefix fits more than one. */
int commands_lookup(const char *word);

#endif
