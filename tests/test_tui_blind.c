/*
 * The blind mode's commands through the real program in tmux, their exact
 * words: in plain mode (lines for a screen reader) and at the board view's
 * prompt (the status line).  tests/test_spoken.c holds the sentences' cases.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "term.h"

#define QUICK "--movetime 300 --hash 16 --threads 1 --book off"

static struct term term;

static void setup(void) { term_init(&term); }
static void teardown(void) { term_cleanup(&term); }

TestSuite(tui_blind, .init = setup, .fini = teardown, .timeout = 90);

static void said(const char *text) { term_expect_said(&term, text); }

/* In plain mode each answer is a line of its own, words only. */
Test(tui_blind, plain_mode_says_the_board_in_words)
{
	term_start(&term, "C", "tmux-256color", 200, 40, QUICK " --plain"); /* wide: no answer is cut */
	term_expect(&term, "Moves: none yet.");
	term_enter(&term, "pieces knight");
	term_expect(&term, "\nWhite knights: b1 and g1. Black knights: b8 and g8.");
	term_enter(&term, "p B");
	term_expect(&term, "\nWhite bishops: c1 and f1. Black bishops: c8 and f8.");
	term_enter(&term, "pieces black queen");
	term_expect(&term, "\nBlack queen: d8.");
	term_enter(&term, "scan e");
	term_expect(&term, "\nFile e: white king on e1, white pawn on e2, black pawn on e7 and black king on e8. "
	                   "The rest is empty.");
	term_enter(&term, "scan 4");
	term_expect(&term, "\nRank 4 is empty.");
	term_enter(&term, "what e2");
	term_expect(&term, "\ne2: white pawn.");
	term_enter(&term, "what e4");
	term_expect(&term, "\ne4 is empty.");
	term_enter(&term, "last");
	term_expect(&term, "\nNo move has been played yet; White is to move.");
	term_enter(&term, "clocks");
	term_expect(&term, "\nThis game is played without clocks.");
	term_enter(&term, "moves g1");
	term_expect(&term, "\nKnight on g1 can go to f3 and h3.");
	term_enter(&term, "moves e1");
	term_expect(&term, "\nKing on e1 cannot move.");
	term_enter(&term, "what z9");
	term_expect(&term, "what takes a square, as in: what e4.");
	term_enter(&term, "pieces dragon");
	term_expect(&term, "dragon is not a kind of piece");
	term_enter(&term, "moves g8");
	term_expect(&term, "\nKnight on g8 is Black's: it is White's turn.");
}

/* The last move and the clocks, after moves with clocks running. */
Test(tui_blind, plain_mode_says_the_last_move_and_the_clocks)
{
	term_start(&term, "C", "tmux-256color", 200, 40, QUICK " --plain --time 5+0");
	term_expect(&term, "Moves: none yet.");
	term_enter(&term, "clocks");
	term_expect(&term, "\nWhite has 5 minutes, Black has 5 minutes. Neither clock is running.");
	term_enter(&term, "Nf3");
	term_expect(&term, "Outpost played");
	term_enter(&term, "last");
	term_expect(&term, "\nBlack played ");
	term_enter(&term, "clocks");
	term_expect(&term, "White's clock is running.");
	term_expect(&term, "\nWhite has 4 minutes 5");
}

/* At the board view's prompt the answer is on the status line. */
Test(tui_blind, the_board_view_prompt_answers_on_the_status_line)
{
	term_start(&term, "C.UTF-8", "tmux-256color", 80, 24, QUICK);
	term_expect(&term, "Moves");
	term_enter(&term, "pieces knight");
	said("White knights: b1 and g1. Black knights: b8 and g8.");
	term_enter(&term, "scan e");
	said("File e: white king on e1, white pawn on e2, black pawn on e7 and black king on e8. The rest is empty.");
	term_enter(&term, "what g8");
	said("g8: black knight.");
	term_enter(&term, "moves g1");
	said("Knight on g1 can go to f3 and h3.");
	term_enter(&term, "e4");
	term_expect(&term, "Outpost played");
	term_enter(&term, "last");
	said("Black played ");
	term_enter(&term, "clocks");
	said("This game is played without clocks.");
	term_enter(&term, "setup 4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
	term_expect(&term, "Position set up");
	term_enter(&term, "moves e1");
	said("King on e1 can go to d1, f1, d2, e2 and f2, and castle queenside.");
	term_enter(&term, "Ra8");
	term_expect(&term, "Outpost played");
	term_key(&term, "Left"); /* stepped back: the move that led to the position shown */
	term_expect(&term, "Stepping through the game");
	term_enter(&term, "last");
	said("White played rook from a1 to a8, check.");
}
