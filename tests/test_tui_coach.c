/*
 * The coach in the real program, through tmux (issue 33): the threat read before a move, and the safety net that
 * asks once before a move that throws the game away.
 */
#include <stdio.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "term.h"

#define QUICK "--movetime 300 --hash 16 --threads 1"

static struct term term;

static void setup(void) { term_init(&term); }
static void teardown(void) { term_cleanup(&term); }

TestSuite(tui_coach, .init = setup, .fini = teardown, .timeout = 120);

static void start(const char *args)
{
	term_start(&term, "C", "tmux-256color", 100, 30, args);
	term_expect(&term, "Moves");
}

Test(tui_coach, threat_says_the_mate_the_opponent_threatens)
{
	start(QUICK);
	term_enter(&term, "setup r1b1k1nr/pppp1ppp/2n5/2b1p3/2B1P2q/3P4/PPP2PPP/RNBQK1NR w KQkq - 0 5");
	term_expect(&term, "Position set up; White to move");
	term_enter(&term, "threat");
	term_expect_said(&term, "Black threatens 5... Qxf2#, mate.");
	term_expect(&term, "Black threatens 5... Qxf2#"); /* and in the panel, while the position stands */
}

Test(tui_coach, threat_is_not_read_in_check)
{
	start(QUICK);
	term_enter(&term, "setup 4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
	term_expect(&term, "Position set up; White to move");
	term_enter(&term, "threat");
	term_expect_said(&term, "No threat to read: White is in check.");
}

Test(tui_coach, the_safety_net_asks_once_before_a_blunder_and_is_off_by_default)
{
	start(QUICK);
	term_enter(&term, "setup 4k2r/ppp2ppp/8/8/8/7Q/PPP2PPP/4K2R w K - 0 16");
	term_expect(&term, "Position set up; White to move");
	term_enter(&term, "safety");
	term_expect_said(&term, "safety is no");
	term_enter(&term, "safety on");
	term_expect_said(&term, "safety is now yes");
	term_enter(&term, "Qxh7");
	term_expect_said(&term, "Careful: Qxh7 puts the queen where the rook on h8 takes it, a hanging piece: you lose "
	                        "the queen for a pawn. Play it all the same? (y/n)");
	term_type(&term, "n");
	term_expect_said(&term, "Nothing played: think again.");
	term_expect_square(&term, "h3", "Q", false);
	term_enter(&term, "Qxh7");
	term_expect_said(&term, "(y/n)");
	term_type(&term, "y");
	term_expect_said(&term, "You played Qxh7");
	term_expect(&term, "16. Qxh7");
}

Test(tui_coach, a_good_move_passes_the_net_without_a_question)
{
	start(QUICK);
	term_enter(&term, "setup 4k2r/ppp2ppp/8/8/8/7Q/PPP2PPP/4K2R w K - 0 16");
	term_expect(&term, "Position set up; White to move");
	term_enter(&term, "safety on");
	term_expect_said(&term, "safety is now yes");
	term_enter(&term, "O-O");
	term_expect_said(&term, "You played O-O");
}
