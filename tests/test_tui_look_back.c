/*
 * Looking back at a game through the real program in tmux (issue 12): a game
 * picked from a file of several, stepped through with the arrow keys while the
 * game stays where it is, a new line started at an earlier position, the
 * engine's annotation with its marks and graph, and the hint on the board.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "term.h"

#define PLAIN "C"
#define UTF8 "C.UTF-8"
#define QUICK "--movetime 300 --hash 16 --threads 1"
#define SLOW_WAIT 40000 /* an annotation: half a second a position, on a loaded machine */

static struct term term;

static void setup(void) { term_init(&term); }
static void teardown(void) { term_cleanup(&term); }

TestSuite(tui_look_back, .init = setup, .fini = teardown, .timeout = 120);

static const char *const three_games =
	"[Event \"Linares\"]\n[Date \"1994.02.25\"]\n[White \"Kasparov, Garry\"]\n[Black \"Topalov, Veselin\"]\n"
	"[Result \"1-0\"]\n[ECO \"B90\"]\n[Opening \"Sicilian\"]\n\n1. e4 c5 2. Nf3 d6 1-0\n\n"
	"[Event \"Moscow\"]\n[Date \"1960.03.15\"]\n[White \"Tal, Mikhail\"]\n[Black \"Botvinnik, Mikhail\"]\n"
	"[Result \"1/2-1/2\"]\n\n1. d4 {[%clk 0:59:30]} Nf6 {[%clk 0:59:40]} 2. c4 {[%clk 0:59:10]} "
	"e6 {a quiet start [%clk 0:59:00]} 3. Nc3 {[%clk 0:58:00]} 1/2-1/2\n\n"
	"[Event \"Havana\"]\n[White \"Capablanca, Jose\"]\n[Black \"Lasker, Emanuel\"]\n[Result \"0-1\"]\n\n"
	"1. e4 e5 2. Nf3 Nc6 3. Bb5 0-1\n";

static void start(const char *locale, const char *args)
{
	term_start(&term, locale, "tmux-256color", 80, 24, args);
	term_expect(&term, "Moves");
}

static void enter(const char *line) { term_enter(&term, line); }
static void expect(const char *text) { term_expect(&term, text); }
static void said(const char *text) { term_expect_said(&term, text); }
static void refute(const char *text) { term_refute(&term, text); }

static void expect_square(const char *name, const char *piece) { term_expect_square(&term, name, piece, false); }

/* Tal - Botvinnik, game 2 of three.pgn, loaded by number: it ended 1/2-1/2 after 3. Nc3. */
static void load_tal(void)
{
	term_write_file(&term, "three.pgn", three_games);
	start(PLAIN, QUICK);
	enter("load ~/three.pgn 2");
	said("Loaded ~/three.pgn (game 2)");
	expect("3. Nc3");
}

/* ---------------------------------------------------------------- choosing a game */

Test(tui_look_back, a_file_of_several_games_opens_a_list_narrowed_by_typing)
{
	term_write_file(&term, "three.pgn", three_games);
	start(PLAIN, QUICK);
	enter("load ~/three.pgn");
	expect("~/three.pgn: 3 games");
	/* A name wider than its column gives its surname. */
	expect("Kasparov ");
	expect("Topalov ");
	expect("Tal, Mikhail");
	expect("Capablanca");
	expect("1994.02.25");
	expect("B90 Sicil");
	term_type(&term, "tal");
	expect("3 games, 1 with \"tal\"");
	expect("Tal, Mikhail");
	refute("Kasparov");
	term_key(&term, "Enter");
	said("Loaded ~/three.pgn (game 2): the game ended 1/2-1/2");
	/* Its players, not You and Outpost. */
	expect("K Tal, Mikhail");
	expect("k Botvinnik, Mikhail");
	refute("You");
	expect("1. d4        Nf6");
	expect("Moves  1/2-1/2");
}

Test(tui_look_back, the_list_scrolls_chooses_with_the_arrows_and_esc_loads_nothing)
{
	term_write_file(&term, "three.pgn", three_games);
	start(PLAIN, QUICK);
	enter("e4");
	expect("Outpost played");
	enter("load ~/three.pgn");
	expect("3 games");
	term_key(&term, "Escape");
	said("Nothing loaded: the game is as it was.");
	expect("1. e4");
	enter("load ~/three.pgn");
	expect("3 games");
	term_key(&term, "Down");
	term_key(&term, "Down");
	term_key(&term, "Enter");
	said("Loaded ~/three.pgn (game 3)");
	expect("Capablanca, Jose");
	expect("Lasker, Emanuel");
	expect("3. Bb5");
	/* The game in play went to the archive, and the list's filter keeps nothing that fits no game. */
	enter("load ~/three.pgn");
	expect("3 games");
	term_type(&term, "zzz");
	expect("no game has all of those words");
	term_key(&term, "Enter");
	said("No game fits");
	term_key(&term, "Escape");
	expect("3. Bb5");
}

