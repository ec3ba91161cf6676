/*
 * PGN: the games Outpost played against itself and annotated (tests/data/pgn/selfplay.pgn) and, in shared_pgn,
 * every game of the outside collections replayed against their EXPECTED_REPLAY.tsv (the main line), each written
 * back and read again to the same tree, notes and tags; each feature of the import format; errors with file, line
 * and column; the export format; the `outpost pgn` mode.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "notation/notation.h"
#include "notation/pgn.h"

static void setup(void) { position_init(); }
TestSuite(pgn, .init = setup);
TestSuite(shared_pgn, .init = setup);

/* All games of a text (at most max); fails the test on any error. */
static int read_all(const char *text, const char *name, struct game **games, int max)
{
	struct game **all;
	int n = test_read_pgn(text, strlen(text), name, &all);
	cr_assert_leq(n, max);
	memcpy(games, all, (size_t)n * sizeof *games);
	free(all);
	return n;
}

static struct game *read_one(const char *text)
{
	struct game *games[2];
	cr_assert_eq(read_all(text, "test", games, 2), 1);
	return games[0];
}

static void moves_uci(const struct game *g, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < game_ply_count(g) && used + 7 < len; i++) {
		char uci[UCI_MOVE_MAX];
		move_to_uci(game_move(g, i), uci);
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", uci);
	}
}

/* FENs compared after both pass through our reader, so the en passant field follows one rule. */
static void normalised_fen(const char *fen, char *out, size_t len)
{
	struct position *pos = test_position(fen);
	pos_get_fen(pos, out, len);
	test_free(pos);
}

struct expected {
	char file[64];
	int game, plies;
	char result[16], fen[FEN_MAX];
};

static int load_expected(struct expected **out)
{
	FILE *f = test_shared_open("pgn/EXPECTED_REPLAY.tsv");
	char line[512];
	int n = 0, cap = 0;
	*out = NULL;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#')
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 1024;
			*out = realloc(*out, (size_t)cap * sizeof **out);
			cr_assert_not_null(*out);
		}
		struct expected *e = &(*out)[n];
		line[strcspn(line, "\r\n")] = '\0';
		char *fields[5], *save = NULL;
		for (int i = 0; i < 5; i++) {
			fields[i] = strtok_r(i ? NULL : line, "\t", &save);
			cr_assert_not_null(fields[i]);
		}
		snprintf(e->file, sizeof e->file, "%s", fields[0]);
		e->game = atoi(fields[1]);
		e->plies = atoi(fields[2]);
		snprintf(e->result, sizeof e->result, "%s", fields[3]);
		snprintf(e->fen, sizeof e->fen, "%s", fields[4]);
		n++;
	}
	fclose(f);
	return n;
}

/* Writes g, reads it back, and checks the whole tree (moves, variations, notes), the result and the tags are the same. */
static void expect_round_trip(const struct game *g, const char *where)
{
	char *text = pgn_game_to_string(g);
	cr_assert_not_null(text);
	struct game *back = read_one(text);
	char a[8192], b[8192], why[300];
	cr_assert(game_compare(g, back, true, why, sizeof why), "%s: not the same game read back: %s", where, why);
	moves_uci(g, a, sizeof a);
	moves_uci(back, b, sizeof b);
	cr_assert_str_eq(a, b, "%s: moves differ after writing back", where);
	cr_assert_eq(game_result(back), game_result(g), "%s", where);
	cr_assert_str_eq(game_start_fen(back), game_start_fen(g), "%s", where);
	for (char *line = text; *line; line = strchr(line, '\n') + 1)
		cr_assert_leq((int)strcspn(line, "\n"), 80, "%s: a line longer than 80 characters", where);
	char *again = pgn_game_to_string(back);
	cr_assert_str_eq(again, text, "%s: writing is not stable", where);
	free(again);
	free(text);
	game_free(back);
}

