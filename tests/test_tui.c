/*
 * The terminal game, tested through the real program in tmux: keys typed with
 * send-keys, the screen read with capture-pane and polled until what is
 * expected appears (never a fixed sleep where a wait on the screen will do).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "rules/clock.h"
#include "term.h"

#define UTF8 "C.UTF-8"
#define PLAIN "C"
#define COLS 80
#define LINES 24
#define QUICK "--movetime 300 --hash 16 --threads 1"
#define WAIT TERM_WAIT

static struct term term;

static void setup(void) { term_init(&term); }
static void teardown(void) { term_cleanup(&term); }

TestSuite(tui, .init = setup, .fini = teardown, .timeout = 90);

static void start(const char *locale, const char *args)
{
	term_start(&term, locale, "tmux-256color", COLS, LINES, args);
	cr_assert(term_wait(&term, "Moves", WAIT), "the game did not start:\n%s", term.screen);
}

static void enter(const char *line) { term_enter(&term, line); }
static void expect(const char *text) { term_expect(&term, text); }

static void expect_square(const char *name, const char *piece, bool flipped)
{
	term_expect_square(&term, name, piece, flipped);
}

/* The depth the analysis panel shows ("depth 7/12"), or -1. */
static int shown_depth(void)
{
	const char *p = strstr(term_capture(&term), "depth ");
	return p ? atoi(p + 6) : -1;
}

/* ---------------------------------------------------------------- the screen */

Test(tui, unicode_board_in_a_utf8_locale)
{
	start(UTF8, QUICK);
	expect("You play White");
	expect_square("e1", "\u2654", false);
	expect_square("e8", "\u265a", false);
	expect_square("a2", "\u2659", false);
	expect_square("d8", "\u265b", false);
	expect_square("e4", " ", false);
	cr_assert(strstr(term.screen, "a    b    c    d"), "file labels missing:\n%s", term.screen);
}

Test(tui, letters_in_the_c_locale)
{
	start(PLAIN, QUICK);
	expect_square("e1", "K", false);
	expect_square("e8", "k", false);
	expect_square("g8", "n", false);
	expect_square("b2", "P", false);
}

Test(tui, letters_with_ascii_option_on_an_8_colour_terminal)
{
	term_start(&term, UTF8, "screen", COLS, LINES, QUICK " --ascii");
	expect("Moves");
	expect_square("d1", "Q", false);
	expect_square("d7", "p", false);
}

Test(tui, monochrome_terminal_still_shows_everything)
{
	term_start(&term, PLAIN, "vt100", COLS, LINES, QUICK);
	expect("Moves");
	expect_square("a1", "R", false);
	expect_square("h8", "r", false);
	expect("Analysis");
}

Test(tui, flip_with_f2_and_the_command)
{
	start(UTF8, QUICK);
	term_key(&term, "F2");
	cr_assert(term_wait(&term, "h    g    f    e", WAIT), "files not reversed:\n%s", term.screen);
	expect_square("e1", "\u2654", true);
	enter("flip");
	expect("a    b    c    d");
	expect_square("e1", "\u2654", false);
}

Test(tui, resize_to_a_tiny_terminal_and_back)
{
	start(UTF8, QUICK);
	enter("e4");
	expect("Outpost played");
	term_resize(&term, 40, 12);
	expect("Terminal too small");
	expect("needs 60x20");
	term_resize(&term, COLS, LINES);
	expect("1. e4");
	expect_square("e4", "\u2659", false);
	enter("d4");
	expect("2. d4");
}

Test(tui, help_screen_on_question_mark)
{
	start(UTF8, QUICK);
	term_type(&term, "?");
	expect("Press any key");
	term_key(&term, "Space");
	/* The help screen also says "Moves": wait for its own line to go,
	   or a slow run (thread sanitizer) reads the help screen itself. */
	cr_assert(term_wait_gone(&term, "Press any key", WAIT), "help still shown:\n%s", term.screen);
	expect("Moves");
}

