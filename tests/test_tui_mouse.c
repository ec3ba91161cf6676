/*
 * The mouse and premoves, through the real program in tmux: the terminal's
 * own mouse reports are sent (X10 style for TERM=tmux-256color, SGR 1006 for
 * xterm-256color, as ncurses asks each for), for a move by two clicks, a
 * drag, the board turned and resized, clicks off the board, and premoves made
 * while the engine thinks: played after its reply, dropped when not legal,
 * cancelled by Esc and by undo.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "term.h"

#define UTF8 "C.UTF-8"
#define QUICK "--movetime 300 --hash 16 --threads 1 --book off"
/* The engine thinks a good while on each move, long enough to make a premove. */
#define SLOW "--level 20 --movetime 6000 --hash 16 --threads 1 --book off"

static struct term term;

static void setup(void) { term_init(&term); }
static void teardown(void) { term_cleanup(&term); }

TestSuite(tui_mouse, .init = setup, .fini = teardown, .timeout = 90);

static void start(const char *termname, int cols, int lines, const char *args)
{
	term_start(&term, UTF8, termname, cols, lines, args);
	term_expect(&term, "Moves");
}

static void click(const char *square, bool flipped, bool sgr)
{
	term_mouse_square(&term, true, square, flipped, sgr);
	term_mouse_square(&term, false, square, flipped, sgr);
}


/* Polls the styled screen until it holds a square's background colour (the 256-colour escape). */
static bool styled_has(const char *escape)
{
	static char styled[65536];
	for (int i = 0; i < 100; i++) {
		term_capture_styled(&term, styled, sizeof styled);
		if (strstr(styled, escape))
			return true;
		usleep(50000);
	}
	return false;
}

/* Waits for the engine's reply (it thinks SLOW's six seconds, more on a loaded machine). */
static void wait_reply(void)
{
	cr_assert(term_wait(&term, "Outpost played", 30000), "no reply from the engine:\n%s", term.screen);
}

#define PICKED_BG "48;5;71m"   /* the picked piece's square (tui/views/paint.c) */
#define PREMOVE_BG "48;5;103m" /* a premove's squares */

/* Pressed on one square, the piece seen lifted, released on another, as a hand drags it. */
static void drag(const char *from, const char *to, bool flipped, bool sgr)
{
	term_mouse_square(&term, true, from, flipped, sgr);
	cr_assert(styled_has(PICKED_BG), "the piece pressed on is not lit");
	term_mouse_square(&term, false, to, flipped, sgr);
}

Test(tui_mouse, a_click_on_a_piece_then_on_a_square_plays_the_move)
{
	start("tmux-256color", 80, 24, QUICK);
	click("g1", false, false);
	cr_expect(styled_has(PICKED_BG), "the knight picked up is not lit");
	term_expect_square(&term, "f3", "\u00b7", false); /* a dot where it may go */
	term_expect_square(&term, "h3", "\u00b7", false);
	cr_expect_str_eq(term_square(&term, "g3", false), " ");
	click("f3", false, false);
	term_expect(&term, "1. Nf3");
	term_expect_square(&term, "f3", "\u2658", false);
	term_expect_square(&term, "g1", " ", false);
	term_expect(&term, "Outpost played");
}

/* A press and its release read at once (ncurses hands over the release alone) still make a click. */
Test(tui_mouse, a_click_read_in_one_piece_is_a_click)
{
	start("xterm-256color", 80, 24, QUICK);
	term_click_at_once(&term, "b1", false, true);
	term_click_at_once(&term, "c3", false, true);
	term_expect(&term, "1. Nc3");
}

Test(tui_mouse, a_drag_plays_the_move_in_sgr_reports_too)
{
	start("xterm-256color", 80, 24, QUICK);
	drag("e2", "e4", false, true);
	term_expect(&term, "1. e4");
	term_expect_square(&term, "e4", "\u2659", false);
	term_expect(&term, "Outpost played");
}

/* Black at the bottom, then a larger terminal: the squares are found where they are drawn now. */
Test(tui_mouse, the_board_turned_and_resized_is_clicked_where_it_is_drawn)
{
	start("tmux-256color", 80, 24, QUICK);
	term_enter(&term, "side black");
	term_expect(&term, "Outpost played");
	drag("b8", "c6", true, false);
	term_expect(&term, "Nc6");
	term_expect_square(&term, "c6", "\u265e", true);
	term_expect(&term, "2. "); /* the engine's reply (a level answers at once here) may take the status line */
	term_resize(&term, 90, 36);
	term_expect(&term, "Moves");
	usleep(300000);
	click("g8", true, false);
	click("f6", true, false);
	term_expect(&term, "Nf6");
	term_expect_square(&term, "f6", "\u265e", true);
}

