/*
 * Files of many games: listing them cheaply (tags, move counts), reading
 * game N, seeking to a listed game, how long the 964 annotated miniatures
 * take.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "notation/notation.h"
#include "notation/pgn.h"

static void setup(void) { position_init(); }
TestSuite(pgn_files, .init = setup);

static double seconds_since(const struct timespec *t0)
{
	struct timespec t1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

Test(pgn_files, listing_reading_game_n_and_seeking, .timeout = 120)
{
	size_t len;
	char *text = test_data_read("pgn/miniatures_annotated.pgn", &len);
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	struct pgn_list list;
	cr_assert(pgn_list_games(text, len, &list));
	double list_s = seconds_since(&t0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	struct game **games;
	int n = test_read_pgn(text, len, "games", &games);
	double read_s = seconds_since(&t0);
	cr_log_info("miniatures_annotated.pgn: %d games listed in %.1f ms, read (every move of every line checked) "
	            "in %.1f ms",
	            list.n, list_s * 1e3, read_s * 1e3);
	cr_assert_eq(list.n, 964);
	cr_assert_eq(n, 964);
	for (int i = 0; i < n; i++) {
		const struct pgn_entry *e = &list.games[i];
		cr_assert_eq(e->number, i + 1);
		cr_assert(!e->bad);
		cr_assert_eq(e->plies, game_ply_count(games[i]), "game %d", i + 1);
		cr_assert_str_eq(pgn_entry_tag(e, "White"), game_tag(games[i], "White"));
		cr_assert_str_eq(pgn_entry_tag(e, "Result"), game_tag(games[i], "Result"), "game %d", i + 1);
	}
	cr_expect_str_eq(pgn_entry_tag(&list.games[0], "Annotator"), "Wall,Bill");
	cr_expect_null(pgn_entry_tag(&list.games[0], "Opening"));

	/* Game 500 by number, and by seeking to its place in the list: the same game either way. */
	struct pgn_reader *r = pgn_reader_new(text, len, "miniatures");
	struct pgn_error err;
	struct game *g;
	char why[300];
	cr_assert_eq(pgn_read_nth(r, 500, &g, &err), 1);
	cr_expect(game_compare(g, games[499], true, why, sizeof why), "%s", why);
	game_free(g);
	pgn_reader_seek(r, &list.games[963]);
	cr_assert_eq(pgn_read_game(r, &g, &err), 1);
	cr_expect(game_compare(g, games[963], true, why, sizeof why), "%s", why);
	game_free(g);
	cr_expect_eq(pgn_read_game(r, &g, &err), 0);
	pgn_reader_seek(r, &list.games[9]);
	cr_assert_eq(pgn_read_game(r, &g, &err), 1);
	cr_expect(game_compare(g, games[9], true, why, sizeof why), "%s", why);
	game_free(g);
	cr_expect_eq(pgn_read_nth(r, 965, &g, &err), 0);
	cr_expect_eq(pgn_read_nth(r, 1, &g, &err), 1);
	cr_expect(game_compare(g, games[0], true, why, sizeof why), "%s", why);
	game_free(g);
	pgn_reader_free(r);
	pgn_list_free(&list);
	test_free_games(games, n);
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