/* ---------------------------------------------------------------- moves */

Test(tui, a_san_move_appears_on_the_board_and_in_the_list_and_the_engine_answers)
{
	start(PLAIN, QUICK);
	enter("Nf3");
	expect("1. Nf3");
	expect_square("f3", "N", false);
	expect_square("g1", " ", false);
	expect("Outpost played");
	/* Black's reply is in the list beside White's move. */
	const char *played = strstr(term.screen, "Outpost played ");
	char reply[16] = "", row[128];
	sscanf(played + 15, "%15[^.]", reply);
	cr_assert(reply[0]);
	const char *list = strstr(term.screen, "1. Nf3");
	snprintf(row, sizeof row, "%.*s", (int)strcspn(list, "\n"), list);
	cr_assert(strstr(row, reply), "the reply %s is not in the list row '%s'", reply, row);
}

Test(tui, uci_coordinates_are_moves_too)
{
	start(PLAIN, QUICK);
	enter("e2e4");
	expect("1. e4");
}

Test(tui, illegal_and_ambiguous_moves_give_their_messages_and_change_nothing)
{
	/* Knights on b1 and f3 can both go to d2. */
	start(PLAIN, QUICK " --fen 'rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1'");
	expect("no moves yet");
	enter("Nd2");
	expect("ambiguous");
	expect("Nbd2");
	expect("Nfd2");
	enter("Ke3");
	expect("no king can move to e3");
	enter("Bb5");
	expect("bishop");
	enter("hello");
	expect("Unknown command: hello");
	expect("no moves yet");
	expect_square("b1", "N", false);
	expect_square("f3", "N", false);
	expect_square("d2", " ", false);
}

Test(tui, a_near_miss_gets_a_suggestion)
{
	start(PLAIN, QUICK);
	enter("Nf4");
	expect("Did you mean Nf3?");
}

Test(tui, tab_completes_moves_and_commands)
{
	start(UTF8, QUICK);
	term_type(&term, "Nf");
	term_key(&term, "Tab");
	expect("> Nf3");
	term_key(&term, "C-u");
	term_type(&term, "N");
	term_key(&term, "Tab");
	expect("Na3 Nc3 Nf3 Nh3");
	term_key(&term, "C-u");
	term_type(&term, "und");
	term_key(&term, "Tab");
	expect("> undo");
}

/* ---------------------------------------------------------------- the engine */

Test(tui, analysis_panel_shows_rising_depth_and_a_san_pv)
{
	start(UTF8, "--hash 16 --threads 1");
	enter("analyze");
	expect("Analysis: your position");
	expect("depth ");
	int first = shown_depth();
	long long until = monotonic_ms() + WAIT * test_time_scale();
	int later = first;
	while (later <= first && monotonic_ms() < until)
		later = shown_depth();
	cr_assert_gt(later, first, "the depth did not rise:\n%s", term.screen);
	/* The principal variation in SAN with move numbers, and the search's figures. */
	expect("n/s");
	expect("hash ");
	cr_assert(strstr(term.screen, " 1. ") || strstr(term.screen, "\n1. ") || strstr(term.screen, "1. e4") ||
	              strstr(term.screen, "1. d4") || strstr(term.screen, "1. Nf3") || strstr(term.screen, "1. c4"),
	          "no PV with move numbers:\n%s", term.screen);
	enter("analyze");
	expect("Analysis off");
}

Test(tui, the_panel_follows_the_engine_while_it_thinks)
{
	start(UTF8, "--level 20 --movetime 4000 --hash 16 --threads 1 --book off");
	enter("e4");
	expect("Outpost is thinking");
	expect("depth ");
	int first = shown_depth();
	long long until = monotonic_ms() + WAIT * test_time_scale();
	int later = first;
	while (later <= first && monotonic_ms() < until && strstr(term.screen, "thinking"))
		later = shown_depth();
	cr_assert_gt(later, first, "the depth did not rise while the engine thought:\n%s", term.screen);
	expect("1... ");
	expect("Outpost played");
}

