/*
 * The game's `train` command, through the real program in tmux: the trainer puts the puzzle it found in the
 * archived game on the game's board, takes the right move typed or clicked, shows a wrong one's refutation and
 * then the answer on the board, gives the game its board back, and after a restart knows what is due.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "term.h"

#define QUICK "--movetime 300 --hash 16 --threads 1"

static struct term term;

static void setup(void) { term_init(&term); }
static void teardown(void) { term_cleanup(&term); }

TestSuite(tui_train, .init = setup, .fini = teardown, .timeout = 120);

/* A game the player (White, against Outpost) lost a free queen in: 3. d3 instead of 3. Nxh4. */
static const char *archive = "[Event \"Casual game\"]\n[White \"tester\"]\n[Black \"Outpost level 10\"]\n"
                             "[Result \"0-1\"]\n\n1. e4 e5 2. Nf3 Qh4 3. d3 Qe7 4. Nc3 c6 0-1\n\n";

Test(tui_train, the_puzzle_takes_the_board_and_the_game_comes_back)
{
	term_write_file(&term, "data/outpost/games.pgn", archive);
	term_start(&term, "C", "tmux-256color", 80, 24, QUICK);
	term_expect(&term, "Moves");
	term_enter(&term, "train");
	term_expect(&term, "Puzzle: White to move: hangingPiece");
	term_expect(&term, "Black played Qh4.");
	term_expect(&term, "Find the best");
	term_expect_square(&term, "h4", "q", false); /* the position as it stood, on the game's board */
	term_expect_square(&term, "f3", "N", false);
	term_refute(&term, "d3"); /* the move played is hidden, and so is the clock */
	term_refute(&term, "Moves");
	term_enter(&term, "undo");
	term_expect_said(&term, "'undo' is not for the trainer");
	term_enter(&term, "hint");
	term_expect_said(&term, "Hint: the knight on f3 moves.");
	term_enter(&term, "Nxh4");
	term_expect(&term, "Right: Nxh4. Solved!");
	term_expect_square(&term, "h4", "N", false);
	term_expect(&term, "0 due, 1 solved, 0 learned of 1");
	term_enter(&term, "");
	term_expect(&term, "No puzzle is due now; the next comes back in 24 hours.");
	term_enter(&term, "back");
	term_expect(&term, "Moves");
	term_expect_said(&term, "Back to the game.");
	term_expect_square(&term, "h4", " ", false); /* the game's own position again */
	char *file = term_read_file(&term, "data/outpost/trainer.txt");
	cr_assert_not_null(file);
	cr_expect(strstr(file, "\tsolved\n"), "%s", file);
	free(file);
	/* After a restart the queue is as it was left: the puzzle solved, not due for a day. */
	term_enter(&term, "quit");
	cr_assert(term_wait_exit(&term, TERM_WAIT));
	term_start(&term, "C", "tmux-256color", 80, 24, QUICK);
	term_expect(&term, "Moves");
	term_enter(&term, "train");
	term_expect(&term, "No puzzle is due now; the next comes back in 24 hours.");
	term_enter(&term, "back");
	term_expect(&term, "Moves");
}

Test(tui_train, a_wrong_move_that_loses_material_is_explained_without_giving_the_answer)
{
	term_write_file(&term, "data/outpost/games.pgn", archive);
	term_start(&term, "C", "tmux-256color", 120, 24, QUICK);
	term_expect(&term, "Moves");
	term_enter(&term, "train");
	term_expect(&term, "Find the best");
	term_enter(&term, "Ng5");
	term_expect_said(&term, "Wrong: Ng5 puts the knight where the queen on h4 takes it, a hanging piece");
	term_refute(&term, "Nxh4");
}

Test(tui_train, a_missed_puzzle_shows_the_refutation_on_the_board_then_the_answer_and_comes_back_soon)
{
	term_write_file(&term, "data/outpost/games.pgn", archive);
	term_start(&term, "C", "tmux-256color", 80, 24, QUICK);
	term_expect(&term, "Moves");
	term_enter(&term, "train");
	term_expect(&term, "Find the best");
	term_enter(&term, "Nc3");
	term_expect_said(&term, "Wrong: Nc3 is met by 3... Q");
	term_expect_square(&term, "c3", "N", false); /* the wrong move stays on the board, and the reply is played */
	term_expect_square(&term, "h4", " ", false);
	term_expect(&term, "0 due, 0 solved, 0 learned of 1");
	term_enter(&term, "");
	term_expect_said(&term, "The answer: 3. Nxh4");
	term_expect_square(&term, "h4", "N", false); /* the answer played out from the puzzle's position */
	term_expect_square(&term, "c3", " ", false);
	term_enter(&term, "next");
	term_expect(&term, "No puzzle is due now; the next comes back in 10 minutes.");
	term_enter(&term, "back");
	term_expect(&term, "Moves");
}

Test(tui_train, a_click_on_the_board_plays_the_move)
{
	term_write_file(&term, "data/outpost/games.pgn", archive);
	term_start(&term, "C", "tmux-256color", 80, 24, QUICK);
	term_expect(&term, "Moves");
	term_enter(&term, "train");
	term_expect(&term, "Find the best");
	term_click_at_once(&term, "f3", false, false);
	term_click_at_once(&term, "h4", false, false);
	term_expect(&term, "Right: Nxh4. Solved!");
}

Test(tui_train, answer_gives_up_and_shows_the_answer_on_the_board)
{
	term_write_file(&term, "data/outpost/games.pgn", archive);
	term_start(&term, "C", "tmux-256color", 80, 24, QUICK);
	term_expect(&term, "Moves");
	term_enter(&term, "train");
	term_expect(&term, "Find the best");
	term_enter(&term, "answer");
	term_expect_said(&term, "The answer: 3. Nxh4");
	term_expect_square(&term, "h4", "N", false);
	term_expect(&term, "0 due, 0 solved, 0 learned of 1");
}

Test(tui_train, in_plain_mode_too)
{
	term_write_file(&term, "data/outpost/games.pgn", archive);
	term_start(&term, "C", "tmux-256color", 80, 24, QUICK " --plain");
	term_expect(&term, "Type a move");
	term_enter(&term, "train");
	term_expect(&term, "Puzzle: White to move: hangingPiece");
	term_enter(&term, "Nxh4");
	term_expect(&term, "Right: Nxh4. Solved!");
	term_enter(&term, "");
	term_enter(&term, "fen");
	term_expect(&term, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}
