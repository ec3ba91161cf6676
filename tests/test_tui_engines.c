/*
 * The game with another UCI engine (the scripted tests/fake-engine) in the
 * panel, across the board, or both: the panel and the players' rows say who
 * speaks, and a crash, a hang or garbled output is reported while the game
 * goes on with Outpost.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "term.h"

#define FAKE SRC_ROOT "/tests/fake-engine"
#define QUICK "--movetime 300 --hash 16 --threads 1 --book off"
#define WAIT 8000

static struct term term;

static void setup(void)
{
	term_init(&term);
	unsetenv("OUTPOST_ECO");
}
static void teardown(void) { term_cleanup(&term); }
TestSuite(tui_engines, .init = setup, .fini = teardown, .timeout = 90);

static void enter(const char *line)
{
	term_type(&term, line);
	term_key(&term, "Enter");
}

static void expect_within(const char *text, int ms)
{
	cr_assert(term_wait(&term, text, ms), "'%s' never appeared; the screen:\n%s", text, term.screen);
}

static void expect(const char *text) { expect_within(text, WAIT); }

static void start(void)
{
	term_start(&term, "C.UTF-8", "tmux-256color", 80, 24, QUICK);
	expect("Moves");
}

/* Types `engine ROLE FAKE OPTIONS`. */
static void use_fake(const char *role, const char *options)
{
	char cmd[600];
	snprintf(cmd, sizeof cmd, "engine %s %s %s", role, FAKE, options);
	enter(cmd);
}

Test(tui_engines, the_other_engine_plays_and_is_named)
{
	start();
	use_fake("opponent", "");
	expect("Fake Engine 1.0 now plays you; Outpost does the rest.");
	expect("Black  Fake Engine 1.0");
	enter("e4");
	expect("Fake Engine 1.0 played e5.");
	/* The panel is still Outpost's: analysis speaks as before. */
	enter("analyze");
	expect("Analysis: your position");
	char *conf = term_read_file(&term, "config/outpost/outpost.conf");
	cr_assert_not_null(conf);
	cr_expect(strstr(conf, "\nengine = opponent " FAKE "\n") != NULL, "%s", conf);
	free(conf);
	enter("engine off");
	expect("Outpost alone plays and analyses.");
	expect("Black  Outpost (1500 Elo)");
}

Test(tui_engines, the_other_engine_analyses_in_the_panel)
{
	start();
	use_fake("panel", "Move=g1f3");
	expect("Fake Engine 1.0 now analyses in the panel");
	enter("analyze");
	expect("Fake Engine 1.0: your position");
	expect("depth 2/3");
	expect("1. Nf3");
	enter("hint");
	expect("Hint: Nf3");
}

Test(tui_engines, a_crash_is_reported_and_outpost_takes_over)
{
	start();
	use_fake("both", "Mode=crash");
	expect("now plays you and analyses in the panel");
	enter("e4");
	expect("Fake Engine 1.0 crashed (Segmentation fault); Outpost takes over.");
	expect("Outpost played");
	expect("Black  Outpost (1500 Elo)");
}

Test(tui_engines, a_hang_is_reported_and_outpost_takes_over)
{
	start();
	use_fake("opponent", "Mode=hang");
	expect("now plays you");
	enter("e4");
	/* Its time (300 ms) and the client's timeout (5 s) go by first. */
	expect_within("Fake Engine 1.0 did not answer in time and was stopped; Outpost takes over.", 15000);
	expect("Outpost played");
}

Test(tui_engines, garbled_output_is_reported_and_the_game_goes_on)
{
	start();
	use_fake("opponent", "Mode=garbage");
	expect("now plays you");
	enter("e4");
	expect("Fake Engine 1.0 played e5.");
	enter("d4");
	expect("sent a line that is not UCI (ignored): 'info depth x score cp");
}

Test(tui_engines, engines_that_do_not_start_change_nothing)
{
	start();
	enter("engine /nonexistent/engine");
	expect("Engine not changed: cannot start '/nonexistent/engine': No such file");
	enter("engine panel");
	expect("engine panel needs a program");
	use_fake("both", "Contempt=3");
	expect("Engine not changed: Fake Engine 1.0 has no option 'Contempt'");
	enter("e4");
	expect("Outpost played");
}

/* The config key starts it with the game. */
Test(tui_engines, from_the_config_file)
{
	term_write_file(&term, "config/outpost/outpost.conf", "engine = opponent " FAKE " Skill Level=3\n");
	start();
	expect("No other engine: Fake Engine 1.0 has no option 'Skill Level'");
	term_write_file(&term, "config/outpost/outpost.conf", "engine = opponent " FAKE " Move=e7e5\n");
	term_stop(&term);
	start();
	expect("Black  Fake Engine 1.0");
}