/* The engine thinks for 30 s and the wait for the message is far shorter: the undo did not wait for its move. */
Test(tui, undo_while_the_engine_thinks_takes_effect_at_once)
{
	start(PLAIN, "--level 20 --movetime 30000 --hash 16 --threads 1");
	enter("e4");
	expect("Outpost is thinking");
	enter("undo");
	expect("Took back your move");
	expect("redo available");
	expect_square("e2", "P", false);
	expect_square("e4", " ", false);
	/* No stray move arrives later. */
	cr_assert(!term_wait(&term, "Outpost played", 1000), "a stray engine move:\n%s", term.screen);
	enter("d4");
	expect("1. d4");
}

Test(tui, hint_names_a_move)
{
	start(PLAIN, QUICK);
	enter("hint");
	expect("Hint: ");
}

Test(tui, go_makes_the_engine_play_the_side_to_move)
{
	start(PLAIN, QUICK);
	enter("go");
	expect("Outpost plays White");
	expect("1. ");
	expect("Outpost played");
}

/* ---------------------------------------------------------------- around the game */

Test(tui, save_and_load_a_pgn)
{
	char cmd[400], *text;
	start(PLAIN, QUICK);
	enter("e4");
	expect("Outpost played");
	snprintf(cmd, sizeof cmd, "save %s/saved.pgn", term.dir);
	enter(cmd);
	expect("Saved the game");
	text = term_read_file(&term, "saved.pgn");
	cr_assert_not_null(text);
	cr_assert(strstr(text, "1. e4 "), "%s", text);
	cr_assert(strstr(text, "[White \"tester\"]"), "%s", text);
	free(text);
	enter("new");
	expect("no moves yet");
	snprintf(cmd, sizeof cmd, "load %s/saved.pgn", term.dir);
	enter(cmd);
	expect("Loaded");
	expect("1. e4");
	/* A broken file is refused with its line and column, and the game stays. */
	term_write_file(&term, "bad.pgn", "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n");
	snprintf(cmd, sizeof cmd, "load %s/bad.pgn", term.dir);
	enter(cmd);
	expect("bad.pgn:3:");
	expect("1. e4");
}

Test(tui, a_killed_game_is_resumed)
{
	start(PLAIN, QUICK);
	enter("e4");
	expect("Outpost played");
	int pid = term_pid(&term);
	cr_assert_gt(pid, 0);
	kill(pid, SIGKILL);
	term_wait_exit(&term, WAIT);
	term_stop(&term);
	start(PLAIN, QUICK);
	expect("Resumed your game");
	expect("1. e4");
	expect_square("e4", "P", false);
}

Test(tui, ctrl_c_asks_and_never_resigns)
{
	start(PLAIN, QUICK);
	enter("d4");
	expect("Outpost played");
	term_key(&term, "C-c");
	expect("Quit?");
	term_type(&term, "n");
	expect("Carry on");
	cr_assert(term_alive(&term));
	term_key(&term, "C-c");
	expect("Quit?");
	term_type(&term, "y");
	term_wait_exit(&term, WAIT);
	cr_assert(!term_alive(&term), "still running after y");
	char *saved = term_read_file(&term, "data/outpost/current.pgn");
	cr_assert_not_null(saved, "no autosave");
	cr_assert(strstr(saved, "1. d4"), "%s", saved);
	cr_assert(strstr(saved, "[Result \"*\"]"), "the game must stay open:\n%s", saved);
	free(saved);
	term_stop(&term);
	start(PLAIN, QUICK);
	expect("Resumed your game");
}

