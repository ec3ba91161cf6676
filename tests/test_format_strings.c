/*
 * Text that looks like a printf format ("%n%s%x%p") through every way text
 * comes in (issue 14): typed moves and commands, FENs, file names, PGN tags and
 * comments, the config file, another engine's name, the command line, the PGN
 * and EPD modes and UCI.  It must come out literally, on the screen, in the
 * files and on the standard streams, and never crash the program (a %n used
 * as a format would write through a stray pointer).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "term.h"

#define FMT "%n%s%x%p"
#define QUICK "--movetime 200 --hash 16 --threads 1 --book off"
#define FAKE SRC_ROOT "/tests/fake-engine"

static struct term term;

static void setup(void) { term_init(&term); }
static void teardown(void) { term_cleanup(&term); }

TestSuite(tui_format, .init = setup, .fini = teardown, .timeout = 90);
TestSuite(format_modes, .init = setup, .fini = teardown, .timeout = 60);

static void enter(const char *line) { term_enter(&term, line); }
static void said(const char *text) { term_expect_said(&term, text); }

/* Types before, the test's home, "/", after, and Enter. */
static void enter_in_home(const char *before, const char *after)
{
	char line[600];
	snprintf(line, sizeof line, "%s%s/%s", before, term.dir, after);
	enter(line);
}

static void start(void)
{
	term_start(&term, "C.UTF-8", "tmux-256color", 160, 30, QUICK);
	term_expect(&term, "Moves");
}

static void file_holds(const char *path, const char *text)
{
	char *saved = term_read_file(&term, path);
	cr_assert(saved && strstr(saved, text), "%s should hold '%s':\n%s", path, text, saved ? saved : "(none)");
	free(saved);
}

Test(tui_format, typed_moves_commands_fens_and_file_names_come_out_literally)
{
	start();
	enter(FMT);
	said(FMT " is not a move");
	enter("Q" FMT);
	said("Q" FMT " is not a move");
	enter("level " FMT);
	said("(not '" FMT "')");
	enter("setup " FMT);
	said("Bad FEN: column 1: '%' is not a piece letter");
	enter("setup 8/8/8/8/8/8/8/K6k " FMT " - - 0 1");
	said("Bad FEN");
	enter_in_home("load ", FMT "-missing.pgn");
	said(FMT "-missing.pgn: No such file or directory");
	enter("e4");
	said("Outpost played");
	enter_in_home("save ", FMT ".pgn");
	said(FMT ".pgn.");
	file_holds(FMT ".pgn", "1. e4 ");
	enter_in_home("load ", FMT ".pgn");
	said("Loaded ");
	said(FMT ".pgn: 1 moves played");
	cr_assert(term_alive(&term));
}

Test(tui_format, pgn_tags_and_comments_are_kept_literally)
{
	term_write_file(&term, FMT "-in.pgn",
	                "[Event \"" FMT " event\"]\n[White \"" FMT "\"]\n[Black \"%s%s%s%s\"]\n[Result \"*\"]\n"
	                "[Annotator \"" FMT " annotator\"]\n\n1. e4 {" FMT " comment} e5 ({%x%x%x%x} c5) 2. Nf3 *\n");
	/* The engine thinks for Black after the load: long enough that its move cannot take the status line first. */
	term_start(&term, "C.UTF-8", "tmux-256color", 160, 30, "--movetime 20000 --hash 16 --threads 1 --book off");
	term_expect(&term, "Moves");
	enter_in_home("load ", FMT "-in.pgn");
	said(FMT "-in.pgn: 2 moves played");
	enter_in_home("save ", "out.pgn");
	said("Saved the game to ");
	file_holds("out.pgn", "[Annotator \"" FMT " annotator\"]");
	file_holds("out.pgn", "1. e4 {" FMT " comment} 1... e5 ({%x%x%x%x} 1... c5) 2. Nf3");
	file_holds("data/outpost/current.pgn", "{" FMT " comment}");
}

Test(tui_format, the_config_file_and_a_book_named_with_formats)
{
	term_write_file(&term, "config/outpost/outpost.conf", FMT " = 1\nbook = /nowhere/" FMT ".bin\n");
	term_start(&term, "C.UTF-8", "tmux-256color", 160, 30, "--movetime 200 --hash 16 --threads 1");
	term_expect(&term, "Moves");
	said("outpost.conf:1: ");
	said(FMT);
	enter("book /nowhere/" FMT ".bin");
	said("/nowhere/" FMT ".bin");
	cr_assert(term_alive(&term));
}

