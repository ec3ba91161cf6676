/*
 * Files of many games: listing them cheaply (tags, move counts), reading
 * game N, seeking to a listed game, how long it takes; and pgn-extract
 * reading what we write to the same games.  On the games Outpost played
 * against itself (tests/data/pgn), and in shared_pgn_files on the outside
 * collections (the 964 annotated miniatures, the real games), where the
 * build has them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "notation/notation.h"
#include "notation/pgn.h"
#include "notation/text_file.h"

static void setup(void) { position_init(); }
TestSuite(pgn_files, .init = setup);
TestSuite(shared_pgn_files, .init = setup);

static double seconds_since(const struct timespec *t0)
{
	struct timespec t1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

/* Lists the games of text, reads them all, then game nth by number and by seeking: the same games every way. */
static void expect_listing_agrees(char *text, size_t len, const char *name, int games_in_file, int nth)
{
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	struct pgn_list list;
	cr_assert(pgn_list_games(text, len, &list));
	double list_s = seconds_since(&t0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	struct game **games;
	int n = test_read_pgn(text, len, "games", &games);
	double read_s = seconds_since(&t0);
	cr_log_info("%s: %d games listed in %.1f ms, read (every move of every line checked) in %.1f ms", name,
	            list.n, list_s * 1e3, read_s * 1e3);
	cr_assert_eq(list.n, games_in_file);
	cr_assert_eq(n, games_in_file);
	for (int i = 0; i < n; i++) {
		const struct pgn_entry *e = &list.games[i];
		cr_assert_eq(e->number, i + 1);
		cr_assert(!e->bad);
		cr_assert_eq(e->plies, game_ply_count(games[i]), "game %d", i + 1);
		cr_assert_str_eq(pgn_entry_tag(e, "White"), game_tag(games[i], "White"));
		cr_assert_str_eq(pgn_entry_tag(e, "Result"), game_tag(games[i], "Result"), "game %d", i + 1);
	}

	/* Game nth by number, and by seeking to its place in the list: the same game either way. */
	struct pgn_reader *r = pgn_reader_new(text, len, name);
	struct pgn_error err;
	struct game *g;
	char why[300];
	cr_assert_eq(pgn_read_nth(r, nth, &g, &err), 1);
	cr_expect(game_compare(g, games[nth - 1], true, why, sizeof why), "%s", why);
	game_free(g);
	pgn_reader_seek(r, &list.games[n - 1]);
	cr_assert_eq(pgn_read_game(r, &g, &err), 1);
	cr_expect(game_compare(g, games[n - 1], true, why, sizeof why), "%s", why);
	game_free(g);
	cr_expect_eq(pgn_read_game(r, &g, &err), 0);
	pgn_reader_seek(r, &list.games[n / 2]);
	cr_assert_eq(pgn_read_game(r, &g, &err), 1);
	cr_expect(game_compare(g, games[n / 2], true, why, sizeof why), "%s", why);
	game_free(g);
	cr_expect_eq(pgn_read_nth(r, n + 1, &g, &err), 0);
	cr_expect_eq(pgn_read_nth(r, 1, &g, &err), 1);
	cr_expect(game_compare(g, games[0], true, why, sizeof why), "%s", why);
	game_free(g);
	pgn_reader_free(r);
	pgn_list_free(&list);
	test_free_games(games, n);
}

/* The games Outpost played against itself and annotated (tests/data/pgn/selfplay.pgn). */
Test(pgn_files, listing_reading_game_n_and_seeking, .timeout = 120)
{
	size_t len;
	char *text = test_data_read("pgn/selfplay.pgn", &len);
	expect_listing_agrees(text, len, "selfplay.pgn", 8, 5);
	free(text);
}

/* 964 annotated miniatures: many games, comments, variations and NAGs, and how long listing them takes. */
Test(shared_pgn_files, listing_reading_game_n_and_seeking, .timeout = 120)
{
	size_t len;
	char *text = test_shared_read("pgn/miniatures_annotated.pgn", &len);
	expect_listing_agrees(text, len, "miniatures_annotated.pgn", 964, 500);
	struct pgn_list list;
	cr_assert(pgn_list_games(text, len, &list));
	cr_expect_str_eq(pgn_entry_tag(&list.games[0], "Annotator"), "Wall,Bill");
	cr_expect_null(pgn_entry_tag(&list.games[0], "Opening"));
	pgn_list_free(&list);
	free(text);
}

Test(pgn_files, bad_games_are_listed_and_counted_as_the_reader_counts)
{
	const char *text = "[Event \"a\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *\n\n"
	                   "[Event \"b\"]\n[Bad\n\n1. d4 *\n\n"
	                   "[Event \"c\"]\n\n1. c4 \"unclosed\n\n"
	                   "[Event \"d\"]\n\n1. Nf3 Nf6 2. Ke3 1-0\n\n"
	                   "{a comment between games}\n[Event \"e\"]\n\n1. b3 {x} e5 2. Bb2 0-1\n";
	struct pgn_list list;
	cr_assert(pgn_list_games(text, strlen(text), &list));
	struct pgn_reader *r = pgn_reader_new(text, strlen(text), "t");
	struct pgn_error err;
	struct game *g;
	int st, i = 0;
	while ((st = pgn_read_game(r, &g, &err)) != 0) {
		cr_assert_lt(i, list.n);
		const struct pgn_entry *e = &list.games[i];
		if (st == 1) {
			cr_expect_str_eq(pgn_entry_tag(e, "Event"), game_tag(g, "Event"));
			cr_expect_eq(e->plies, game_ply_count(g));
			game_free(g);
		} else {
			cr_expect_eq(err.game, e->number, "the reader's game %d is the list's %d", err.game, e->number);
		}
		i++;
	}
	cr_expect_eq(i, list.n);
	cr_expect_eq(list.n, 5);
	cr_expect(!list.games[0].bad && list.games[1].bad && list.games[2].bad && !list.games[3].bad);
	cr_expect_eq(list.games[0].plies, 3, "variations do not count");
	cr_expect_eq(list.games[3].plies, 3, "counted, not checked");
	cr_expect_str_eq(pgn_entry_tag(&list.games[4], "Event"), "e");
	cr_expect_eq(pgn_read_nth(r, 5, &g, &err), 1);
	cr_expect_str_eq(game_tag(g, "Event"), "e");
	game_free(g);
	cr_expect_eq(pgn_read_nth(r, 4, &g, &err), -1);
	cr_expect_eq(err.game, 4);
	pgn_reader_free(r);
	pgn_list_free(&list);
}

/* pgn-extract, if installed: in PATH or where Debian puts it. */
static const char *pgn_extract(void)
{
	static char path[512];
	const char *env = getenv("PATH");
	char dirs[4096];
	snprintf(dirs, sizeof dirs, "%s:/usr/games", env ? env : "/usr/bin:/bin");
	for (char *save = NULL, *d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
		snprintf(path, sizeof path, "%s/pgn-extract", d);
		if (access(path, X_OK) == 0)
			return path;
	}
	return NULL;
}

/* Our games written to a file, passed through pgn-extract, read back: the same games. */
static void expect_pgn_extract_agrees(const char *tool, const char *text, size_t len, const char *name)
{
	struct game **games;
	int n = test_read_pgn(text, len, "games", &games);
	char dir[] = "/tmp/outpost-pgnx-XXXXXX", ours[600], theirs[600], log[600], cmd[2048];
	cr_assert_not_null(mkdtemp(dir));
	snprintf(ours, sizeof ours, "%s/ours.pgn", dir);
	snprintf(theirs, sizeof theirs, "%s/theirs.pgn", dir);
	snprintf(log, sizeof log, "%s/log", dir);
	FILE *f = fopen(ours, "w");
	cr_assert_not_null(f);
	for (int i = 0; i < n; i++)
		cr_assert(pgn_write_game(f, games[i]));
	fclose(f);
	snprintf(cmd, sizeof cmd, "'%s' -s -o '%s' '%s' 2> '%s'", tool, theirs, ours, log);
	cr_assert_eq(system(cmd), 0, "%s", cmd);
	size_t back_len, log_len;
	char *back = text_file_read(theirs, &back_len), *messages = text_file_read(log, &log_len);
	cr_assert(back && messages);
	cr_expect(!strstr(messages, "rror") && !strstr(messages, "llegal") && !strstr(messages, "nknown"),
	          "%s: pgn-extract says:\n%s", name, messages);
	struct game **again;
	int m = test_read_pgn(back, back_len, "from pgn-extract", &again);
	cr_assert_eq(m, n, "%s: %d games written, %d come back from pgn-extract", name, n, m);
	for (int i = 0; i < n; i++) {
		char why[300];
		cr_assert(game_compare(games[i], again[i], true, why, sizeof why), "%s game %d: %s", name, i + 1, why);
	}
	test_free_games(games, n);
	test_free_games(again, m);
	free(back);
	free(messages);
	unlink(ours);
	unlink(theirs);
	unlink(log);
	rmdir(dir);
}

Test(pgn_files, pgn_extract_reads_what_we_write, .timeout = 300)
{
	const char *tool = pgn_extract();
	if (!tool)
		cr_skip_test("pgn-extract is not installed (apt-get install pgn-extract): its reading of our PGN is not "
		             "checked");
	/* One game with all of it: comments before, after and at the start, nested variations, NAGs, clocks, evals. */
	const char *all = "[Event \"All of it\"]\n[TimeControl \"180+2\"]\n\n"
	                  "{A game with everything.} 1. e4! {[%clk 0:02:59] [%eval 0.3] best by test} e5?! "
	                  "{[%clk 0:02:58.5]} (1... c5 $5 {Sicilian} 2. Nf3 (2. c3 d5 (2... Nf6 $14 {[%eval #4]})) "
	                  "2... d6) ({French:} 1... e6 $2) 2. Nf3 $1 $18 {[%csl Ge4] [%clk 0:02:50]} Nc6 3. Bb5 a6 "
	                  "4. Ba4 Nf6 5. O-O {[%eval -0.15,20]} 1/2-1/2\n";
	expect_pgn_extract_agrees(tool, all, strlen(all), "the game with everything");
	size_t len;
	char *text = test_data_read("pgn/selfplay.pgn", &len);
	expect_pgn_extract_agrees(tool, text, len, "selfplay.pgn");
	free(text);
}

/* The outside collections (real games with every quirk of their kind), through pgn-extract. */
Test(shared_pgn_files, pgn_extract_reads_what_we_write, .timeout = 300)
{
	const char *tool = pgn_extract();
	if (!tool)
		cr_skip_test("pgn-extract is not installed (apt-get install pgn-extract): its reading of our PGN is not "
		             "checked");
	static const char *files[] = {
		"capablanca.pgn", "fischer.pgn", "lasker.pgn", "morphy.pgn", "kasparov-deep-blue-1997.pgn",
		"molinari-bordais-1979.pgn", "nepomniachtchi-liren-2023-game1.pgn", "lenient_san_quirks.pgn",
		"miniatures_annotated.pgn", "steinitz_best_games_annotated.pgn", "variations-nags-and-comments.pgn",
	};
	for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
		char path[128];
		size_t len;
		snprintf(path, sizeof path, "pgn/%s", files[i]);
		char *text = test_shared_read(path, &len);
		expect_pgn_extract_agrees(tool, text, len, files[i]);
		free(text);
	}
}
