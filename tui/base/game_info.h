/* What the front end reads off a game for people: whose names it holds, and a node's clocks, score and notes. */
#ifndef OUTPOST_TUI_GAME_INFO_H
#define OUTPOST_TUI_GAME_INFO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "notation/game.h"

/*
 * Does the game name players of its own (a game from a file, played
 * elsewhere)?  Not for a game played here, which says Site "Outpost" once
 * saved, nor for one whose players are unknown ("?"): those get You and
 * Outpost.
 */
bool game_info_players_named(const struct game *g);
/* The clock reading color's last move before node (node included) left, from its [%clk]; false when none says. */
bool game_info_clock_at(const struct game *g, int node, int color, int64_t *ms);
/*
 * White's expected score after node's move (0 .. 1): from its evaluation, or
 * from the rules where the game ends there (mate, stalemate); false when
 * nothing is known.
 */
bool game_info_white_score(const struct game *g, int node, double *out);
/* san with the suffixes of node's NAGs 1-6 ("Nf3?!"); the other NAGs are left to the PGN. */
void game_info_suffixed(const struct game *g, int node, const char *san, char *out, size_t len);
/* "Chess960 #123" (or "Chess960" from a start that is none of the 960) for a Chess960 game; "" for another. */
void game_info_variant(const struct game *g, char *buf, size_t len);
/* "12...Nf6?  -0.35  4:32 left  Better was d5." : node's move with what is noted on it; "" at the root. */
void game_info_note(const struct game *g, int node, char *buf, size_t len);

#endif
