/* The front end's pure helpers: layout, formatting, settings, options, the config file, suggestions, files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "tui/commands/commands.h"
#include "tui/base/config_file.h"
#include "tui/base/files.h"
#include "tui/base/format.h"
#include "tui/views/help_view.h"
#include "tui/base/layout.h"
#include "tui/base/options.h"
#include "tui/base/san_list.h"
#include "tui/base/settings.h"
#include "tui/base/suggest.h"
#include "engine/engine.h"
#include "helpers.h"
#include "notation/text_file.h"

/* ---------------------------------------------------------------- layout */

static bool inside(const struct rect *r, int lines, int cols)
{
	return r->y >= 0 && r->x >= 0 && r->y + r->h <= lines && r->x + r->w <= cols;
}

Test(layout, too_small_below_60x20)
{
	struct layout lay;
	cr_assert_not(layout_compute(19, 80, &lay));
	cr_assert(lay.too_small);
	cr_assert_not(layout_compute(24, 59, &lay));
	cr_assert(layout_compute(20, 60, &lay));
	cr_assert_not(lay.too_small);
}

Test(layout, every_size_fits_and_the_board_grows)
{
	int last_w = 0;
	for (int size = 0; size <= 60; size++) {
		int lines = 20 + size, cols = 60 + size * 2;
		struct layout lay;
		cr_assert(layout_compute(lines, cols, &lay));
		cr_assert(inside(&lay.board, lines, cols) && inside(&lay.panel, lines, cols) &&
		          inside(&lay.bar, lines, cols) && inside(&lay.files, lines, cols));
		cr_assert_geq(lay.sq_w, 3, "two or more columns a square");
		cr_assert_geq(lay.panel.w, LAYOUT_PANEL_MIN);
		cr_assert_lt(lay.bar.x, lay.panel.x, "the bar is beside the board, left of the panel");
		cr_assert_geq(lay.sq_w, last_w, "the board never shrinks as the terminal grows");
		last_w = lay.sq_w;
		cr_assert_eq(lay.moves.y + lay.moves.h, lay.analysis.y);
		cr_assert_geq(lay.analysis.h, 5);
		cr_assert_eq(lay.input.y, lines - 1);
		cr_assert_eq(lay.status.y + lay.status.h, lines - 1, "the status rows sit just above the prompt");
		cr_assert_eq(lay.status.h, LAYOUT_STATUS_ROWS);
		cr_assert_leq(lay.files.y, lay.status.y - 1, "the board ends above the status rows");
	}
	cr_assert_geq(last_w, 7, "a large terminal gets a large board");
}

/* ---------------------------------------------------------------- formatting */

Test(format, counts_clocks_and_durations)
{
	char buf[32];
	fmt_count(buf, sizeof buf, 950);
	cr_assert_str_eq(buf, "950");
	fmt_count(buf, sizeof buf, 12345);
	cr_assert_str_eq(buf, "12.3k");
	fmt_count(buf, sizeof buf, 1234567);
	cr_assert_str_eq(buf, "1.23M");
	fmt_count(buf, sizeof buf, 456000000);
	cr_assert_str_eq(buf, "456M");
	fmt_clock(buf, sizeof buf, 300000);
	cr_assert_str_eq(buf, "5:00");
	fmt_clock(buf, sizeof buf, 3900000);
	cr_assert_str_eq(buf, "1:05:00");
	fmt_clock(buf, sizeof buf, 9850);
	cr_assert_str_eq(buf, "0:09.8");
	fmt_clock(buf, sizeof buf, -400);
	cr_assert_str_eq(buf, "0:00.0");
	fmt_duration(buf, sizeof buf, 1400);
	cr_assert_str_eq(buf, "1.4s");
	fmt_duration(buf, sizeof buf, 125000);
	cr_assert_str_eq(buf, "2:05");
}