/* One collection: every game replays to the expected length and final position, and survives a round trip. */
static void replay_file(const char *file, const struct expected *exp, int nexp, int *games_out, int *plies_out)
{
	char path[128];
	snprintf(path, sizeof path, "pgn/%s", file);
	size_t len;
	char *text = test_shared_read(path, &len);
	struct pgn_reader *r = pgn_reader_new(text, len, file);
	struct pgn_error err;
	struct game *g;
	int n = 0, plies = 0, st;
	while ((st = pgn_read_game(r, &g, &err)) == 1) {
		n++;
		const struct expected *e = NULL;
		for (int i = 0; i < nexp && !e; i++)
			if (!strcmp(exp[i].file, file) && exp[i].game == n)
				e = &exp[i];
		cr_assert_not_null(e, "%s game %d is not in EXPECTED_REPLAY.tsv", file, n);
		char fen[FEN_MAX], want[FEN_MAX];
		pos_get_fen(game_position(g), fen, sizeof fen);
		normalised_fen(e->fen, want, sizeof want);
		cr_assert_eq(game_ply_count(g), e->plies, "%s game %d: %d plies, expected %d", file, n,
		             game_ply_count(g), e->plies);
		cr_assert_str_eq(fen, want, "%s game %d: final position", file, n);
		cr_assert_str_eq(game_tag(g, "Result"), e->result, "%s game %d: result", file, n);
		char where[96];
		snprintf(where, sizeof where, "%s game %d", file, n);
		expect_round_trip(g, where);
		plies += game_ply_count(g);
		game_free(g);
	}
	char msg[600] = "";
	if (st < 0)
		pgn_error_text(&err, msg, sizeof msg);
	cr_assert_eq(st, 0, "%s", msg);
	pgn_reader_free(r);
	free(text);
	*games_out += n;
	*plies_out += plies;
}

Test(shared_pgn, replay_every_collection, .timeout = 300)
{
	static const char *files[] = {
		"capablanca.pgn", "fischer.pgn", "lasker.pgn", "morphy.pgn", "kasparov-deep-blue-1997.pgn",
		"molinari-bordais-1979.pgn", "nepomniachtchi-liren-2023-game1.pgn", "lenient_san_quirks.pgn",
		"miniatures_annotated.pgn", "steinitz_best_games_annotated.pgn", "variations-nags-and-comments.pgn",
	};
	struct expected *exp;
	int nexp = load_expected(&exp), games = 0, plies = 0;
	for (size_t i = 0; i < sizeof files / sizeof *files; i++)
		replay_file(files[i], exp, nexp, &games, &plies);
	cr_expect_eq(games, nexp, "%d games replayed, %d expected", games, nexp);
	cr_log_info("replayed %d games, %d plies", games, plies);
	free(exp);
}

/* What a walk through a game sees: its moves in every line, their evaluations and NAGs, its variations. */
struct notes_seen {
	const struct game *game;
	int moves, evals, nags, variations;
};

static bool count_notes(const struct game_walk_step *step, void *ctx)
{
	struct notes_seen *seen = ctx;
	struct game_eval e;
	if (step->event == WALK_ENTER)
		seen->variations++;
	if (step->event != WALK_MOVE)
		return true;
	seen->moves++;
	seen->evals += game_node_eval(seen->game, step->node, &e);
	seen->nags += game_nags(seen->game, step->node, NULL);
	return true;
}

/* Every game Outpost played against itself and annotated: read, written back, read again, the same. */
Test(pgn, replay_the_self_played_games)
{
	size_t len;
	char *text = test_data_read("pgn/selfplay.pgn", &len);
	struct pgn_reader *r = pgn_reader_new(text, len, "selfplay.pgn");
	struct pgn_error err;
	struct game *g;
	struct notes_seen seen = { 0 };
	int n = 0, plies = 0, st;
	while ((st = pgn_read_game(r, &g, &err)) == 1) {
		n++;
		char where[64];
		snprintf(where, sizeof where, "selfplay.pgn game %d", n);
		expect_round_trip(g, where);
		cr_expect_str_eq(game_tag(g, "Result"), game_result_text(game_result(g)), "%s", where);
		cr_expect_str_eq(game_tag(g, "White"), "Outpost", "%s", where);
		plies += game_ply_count(g);
		seen.game = g;
		cr_assert(game_walk(g, count_notes, &seen));
		game_free(g);
	}
	char msg[600] = "";
	if (st < 0)
		pgn_error_text(&err, msg, sizeof msg);
	cr_assert_eq(st, 0, "%s", msg);
	pgn_reader_free(r);
	free(text);
	cr_expect_eq(n, 8);
	cr_expect_eq(plies, 1227);
	/* Annotated: an evaluation on every move of the main lines, marks where a move lost, better lines. */
	cr_expect_geq(seen.evals, plies, "%d evaluations for %d plies", seen.evals, plies);
	cr_expect_gt(seen.nags, 10);
	cr_expect_gt(seen.variations, 10);
	cr_log_info("selfplay.pgn: %d games, %d plies, %d moves in all lines, %d NAGs, %d variations", n, plies,
	            seen.moves, seen.nags, seen.variations);
}

