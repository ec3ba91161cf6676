/*
 * Chess960 games: started by number, castling in SAN and in coordinates with the reasons it is refused, and PGN's
 * [Variant "Chess960"] with SetUp and FEN written, read back and read from other programs' ways of writing it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "notation/notation.h"
#include "notation/pgn.h"
#include "notation/text_file.h"
#include "rules/chess960.h"
#include "rules/uci_move.h"

static void setup(void) { position_init(); }
TestSuite(chess960_game, .init = setup);

/* Start 2 is BQNNRBKR: the king on g1 castles short without moving, long to c1 with the e1 rook. */
#define START_2_FEN "bqnnrbkr/pppppppp/8/8/8/8/PPPPPPPP/BQNNRBKR w KQkq - 0 1"
static const char *const start_2_moves[] = { "g3", "g6", "Bg2", "Bg7", "Nb3", "Nb6", "Ne3", "Ne6", "O-O", "O-O-O" };
#define START_2_PLIES 10

/* Plays the moves, each read as SAN in its position; the test fails on any that is refused. */
static void play_all(struct game *g, const char *const *moves, int n)
{
	for (int i = 0; i < n; i++) {
		char msg[256];
		move_t m;
		cr_assert_eq(san_parse(game_position(g), moves[i], &m, msg, sizeof msg), SAN_OK, "%s: %s", moves[i], msg);
		cr_assert(game_play(g, m), "%s", moves[i]);
	}
}

Test(chess960_game, a_game_by_its_start_number)
{
	char err[160];
	struct game *g = game_new_chess960(2, err, sizeof err);
	cr_assert(g, "%s", err);
	cr_expect(game_is_chess960(g));
	cr_expect_eq(game_start_number(g), 2);
	cr_expect_str_eq(game_start_fen(g), START_2_FEN);
	game_free(g);
	cr_expect_null(game_new_chess960(960, err, sizeof err));
	cr_expect_str_eq(err, "960 is no Chess960 start position's number (0 to 959)");
	/* 518 is the standard start, and a Chess960 game for all that. */
	g = game_new_chess960(CHESS960_STANDARD, err, sizeof err);
	cr_expect(game_is_chess960(g) && game_is_standard_start(g));
	game_free(g);
	g = game_new(NULL, err, sizeof err);
	cr_expect_not(game_is_chess960(g));
	cr_expect_eq(game_start_number(g), CHESS960_STANDARD);
	game_free(g);
}

/* O-O with the king staying on g1 and O-O-O from g1, the SAN written back and the board after each. */
Test(chess960_game, castling_both_ways_in_san)
{
	char err[160], san[SAN_MAX], fen[FEN_MAX];
	struct game *g = game_new_chess960(2, err, sizeof err);
	play_all(g, start_2_moves, 8);
	move_t m;
	cr_assert_eq(san_parse(game_position(g), "O-O", &m, err, sizeof err), SAN_OK, "%s", err);
	move_to_san(game_position(g), m, san);
	cr_expect_str_eq(san, "O-O");
	cr_assert(game_play(g, m));
	pos_get_fen(game_position(g), fen, sizeof fen);
	cr_expect_str_eq(fen, "bq2r1kr/ppppppbp/1n2n1p1/8/8/1N2N1P1/PPPPPPBP/BQ2RRK1 b kq - 7 5");
	cr_assert(game_undo(g));
	cr_assert_eq(san_parse(game_position(g), "0-0-0", &m, err, sizeof err), SAN_OK, "%s", err);
	move_to_san(game_position(g), m, san);
	cr_expect_str_eq(san, "O-O-O");
	cr_assert(game_play(g, m));
	pos_get_fen(game_position(g), fen, sizeof fen);
	cr_expect_str_eq(fen, "bq2r1kr/ppppppbp/1n2n1p1/8/8/1N2N1P1/PPPPPPBP/BQKR3R b kq - 7 5");
	/* Black's long castling, its king crossing its own rook's square. */
	play_all(g, (const char *const[]){ "O-O-O" }, 1);
	pos_get_fen(game_position(g), fen, sizeof fen);
	cr_expect_str_eq(fen, "bqkr3r/ppppppbp/1n2n1p1/8/8/1N2N1P1/PPPPPPBP/BQKR3R w - - 8 6");
	game_free(g);
}