Test(tui_look_back, load_file_n_takes_the_nth_game_and_says_when_there_is_none)
{
	load_tal();
	expect("K Tal, Mikhail");
	enter("load ~/three.pgn 9");
	said("three.pgn holds fewer than 9 games");
	enter("load ~/three.pgn 0");
	said("Games are numbered from 1");
	expect("K Tal, Mikhail");
}

Test(tui_look_back, plain_text_lists_the_games_to_load_by_number)
{
	term_write_file(&term, "three.pgn", three_games);
	start(PLAIN, QUICK " --plain");
	enter("load ~/three.pgn");
	expect("~/three.pgn holds 3 games; load ~/three.pgn N takes game N:");
	expect("2  Tal, Mikhail - Botvinnik, Mikhail  1/2-1/2  1960.03.15  Moscow  (3 moves)");
	enter("load ~/three.pgn 3");
	expect("Loaded ~/three.pgn (game 3)");
}

/* ---------------------------------------------------------------- stepping */

Test(tui_look_back, the_arrow_keys_step_through_a_game_without_changing_it)
{
	load_tal();
	expect_square("c3", "N");
	term_key(&term, "Left");
	said("Stepping through the game");
	expect_square("c3", " ");
	expect_square("b1", "N");
	/* The shown move's notes, and each clock as it stood. */
	expect("2...e6  59:00 left  a quiet start");
	expect("59:00");
	expect("59:10");
	term_key(&term, "Home");
	expect_square("d4", " ");
	expect_square("d2", "P");
	term_key(&term, "Right");
	expect_square("d4", "P");
	expect("1.d4  59:30 left");
	term_key(&term, "Down");
	expect_square("c4", "P");
	expect("2.c4");
	term_key(&term, "Up");
	expect_square("c4", " ");
	term_key(&term, "NPage");
	expect_square("c3", "N");
	said("Back to the game.");
	term_key(&term, "PPage");
	expect_square("d4", " ");
	term_key(&term, "End");
	expect_square("c3", "N");
	/* Nothing was undone: the game still ends where it did. */
	expect("3. Nc3");
	expect("Moves  1/2-1/2");
}