Test(tui, end_of_input_quits_keeping_the_game)
{
	start(PLAIN, QUICK);
	enter("c4");
	expect("Outpost played");
	term_key(&term, "C-d");
	term_wait_exit(&term, WAIT);
	cr_assert(!term_alive(&term));
	char *saved = term_read_file(&term, "data/outpost/current.pgn");
	cr_assert(saved && strstr(saved, "1. c4"));
	free(saved);
}

Test(tui, resign_ends_the_game_and_archives_it)
{
	start(PLAIN, QUICK);
	enter("res");
	expect("Type 'resign' in full");
	enter("resign");
	expect("Black wins");
	char *archive = term_read_file(&term, "data/outpost/games.pgn");
	cr_assert_not_null(archive, "no archive");
	cr_assert(strstr(archive, "0-1"), "%s", archive);
	free(archive);
	enter("e4");
	expect("The game is over");
	enter("undo");
	expect("taken back");
	enter("e4");
	expect("1. e4");
}

Test(tui, clocks_count_down_for_the_side_to_move)
{
	start(PLAIN, "--time 1+0 --hash 16 --threads 1");
	expect("1:00");
	enter("e4");
	expect("Outpost played");
	/* White's clock now runs: under a minute within a few seconds. */
	expect("0:5");
}

Test(tui, history_is_kept_between_runs)
{
	start(PLAIN, QUICK);
	enter("e4");
	expect("Outpost played");
	enter("quit");
	term_wait_exit(&term, WAIT);
	term_stop(&term);
	start(PLAIN, QUICK);
	/* On an empty line Up steps through the game (resumed here): Ctrl-P walks the history. */
	term_key(&term, "C-p");
	expect("> quit");
	term_key(&term, "C-p");
	expect("> e4");
}

Test(tui, config_file_is_read_and_bad_lines_named)
{
	term_write_file(&term, "config/outpost/outpost.conf", "# mine\nlevel = 3\nfrobnicate\n");
	start(PLAIN, QUICK);
	expect("Outpost (1100 Elo)");
	expect("outpost.conf:3:");
}

Test(tui, level_command_is_saved_in_the_config_file)
{
	start(PLAIN, QUICK);
	enter("level 4");
	expect("level is now 4");
	expect("Outpost (1200 Elo)");
	char *conf = term_read_file(&term, "config/outpost/outpost.conf");
	cr_assert(conf && strstr(conf, "level = 4"), "%s", conf ? conf : "(none)");
	free(conf);
	enter("level 99");
	expect("level must be");
}

Test(tui, pgn_option_continues_the_last_game_of_a_file)
{
	term_write_file(&term, "two.pgn",
	                "[Event \"first\"]\n\n1. d4 d5 *\n\n[Event \"second\"]\n\n1. e4 e5 2. Nf3 *\n");
	char args[400];
	snprintf(args, sizeof args, "%s --black --pgn %s/two.pgn", QUICK, term.dir);
	start(PLAIN, args);
	expect("2. Nf3");
	expect("1. e4        e5");
	/* Black to move and the person plays Black: the engine waits. */
	enter("Nc6");
	expect("Nc6");
	expect("Outpost played");
}

