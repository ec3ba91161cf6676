/*
 * What the fuzz harnesses found (tests/fuzz), each kept as a test of its own: the input that failed, and what
 * the reader must do with it now.  The inputs are also in the harness's seed corpus.
 */
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "study/lichess_csv.h"
#include "notation/pgn.h"
#include "protocol/epd.h"
#include "rules/position.h"
#include "tui/base/config_file.h"
#include "tui/commands/persist.h"

static void setup(void) { position_init(); }
TestSuite(fuzz_found, .init = setup, .timeout = 30);

/* fuzz_epd: a line break after "bm" with no ';' to end the operation kept the reader in place for ever. */
Test(fuzz_found, epd_operand_before_a_line_break)
{
	struct epd_entry entry;
	char err[256];
	cr_expect(!epd_parse("r3r1k1/pp1q1pp1/4b1p1/3p2B1/3Q1R2/8/PPP3PP/4R1K1 w - - bm \n", &entry, err, sizeof err));
	cr_expect(err[0], "an empty bm is an error with a message");
	const char *line = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6\n";
	cr_expect(epd_parse(line, &entry, err, sizeof err), "%s", err);
	cr_expect_eq(entry.nbm, 1);
}

/* fuzz_epd: four long position fields wrote past the entry's FEN buffer. */
Test(fuzz_found, epd_position_fields_too_long)
{
	char line[1024], field[120];
	memset(field, 'p', sizeof field - 1);
	field[sizeof field - 1] = '\0';
	snprintf(line, sizeof line, "%s %s %s %s bm e4;", field, field, field, field);
	struct epd_entry entry;
	char err[256];
	cr_expect(!epd_parse(line, &entry, err, sizeof err));
	cr_expect(strstr(err, "too long") != NULL, "%s", err);
}

/* The last game of text, which must read. */
static struct game *last_game(const char *text)
{
	char err[256] = "";
	struct game *g = persist_last_game_of(text, strlen(text), "found", err, sizeof err);
	cr_assert_not_null(g, "%s", err);
	return g;
}

/*
 * fuzz_persist and fuzz_pgn: a control character after "[%eval" or in "[%clk ...]" kept the command as comment
 * text, which the game stores with the control character as a space: written back, it read as a command.
 */
Test(fuzz_found, a_control_character_in_a_clock_or_eval_command_reads_as_a_space)
{
	struct game *g = last_game("[Result \"*\"]\n\n1. e4 {[%eval\x17-2.2]} e5 {[%clk 0:04:59\x01]} *\n");
	struct game_eval e;
	int64_t ms;
	cr_expect(game_node_eval(g, 1, &e) && e.value == -220, "the eval is taken");
	cr_expect(game_node_clock(g, 2, &ms) && ms == 299000, "the clock is taken");
	cr_expect_str_eq(game_comment(g, 1, COMMENT_AFTER), "");
	char *back = pgn_game_to_string(g);
	struct game *again = last_game(back);
	char why[200] = "";
	cr_expect(game_compare(g, again, true, why, sizeof why), "%s", why);
	free(back);
	game_free(again);
	game_free(g);
}

/* fuzz_persist: a saved game's TimeControl of 99999999999 seconds overflowed the time setting (int milliseconds). */
Test(fuzz_found, a_saved_time_control_out_of_range_is_not_taken)
{
	static struct tui t;
	static const char *const controls[] = { "99999999999+99999999", "1215752191", "-5+3", "0+3", "300+3+1", "5+x" };
	for (size_t i = 0; i < sizeof controls / sizeof controls[0]; i++) {
		char text[400];
		snprintf(text, sizeof text,
		         "[White \"Outpost\"]\n[TimeControl \"%s\"]\n[WhiteTimeMs \"9223372036854775807\"]\n"
		         "[BlackTimeMs \"12\"]\n[Result \"*\"]\n\n1. d4 d5 *\n",
		         controls[i]);
		struct game *g = last_game(text);
		bool clocks = true;
		settings_default(&t.cfg.set);
		cr_expect_eq(persist_read_tags(&t, g, &clocks), BLACK, "Outpost played White");
		cr_expect_not(clocks, "TimeControl %s was taken", controls[i]);
		cr_expect_eq(t.cfg.set.time_ms, 0);
		game_free(g);
	}
	struct game *g = last_game("[TimeControl \"300+3\"]\n[WhiteTimeMs \"-5\"]\n[BlackTimeMs \"299120\"]\n\n1. e4 *\n");
	bool clocks = false;
	cr_expect_eq(persist_read_tags(&t, g, &clocks), -1);
	cr_expect(clocks && t.cfg.set.time_ms == 300000 && t.cfg.set.inc_ms == 3000);
	cr_expect_eq(game_clock_remaining(g, WHITE), 1, "a fallen flag reads as 1 ms");
	cr_expect_eq(game_clock_remaining(g, BLACK), 299120);
	game_free(g);
}

/*
 * fuzz_config: a book file name longer than a setting holds was cut to 255 characters and taken, another file name
 * silently; cut just after a tab, it also read back otherwise once written.  Such a line is refused whole now.
 */
Test(fuzz_found, a_config_value_too_long_is_refused_not_cut)
{
	char name[301], text[400], err[512] = "";
	memset(name, 'a', 300);
	name[0] = '/', name[254] = '\t', name[300] = '\0';
	snprintf(text, sizeof text, "colors = mono\nbook = %s\nascii = yes\n", name);
	struct settings s, d;
	settings_default(&s);
	settings_default(&d);
	cr_assert_not(config_parse_text(text, "outpost.conf", &s, err, sizeof err));
	cr_expect_str_eq(err, "outpost.conf:2: a key or value too long (a value holds at most 255 characters)");
	cr_expect_str_eq(s.book, d.book, "the book became '%s'", s.book);
	cr_expect(s.ascii && s.colors != d.colors, "the lines around it were not read");
	char *written = config_update_text(text, &s);
	cr_assert(written && strstr(written, strchr(text, '\n') + 1), "the refused line is not kept as it was:\n%s", written);
	free(written);
}

/* fuzz_lichess: a FEN whose fifty-move count reads but, one move on, no longer does made a puzzle that fails its check. */
Test(fuzz_found, a_lichess_row_whose_position_after_the_first_move_does_not_read_is_refused)
{
	struct lichess_puzzle lp;
	char err[300] = "";
	cr_expect(!lichess_csv_parse("a,6k1/5ppp/8/8/8/8/8/R5K1 b - -  1000,g8h8 a1a8,406,,96,k0000,", &lp, err,
	                             sizeof err));
	cr_expect(err[0], "refused with a message");
}
