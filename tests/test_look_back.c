/*
 * The front end's pure helpers for looking back at a game: the evaluation
 * graph's columns and heights, the move list's tokens and rows (variations,
 * NAGs), and what is read off a node for people (players, clocks, notes).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "study/annotate.h"
#include "tui/base/eval_graph.h"
#include "tui/base/game_info.h"
#include "tui/base/move_tree.h"

static void setup(void) { position_init(); }
TestSuite(look_back, .init = setup);

/* ---------------------------------------------------------------- the graph */

Test(look_back, a_column_a_move_when_they_fit_else_a_few_a_column)
{
	cr_expect_eq(eval_graph_columns(30, 37), 30);
	cr_expect_eq(eval_graph_columns(80, 37), 37);
	cr_expect_eq(eval_graph_columns(0, 37), 0);
	cr_expect_eq(eval_graph_columns(10, 0), 0);
	/* One a column: move n in column n - 1. */
	for (int ply = 1; ply <= 30; ply++) {
		cr_expect_eq(eval_graph_column_of(ply, 30, 30), ply - 1);
		cr_expect_eq(eval_graph_last_ply(ply - 1, 30, 30), ply);
	}
	/* 80 moves in 37 columns: in order, every column used, each standing for its last move. */
	int last_column = -1;
	for (int ply = 1; ply <= 80; ply++) {
		int c = eval_graph_column_of(ply, 80, 37);
		cr_expect(c == last_column || c == last_column + 1, "move %d jumps from column %d to %d", ply, last_column, c);
		cr_expect_geq(eval_graph_last_ply(c, 80, 37), ply);
		cr_expect_eq(eval_graph_column_of(eval_graph_last_ply(c, 80, 37), 80, 37), c);
		last_column = c;
	}
	cr_expect_eq(last_column, 36, "the last move in the last column");
	cr_expect_eq(eval_graph_column_of(1, 80, 37), 0);
	cr_expect_eq(eval_graph_last_ply(36, 80, 37), 80);
}

Test(look_back, a_column_stands_as_high_as_whites_expected_score)
{
	cr_expect_eq(eval_graph_eighths(0.5, 3), 12, "a level game: half the column");
	cr_expect_eq(eval_graph_eighths(1.0, 3), 24);
	cr_expect_eq(eval_graph_eighths(0.0, 3), 0);
	cr_expect_eq(eval_graph_eighths(1.7, 3), 24, "clipped");
	cr_expect_eq(eval_graph_eighths(-0.2, 3), 0, "clipped");
	int pawn = eval_graph_eighths(annotate_expected_score(100), 3);
	cr_expect(pawn >= 14 && pawn <= 15, "a pawn up reads: %d of 24", pawn);
	cr_expect_eq(eval_graph_eighths(annotate_expected_score(2000), 3), 24, "twenty pawns fills it, and stops");
	cr_expect_eq(eval_graph_eighths(annotate_expected_score(-2000), 3), 0);
	cr_expect_eq(eval_graph_eighths(annotate_expected_score(GAME_EVAL_MAX_CP), 3), 24, "huge scores too");
}

Test(look_back, cells_in_eighth_blocks)
{
	cr_expect_str_eq(eval_graph_cell(0, true), " ");
	cr_expect_str_eq(eval_graph_cell(-3, true), " ");
	cr_expect_str_eq(eval_graph_cell(1, true), "\u2581");
	cr_expect_str_eq(eval_graph_cell(4, true), "\u2584");
	cr_expect_str_eq(eval_graph_cell(8, true), "\u2588");
	cr_expect_str_eq(eval_graph_cell(20, true), "\u2588", "a full cell, whatever is above");
	cr_expect_str_eq(eval_graph_cell(3, false), " ");
	cr_expect_str_eq(eval_graph_cell(5, false), "#");
}