Test(tui, claim_a_threefold_repetition)
{
	term_write_file(&term, "rep.pgn", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n");
	char args[400];
	snprintf(args, sizeof args, "%s --pgn %s/rep.pgn", QUICK, term.dir);
	start(PLAIN, args);
	expect("4. Ng1");
	enter("claim");
	expect("Draw by threefold repetition");
	char *archive = term_read_file(&term, "data/outpost/games.pgn");
	cr_assert(archive && strstr(archive, "1/2-1/2"), "%s", archive ? archive : "(no archive)");
	free(archive);
}

Test(tui, nothing_to_claim_and_a_declined_draw)
{
	start(PLAIN, QUICK);
	enter("claim");
	expect("No draw to claim");
	enter("draw");
	expect("declines");
	enter("e4");
	expect("1. e4");
}

Test(tui, new_game_archives_the_abandoned_one)
{
	start(PLAIN, QUICK);
	enter("e4");
	expect("Outpost played");
	enter("new");
	expect("New game");
	expect("no moves yet");
	char *archive = term_read_file(&term, "data/outpost/games.pgn");
	cr_assert(archive && strstr(archive, "1. e4") && strstr(archive, "[Result \"*\"]"), "%s",
	          archive ? archive : "(no archive)");
	free(archive);
}

Test(tui, setup_a_position_and_play_black)
{
	start(PLAIN, QUICK);
	enter("setup 4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
	expect("Position set up; Black to move");
	enter("side black");
	expect("You play Black");
	expect_square("e8", "k", true);
	enter("setup nonsense");
	expect("Bad FEN");
	enter("fen");
	expect("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
}

Test(tui, typing_stays_responsive_while_the_engine_searches_on_every_thread)
{
	start(PLAIN, "--threads 2 --hash 16");
	enter("analyze");
	expect("depth ");
	/* Each key reaches the screen while the search goes on; how soon is a benchmark's (tests/bench/term-latency). */
	const char *texts[] = { "N", "f", "3" };
	char want[8] = "> ";
	for (int i = 0; i < 3; i++) {
		term_type(&term, texts[i]);
		strcat(want, texts[i]);
		expect(want);
	}
	enter("");
	expect("1. Nf3");
}

Test(tui, a_fallen_flag_ends_the_game)
{
	start(PLAIN, "--time 3s+0 --hash 16 --threads 1");
	enter("e4");
	expect("Outpost played");
	/* Nothing more is typed: White's three seconds run out. */
	expect("Black wins on time");
	char *archive = term_read_file(&term, "data/outpost/games.pgn");
	cr_assert(archive && strstr(archive, "0-1"), "%s", archive ? archive : "(no archive)");
	free(archive);
}

Test(tui, the_engine_opens_when_it_plays_white)
{
	start(UTF8, QUICK " --black");
	expect("1. ");
	expect("Outpost played");
	/* Black at the bottom: the board is turned. */
	expect_square("e8", "\u265a", true);
	expect("h    g    f    e");
}

Test(tui, an_unreadable_saved_game_is_kept_aside)
{
	term_write_file(&term, "data/outpost/current.pgn", "1. e4 e5 2. Ke3 *\n");
	start(PLAIN, QUICK);
	expect("could not be read");
	expect("no moves yet");
	char *kept = term_read_file(&term, "data/outpost/current.pgn.broken");
	cr_assert(kept && strstr(kept, "Ke3"), "the broken game was not kept");
	free(kept);
}

Test(tui, the_move_list_follows_the_game_and_scrolls_by_page)
{
	/* The last game Outpost played against itself (tests/data/pgn/selfplay.pgn), its moves alone. */
	char args[400], *game = test_data_main_line("pgn/selfplay.pgn", 8);
	term_write_file(&term, "long.pgn", game);
	free(game);
	snprintf(args, sizeof args, "%s --pgn %s/long.pgn", QUICK, term.dir);
	start(PLAIN, args);
	/* 173 plies, many more rows than the list has; its end is in view. */
	expect(" 87. ");
	cr_assert(!strstr(term.screen, "  1. "), "the start should be scrolled away:\n%s", term.screen);
	int pages = 0;
	while (pages < 12 && !term_wait(&term, "  1. ", 300)) {
		term_key(&term, "PPage");
		pages++;
	}
	expect("  1. ");
	cr_assert_gt(pages, 1, "one page back should not reach the start");
	/* A frame comes in several writes: a capture may catch the top row new and the bottom one not yet. */
	cr_assert(term_wait_gone(&term, " 87. ", WAIT), "the end should be scrolled away:\n%s", term.screen);
	for (int i = 0; i < pages; i++)
		term_key(&term, "NPage");
	expect(" 87. ");
	expect("1/2-1/2");
}
