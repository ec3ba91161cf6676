/* A move made while the engine thinks: kept, shown, and handed back to be played once the engine has moved. */
#ifndef OUTPOST_TUI_PREMOVE_H
#define OUTPOST_TUI_PREMOVE_H

#include "tui/state/tui.h"

/* Would a move made now be a premove?  The game in play is the engine's to move, and it is thinking on it. */
bool premove_wanted(const struct tui *t);
/*
 * Keeps text (a move as typed, or the squares clicked as "g1f3") to play
 * after the engine's move, in place of any kept before, and says so; from and
 * to are the squares clicked, or -1 to find them from the text.  A text that
 * is no move at all is refused with the reason (false).
 */
bool premove_keep(struct tui *t, const char *text, int from, int to);
/* Forgets the premove; says so on the status line when say and there was one.  Returns whether there was. */
bool premove_cancel(struct tui *t, bool say);
/* Is the kept premove's turn here (the engine has moved, the game goes on)?  Then premove_take hands it over. */
bool premove_due(const struct tui *t);
/* The kept premove's text, into text (len bytes), forgotten here. */
void premove_take(struct tui *t, char *text, size_t len);
/* Could a piece of this kind and colour go from `from` to `to` on some board (its way of moving alone)? */
bool premove_reachable(int piece, int from, int to);

#endif
