/*
 * The terminal as other curses programs treat it (issue 10, point 11),
 * through the real program in tmux: Ctrl-Z and fg, keys on the too-small
 * screen, and plain mode for a dumb terminal or on request, tested like the
 * full screen.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "rules/clock.h"
#include "term.h"

#define PLAIN "C"
#define QUICK "--movetime 300 --hash 16 --threads 1"

static struct term term;

static void setup(void) { term_init(&term); }
static void teardown(void) { term_cleanup(&term); }

TestSuite(tui_terminal, .init = setup, .fini = teardown, .timeout = 90);

static void enter(const char *line) { term_enter(&term, line); }
static void expect(const char *text) { term_expect(&term, text); }
static void said(const char *text) { term_expect_said(&term, text); }

static void refute(const char *text) { term_refute(&term, text); }

/* The seconds the person's clock shows ("You ... 0:57"), or -1. */
static int persons_clock(void)
{
	const char *you = strstr(term_capture(&term), " You ");
	const char *colon = you ? strchr(you, ':') : NULL;
	return colon && colon - you < 60 ? atoi(colon - 1) * 60 + atoi(colon + 1) : -1;
}

/* Ctrl-Z stops the game as a shell job, no clock runs meanwhile, and fg brings the screen back. */
Test(tui_terminal, ctrl_z_suspends_and_fg_restores_the_screen)
{
	char line[1024];
	term_start_shell(&term, PLAIN, "tmux-256color", 80, 24);
	expect("outpost-shell$");
	snprintf(line, sizeof line, "'%s' --time 1+0 --hash 16 --threads 1", term_program());
	enter(line);
	expect("Moves");
	enter("e4");
	expect("Outpost played");
	int before = persons_clock();
	cr_assert_gt(before, 50, "the clock:\n%s", term.screen);
	term_key(&term, "C-z");
	expect("Stopped");
	long long t0 = monotonic_ms();
	while (monotonic_ms() - t0 < 3000)
		term_capture(&term);
	enter("fg");
	expect("Moves");
	expect("1. e4");
	int after = persons_clock();
	cr_assert_geq(after, before - 1, "the clock ran while the game was stopped: %d s, then %d s", before, after);
	enter("d4");
	expect("2. d4");
}

/* On the too-small screen nothing typed is run blind; Ctrl-C there quits at once, keeping the game. */
Test(tui_terminal, keys_on_the_too_small_screen_are_not_run)
{
	term_start(&term, PLAIN, "tmux-256color", 80, 24, QUICK);
	expect("Moves");
	term_resize(&term, 40, 12);
	expect("Terminal too small");
	expect("Keys typed now are dropped");
	enter("e4");
	enter("resign");
	term_resize(&term, 80, 24);
	expect("Moves");
	expect("no moves yet");
	refute("resigned");
	refute("> e4");
	term_resize(&term, 40, 12);
	expect("Terminal too small");
	expect("Ctrl-C quits");
	term_key(&term, "C-c");
	cr_assert(term_wait_exit(&term, TERM_WAIT), "still running after Ctrl-C");
}

/* TERM=dumb gets plain text: a board of letters, moves as lines, the same prompt and commands. */
Test(tui_terminal, a_dumb_terminal_gets_plain_mode)
{
	term_start(&term, PLAIN, "dumb", 80, 40, QUICK);
	expect("Moves: none yet.");
	expect("8  r n b q k b n r");
	expect("1  R N B Q K B N R");
	expect("White  You  (to move)");
	enter("e4");
	expect("1. e4");
	expect("1... ");
	expect("4  . . . . P . . .");
	expect("Outpost played");
	enter("d");
	expect("Type 'draw' in full");
	enter("?");
	expect("undo / redo");
	enter("undo");
	expect("Took back your last move.");
	expect("Moves: none yet.");
	enter("d4");
	expect("1. d4");
	term_key(&term, "C-c");
	expect("Quit? Your game is saved");
	enter("y");
	cr_assert(term_wait_exit(&term, TERM_WAIT), "still running after y");
	char *saved = term_read_file(&term, "data/outpost/current.pgn");
	cr_assert(saved && strstr(saved, "1. d4"), "the game was not kept: %s", saved ? saved : "(none)");
	free(saved);
}

/* --plain asks for it on any terminal; a black player's board is turned, and the analysis comes as lines. */
Test(tui_terminal, plain_on_request_with_the_board_turned_for_black)
{
	term_start(&term, PLAIN, "tmux-256color", 80, 40, QUICK " --plain --black");
	expect("1  R N B K Q B N R");
	expect("   h g f e d c b a");
	expect("Outpost played");
	expect("1. ");
	said("Black  You  (to move)");
	enter("analyze");
	expect("Analysis, depth ");
	enter("analyze");
	expect("Analysis off.");
	enter("quit");
	cr_assert(term_wait_exit(&term, TERM_WAIT), "still running after quit");
}