Test(look_back, white_scores_from_evaluations_and_from_mate)
{
	struct game *g = test_read_one_game("1. e4 {[%eval 1.00]} e5 {[%eval #-2]} 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n");
	double s;
	cr_assert(game_info_white_score(g, test_main_node(g, 1), &s));
	cr_expect_float_eq(s, annotate_expected_score(100), 1e-9);
	cr_assert(game_info_white_score(g, test_main_node(g, 2), &s));
	cr_expect_float_eq(s, 0.0, 1e-9, "Black mates in 2");
	cr_expect_not(game_info_white_score(g, test_main_node(g, 3), &s), "no evaluation on 2. Qh5");
	cr_assert(game_info_white_score(g, test_main_node(g, 7), &s), "checkmate says it");
	cr_expect_float_eq(s, 1.0, 1e-9);
	game_free(g);
}

/* ---------------------------------------------------------------- the move list */

static const char *const tree_pgn = "1. e4 e5 (1... c5 2. Nf3 (2. c3) 2... d6) 2. Nf3 Nc6?! 3. Bb5 $1 *\n";

Test(look_back, tokens_in_pgn_order_with_levels_numbers_and_suffixes)
{
	struct game *g = test_read_one_game(tree_pgn);
	struct move_tree mt = { 0 };
	move_tree_update(&mt, g);
	cr_assert_eq(mt.n, 9);
	static const struct {
		const char *san;
		int level, number, opens, closes;
		bool white, numbered;
	} want[] = {
		{ "e4", 0, 1, 0, 0, true, true },   { "e5", 0, 1, 0, 0, false, false }, { "c5", 1, 1, 1, 0, false, true },
		{ "Nf3", 1, 2, 0, 0, true, false }, { "c3", 2, 2, 1, 1, true, true },   { "d6", 1, 2, 0, 1, false, true },
		{ "Nf3", 0, 2, 0, 0, true, true },  { "Nc6?!", 0, 2, 0, 0, false, false }, { "Bb5!", 0, 3, 0, 0, true, false },
	};
	for (int i = 0; i < mt.n; i++) {
		const struct move_token *tk = &mt.tokens[i];
		cr_expect_str_eq(tk->san, want[i].san, "token %d", i);
		cr_expect_eq(tk->level, want[i].level, "%s's level", tk->san);
		cr_expect_eq(tk->number, want[i].number, "%s's number", tk->san);
		cr_expect_eq(tk->opens, want[i].opens, "%s opens", tk->san);
		cr_expect_eq(tk->closes, want[i].closes, "%s closes", tk->san);
		cr_expect_eq(tk->white, want[i].white, "%s's side", tk->san);
		cr_expect_eq(tk->numbered, want[i].numbered, "%s numbered", tk->san);
	}
	cr_expect_eq(move_tree_find(&mt, test_main_node(g, 2)), 1);
	cr_expect_eq(move_tree_find(&mt, GAME_ROOT), -1);
	move_tree_free(&mt);
	game_free(g);
}

/* Row i's cells as "x:text x:text". */
static void row_text(const struct move_rows *r, int i, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int k = 0; k < r->rows[i].ncells; k++) {
		const struct move_cell *c = &r->cells[r->rows[i].first + k];
		used += (size_t)snprintf(buf + used, len - used, "%s%d:%s", k ? " " : "", c->x, c->text);
	}
}

Test(look_back, rows_two_main_moves_a_row_and_each_variation_on_its_own)
{
	struct game *g = test_read_one_game(tree_pgn);
	struct move_tree mt = { 0 };
	struct move_rows rows = { 0 };
	move_tree_update(&mt, g);
	cr_assert(move_rows_layout(&mt, 40, &rows));
	cr_expect_eq(move_rows_black_x(40), 15, "as the list always had it: 10 columns a move");
	static const struct {
		int number;
		const char *cells;
	} want[] = {
		{ 1, "5:e4 15:e5" },
		{ 0, "5:(1... c5 14:2. Nf3 21:(2. c3) 29:2... d6)" },
		{ 2, "5:Nf3 15:Nc6?!" },
		{ 3, "5:Bb5!" },
	};
	cr_assert_eq(rows.nrows, 4);
	for (int i = 0; i < rows.nrows; i++) {
		char text[200];
		row_text(&rows, i, text, sizeof text);
		cr_expect_eq(rows.rows[i].number, want[i].number, "row %d", i);
		cr_expect_str_eq(text, want[i].cells, "row %d", i);
	}
	cr_expect_eq(move_rows_find(&rows, 5), 1, "d6 on the variation's row");
	/* Narrow: the variation wraps under itself. */
	cr_assert(move_rows_layout(&mt, 24, &rows));
	cr_assert_eq(rows.nrows, 5);
	char text[200];
	row_text(&rows, 1, text, sizeof text);
	cr_expect_str_eq(text, "5:(1... c5 14:2. Nf3");
	row_text(&rows, 2, text, sizeof text);
	cr_expect_str_eq(text, "5:(2. c3) 13:2... d6)");
	move_rows_free(&rows);
	move_tree_free(&mt);
	game_free(g);
}

