/*
 * The game as plain lines of text, for a terminal curses cannot drive, a
 * screen reader or a pipe: a board of letters, the moves one a line, the
 * analysis and the messages.  Each function writes whole lines to out.
 */
#ifndef OUTPOST_TUI_PLAIN_VIEW_H
#define OUTPOST_TUI_PLAIN_VIEW_H

#include <stdio.h>

#include "tui/state/tui.h"

/* The board (letters, '.' for an empty square, the person's side below) between the two players and clocks. */
void plain_view_board(const struct tui *t, FILE *out);
/* Ply i of the move list as a line: "1. e4" or "1... e5". */
void plain_view_ply(const struct tui *t, int i, FILE *out);
/* The moves played so far on one line: "Moves: 1. e4 e5 2. Nf3", or that there are none. */
void plain_view_moves(const struct tui *t, FILE *out);
/* The engine's lines for the person's position: "Analysis, depth 14: +0.35 1. e4 e5 2. Nf3", one a line. */
void plain_view_analysis(const struct tui *t, FILE *out);
/* The status message. */
void plain_view_message(const struct tui *t, FILE *out);
/* The commands and keys. */
void plain_view_help(FILE *out);

#endif