/*
 * The 19,113 rated human games of ../shared/data/humans: every one read (every move checked) with its result; each
 * written back and read again to the same game (where the build is slow, sanitizers and valgrind, the first 2,000
 * and every tenth of those).
 */
Test(shared_pgn, replay_the_human_games, .timeout = 600)
{
	size_t len;
	char *text = test_shared_read("humans/lichess_rated_2013-2017.pgn", &len);
	struct pgn_reader *r = pgn_reader_new(text, len, "lichess_rated_2013-2017.pgn");
	struct pgn_error err;
	struct game *g;
	/* Where the build is slow (sanitizers, valgrind) the first 2,000 games, every tenth written back. */
	int n = 0, plies = 0, st = 0, every = test_time_scale() > 1 ? 10 : 1, most = every > 1 ? 2000 : 1 << 30;
	while (n < most && (st = pgn_read_game(r, &g, &err)) == 1) {
		n++;
		cr_expect_str_eq(game_tag(g, "Result"), game_result_text(game_result(g)), "human game %d", n);
		if (n % every == 0) {
			char where[64];
			snprintf(where, sizeof where, "human game %d", n);
			expect_round_trip(g, where);
		}
		plies += game_ply_count(g);
		game_free(g);
	}
	char msg[600] = "";
	if (st < 0)
		pgn_error_text(&err, msg, sizeof msg);
	cr_assert(st >= 0, "%s", msg);
	pgn_reader_free(r);
	free(text);
	if (every == 1) {
		cr_expect_eq(st, 0, "the reader stopped before the end");
		cr_expect_eq(n, 19113);
		cr_expect_eq(plies, 1156601);
	}
	cr_log_info("human games: %d read, %d plies", n, plies);
}

Test(pgn, tags_escapes_and_setup)
{
	struct game *g = read_one("[Event \"The \\\"Immortal\\\" \\\\ Game\"]\n[Site \"London\"]\n[ECO \"C33\"]\n"
	                          "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 3 40\"]\n\n40... Kd7 41. e4 *\n");
	cr_expect_str_eq(game_tag(g, "Event"), "The \"Immortal\" \\ Game");
	cr_expect_str_eq(game_tag(g, "ECO"), "C33");
	cr_expect_str_eq(game_start_fen(g), "4k3/8/8/8/8/8/4P3/4K3 b - - 3 40");
	cr_expect_eq(game_ply_count(g), 2);
	char *text = pgn_game_to_string(g);
	cr_expect_str_eq(text, "[Event \"The \\\"Immortal\\\" \\\\ Game\"]\n[Site \"London\"]\n[Date \"????.??.??\"]\n"
	                       "[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[ECO \"C33\"]\n"
	                       "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 3 40\"]\n[SetUp \"1\"]\n"
	                       "[Termination \"unterminated\"]\n\n40... Kd7 41. e4 *\n\n");
	free(text);
	game_free(g);
}