/* Another engine at a path holding a format, naming itself with one. */
Test(tui_format, another_engine_named_with_formats)
{
	char script[600];
	snprintf(script, sizeof script, "#!/bin/sh\nFAKE_UCI_NAME='%s engine' exec '%s'\n", FMT, FAKE);
	term_write_file(&term, FMT "-engine", script);
	char cmd[300];
	snprintf(cmd, sizeof cmd, "chmod +x '%s/%s-engine'", term.dir, FMT);
	cr_assert_eq(system(cmd), 0);
	start();
	enter_in_home("engine opponent ", FMT "-engine");
	said(FMT " engine now plays you");
	said("Black  " FMT " engine");
	enter("e4");
	said(FMT " engine played e5.");
	file_holds("data/outpost/current.pgn", "[Black \"" FMT " engine\"]");
	file_holds("config/outpost/outpost.conf", "/" FMT "-engine\n");
	enter_in_home("engine panel ", FMT "-missing");
	said(FMT "-missing");
	cr_assert(term_alive(&term));
}

/* The game's command line, in a shell: the error names the text, and the game does not start. */
Test(tui_format, command_line_options_and_fens)
{
	char line[600];
	term_start_shell(&term, "C", "tmux-256color", 160, 30);
	term_expect(&term, "outpost-shell$");
	snprintf(line, sizeof line, "'%s' --level '%s'; echo \"level-exit=$?\"", term_program(), FMT);
	enter(line);
	said("outpost: --level: level must be a whole number from 0 to 20 (not '" FMT "')");
	said("level-exit=2");
	snprintf(line, sizeof line, "'%s' --fen '8/8/8/8/8/8/8/K6k %s'; echo \"fen-exit=$?\"", term_program(), FMT);
	enter(line);
	said("outpost: column 19: side to move must be");
	said("fen-exit=2");
	snprintf(line, sizeof line, "'%s' --pgn '%s-missing.pgn'; echo \"pgn-exit=$?\"", term_program(), FMT);
	enter(line);
	said("outpost: cannot read " FMT "-missing.pgn: No such file or directory");
	said("pgn-exit=2");
}

/* ---------------------------------------------------------------- the other modes */

/* Runs a shell command; its standard output and error together into out.  Returns the exit status. */
static int run(const char *cmd, char *out, size_t len)
{
	char full[2048];
	snprintf(full, sizeof full, "cd '%s' && %s", term.dir, cmd);
	return test_run(full, out, len);
}

Test(format_modes, pgn_mode_prints_tags_comments_and_file_names_literally)
{
	char cmd[1024], out[8192];
	term_write_file(&term, FMT ".pgn",
	                "[Event \"" FMT "\"]\n[White \"%s%s\"]\n[Result \"*\"]\n\n1. e4 {" FMT "} e5 *\n");
	snprintf(cmd, sizeof cmd, "'%s' pgn '%s.pgn'", term_program(), FMT);
	cr_assert_eq(run(cmd, out, sizeof out), 0, "%s", out);
	cr_assert(strstr(out, "[Event \"" FMT "\"]") && strstr(out, "[White \"%s%s\"]") && strstr(out, "{" FMT "}"),
	          "%s", out);
	term_write_file(&term, "bad" FMT ".pgn", "[Event \"x\"]\n\n1. e4 " FMT " *\n");
	snprintf(cmd, sizeof cmd, "'%s' pgn 'bad%s.pgn'", term_program(), FMT);
	cr_assert_eq(run(cmd, out, sizeof out), 1, "%s", out);
	cr_assert(strstr(out, "bad" FMT ".pgn:3:"), "%s", out);
	snprintf(cmd, sizeof cmd, "'%s' pgn --list '%s.pgn'", term_program(), FMT);
	cr_assert_eq(run(cmd, out, sizeof out), 0, "%s", out);
	cr_assert(strstr(out, "%s%s") && strstr(out, FMT), "%s", out);
}

Test(format_modes, epd_and_uci_say_it_literally)
{
	char cmd[1024], out[8192];
	term_write_file(&term, FMT ".epd", "8/8/8/8/8/8/8/K6k w - - bm " FMT "; id \"" FMT "\";\n");
	snprintf(cmd, sizeof cmd, "'%s' epd '%s.epd' --movetime 10", term_program(), FMT);
	run(cmd, out, sizeof out);
	cr_assert(strstr(out, FMT ".epd"), "%s", out);
	snprintf(cmd, sizeof cmd,
	         "printf '%%s\\n' 'setoption name %s value %s' 'position fen %s' 'position startpos moves %s' '%s' "
	         "isready quit | '%s' uci",
	         FMT, FMT, FMT, FMT, FMT, term_program());
	cr_assert_eq(run(cmd, out, sizeof out), 0, "%s", out);
	cr_assert(strstr(out, "setoption ignored") && strstr(out, "unknown command: " FMT) && strstr(out, "readyok"),
	          "%s", out);
	cr_assert(strstr(out, "move 1 (" FMT ")") || strstr(out, FMT), "%s", out);
}