Test(look_back, a_game_from_blacks_turn_and_a_main_line_after_a_variation)
{
	struct game *g = test_read_one_game("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n\n"
	                          "12... Kd7 13. e4 (13. Kd2) 13... Ke6 *\n");
	struct move_tree mt = { 0 };
	struct move_rows rows = { 0 };
	move_tree_update(&mt, g);
	cr_assert(move_rows_layout(&mt, 40, &rows));
	char text[200];
	cr_assert_eq(rows.nrows, 4);
	cr_expect_eq(rows.rows[0].number, 12);
	row_text(&rows, 0, text, sizeof text);
	cr_expect_str_eq(text, "5:... 15:Kd7");
	row_text(&rows, 1, text, sizeof text);
	cr_expect_str_eq(text, "5:e4");
	row_text(&rows, 2, text, sizeof text);
	cr_expect_str_eq(text, "5:(13. Kd2)");
	cr_expect_eq(rows.rows[3].number, 13, "Black's move after the variation: a row of its own");
	row_text(&rows, 3, text, sizeof text);
	cr_expect_str_eq(text, "5:... 15:Ke6");
	move_rows_free(&rows);
	move_tree_free(&mt);
	game_free(g);
}

/* ---------------------------------------------------------------- a node read for people */

Test(look_back, players_named_by_a_file_and_not_by_a_game_played_here)
{
	struct game *g = test_read_one_game("[White \"Capablanca\"]\n[Black \"Marshall\"]\n\n1. e4 *\n");
	cr_expect(game_info_players_named(g));
	game_set_tag(g, "Site", "Outpost");
	cr_expect_not(game_info_players_named(g), "saved by Outpost: the players are You and Outpost");
	game_free(g);
	g = test_read_one_game("1. e4 *\n");
	cr_expect_not(game_info_players_named(g), "nobody named");
	game_free(g);
}

Test(look_back, the_clocks_and_notes_of_a_node)
{
	struct game *g = test_read_one_game("1. e4 {[%clk 0:05:00] [%eval 0.30] a fine start} e5 {[%clk 0:04:58]} "
	                          "2. Nf3?! {[%clk 0:04:40]} *\n");
	int64_t ms;
	cr_assert(game_info_clock_at(g, test_main_node(g, 3), WHITE, &ms));
	cr_expect_eq(ms, 280000, "White's last reading: after 2. Nf3");
	cr_assert(game_info_clock_at(g, test_main_node(g, 3), BLACK, &ms));
	cr_expect_eq(ms, 298000);
	cr_assert(game_info_clock_at(g, test_main_node(g, 1), WHITE, &ms));
	cr_expect_eq(ms, 300000);
	cr_expect_not(game_info_clock_at(g, test_main_node(g, 1), BLACK, &ms), "Black has not moved yet");
	char note[200];
	game_info_note(g, test_main_node(g, 1), note, sizeof note);
	cr_expect_str_eq(note, "1.e4  +0.30  5:00 left  a fine start");
	game_info_note(g, test_main_node(g, 3), note, sizeof note);
	cr_expect_str_eq(note, "2.Nf3?!  4:40 left");
	game_info_note(g, test_main_node(g, 2), note, sizeof note);
	cr_expect_str_eq(note, "1...e5  4:58 left");
	game_info_note(g, GAME_ROOT, note, sizeof note);
	cr_expect_str_eq(note, "");
	game_free(g);
}