Test(pgn, comments_nags_variations_and_escapes)
{
	const char *text = "\xEF\xBB\xBF% an escape line\r\n"
	                   "[Event \"x\"]\r\n[Result \"1-0\"]\r\n\r\n"
	                   "{before} 1. e4 $1 {a {brace comment} e5!? 2. Nf3 (2. f4 exf4 (2... d5) 3. Nf3) ; rest\r\n"
	                   "2... Nc6 3.Bb5 a6 $14 4.Ba4 Nf6 5.O-O Be7!! 1-0\r\n";
	struct game *g = read_one(text);
	char uci[512];
	moves_uci(g, uci, sizeof uci);
	cr_expect_str_eq(uci, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7");
	cr_expect_eq(game_result(g), RESULT_WHITE_WINS);
	cr_expect_str_eq(game_tag(g, "Event"), "x");
	game_free(g);
}

Test(pgn, many_games_and_results)
{
	struct game *games[8];
	int n = read_all("[White \"a\"]\n\n1. e4 1-0\n\n[White \"b\"]\n\n1. d4 0-1\n\n"
	                 "[White \"c\"]\n\n1. c4 1/2-1/2\n[White \"d\"]\n1. Nf3 *\n\n"
	                 "1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 e5\n[White \"f\"]\n\n*",
	                 "many", games, 8);
	cr_assert_eq(n, 7);
	enum game_result want[7] = { RESULT_WHITE_WINS, RESULT_BLACK_WINS, RESULT_DRAW, RESULT_NONE,
		                     RESULT_BLACK_WINS, RESULT_NONE, RESULT_NONE };
	for (int i = 0; i < n; i++) {
		cr_expect_eq(game_result(games[i]), want[i], "game %d", i + 1);
		if (i < 4)
			cr_expect_eq(game_tag(games[i], "White")[0], 'a' + i);
	}
	cr_expect_eq(game_reason(games[4]), REASON_CHECKMATE);
	cr_expect_eq(game_ply_count(games[5]), 2, "a game without a result marker ends at the next tags");
	cr_expect_eq(game_ply_count(games[6]), 0);
	for (int i = 0; i < n; i++)
		game_free(games[i]);
}

static void first_error(const char *text, int *good, char *msg, size_t len)
{
	test_pgn_first_error(text, "bad.pgn", good, msg, len);
}

Test(pgn, errors_name_file_line_and_column)
{
	struct {
		const char *text;
		int good;
		const char *msg;
	} cases[] = {
		{ "1. e4 e5 *\n\n1. e4 e5 2. Ke3 *\n", 1,
		  "bad.pgn:3:13: move 2. Ke3: no king can move to e3 (game 2)" },
		{ "[Event \"x\"]\n\n1. e4 Nf3 *\n", 0,
		  "bad.pgn:3:7: move 1... Nf3: no knight can move to f3 (game 1)" },
		{ "1. e4 e5 *\n[Event \"x]\n\n1. d4 *\n", 1,
		  "bad.pgn:2:8: this string is never closed: expected '\"' on the same line (game 2)" },
		{ "[Event x]\n", 0, "bad.pgn:1:8: expected the value of tag Event in double quotes (game 1)" },
		{ "[Event \"x\" \n1. e4 *\n", 0, "bad.pgn:2:1: expected ']' to close tag Event (game 1)" },
		{ "1. e4 { unclosed\n", 0, "bad.pgn:1:7: this comment is never closed: expected '}' (game 1)" },
		{ "1. e4 (1. d4 d5\n", 0, "bad.pgn:1:7: this variation is never closed: expected ')' (game 1)" },
		{ "1. e4 ) *\n", 0, "bad.pgn:1:7: ')' without a '(' before it (game 1)" },
		{ "1. e4 & *\n", 0, "bad.pgn:1:7: unexpected '&': expected a move, a move number, a comment or a result (game 1)" },
		{ "1. e4 $x *\n", 0, "bad.pgn:1:7: expected a number after '$' (a NAG such as $1) (game 1)" },
		{ "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n*\n", 0, "bad.pgn:1:1: bad FEN tag: column 16: White has 0 kings, needs exactly one (game 1)" },
		{ "1. e4 e5 2. Nf3 Nc6 3. d3 d6 4. Nd2 *", 0, "bad.pgn:1:33: move 4. Nd2 is ambiguous: Nbd2 or Nfd2 (game 1)" },
		{ "1. e4 -- *\n", 0, "bad.pgn:1:7: move 1... -- is a null move (a pass), which the rules do not allow (game 1)" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char msg[600];
		int good;
		first_error(cases[i].text, &good, msg, sizeof msg);
		cr_expect_str_eq(msg, cases[i].msg, "case %zu", i);
		cr_expect_eq(good, cases[i].good, "case %zu: %d good games", i, good);
	}
}

/* Runs the program; returns its exit status, with its standard output in out. */
static int run_outpost(const char *args, char *out, size_t len)
{
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "%s %s", OUTPOST_BIN, args);
	return test_run(cmd, out, len);
}

/* The hand-written files of malformed PGN (tests/data/pgn/malformed): the first error, where, and the good games before it. */
Test(pgn, malformed_files_name_their_first_error)
{
	static const struct {
		const char *file;
		int good;
		const char *msg;
	} cases[] = {
		{ "ambiguous-knight.pgn", 0, "4:23: move 3. Nd2 is ambiguous: Nbd2 or Nfd2 (game 1)" },
		{ "comment-never-closed.pgn", 0, "4:7: this comment is never closed: expected '}' (game 1)" },
		{ "cut-off-in-a-tag.pgn", 1, "6:8: this string is never closed: expected '\"' on the same line (game 2)" },
		{ "fen-with-two-kings.pgn", 0, "3:1: bad FEN tag: column 21: White has 2 kings, needs exactly one (game 1)" },
		{ "illegal-move-in-third-game.pgn", 2, "20:24: move 3. Bb5: no bishop can move to b5 (game 3)" },
		{ "null-move.pgn", 0,
		  "4:7: move 1... -- is a null move (a pass), which the rules do not allow (game 1)" },
		{ "result-token-garbage.pgn", 0,
		  "4:17: unexpected '&': expected a move, a move number, a comment or a result (game 1)" },
		{ "tag-without-quotes.pgn", 0, "2:8: expected the value of tag White in double quotes (game 1)" },
		{ "variation-never-closed.pgn", 0, "4:10: this variation is never closed: expected ')' (game 1)" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char path[128], msg[600], want[700], args[600];
		static char out[1 << 14];
		snprintf(path, sizeof path, "pgn/malformed/%s", cases[i].file);
		char *text = test_data_read(path, NULL);
		int good;
		test_pgn_first_error(text, cases[i].file, &good, msg, sizeof msg);
		free(text);
		snprintf(want, sizeof want, "%s:%s", cases[i].file, cases[i].msg);
		cr_expect_str_eq(msg, want, "%s", cases[i].file);
		cr_expect_eq(good, cases[i].good, "%s: %d good games before the error", cases[i].file, good);
		/* The program says the same, names the file, and fails. */
		snprintf(args, sizeof args, "pgn --format uci %s/%s", TEST_DATA_DIR, path);
		cr_expect_eq(run_outpost(args, out, sizeof out), 1, "%s", out);
		snprintf(want, sizeof want, "%s/%s:%s\n", TEST_DATA_DIR, path, cases[i].msg);
		cr_expect(strstr(out, want) != NULL, "%s: %s", cases[i].file, out);
	}
}

Test(pgn, reading_goes_on_after_an_error)
{
	const char *text = "[Event \"1\"]\n\n1. e4 *\n\n[Event \"2\"]\n[Bad\n\n1. e4 *\n\n[Event \"3\"]\n\n1. Nf9 *\n\n"
	                   "[Event \"4\"]\n\n1. d4 *\n";
	struct pgn_reader *r = pgn_reader_new(text, strlen(text), "t");
	struct pgn_error err;
	struct game *g;
	int st[5];
	const char *events[5] = { 0 };
	for (int i = 0; i < 5; i++) {
		st[i] = pgn_read_game(r, &g, &err);
		if (st[i] == 1) {
			events[i] = game_tag(g, "Event");
			cr_expect_eq(events[i][0], i == 0 ? '1' : '4');
			game_free(g);
		}
	}
	cr_expect_eq(st[0], 1);
	cr_expect_eq(st[1], -1);
	cr_expect_eq(st[2], -1);
	cr_expect_eq(st[3], 1);
	cr_expect_eq(st[4], 0);
	pgn_reader_free(r);
}

Test(pgn, export_format)
{
	struct game *g = game_new(NULL, NULL, 0);
	cr_assert_not_null(g);
	game_set_tag(g, "White", "Morphy, Paul");
	game_set_tag(g, "Black", "Duke Karl / Count Isouard");
	game_set_tag(g, "Site", "Paris Opera");
	game_set_tag(g, "Annotator", "me");
	game_set_tag(g, "ECO", "C41");
	const char *moves = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ "
	                    "Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";
	char buf[1024];
	snprintf(buf, sizeof buf, "%s", moves);
	for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
		move_t m;
		char msg[200];
		cr_assert_eq(san_parse(game_position(g), t, &m, msg, sizeof msg), SAN_OK, "%s: %s", t, msg);
		cr_assert(game_play(g, m));
	}
	char *text = pgn_game_to_string(g);
	/*
	 * Lines broken greedily between tokens at 80 characters, a move number kept on its move's line (the expected
	 * text was wrapped by a separate script).
	 */
	const char *want =
		"[Event \"?\"]\n[Site \"Paris Opera\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Morphy, Paul\"]\n"
		"[Black \"Duke Karl / Count Isouard\"]\n[Result \"1-0\"]\n[Annotator \"me\"]\n[ECO \"C41\"]\n"
		"[Termination \"normal\"]\n\n"
		"1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7\n"
		"8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7\n"
		"14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n\n";
	cr_expect_str_eq(text, want);
	free(text);
	game_free(g);
}

Test(pgn, outpost_pgn_mode)
{
	static char out[1 << 16];
	char args[512];
	/* The shortest mate, its result not written: the program finds it. */
	char mate[] = "/tmp/outpost-pgn-mate-XXXXXX";
	int fd = mkstemp(mate);
	cr_assert(fd >= 0);
	const char *fools = "[Event \"x\"]\n\n1. f3 e5 2. g4 Qh4# *\n";
	cr_assert_eq(write(fd, fools, strlen(fools)), (ssize_t)strlen(fools));
	close(fd);
	snprintf(args, sizeof args, "pgn --format uci %s", mate);
	cr_expect_eq(run_outpost(args, out, sizeof out), 0, "%s", out);
	cr_expect_str_eq(out, "f2f3 e7e5 g2g4 d8h4\n");
	snprintf(args, sizeof args, "pgn %s", mate);
	cr_expect_eq(run_outpost(args, out, sizeof out), 0, "%s", out);
	cr_expect(strstr(out, "[Result \"0-1\"]\n") != NULL, "%s", out);
	cr_expect(strstr(out, "2. g4 Qh4# 0-1\n") != NULL, "%s", out);
	unlink(mate);

	char path[] = "/tmp/outpost-pgn-test-XXXXXX";
	fd = mkstemp(path);
	cr_assert(fd >= 0);
	const char *bad = "1. e4 e5 *\n\n[Event \"x\"]\n\n1. e4 e5 2. Qxf7 *\n";
	cr_assert_eq(write(fd, bad, strlen(bad)), (ssize_t)strlen(bad));
	close(fd);
	snprintf(args, sizeof args, "pgn --format uci %s", path);
	cr_expect_eq(run_outpost(args, out, sizeof out), 1);
	char want[256];
	snprintf(want, sizeof want, "e2e4 e7e5\n%s:5:13: move 2. Qxf7: no queen can move to f7 (game 2)\n", path);
	cr_expect_str_eq(out, want);
	cr_expect_eq(run_outpost("pgn --format xml x.pgn", out, sizeof out), 2);
	cr_expect_eq(run_outpost("pgn /nonexistent/file.pgn", out, sizeof out), 1);
	cr_expect(strstr(out, "cannot read /nonexistent/file.pgn") != NULL, "%s", out);
	unlink(path);
}

Test(pgn, outpost_pgn_lists_and_picks_games)
{
	static char out[1 << 16];
	char args[512];
	snprintf(args, sizeof args, "pgn --list %s/pgn/selfplay.pgn", TEST_DATA_DIR);
	cr_expect_eq(run_outpost(args, out, sizeof out), 0, "%s", out);
	const char *first = "1\t71\t0-1\tOutpost\tOutpost\t2026.11.25\tOutpost self-play\n";
	cr_expect(strncmp(out, first, strlen(first)) == 0, "%s", out);
	int lines = 0;
	for (const char *s = out; (s = strchr(s, '\n')); s++)
		lines++;
	cr_expect_eq(lines, 8);
	snprintf(args, sizeof args, "pgn --game 2 --format uci %s/pgn/selfplay.pgn", TEST_DATA_DIR);
	cr_expect_eq(run_outpost(args, out, sizeof out), 0, "%s", out);
	cr_expect(strncmp(out, "d2d4 d7d5 ", 10) == 0, "%s", out);
	cr_expect(strchr(out, '\n') == out + strlen(out) - 1, "one game: %s", out);
	snprintf(args, sizeof args, "pgn --game 9 %s/pgn/selfplay.pgn", TEST_DATA_DIR);
	cr_expect_eq(run_outpost(args, out, sizeof out), 1);
	cr_expect_str_eq(out, "outpost pgn: there is no game 9\n");
	cr_expect_eq(run_outpost("pgn --game 0 x.pgn", out, sizeof out), 2);
	cr_expect_eq(run_outpost("pgn --game 2 --list x.pgn", out, sizeof out), 2);
}