Test(format, cut_keeps_moves_whole)
{
	size_t cut;
	const char *pv = "12. Nf3 Nc6 13. Bb5 a6";
	size_t rest = fmt_cut(pv, 12, &cut);
	cr_assert_eq(cut, 11); /* "12. Nf3 Nc6" */
	cr_assert_str_eq(pv + rest, "13. Bb5 a6");
	rest = fmt_cut(pv, 9, &cut);
	cr_assert_eq(cut, 7); /* "12. Nf3", not "12. Nf3 N" */
	rest = fmt_cut(pv, 15, &cut);
	cr_assert_eq(cut, 11, "'13.' goes down with Bb5"); /* "12. Nf3 Nc6", not "12. Nf3 Nc6 13." */
	cr_assert_str_eq(pv + rest, "13. Bb5 a6");
	rest = fmt_cut(pv, 80, &cut);
	cr_assert_eq(cut, strlen(pv));
	cr_assert_eq(rest, strlen(pv));
	/* A UTF-8 character counts as one cell. */
	rest = fmt_cut("\u2191\u2191\u2191 ab", 4, &cut);
	cr_assert_eq(cut, 9);
}

Test(format, white_share_of_the_bar)
{
	cr_assert_float_eq(fmt_white_share(0, false, 0), 0.5, 1e-9);
	cr_assert_float_eq(fmt_white_share(400, false, 0), 10.0 / 11.0, 1e-3);
	cr_assert_float_eq(fmt_white_share(-400, false, 0), 1.0 / 11.0, 1e-3);
	cr_assert_gt(fmt_white_share(5000, false, 0), 0.99);
	cr_assert_float_eq(fmt_white_share(0, true, 2), 1.0, 1e-9);
	cr_assert_float_eq(fmt_white_share(0, true, -2), 0.0, 1e-9);
}

Test(format, engine_name)
{
	char buf[64];
	fmt_engine_name(buf, sizeof buf, 10, 0);
	cr_assert_str_eq(buf, "Outpost (1800 Elo)", "a level is named by the rating it plays");
	fmt_engine_name(buf, sizeof buf, 20, 0);
	cr_assert_str_eq(buf, "Outpost (full strength)");
	fmt_engine_name(buf, sizeof buf, 10, 1500);
	cr_assert_str_eq(buf, "Outpost (1500 Elo)", "an Elo limit names the engine instead of its level");
}

/* ---------------------------------------------------------------- the move list's text */

static void play_san(struct game *g, const char *san)
{
	move_t m;
	char msg[128];
	cr_assert_eq(san_parse(game_position(g), san, &m, msg, sizeof msg), SAN_OK, "%s: %s", san, msg);
	cr_assert(game_play(g, m));
}

/* A game that starts with Black to move at move 5: its first row holds Black's move alone. */
Test(san_list, played_then_undone_moves_in_rows)
{
	char err[128];
	position_init();
	struct game *g = game_new("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 5", err, sizeof err);
	cr_assert(g, "%s", err);
	struct san_list l = { 0 };
	san_list_update(&l, g);
	cr_assert_eq(l.total, 0);
	cr_assert_eq(san_list_rows(&l), 0);
	play_san(g, "e5");
	play_san(g, "Nf3");
	play_san(g, "Nc6");
	cr_assert(game_undo(g));
	san_list_update(&l, g);
	cr_assert(l.black_first);
	cr_assert_eq(l.first_number, 5);
	cr_assert_eq(l.total, 3, "the undone move stays in the list");
	cr_assert_eq(l.played, 2);
	cr_assert_str_eq(l.san[0], "e5");
	cr_assert_str_eq(l.san[2], "Nc6");
	cr_assert_eq(san_list_row(&l, 0), 0);
	cr_assert_eq(san_list_row(&l, 1), 1);
	cr_assert_eq(san_list_rows(&l), 2);
	cr_assert_eq(san_list_follow_top(&l, 1), 1, "one row shown: the current move's");
	cr_assert_eq(san_list_follow_top(&l, 5), 0);
	san_list_free(&l);
	game_free(g);
}

/* ---------------------------------------------------------------- settings and options */

