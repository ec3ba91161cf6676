/*
 * The review in the real program, in tmux (issue 58): after `annotate`, `key` steps straight to the key moment
 * with its sentence, and `retry` makes it a puzzle at once: the trainer opens on the position before the mistake,
 * and the puzzle is kept in the trainer's queue.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "term.h"

#define QUICK "--movetime 300 --hash 16 --threads 1"
#define SLOW_WAIT 60000 /* an annotation: half a second a position, on a loaded machine, then the estimate */

static struct term term;

static void setup(void) { term_init(&term); }
static void teardown(void) { term_cleanup(&term); }

TestSuite(tui_review, .init = setup, .fini = teardown, .timeout = 180);

Test(tui_review, key_steps_to_the_key_moment_and_retry_makes_it_a_puzzle)
{
	term_write_file(&term, "mate.pgn", "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n");
	term_start(&term, "C", "tmux-256color", 80, 24, QUICK);
	term_expect(&term, "Moves");
	term_enter(&term, "load ~/mate.pgn");
	term_expect(&term, "4. Qxf7#");
	term_enter(&term, "key");
	term_expect_said(&term, "No key moments yet: annotate the game first");
	term_enter(&term, "retry");
	term_expect_said(&term, "Nothing to retry here");
	term_enter(&term, "annotate");
	cr_assert(term_wait(&term, "Annotated: the marks are on the moves", SLOW_WAIT), "%s", term.screen);
	/* `key` steps from one key moment to the next; a slow search may also count 3. Qh5 (a small fall) among them. */
	int nf6 = 0;
	char moment[32];
	for (int k = 1; k <= 5 && !nf6; k++) {
		term_enter(&term, "key");
		snprintf(moment, sizeof moment, "Key moment %d of ", k);
		term_expect_said(&term, moment);
		if (term_said(&term, "3... Nf6?? (Black, ", 0))
			nf6 = k;
	}
	cr_assert(nf6, "3... Nf6?? is never a key moment; the screen:\n%s", term.screen);
	term_expect_said(&term, "allows mate in one");
	term_expect_square(&term, "f6", "n", false); /* the position after the key move, shown */
	term_enter(&term, "key 9");
	term_expect_said(&term, "key takes the number of a key moment, 1 to ");
	snprintf(moment, sizeof moment, "key %d", nf6);
	term_enter(&term, moment);
	term_enter(&term, "retry");
	term_expect(&term, "Puzzle: Black to move");
	term_expect(&term, "White played Qh5.");
	term_expect(&term, "Find the best");
	term_expect_square(&term, "g8", "n", true); /* before the mistake, from Black's side: the knight at home */
	char *file = term_read_file(&term, "data/outpost/trainer.txt");
	cr_assert(file && strstr(file, "retry of move 3, Nf6"), "the puzzle is in the trainer's queue: %s",
	          file ? file : "(none)");
	free(file);
}
