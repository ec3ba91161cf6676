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
/* The comment of the move shown when it is marked ?!, ? or ?? (the coach's reason, after annotate); else NULL. */
const char *blind_mistake_comment(const struct tui *t);
/* The same for any node of g. */
const char *blind_node_mistake(const struct game *g, int node);
/* A sentence with moves in SAN as the game says it: in words in plain mode (for a screen reader), else as it is. */
void blind_say_moves(const struct tui *t, const char *text, char *out, size_t len);
/* clocks: both players' time, and whose is running. */
void blind_clocks(struct tui *t, const char *arg);
/* moves SQUARE: where the piece there may go. */
void blind_moves(struct tui *t, const char *arg);

#endif