Test(settings, time_controls)
{
	int t, inc;
	cr_assert(settings_parse_time("5+3", &t, &inc));
	cr_assert_eq(t, 300000);
	cr_assert_eq(inc, 3000);
	cr_assert(settings_parse_time("0.5", &t, &inc));
	cr_assert_eq(t, 30000);
	cr_assert_eq(inc, 0);
	cr_assert(settings_parse_time("90s+2", &t, &inc));
	cr_assert_eq(t, 90000);
	cr_assert_eq(inc, 2000);
	cr_assert(settings_parse_time("off", &t, &inc));
	cr_assert_eq(t, 0);
	const char *bad[] = { "", "+3", "5+", "-5", "5+-1", "abc", "5+3x", "99999" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		cr_assert_not(settings_parse_time(bad[i], &t, &inc), "'%s' should be refused", bad[i]);
	char buf[32];
	settings_format_time(300000, 3000, buf, sizeof buf);
	cr_assert_str_eq(buf, "5+3");
	settings_format_time(90000, 0, buf, sizeof buf);
	cr_assert_str_eq(buf, "90s+0");
	settings_format_time(0, 0, buf, sizeof buf);
	cr_assert_str_eq(buf, "off");
}

Test(settings, set_checks_and_round_trips)
{
	struct settings s, before;
	char err[200], buf[64];
	settings_default(&s);
	cr_assert_eq(s.level, LEVEL_DEFAULT);
	cr_assert_eq(s.human, 0 /* WHITE */);
	cr_assert(settings_set(&s, "level", "3", err, sizeof err));
	cr_assert_eq(s.level, 3);
	before = s;
	cr_assert_not(settings_set(&s, "level", "21", err, sizeof err));
	cr_assert(strstr(err, "level"), "%s", err);
	cr_assert_not(settings_set(&s, "level", "3x", err, sizeof err));
	cr_assert_not(settings_set(&s, "side", "green", err, sizeof err));
	cr_assert_not(settings_set(&s, "nonsense", "1", err, sizeof err));
	cr_assert_not(settings_set(&s, "elo", "12", err, sizeof err));
	cr_assert_eq(memcmp(&s, &before, sizeof s), 0, "a refused value changed nothing");
	for (int i = 0; settings_keys[i]; i++) {
		struct settings copy = s;
		cr_assert(settings_get(&s, settings_keys[i], buf, sizeof buf));
		cr_assert(settings_set(&copy, settings_keys[i], buf, err, sizeof err), "%s = %s: %s", settings_keys[i],
		          buf, err);
		cr_assert_eq(memcmp(&copy, &s, sizeof s), 0, "%s did not round-trip", settings_keys[i]);
	}
}

/* The engine-backed settings take their ranges from the engine's option table. */
Test(settings, engine_ranges_come_from_the_option_table)
{
	struct settings s;
	char err[200], v[32];
	settings_default(&s);
	cr_expect_eq(s.threads, engine_option_find("Threads")->def);
	cr_expect_eq(s.multipv, engine_option_find("MultiPV")->def);
	static const char *const pairs[][2] = {
		{ "level", "Skill Level" }, { "threads", "Threads" }, { "hash", "Hash" }, { "multipv", "MultiPV" }
	};
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		const struct engine_option *o = engine_option_find(pairs[i][1]);
		snprintf(v, sizeof v, "%d", o->max);
		cr_expect(settings_set(&s, pairs[i][0], v, err, sizeof err), "%s = %s: %s", pairs[i][0], v, err);
		snprintf(v, sizeof v, "%d", o->max + 1);
		cr_expect(!settings_set(&s, pairs[i][0], v, err, sizeof err), "%s took %s", pairs[i][0], v);
		snprintf(v, sizeof v, "%d", o->min - 1);
		cr_expect(!settings_set(&s, pairs[i][0], v, err, sizeof err), "%s took %s", pairs[i][0], v);
	}
	cr_expect(settings_set(&s, "multipv", "10", err, sizeof err), "MultiPV goes to 10, as the engine's: %s", err);
	const struct engine_option *elo = engine_option_find("UCI_Elo");
	snprintf(v, sizeof v, "%d", elo->min - 1);
	cr_expect(!settings_set(&s, "elo", v, err, sizeof err));
	snprintf(v, sizeof v, "from %d to %d", elo->min, elo->max);
	cr_expect(strstr(err, v) != NULL, "%s", err);
}

Test(options, help_gives_the_tables_ranges)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	cr_assert_not_null(f);
	options_print_help(f);
	fclose(f);
	char want[96];
	snprintf(want, sizeof want, "analysis lines shown, 1 to %d (default 1)", engine_option_find("MultiPV")->max);
	cr_expect(strstr(text, want) != NULL, "%s", text);
	snprintf(want, sizeof want, "search threads, 1 to %d (default 1)", engine_option_find("Threads")->max);
	cr_expect(strstr(text, want) != NULL, "%s", text);
	cr_expect(strstr(text, "the engine's level, 0 to 20 (default 7)") != NULL, "%s", text);
	free(text);
}

