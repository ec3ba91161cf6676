/*
 * The game with the system's chess files: the opening book's move and the
 * opening's name shown as the game goes on, and written into saved games.
 * The tests bring their own book and ECO file (OUTPOST_ECO), so they hold on
 * any machine.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "book_helper.h"
#include "rules/position.h"
#include "term.h"

#define QUICK "--movetime 300 --hash 16 --threads 1"
#define WAIT 8000

static struct term term;

static void setup(void)
{
	position_init();
	term_init(&term);
}
static void teardown(void) { term_cleanup(&term); }
TestSuite(tui_books, .init = setup, .fini = teardown, .timeout = 90);

static void enter(const char *line)
{
	term_type(&term, line);
	term_key(&term, "Enter");
}

static void expect(const char *text)
{
	cr_assert(term_wait(&term, text, WAIT), "'%s' never appeared; the screen:\n%s", text, term.screen);
}

static const char eco_text[] = "[ECO \"B00\"]\n[Opening \"King's pawn opening\"]\n\n1. e4 *\n\n"
                               "[ECO \"C20\"]\n[Opening \"King's pawn game\"]\n\n1. e4 e5 *\n\n"
                               "[ECO \"C44\"]\n[Opening \"King's pawn game\"]\n[Variation \"by transposition\"]\n\n"
                               "1. e4 e5 2. Nf3 Nc6 *\n";

/* Starts the game with a book of one reply to 1. e4 and the small ECO file above. */
static void start_with_book(const char *extra)
{
	const struct test_book_entry entries[] = { { NULL, "e2e4", "e7e5", 40 }, { NULL, "g1f3", "b8c6", 7 } };
	char book[512], eco[512], args[1024];
	snprintf(book, sizeof book, "%s/book.bin", term.dir);
	test_write_book(book, entries, 2);
	term_write_file(&term, "eco.pgn", eco_text);
	snprintf(eco, sizeof eco, "%s/eco.pgn", term.dir);
	setenv("OUTPOST_ECO", eco, 1); /* the tmux server started for the test passes it on */
	snprintf(args, sizeof args, "%s --book %s %s", QUICK, book, extra);
	term_start(&term, "C.UTF-8", "tmux-256color", 80, 24, args);
	expect("Moves");
}

Test(tui_books, the_book_move_and_the_opening_show_and_are_saved)
{
	start_with_book("");
	enter("e4");
	expect("Moves  B00 King's pawn opening");
	expect("book: e5 (weight 40, 100%)");
	expect("Outpost played e5");
	expect("Moves  C20 King's pawn game");
	/* Out of the book, the engine searches; a transposition still finds its name. */
	enter("Nf3");
	expect("Outpost played");
	char cmd[600];
	snprintf(cmd, sizeof cmd, "save %s/saved.pgn", term.dir);
	enter(cmd);
	expect("Saved the game");
	char *text = term_read_file(&term, "saved.pgn");
	cr_assert_not_null(text);
	cr_expect(strstr(text, "[ECO \"C") && strstr(text, "[Opening \"King's pawn game\"]"), "%s", text);
	free(text);
}

/*
 * 1. Nf3 Nc6 2. e4 e5 reaches the position of 1. e4 e5 2. Nf3 Nc6 by another
 * road: found by position, and still the deepest name two moves later.
 */
Test(tui_books, transpositions_are_named)
{
	term_write_file(&term, "trans.pgn", "1. Nf3 Nc6 2. e4 e5 3. Bc4 Bc5 *\n");
	char extra[600];
	snprintf(extra, sizeof extra, "--pgn %s/trans.pgn", term.dir);
	start_with_book(extra);
	expect("Moves  C44 King's pawn game, by tra");
	enter("new");
	expect("(no moves yet)");
	cr_expect(!strstr(term.screen, "C44"), "a new game has no name yet:\n%s", term.screen);
}

Test(tui_books, book_command_and_a_bad_book)
{
	start_with_book("");
	enter("book /nonexistent/book.bin");
	expect("Book not changed: /nonexistent/book.bin: No such file or directory");
	enter("book off");
	expect("book is now off");
	enter("book");
	expect("book is off");
	char *conf = term_read_file(&term, "config/outpost/outpost.conf");
	cr_assert_not_null(conf);
	cr_expect(strstr(conf, "\nbook = off\n") != NULL, "%s", conf);
	free(conf);
}

Test(tui_books, a_bad_book_at_start_is_said_and_the_game_goes_on)
{
	start_with_book("--book /nonexistent/book.bin");
	expect("No opening book: /nonexistent/book.bin: No such file or directory");
	enter("e4");
	expect("Outpost played");
}