Test(tui_look_back, the_input_line_keeps_working_while_stepping)
{
	load_tal();
	term_key(&term, "Home");
	expect_square("d2", "P");
	enter("fen");
	expect("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
	/* Typed text takes the arrows for the line; an empty line gives them back. */
	term_type(&term, "fenx");
	term_key(&term, "Left");
	term_key(&term, "BSpace");
	expect("> fex");
	term_key(&term, "Escape");
	cr_assert(term_wait_gone(&term, "> fex", TERM_WAIT), "%s", term.screen);
	term_key(&term, "Right");
	expect_square("d4", "P");
	term_key(&term, "Escape");
	said("Back to the game.");
	expect_square("c3", "N");
}

/* ---------------------------------------------------------------- new lines */

Test(tui_look_back, a_move_at_an_earlier_position_of_a_finished_game_starts_a_new_line)
{
	load_tal();
	enter("elo 800"); /* the game's clock is long: a level at 800 answers within 3 s however long it is */
	term_key(&term, "Left");
	expect_square("c3", " ");
	enter("Nf3");
	/* The game goes on from the new line (the engine answers), the game's own move a variation. */
	expect("3. Nf3");
	expect("(3. Nc3)");
	expect("Outpost played");
	enter("save ~/branched.pgn");
	expect("Saved");
	char *text = term_read_file(&term, "branched.pgn");
	cr_assert(text && strstr(text, "3. Nf3") && strstr(text, "(3. Nc3"), "%s", text ? text : "(none)");
	cr_expect(strstr(text, "[White \"Tal, Mikhail\"]"), "the players are kept:\n%s", text);
	cr_expect(strstr(text, "a quiet start"), "the comments are kept:\n%s", text);
	free(text);
}

Test(tui_look_back, a_new_line_in_a_game_in_play_is_asked_first)
{
	start(PLAIN, QUICK);
	enter("e4");
	expect("Outpost played");
	term_key(&term, "Home");
	expect_square("e2", "P");
	/* The game's own move steps on to it. */
	enter("e4");
	said("1.e4 (the line's own move).");
	expect_square("e4", "P");
	term_key(&term, "Home");
	expect_square("e4", " ");
	enter("d4");
	said("Play d4 here instead of the game's e4?");
	term_type(&term, "n");
	said("Nothing played; the game is as it was.");
	expect_square("e2", "P");
	enter("d4");
	said("(y/n)");
	term_type(&term, "y");
	said("You played d4: a new line, and the game's e4 on is a variation now.");
	expect("1. d4");
	expect("(1. e4");
	expect("Outpost played");
	expect_square("d4", "P");
	expect_square("e2", "P");
}

Test(tui_look_back, up_walks_the_history_once_something_is_typed)
{
	start(PLAIN, QUICK);
	enter("level 4");
	expect("level is now 4");
	enter("fen");
	expect("w KQkq - 0 1");
	term_type(&term, "le");
	term_key(&term, "Up");
	expect("> level 4");
	term_key(&term, "Escape");
	term_key(&term, "C-p");
	expect("> fen");
}

Test(tui_look_back, plain_text_annotates_and_says_the_summary, .timeout = 180)
{
	term_write_file(&term, "mate.pgn", "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n");
	term_start(&term, PLAIN, "tmux-256color", 200, 24, QUICK " --plain"); /* wide: a line of text is not cut */
	expect("Moves");
	enter("load ~/mate.pgn");
	expect("Loaded ~/mate.pgn");
	expect("White  A");
	enter("annotate");
	cr_assert(term_wait(&term, "Annotated. White (A):", SLOW_WAIT), "%s", term.screen);
	said("Black (B): ");
	said("1 blunder");
	said("Move 3, Black: knight to f6, a blunder allows mate in one: queen takes f7, mate.");
}

Test(tui_look_back, variations_and_nags_from_a_file_are_in_the_list)
{
	term_write_file(&term, "tree.pgn", "1. e4 e5 (1... c5 2. Nf3 (2. c3) 2... d6) 2. Nf3 Nc6?! 3. Bb5! *\n");
	start(PLAIN, QUICK " --black");
	enter("load ~/tree.pgn");
	expect("(1... c5 2. Nf3 (2. c3)");
	expect("2... d6)");
	expect("2. Nf3       Nc6?!");
	expect("3. Bb5!");
}

/* ---------------------------------------------------------------- annotation and the graph */

Test(tui_look_back, annotate_marks_the_moves_draws_the_graph_and_sums_up, .timeout = 180)
{
	term_write_file(&term, "mate.pgn", "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n");
	start(UTF8, QUICK);
	enter("load ~/mate.pgn");
	expect("4. Qxf7#");
	enter("annotate");
	said("Annotating the game in the background: 8 positions");
	cr_assert(term_wait(&term, "Annotation (cp: centipawns)", SLOW_WAIT), "%s", term.screen);
	expect("Nf6??");
	expect("(3... ");
	expect("?? 1");
	said("Annotated: the marks are on the moves");
	/* The graph: blocks under the list, the shown (last) move marked beneath. */
	expect("\u2588");
	expect("\u25b2");
	/* Stepping onto the blunder shows the coach's reason. */
	term_key(&term, "Left");
	said("Nf6?? allows mate in one: 4. Qxf7#.");
	enter("last");
	said("knight to f6, a blunder allows mate in one: queen takes f7, mate.");
	/* The marks are in the game: saved with it. */
	enter("save ~/marked.pgn");
	expect("Saved");
	char *text = term_read_file(&term, "marked.pgn");
	cr_assert(text && strstr(text, "Nf6 $4") && strstr(text, "[%eval"), "%s", text ? text : "(none)");
	free(text);
}

Test(tui_look_back, annotate_says_how_far_it_is_and_stops_when_told)
{
	char args[400];
	start(PLAIN, QUICK);
	enter("annotate");
	said("Nothing to annotate: the game has no moves yet.");
	term_stop(&term);
	snprintf(args, sizeof args, "%s --pgn %s/pgn/selfplay.pgn", QUICK, TEST_DATA_DIR);
	start(PLAIN, args);
	expect("87. ");
	enter("annotate");
	said("Annotating the game in the background: 174 positions, 0.5 s each...");
	expect("Annotating: ");
	enter("annotate");
	said("positions searched (annotate off stops).");
	enter("annotate now");
	said("annotate takes nothing, or off to stop: now");
	enter("annotate off");
	said("Annotation stopped; the marks made so far stay.");
	expect("Annotation (cp: centipawns)");
	refute("Annotating: ");
	enter("annotate off");
	said("Not annotating.");
}

/* The column of text in the row that holds it, -1 when none does. */
static int column_of(const char *screen, const char *text)
{
	const char *at = strstr(screen, text);
	if (!at)
		return -1;
	const char *row = at;
	while (row > screen && row[-1] != '\n')
		row--;
	int col = 0;
	for (const char *p = row; p < at; p++)
		col += ((unsigned char)*p & 0xc0) != 0x80;
	return col;
}

Test(tui_look_back, a_file_with_evaluations_draws_its_graph_and_the_mark_follows_the_move_shown)
{
	term_write_file(&term, "evals.pgn", "1. e4 {[%eval 0.30]} e5 {[%eval 0.25]} 2. Nf3 {[%eval 0.40]} "
	                                    "Nc6 {[%eval 0.35]} 3. Bb5 {[%eval 0.50]} a6 {[%eval #4]} 1-0\n");
	start(UTF8, QUICK);
	enter("load ~/evals.pgn");
	expect("3. Bb5");
	expect("\u25b2");
	int last = column_of(term.screen, "\u25b2");
	expect("\u2588"); /* the mate fills its column */
	term_key(&term, "Left");
	cr_assert(term_wait_gone(&term, "3...a6", TERM_WAIT), "%s", term.screen);
	expect("3.Bb5  +0.50");
	cr_expect_eq(column_of(term.screen, "\u25b2"), last - 1, "the mark moved a column back:\n%s", term.screen);
	term_key(&term, "Home");
	cr_assert(term_wait_gone(&term, "\u25b2", TERM_WAIT), "no mark at the start:\n%s", term.screen);
}

/* ---------------------------------------------------------------- the hint */

/* Where the evaluation bar stands in the row p .. p + row, NULL when it has none (a row off the board). */
static const char *bar_in(const char *p, size_t row)
{
	const char *bar = NULL;
	for (size_t i = 0; i + 2 < row && !bar; i++)
		if (!strncmp(p + i, "\u2591", 3) || !strncmp(p + i, "\u2588", 3))
			bar = p + i;
	return bar;
}

/* end moved back over the colour sequences (ESC [ digits ; m) just before it. */
static const char *before_styles(const char *start, const char *end)
{
	for (;;) {
		const char *q = end - 1;
		if (q <= start || *q != 'm')
			return end;
		for (q--; q > start && (isdigit((unsigned char)*q) || *q == ';'); q--)
			;
		if (q - 1 < start || q[0] != '[' || q[-1] != '\x1b')
			return end;
		end = q - 1;
	}
}

/* The board's part of each of its rows (up to the evaluation bar) with its colours, joined. */
static void styled_board(char *out, size_t len)
{
	static char styled[65536];
	term_capture_styled(&term, styled, sizeof styled);
	size_t n = 0;
	out[0] = '\0';
	for (const char *p = styled; *p && n + 1 < len;) {
		size_t row = strcspn(p, "\n");
		const char *bar = bar_in(p, row);
		if (bar)
			bar = before_styles(p, bar); /* the bar's own colour, which the hint's score moves, goes too */
		if (bar)
			n += (size_t)snprintf(out + n, len - n, "%.*s\n", (int)(bar - p), p);
		if (n >= len)
			n = len - 1;
		p += row + (p[row] == '\n');
	}
}

Test(tui_look_back, the_hint_lights_its_squares_until_the_next_key)
{
	static char before[32768], lit[32768], after[32768];
	/* Legal's mate: a hint whose line the engine is sure of. */
	start(UTF8, QUICK " --fen 'r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10'");
	styled_board(before, sizeof before);
	enter("hint");
	said("Hint: Nf6+ (White mates in 2), the line 10. Nf6+ gxf6 11. Bxf7#");
	styled_board(lit, sizeof lit);
	cr_expect(strcmp(before, lit) != 0, "the hint's squares are not lit");
	term_type(&term, "x");
	expect("> x");
	styled_board(after, sizeof after);
	cr_expect_str_eq(after, before, "the squares stay lit after a key");
}