Test(options, command_line)
{
	struct settings s;
	struct launch l;
	char err[200];
	settings_default(&s);
	char *argv[] = { "--black", "--level=4", "--time", "3+2", "--fen", "8/8/8/8/8/8/8/K1k5 w - - 0 1", "--ascii" };
	cr_assert_eq(options_parse(7, argv, &s, &l, err, sizeof err), OPTIONS_OK, "%s", err);
	cr_assert_eq(s.human, 1 /* BLACK */);
	cr_assert_eq(s.level, 4);
	cr_assert_eq(s.time_ms, 180000);
	cr_assert(s.ascii);
	cr_assert_str_eq(l.fen, "8/8/8/8/8/8/8/K1k5 w - - 0 1");
	char *bad1[] = { "--level", "x" };
	cr_assert_eq(options_parse(2, bad1, &s, &l, err, sizeof err), OPTIONS_ERROR);
	cr_assert(strstr(err, "--level"), "%s", err);
	char *bad2[] = { "--hash" };
	cr_assert_eq(options_parse(1, bad2, &s, &l, err, sizeof err), OPTIONS_ERROR);
	cr_assert(strstr(err, "needs a value"), "%s", err);
	char *bad3[] = { "--frobnicate" };
	cr_assert_eq(options_parse(1, bad3, &s, &l, err, sizeof err), OPTIONS_ERROR);
	char *both[] = { "--fen", "x", "--pgn", "y" };
	cr_assert_eq(options_parse(4, both, &s, &l, err, sizeof err), OPTIONS_ERROR);
	char *help[] = { "--level", "3", "--help" };
	cr_assert_eq(options_parse(3, help, &s, &l, err, sizeof err), OPTIONS_HELP);
}

/* --chess960 takes a start's number when one follows, else draws one; a number out of range is refused. */
Test(options, chess960)
{
	struct settings s;
	struct launch l;
	char err[200];
	settings_default(&s);
	char *numbered[] = { "--chess960", "123", "--black" };
	cr_assert_eq(options_parse(3, numbered, &s, &l, err, sizeof err), OPTIONS_OK, "%s", err);
	cr_expect(l.chess960 && l.chess960_number == 123);
	char *joined[] = { "--chess960=0" };
	cr_assert_eq(options_parse(1, joined, &s, &l, err, sizeof err), OPTIONS_OK, "%s", err);
	cr_expect(l.chess960 && l.chess960_number == 0);
	char *random[] = { "--chess960", "--level", "3" };
	cr_assert_eq(options_parse(3, random, &s, &l, err, sizeof err), OPTIONS_OK, "%s", err);
	cr_expect(l.chess960 && l.chess960_number == -1 && s.level == 3);
	char *none[] = { "--level", "3" };
	cr_assert_eq(options_parse(2, none, &s, &l, err, sizeof err), OPTIONS_OK, "%s", err);
	cr_expect_not(l.chess960);
	char *far[] = { "--chess960", "960" };
	cr_assert_eq(options_parse(2, far, &s, &l, err, sizeof err), OPTIONS_ERROR);
	cr_expect_str_eq(err, "--chess960: '960' is no start position's number (0 to 959; 518 is the standard one)");
	char *odd[] = { "--chess960=12x" };
	cr_assert_eq(options_parse(1, odd, &s, &l, err, sizeof err), OPTIONS_ERROR);
	char *both[] = { "--chess960", "--fen", "8/8/8/8/8/8/8/K1k5 w - - 0 1" };
	cr_assert_eq(options_parse(3, both, &s, &l, err, sizeof err), OPTIONS_ERROR);
	cr_expect_str_eq(err, "--chess960 and --fen cannot be used together");
}

/* ---------------------------------------------------------------- the config file */