/* Off the board, on the panel, the labels, an empty square, the other side's piece: nothing is played. */
Test(tui_mouse, odd_clicks_play_nothing_and_a_wrong_square_says_why)
{
	start("tmux-256color", 80, 24, QUICK);
	term_mouse(&term, true, 2, 60, false); /* the panel */
	term_mouse(&term, false, 2, 60, false);
	term_mouse(&term, true, 16, 0, false); /* a rank label */
	term_mouse(&term, false, 16, 0, false);
	click("e4", false, false); /* empty */
	click("e7", false, false); /* Black's pawn */
	term_expect_said(&term, "The pawn on e7 is Black's: pick up one of White's pieces.");
	click("g1", false, false);
	term_mouse(&term, true, 2, 60, false); /* the panel puts the knight down */
	term_mouse(&term, false, 2, 60, false);
	click("f3", false, false); /* nothing is picked up now */
	usleep(300000);
	term_capture(&term);
	term_refute(&term, "1. ");
	/* A square the piece cannot reach: not played, and the message says why; the next move is fine. */
	click("g1", false, false);
	click("g4", false, false);
	term_expect_said(&term, "g1g4: ");
	term_expect_square(&term, "g1", "\u2658", false);
	click("b1", false, false);
	click("d1", false, false); /* one's own piece picks that one up instead */
	click("d1", false, false); /* a click on the piece picked puts it down */
	click("c3", false, false);
	usleep(300000);
	term_capture(&term);
	term_refute(&term, "1. ");
	term_click_at_once(&term, "b1", false, false); /* X10 reports read together, too */
	term_click_at_once(&term, "c3", false, false);
	term_expect(&term, "1. Nc3");
}

Test(tui_mouse, a_premove_made_while_the_engine_thinks_is_played_after_its_reply)
{
	start("tmux-256color", 80, 24, SLOW);
	term_enter(&term, "e4");
	term_expect(&term, "1. e4");
	click("g1", false, false);
	click("f3", false, false);
	term_expect_said(&term, "Premove g1f3: played as soon as Outpost has moved, if it is legal then (Esc cancels it).");
	cr_expect(styled_has(PREMOVE_BG), "the premove's squares are not lit");
	term_expect_square(&term, "g1", "\u2658", false); /* not played yet */
	/* A square the piece never reaches is refused at once; the premove made stays, and is said. */
	click("f1", false, false);
	click("f4", false, false);
	term_expect_said(&term, "Premove g1f3 (Esc cancels). No premove: a bishop on f1 never goes to f4.");
	wait_reply();
	term_expect_said(&term, "Your premove: you played Nf3.");
	term_expect(&term, "2. Nf3");
	term_expect_square(&term, "f3", "\u2658", false);
}

Test(tui_mouse, esc_cancels_a_premove_and_one_not_legal_then_is_dropped)
{
	start("tmux-256color", 80, 24, SLOW);
	term_enter(&term, "d4");
	term_expect(&term, "1. d4");
	term_enter(&term, "Nf3");
	term_expect_said(&term, "Premove Nf3: played as soon as Outpost has moved");
	term_key(&term, "Escape");
	term_expect_said(&term, "Premove Nf3 cancelled.");
	wait_reply();
	usleep(500000);
	term_capture(&term);
	term_refute(&term, "Your premove");
	term_expect_square(&term, "g1", "\u2658", false);
	/* Typed while the engine thinks, not legal after its move: dropped, and the message says why. */
	term_enter(&term, "e4");
	term_expect(&term, "2. e4");
	term_enter(&term, "Ke3");
	term_expect_said(&term, "Premove Ke3");
	wait_reply();
	term_expect_said(&term, "Your premove is dropped, not legal now (Ke3: no king can move to e3).");
	term_expect_square(&term, "e1", "\u2654", false);
	/* Undo cancels one too. */
	term_enter(&term, "c4");
	term_expect(&term, "3. c4");
	term_enter(&term, "Nc3");
	term_expect_said(&term, "Premove Nc3");
	term_enter(&term, "undo");
	term_expect_said(&term, "Took back your move; Outpost stopped thinking.");
	usleep(300000);
	term_capture(&term);
	term_refute(&term, "Premove Nc3");
}

/* Plain mode keeps a premove typed while the engine thinks too, and says what became of it. */
Test(tui_mouse, plain_mode_keeps_a_typed_premove)
{
	term_start(&term, "C", "tmux-256color", 200, 40, SLOW " --plain");
	term_expect(&term, "Moves: none yet.");
	term_enter(&term, "e4");
	term_expect(&term, "You played e4.");
	term_enter(&term, "Nf3");
	term_expect(&term, "\nPremove Nf3: played as soon as Outpost has moved, if it is legal then.\n");
	wait_reply();
	term_expect(&term, ". Your premove: you played Nf3.");
	term_expect(&term, "\n2. Nf3");
}
