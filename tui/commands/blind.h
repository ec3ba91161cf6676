/*
 * The commands for a player who cannot see the board, as Lichess's blind mode
 * gives them: each answers on the status line in sentences (spoken.h), which
 * plain mode writes as a line of its own for a screen reader to read.
 */
#ifndef OUTPOST_TUI_BLIND_H
#define OUTPOST_TUI_BLIND_H

#include "tui/state/tui.h"

/* pieces [white|black] [KIND]: where the pieces of a kind stand, or every piece. */
void blind_pieces(struct tui *t, const char *arg);
/* scan FILE|RANK: what stands on a file (a to h) or a rank (1 to 8). */
void blind_scan(struct tui *t, const char *arg);
/* what SQUARE: what stands on a square. */
void blind_what(struct tui *t, const char *arg);
/* last: the last move in words. */
void blind_last(struct tui *t, const char *arg);
/* clocks: both players' time, and whose is running. */
void blind_clocks(struct tui *t, const char *arg);
/* moves SQUARE: where the piece there may go. */
void blind_moves(struct tui *t, const char *arg);

#endif