Test(config_file, parse_takes_good_lines_and_names_the_first_bad_one)
{
	struct settings s;
	char err[200];
	settings_default(&s);
	const char *text = "# comment\n\n  level = 7  \r\nside=black\nthis is wrong\nhash = lots\nmultipv = 3\n";
	cr_assert_not(config_parse_text(text, "outpost.conf", &s, err, sizeof err));
	cr_assert_str_eq(err, "outpost.conf:5: expected 'key = value'");
	cr_assert_eq(s.level, 7);
	cr_assert_eq(s.human, 1);
	cr_assert_eq(s.multipv, 3);
	cr_assert_eq(s.hash_mb, 64, "the bad hash line changed nothing");
}

Test(config_file, update_keeps_comments_and_rewrites_values)
{
	struct settings s;
	char err[200];
	settings_default(&s);
	s.level = 5;
	char *text = config_update_text("# my settings\nlevel = 12 \nunknown = 1\nlevel = 13\n", &s);
	cr_assert_not_null(text);
	const char *kept = "# my settings\nlevel = 5\nunknown = 1\n";
	cr_assert(!strncmp(text, kept, strlen(kept)), "%s", text);
	cr_assert(!strstr(text, "13"), "the duplicate line goes: %s", text);
	cr_assert(strstr(text, "\ntime = off\n"), "missing keys are added: %s", text);
	struct settings back;
	settings_default(&back);
	config_parse_text(text, "x", &back, err, sizeof err); /* "unknown" is refused, the rest taken */
	cr_assert_eq(memcmp(&back, &s, sizeof s), 0);
	free(text);
}