/* Castling typed in coordinates: the king taking its rook always, the king's own move where it is no step. */
Test(chess960_game, castling_in_coordinates_as_typed)
{
	char err[160], uci[UCI_MOVE_MAX];
	struct game *g = game_new_chess960(2, err, sizeof err);
	play_all(g, start_2_moves, 8);
	static const struct { const char *typed, *uci; } cases[] = {
		{ "g1h1", "g1h1" }, { "g1e1", "g1e1" }, { "g1c1", "g1e1" }, { "g1-h1", "g1h1" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		move_t m;
		cr_assert_eq(san_parse(game_position(g), cases[i].typed, &m, err, sizeof err), SAN_OK, "%s: %s",
		             cases[i].typed, err);
		cr_expect_eq(move_kind(m), MOVE_CASTLING, "%s", cases[i].typed);
		move_to_uci_in(game_position(g), m, true, uci);
		cr_expect_str_eq(uci, cases[i].uci, "%s", cases[i].typed);
	}
	game_free(g);
}

/* Why a castling is refused, in Chess960's terms. */
Test(chess960_game, a_refused_castling_says_why)
{
	static const struct { const char *fen, *typed, *why; } cases[] = {
		{ START_2_FEN, "O-O", "f1 must be empty for the king and rook to land" },
		{ START_2_FEN, "O-O-O", "f1 stands between king and rook" },
		{ "4k3/8/8/8/8/8/8/r1R3K1 w C - 0 1", "O-O-O", "your king would land in check on c1" },
		{ "4k3/8/8/8/8/8/8/r1R3K1 w C - 0 1", "g1c1", "your king would land in check on c1" },
		{ "4k3/8/8/8/8/5r2/8/1R4KR w HB - 0 1", "O-O-O", "your king would cross f1, which is attacked" },
		{ "4k3/8/8/8/8/8/8/1R4KR w B - 0 1", "O-O", "White may no longer castle kingside" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct position *pos = test_position(cases[i].fen);
		char msg[256];
		move_t m;
		cr_expect_eq(san_parse(pos, cases[i].typed, &m, msg, sizeof msg), SAN_ILLEGAL, "%s | %s: %s", cases[i].fen,
		             cases[i].typed, msg);
		cr_expect(strstr(msg, cases[i].why) != NULL, "%s | %s: '%s', wanted '%s'", cases[i].fen, cases[i].typed,
		          msg, cases[i].why);
		test_free(pos);
	}
}

/* Written with its Variant, SetUp and FEN, the game reads back the same, moves, tags and all. */
Test(chess960_game, pgn_round_trip)
{
	char err[160], why[256];
	struct game *g = game_new_chess960(2, err, sizeof err);
	cr_assert(game_set_tag(g, "White", "Fischer"));
	play_all(g, start_2_moves, START_2_PLIES);
	char *text = pgn_game_to_string(g);
	cr_assert(text);
	cr_expect(strstr(text, "[Variant \"Chess960\"]\n") != NULL, "%s", text);
	cr_expect(strstr(text, "[SetUp \"1\"]\n") != NULL, "%s", text);
	cr_expect(strstr(text, "[FEN \"" START_2_FEN "\"]\n") != NULL, "%s", text);
	cr_expect(strstr(text, "5. O-O O-O-O") != NULL, "%s", text);
	struct game *back = test_read_one_game(text);
	cr_expect(game_is_chess960(back));
	cr_expect_eq(game_start_number(back), 2);
	cr_expect(game_compare(g, back, true, why, sizeof why), "%s", why);
	char *again = pgn_game_to_string(back);
	cr_expect_str_eq(again, text);
	free(again);
	free(text);
	game_free(back);
	game_free(g);

	/* From the standard start too: the Variant keeps it Chess960, so the FEN is written. */
	g = game_new_chess960(CHESS960_STANDARD, err, sizeof err);
	text = pgn_game_to_string(g);
	cr_expect(strstr(text, "[FEN \"" FEN_START "\"]\n") != NULL, "%s", text);
	back = test_read_one_game(text);
	cr_expect(game_is_chess960(back));
	free(text);
	game_free(back);
	game_free(g);
	/* And a standard game has none of the three. */
	g = game_new(NULL, err, sizeof err);
	text = pgn_game_to_string(g);
	cr_expect(!strstr(text, "Variant") && !strstr(text, "FEN"), "%s", text);
	free(text);
	game_free(g);
}

/* Other programs' ways: lichess's Chess960 with X-FEN, cutechess's fischerandom with Shredder-FEN, none at all. */
Test(chess960_game, pgn_as_other_programs_write_it)
{
	static const struct { const char *text; int number; } cases[] = {
		{ "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"" START_2_FEN "\"]\n\n1. g3 g6 2. Bg2 Bg7 3. O-O *\n", 2 },
		{ "[Variant \"fischerandom\"]\n[FEN \"bqnnrbkr/pppppppp/8/8/8/8/PPPPPPPP/BQNNRBKR w HEhe - 0 1\"]\n\n"
		  "1. g3 g6 2. Bg2 Bg7 3. O-O *\n", 2 },
		{ "[FEN \"bqnnrbkr/pppppppp/8/8/8/8/PPPPPPPP/BQNNRBKR w HEhe - 0 1\"]\n\n1. g3 g6 2. Bg2 Bg7 3. O-O *\n", 2 },
		{ "[Variant \"Fischer Random\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n", CHESS960_STANDARD },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct game *g = test_read_one_game(cases[i].text);
		cr_expect(game_is_chess960(g), "case %zu", i);
		cr_expect_eq(game_start_number(g), cases[i].number, "case %zu", i);
		cr_expect_str_eq(game_tag(g, "Variant"), "Chess960", "case %zu", i);
		game_free(g);
	}
	/* A Variant that says otherwise cannot unmake a start only Chess960 has; from the standard start it can. */
	struct game *g = test_read_one_game("[Variant \"Standard\"]\n[FEN \"" START_2_FEN "\"]\n\n1. g3 *\n");
	cr_expect(game_is_chess960(g));
	cr_expect(game_set_tag(g, "Variant", "Standard"));
	cr_expect_str_eq(game_tag(g, "Variant"), "Chess960");
	game_free(g);
	char err[160];
	g = game_new_chess960(CHESS960_STANDARD, err, sizeof err);
	cr_expect(game_set_tag(g, "Variant", "Standard"));
	cr_expect_not(game_is_chess960(g));
	cr_expect_str_eq(game_tag(g, "Variant"), "Standard");
	game_free(g);
}

/* A FEN tag whose castling field names no rook is refused with the reason, where the tag stands. */
Test(chess960_game, a_bad_castling_field_in_a_fen_tag)
{
	int good;
	char msg[512];
	test_pgn_first_error("[Variant \"Chess960\"]\n[FEN \"bqnnrbkr/pppppppp/8/8/8/8/PPPPPPPP/BQNNRBKR w HCha - 0 1\"]"
	                     "\n\n1. g3 *\n",
	                     "bad.pgn", &good, msg, sizeof msg);
	cr_expect_eq(good, 0);
	cr_expect(strstr(msg, "bad.pgn:2:") && strstr(msg, "castling right 'C' names c1, where no white rook stands"),
	          "%s", msg);
}

/* outpost pgn --format uci writes a Chess960 game's castling as the king taking its rook. */
Test(chess960_game, uci_moves_of_a_chess960_game)
{
	char path[] = "/tmp/outpost-960-XXXXXX", cmd[512], out[1024];
	int fd = mkstemp(path);
	cr_assert(fd >= 0);
	const char *text = "[Variant \"Chess960\"]\n[FEN \"" START_2_FEN "\"]\n\n"
	                   "1. g3 g6 2. Bg2 Bg7 3. Nb3 Nb6 4. Ne3 Ne6 5. O-O O-O-O *\n";
	cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	snprintf(cmd, sizeof cmd, "%s pgn --format uci %s", OUTPOST_BIN, path);
	cr_expect_eq(test_run(cmd, out, sizeof out), 0, "%s", out);
	cr_expect_str_eq(out, "g2g3 g7g6 f1g2 f8g7 c1b3 c8b6 d1e3 d8e6 g1h1 g8e8\n");
	unlink(path);
}

/* ---------------------------------------------------------------- the study's modes on a Chess960 game */

/*
 * The pawn takes the bishop and opens the f-file: O-O, the king staying on g1 and its rook crossing to f1, mates;
 * no rook move can (the king stands in its way).
 */
#define MATE_BY_CASTLING_FEN "4rkr1/4ppp1/4B3/8/8/8/8/6KR b H - 0 1"

static char *temp_file(const char *dir, const char *name, const char *text)
{
	size_t len = strlen(dir) + strlen(name) + 2;
	char *path = malloc(len);
	cr_assert_not_null(path);
	snprintf(path, len, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
	return path;
}

Test(chess960_game, outpost_annotate_marks_a_chess960_game, .timeout = 60)
{
	char dir[] = "/tmp/outpost-960-annotate-XXXXXX", cmd[1024], err[4096];
	cr_assert_not_null(mkdtemp(dir));
	char *in = temp_file(dir, "in.pgn", "[White \"A\"]\n[Black \"B\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
	                                    "[FEN \"" MATE_BY_CASTLING_FEN "\"]\n\n1... fxe6 2. O-O# 1-0\n");
	snprintf(cmd, sizeof cmd, "%s annotate %s --depth 6 -o %s/out.pgn", OUTPOST_BIN, in, dir);
	cr_assert_eq(test_shell(cmd, err, sizeof err), 0, "%s", err);
	cr_expect(strstr(err, "Black (B): ") && strstr(err, "1 blunder"), "%s", err);
	snprintf(cmd, sizeof cmd, "%s/out.pgn", dir);
	char *text = text_file_read(cmd, NULL);
	cr_assert_not_null(text);
	cr_expect(strstr(text, "[Variant \"Chess960\"]"), "%s", text);
	cr_expect(strstr(text, "1... fxe6 $4"), "the blunder marked ??:\n%s", text);
	cr_expect(strstr(text, "[%eval #1"), "White mates in one after it:\n%s", text);
	cr_expect(strstr(text, "2. O-O#") && strstr(text, "1-0\n"), "%s", text);
	struct game *g = test_read_one_game(text);
	cr_expect(game_is_chess960(g));
	cr_expect_str_eq(game_comment(g, test_main_node(g, 1), COMMENT_AFTER), "fxe6?? allows mate in one: 2. O-O#.",
	                 "the coach's reason");
	game_free(g);
	free(text);
	free(in);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}

/* The trainer finds a missed castling mate in a Chess960 game, keeps it, and takes O-O as its answer. */
Test(chess960_game, outpost_train_finds_and_plays_a_chess960_puzzle, .timeout = 120)
{
	char dir[] = "/tmp/outpost-960-train-XXXXXX", cmd[1024];
	static char out[16384];
	cr_assert_not_null(mkdtemp(dir));
	char *pgn = temp_file(dir, "mine.pgn", "[White \"Pat\"]\n[Black \"Outpost level 10\"]\n[Variant \"Chess960\"]\n"
	                                     "[FEN \"4rkr1/p3p1p1/8/8/8/8/8/6KR b H - 0 1\"]\n\n1... a6 2. Kf2 a5 *\n");
	snprintf(cmd, sizeof cmd,
	         "cd %s && printf 'O-O\\n' | XDG_DATA_HOME=%s OUTPOST_PUZZLES= %s train mine.pgn --player Pat 2>&1", dir,
	         dir, OUTPOST_BIN);
	cr_assert_eq(test_run(cmd, out, sizeof out), 0, "%s", out);
	cr_expect(strstr(out, "mine.pgn, game 1: 1 puzzle"), "%s", out);
	cr_expect(strstr(out, "Right: O-O#. Solved!"), "%s", out);
	/* The trainer's file holds the Chess960 position and its castling, and reads back. */
	snprintf(cmd, sizeof cmd, "%s/outpost/trainer.txt", dir);
	char *file = text_file_read(cmd, NULL);
	cr_assert_not_null(file);
	/* The king does not move: the castling is written as it taking its rook. */
	cr_expect(strstr(file, "\t4rkr1/4p1p1/p7/8/8/8/8/6KR w K - 0 2\tg1h1\tg1f2\t"), "%s", file);
	snprintf(cmd, sizeof cmd,
	         "cd %s && printf '' | XDG_DATA_HOME=%s OUTPOST_PUZZLES= %s train mine.pgn --player Pat 2>&1", dir, dir,
	         OUTPOST_BIN);
	cr_assert_eq(test_run(cmd, out, sizeof out), 0, "read back: %s", out);
	cr_expect(strstr(out, "0 due, 1 solved"), "%s", out);
	free(file);
	free(pgn);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}

/* `outpost chess960`: the starts by number, in X-FEN or Shredder-FEN, all 960 without a number; a bad one refused. */
Test(chess960_game, outpost_chess960_prints_the_starts)
{
	static char out[1 << 17];
	char cmd[512];
	snprintf(cmd, sizeof cmd, "%s chess960 518 2", OUTPOST_BIN);
	cr_expect_eq(test_run(cmd, out, sizeof out), 0, "%s", out);
	cr_expect_str_eq(out, FEN_START "\n" START_2_FEN "\n");
	snprintf(cmd, sizeof cmd, "%s chess960 2 --shredder", OUTPOST_BIN);
	cr_expect_eq(test_run(cmd, out, sizeof out), 0, "%s", out);
	cr_expect_str_eq(out, "bqnnrbkr/pppppppp/8/8/8/8/PPPPPPPP/BQNNRBKR w HEhe - 0 1\n");
	snprintf(cmd, sizeof cmd, "%s chess960", OUTPOST_BIN);
	cr_expect_eq(test_run(cmd, out, sizeof out), 0);
	int lines = 0;
	for (const char *p = out; (p = strchr(p, '\n')); p++)
		lines++;
	cr_expect_eq(lines, CHESS960_COUNT);
	cr_expect(!strncmp(out, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\n", 57), "%.80s", out);
	snprintf(cmd, sizeof cmd, "%s chess960 960 2>&1", OUTPOST_BIN);
	cr_expect_eq(test_run(cmd, out, sizeof out), 2);
	cr_expect(strstr(out, "'960' is no start position's number (0 to 959"), "%s", out);
}
