/*
 * Chess960 in the terminal, through the real program in tmux: a game started by number, both castlings played,
 * one taken back and the other played, the game saved and resumed as Chess960; `new 960` and its mistakes; the
 * king clicked onto its rook; plain mode naming the start.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "term.h"

#define PLAIN "C"
/* A full-strength engine with half a minute a move: it never answers before `side` takes its turn away. */
#define PATIENT "--level 20 --movetime 30000 --hash 16 --threads 1"
#define QUICK "--movetime 300 --hash 16 --threads 1"

static struct term term;

static void setup(void) { term_init(&term); }
static void teardown(void) { term_cleanup(&term); }
TestSuite(tui_chess960, .init = setup, .fini = teardown, .timeout = 120);

static void start(const char *args)
{
	term_start(&term, PLAIN, "tmux-256color", 80, 24, args);
	term_expect(&term, "Moves");
}

static void enter(const char *line) { term_enter(&term, line); }
static void expect(const char *text) { term_expect(&term, text); }
static void said(const char *text) { term_expect_said(&term, text); }
static void square(const char *name, const char *piece) { term_expect_square(&term, name, piece, false); }

/* The person plays a move for the side to move, then takes the other side, so that they play both. */
static void play_both(const char *move, const char *then)
{
	enter(move);
	expect("Outpost is thinking");
	char side[32];
	snprintf(side, sizeof side, "side %s", then);
	enter(side);
	said("Outpost stopped thinking");
}

/* Start 2 is BQNNRBKR: short castling leaves the king on g1, long takes it to c1 across its e1 rook. */
Test(tui_chess960, a_game_by_number_castles_both_ways_takes_back_and_resumes)
{
	start("--chess960 2 " PATIENT);
	expect("Chess960 #2");
	said("Chess960, start position 2: you play White.");
	square("a1", "B");
	square("e1", "R");
	square("g1", "K");
	static const char *const moves[] = { "g3", "g6", "Bg2", "Bg7", "Nb3", "Nb6", "Ne3", "Ne6" };
	for (int i = 0; i < 8; i++)
		play_both(moves[i], i % 2 ? "white" : "black");
	enter("O-O-O");
	expect("Outpost is thinking");
	square("c1", "K");
	square("d1", "R");
	square("e1", " ");
	square("g1", " ");
	enter("undo");
	said("Took back your move; Outpost stopped thinking.");
	square("g1", "K");
	square("e1", "R");
	enter("O-O");
	expect("5. O-O");
	square("g1", "K");
	square("f1", "R");
	square("h1", " ");
	/* Saved as it stands; resumed, still Chess960, and the engine plays on. */
	enter("quit");
	cr_assert(term_wait_exit(&term, TERM_WAIT), "still running after quit");
	char *saved = term_read_file(&term, "data/outpost/current.pgn");
	cr_assert_not_null(saved, "no autosave");
	cr_expect(strstr(saved, "[Variant \"Chess960\"]") && strstr(saved, "5. O-O"), "%s", saved);
	free(saved);
	term_stop(&term);
	start(QUICK);
	expect("Resumed your game");
	expect("Chess960 #2");
	square("f1", "R");
	expect("Outpost played");
}

Test(tui_chess960, new_960_by_number_at_random_and_its_mistakes)
{
	start(QUICK);
	enter("new 960 960");
	said("new 960 takes a start position's number from 0 to 959 (518 is the standard one); not '960'.");
	enter("new 961x");
	said("new takes nothing, or 960 and a start position's number (0 to 959)");
	enter("new 960 0");
	said("New Chess960 game, start position 0: you play White.");
	expect("Chess960 #0");
	square("a1", "B");
	square("c1", "Q");
	square("g1", "K");
	enter("new 960");
	said("New Chess960 game, start position ");
	enter("new");
	said("New game: you play White.");
	term_wait_gone(&term, "Chess960", TERM_WAIT);
	cr_expect(!strstr(term_capture(&term), "Chess960"), "a standard game names no start:\n%s", term.screen);
}

/* The king picked up and put on its own rook castles, as Chess960's GUIs play it. */
Test(tui_chess960, the_king_clicked_onto_its_rook_castles)
{
	start("--fen '1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1' " QUICK);
	expect("Chess960");
	term_mouse_square(&term, true, "g1", false, false);
	term_mouse_square(&term, false, "g1", false, false);
	term_mouse_square(&term, true, "b1", false, false);
	term_mouse_square(&term, false, "b1", false, false);
	expect("1. O-O-O");
	square("c1", "K");
	square("d1", "R");
	square("b1", " ");
}

/* Plain mode names the start beside the moves, at the start and each time it says the whole line again. */
Test(tui_chess960, plain_mode_names_the_start)
{
	term_start(&term, PLAIN, "tmux-256color", 200, 40, "--chess960 518 --plain " QUICK);
	expect("Moves (Chess960 #518): none yet.");
	enter("e4");
	expect("Outpost played");
	enter("new 960 7");
	expect("Moves (Chess960 #7): none yet.");
}
