/*
 * What a person types, through the real program in tmux: pastes, text the
 * locale cannot read, figurines, forgiving forms of moves and file names, the
 * commands' words and their messages.  Each test names the fault of issue 10
 * it keeps fixed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "term.h"

#define UTF8 "C.UTF-8"
#define PLAIN "C"
#define QUICK "--movetime 300 --hash 16 --threads 1"

static struct term term;

static void setup(void) { term_init(&term); }
static void teardown(void) { term_cleanup(&term); }

TestSuite(tui_input, .init = setup, .fini = teardown, .timeout = 90);

static void start(const char *locale, const char *args)
{
	term_start(&term, locale, "tmux-256color", 80, 24, args);
	term_expect(&term, "Moves");
}

static void enter(const char *line) { term_enter(&term, line); }
static void expect(const char *text) { term_expect(&term, text); }
static void said(const char *text) { term_expect_said(&term, text); }

static void expect_square(const char *name, const char *piece) { term_expect_square(&term, name, piece, false); }

static void refute(const char *text) { term_refute(&term, text); }

/* Point 1: a paste far longer than one burst of keys (256) arrives whole. */
Test(tui_input, a_4k_paste_loses_no_key)
{
	static char paste[4200];
	start(PLAIN, QUICK);
	for (int i = 0; i < 820; i++)
		strcat(paste, "flip\r"); /* 4100 bytes: a key lost anywhere turns a flip into an error or drops one */
	strcat(paste, "e4");
	term_type(&term, paste);
	expect("> e4");
	expect("a    b    c    d"); /* an even number of flips: White below again */
	refute("Unknown command");
	refute("not a move");
	refute("could be");
	expect_square("e1", "K");
}

/* Point 2: in the C locale, Ñf3 is refused whole instead of playing f3. */
Test(tui_input, text_the_c_locale_cannot_read_is_refused_whole)
{
	start(PLAIN, QUICK);
	enter("\u00d1f3");
	expect("cannot read, so nothing was done");
	expect("no moves yet");
	expect_square("f2", "P");
	expect_square("f3", " ");
	enter("\u2658f3");
	expect("cannot read, so nothing was done");
	expect_square("g1", "N");
}

/* Point 2: in UTF-8, figurine SAN is a move, and a message quotes a character whole. */
Test(tui_input, figurines_are_moves_and_messages_quote_whole_characters)
{
	start(UTF8, QUICK);
	enter("\u00d1f3");
	expect("\u00d1f3 is not a move: \u00d1 is not a piece");
	enter("\u2658f3");
	expect("1. Nf3");
	expect("Outpost played");
}

/* Point 9: lowercase piece letters, moves in capitals, and Kg1 for castling. */
Test(tui_input, moves_as_people_type_them)
{
	start(PLAIN, QUICK);
	enter("nf3");
	expect("1. Nf3");
	expect("Outpost played");
	enter("new");
	expect("no moves yet");
	enter("E2E4");
	expect("1. e4");
	expect("Outpost played");
	enter("new");
	expect("no moves yet");
	enter("E4");
	expect("1. e4");
	enter("setup r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
	expect("Position set up");
	enter("Kg1");
	expect("Did you mean O-O?");
}

/* Point 9: a FEN of the board alone is completed, and the message says how. */
Test(tui_input, a_board_alone_is_a_fen)
{
	start(PLAIN, QUICK);
	enter("setup 4k3/8/8/8/8/8/8/R3K3");
	said("Position set up; White to move (only the board given: castling Q, no en passant).");
	expect_square("a1", "R");
	enter("fen");
	expect("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
}

/* Point 9: ~ in a file name is the home folder; point 10: saving over a file asks first. */
Test(tui_input, tilde_is_home_and_save_asks_before_replacing)
{
	start(PLAIN, QUICK);
	enter("e4");
	expect("Outpost played");
	enter("save ~/first.pgn");
	expect("Saved the game to ~/first.pgn.");
	char *text = term_read_file(&term, "first.pgn");
	cr_assert(text && strstr(text, "1. e4"), "nothing at ~/first.pgn");
	free(text);
	term_write_file(&term, "mine.pgn", "keep me\n");
	enter("save ~/mine.pgn");
	expect("~/mine.pgn exists. Replace it with this game? (y/n)");
	term_type(&term, "n");
	expect("Not saved: ~/mine.pgn is as it was.");
	text = term_read_file(&term, "mine.pgn");
	cr_assert_str_eq(text, "keep me\n");
	free(text);
	enter("save ~/mine.pgn");
	expect("Replace it");
	term_type(&term, "y");
	expect("Saved the game to ~/mine.pgn.");
	text = term_read_file(&term, "mine.pgn");
	cr_assert(text && strstr(text, "1. e4"), "not replaced: %s", text ? text : "(none)");
	free(text);
	enter("new");
	expect("no moves yet");
	enter("load ~/first.pgn");
	expect("Loaded ~/first.pgn");
	expect("1. e4");
}

/* Point 10: what ends or replaces a game needs its whole word; a short prefix lists what it could mean. */
Test(tui_input, commands_that_end_a_game_need_their_whole_word)
{
	start(PLAIN, QUICK);
	enter("d");
	expect("Type 'draw' in full: it ends or replaces the game.");
	enter("s");
	expect("'s' could be side, setup, save, score, safety or scan: type more of it.");
	enter("h");
	expect("'h' could be hint or help: type more of it.");
	enter("f");
	expect("'f' could be flip or fen: type more of it.");
	enter("r");
	expect("'r' could be redo, resign or retry: type more of it.");
	enter("n");
	expect("Type 'new' in full");
	enter("threads 2");
	expect("Unknown command: threads (help lists the commands).");
	enter("resign");
	expect("Black wins: White resigned.");
}

/* Point 8: each message says what is true, whole. */
Test(tui_input, messages_are_true_and_complete)
{
	start(PLAIN, QUICK);
	enter("nd2");
	expect("Nd2: your own pawn stands on d2");
	enter("e2e5");
	expect("e2e5: the pawn on e2 cannot move to e5");
	enter("load /tmp");
	expect("cannot read /tmp: Is a directory");
	enter("save ~/no/such/folder/x.pgn");
	expect("Not saved: cannot write ");
	said("/no/such/folder/x.pgn: No such file or directory");
	refute(".tmp");
	/* A message longer than the line wraps and is read to its end. */
	char line[300];
	snprintf(line, sizeof line, "load ~/%s/%s.pgn", "a-folder-that-is-not-there-with-a-long-name",
	         "and-a-file-with-an-even-longer-name-in-it-too");
	enter(line);
	said("even-longer-name-in-it-too.pgn: No such file or directory");
	enter("setup k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
	expect("Position set up");
	enter("e8");
	said("Did you mean e8=B or e8=N or e8=Q+ or e8=R+?");
}

/* A level is named by the rating it plays: `level 1000` is the level rated 1000 (elo 1000), not an error. */
Test(tui_input, a_level_typed_as_its_rating_is_that_elo)
{
	start(PLAIN, QUICK);
	enter("level 1000");
	said("elo is now 1000");
	expect("Outpost (1000 Elo)");
	enter("level 5");
	said("level is now 5");
	expect("Outpost (1300 Elo)");
	enter("level 5x");
	said("level must be a whole number");
	enter("level 99");
	said("level must be a whole number from 0 to 20");
}