Test(config_file, save_and_load_through_a_file)
{
	char dir[] = "/tmp/outpost-conf-XXXXXX", path[256], err[200];
	cr_assert_not_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/a/b/outpost.conf", dir);
	struct settings s, back;
	settings_default(&s);
	settings_default(&back);
	s.multipv = 4;
	s.white_scores = false;
	cr_assert(config_save(path, &s, err, sizeof err), "%s", err);
	cr_assert(config_load(path, &back, err, sizeof err), "%s", err);
	cr_assert_eq(memcmp(&back, &s, sizeof s), 0);
	snprintf(path, sizeof path, "%s/missing.conf", dir);
	cr_assert(config_load(path, &back, err, sizeof err), "a missing file is fine");
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

/* ---------------------------------------------------------------- files */

Test(files, xdg_directories)
{
	char buf[512];
	setenv("XDG_CONFIG_HOME", "/x/config", 1);
	setenv("XDG_DATA_HOME", "relative/ignored", 1);
	setenv("HOME", "/x/someone", 1);
	cr_assert(files_config_dir(buf, sizeof buf));
	cr_assert_str_eq(buf, "/x/config/outpost");
	cr_assert(files_data_dir(buf, sizeof buf));
	cr_assert_str_eq(buf, "/x/someone/.local/share/outpost", "a relative XDG path is ignored, as the spec says");
}

Test(files, atomic_write_replaces_whole)
{
	char dir[] = "/tmp/outpost-files-XXXXXX", path[256], err[200];
	cr_assert_not_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/f.pgn", dir);
	cr_assert(files_write_atomic(path, "first", 5, err, sizeof err), "%s", err);
	cr_assert(files_write_atomic(path, "second", 6, err, sizeof err), "%s", err);
	size_t len;
	char *text = text_file_read(path, &len);
	cr_assert_str_eq(text, "second");
	free(text);
	snprintf(path, sizeof path, "%s/no/such/dir/f.pgn", dir);
	cr_assert_not(files_write_atomic(path, "x", 1, err, sizeof err));
	cr_assert(strstr(err, "cannot write"), "%s", err);
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

/* ---------------------------------------------------------------- suggestions */

Test(suggest, distance)
{
	cr_assert_eq(suggest_distance("Nf3", "Nf3"), 0);
	cr_assert_eq(suggest_distance("Nf4", "Nf3"), 1);
	cr_assert_eq(suggest_distance("fN3", "Nf3"), 1, "a swap of neighbours is one edit");
	cr_assert_eq(suggest_distance("e4", "Ne4"), 1);
	cr_assert_eq(suggest_distance("", "abc"), 3);
}

Test(suggest, nearest_legal_moves)
{
	struct position *pos = test_position(FEN_START);
	char out[64];
	cr_assert_eq(suggest_moves(pos, "Nf4", out, sizeof out), 1);
	cr_assert_str_eq(out, "Nf3");
	cr_assert_eq(suggest_moves(pos, "e5", out, sizeof out), 2);
	cr_assert_str_eq(out, "e3 or e4");
	cr_assert_eq(suggest_moves(pos, "Qh5", out, sizeof out), 0, "nothing near: no guess");
	cr_assert_str_eq(out, "");
	cr_assert_eq(suggest_moves(pos, "Z4", out, sizeof out), 0, "eight moves as near: none is named");
	test_free(pos);
	pos = test_position("5r1k/4P3/8/8/8/8/8/K7 w - - 0 1");
	cr_assert_eq(suggest_moves(pos, "e8", out, sizeof out), 4, "every promotion, not three of them");
	cr_assert_str_eq(out, "e8=B or e8=N or e8=Q or e8=R");
	test_free(pos);
	pos = test_position("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
	cr_assert_eq(suggest_moves(pos, "Kg1", out, sizeof out), 1);
	cr_assert_str_eq(out, "O-O");
	cr_assert_eq(suggest_moves(pos, "Kc1", out, sizeof out), 1);
	cr_assert_str_eq(out, "O-O-O");
	test_free(pos);
	pos = test_position("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1");
	cr_assert_eq(suggest_moves(pos, "kg8", out, sizeof out), 1);
	cr_assert_str_eq(out, "O-O");
	test_free(pos);
}

/* The example installed beside the program (data/outpost.conf) reads cleanly and says the real defaults. */
Test(config_file, installed_example_holds_the_defaults)
{
	size_t len;
	char *text = test_data_read("../../data/outpost.conf", &len);
	struct settings s, defaults;
	char err[200] = "";
	settings_default(&s);
	s.level = 0; /* so that the file has to set every value itself */
	s.movetime_ms = 1;
	s.hash_mb = 1;
	cr_assert(config_parse_text(text, "outpost.conf", &s, err, sizeof err), "%s", err);
	settings_default(&defaults);
	for (int i = 0; settings_keys[i]; i++) {
		char want[64], got[64];
		cr_assert(settings_get(&defaults, settings_keys[i], want, sizeof want));
		cr_assert(settings_get(&s, settings_keys[i], got, sizeof got));
		cr_expect_str_eq(got, want, "%s", settings_keys[i]);
		char line[80];
		snprintf(line, sizeof line, "\n%s = ", settings_keys[i]);
		cr_expect(strstr(text, line) != NULL, "the example lacks '%s'", settings_keys[i]);
	}
	free(text);
}

/* ---------------------------------------------------------------- the docs name every command */

/* Every command of the prompt is on the help page, in the manual's table (doc/playing.md) and in the man page's
 * COMMANDS. */
Test(docs, every_command_is_in_the_help_the_readme_and_the_man_page)
{
	const char *const *lines;
	int n = help_view_lines(&lines);
	size_t len;
	char *readme = test_data_read("../../doc/playing.md", &len), *man = test_data_read("../../man/outpost.6", &len);
	const char *commands = strstr(man, ".SH COMMANDS"), *options = strstr(man, ".SH OPTIONS");
	cr_assert(commands && options && commands < options, "no COMMANDS section in the man page");
	for (int c = 0; commands_name(c); c++) {
		const char *name = commands_name(c);
		char word[32];
		bool in_help = false;
		snprintf(word, sizeof word, " %s ", name);
		for (int i = 0; i < n && !in_help; i++) {
			char padded[160];
			snprintf(padded, sizeof padded, " %s ", lines[i]);
			in_help = strstr(padded, word) != NULL;
		}
		cr_expect(in_help, "the help page does not name '%s'", name);
		snprintf(word, sizeof word, "`%s", name);
		cr_expect(strstr(readme, word) != NULL, "doc/playing.md's table does not name '%s'", name);
		bool in_man = false;
		for (const char *p = commands; p && p < options && !in_man; p = strstr(p + 1, "\n.B")) {
			const char *w = p + strcspn(p + 1, " ") + 2;
			in_man = !strncmp(w, name, strlen(name)) && strchr(" \n\"", w[strlen(name)]);
		}
		cr_expect(in_man, "the man page's COMMANDS do not name '%s'", name);
	}
	free(readme);
	free(man);
}
