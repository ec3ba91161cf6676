/* Polyglot books: the published keys, reading and refusing files, probing, choosing by weight, and the engine's use. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "book_helper.h"
#include "engine/book.h"
#include "engine/book_random.h"
#include "helpers.h"
#include "rules/uci_move.h"

static void setup(void) { engine_init(); }
TestSuite(book, .init = setup, .timeout = 60);

/* A position reached by UCI moves from the start, with its history (as a game or the engine has it). */
static struct position *after(const char *moves)
{
	struct position *pos = test_position(FEN_START);
	char buf[256], *save = NULL;
	snprintf(buf, sizeof buf, "%s", moves);
	for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		move_t m = uci_parse_move(pos, tok);
		cr_assert_neq(m, MOVE_NONE, "%s", tok);
		test_play(pos, m);
	}
	return pos;
}

/* The keys the Polyglot book format's documentation gives, reached by moves and set up from FENs. */
static const struct {
	const char *moves, *fen;
	uint64_t key;
} published[] = {
	{ "", FEN_START, 0x463b96181691fc9cULL },
	{ "e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196ULL },
	{ "e2e4 d7d5", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", 0x0756b94461c50fb0ULL },
	{ "e2e4 d7d5 e4e5", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", 0x662fafb965db29d4ULL },
	{ "e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	  0x22a48b5a8e47ff78ULL },
	{ "e2e4 d7d5 e4e5 f7f5 e1e2", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3",
	  0x652a607ca3f242c1ULL },
	{ "e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4",
	  0x00fdd303c946bdd9ULL },
	{ "a2a4 b7b5 h2h4 b5b4 c2c4", "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
	  0x3c8123ea7b067637ULL },
	{ "a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4",
	  0x5c3f9b829b279560ULL },
};

Test(book, published_keys)
{
	for (size_t i = 0; i < sizeof published / sizeof published[0]; i++) {
		struct position *pos = after(published[i].moves);
		cr_expect_eq(book_key(pos), published[i].key, "after '%s': %016llx", published[i].moves,
		             (unsigned long long)book_key(pos));
		test_free(pos);
		pos = test_position(published[i].fen);
		cr_expect_eq(book_key(pos), published[i].key, "%s: %016llx", published[i].fen,
		             (unsigned long long)book_key(pos));
		test_free(pos);
	}
}

/* Polyglot counts the file when a pawn stands beside the double step, even one that may not take (pinned). */
Test(book, en_passant_file_counts_beside_a_pinned_pawn)
{
	struct position *pos = test_position("8/2p5/8/KP5r/8/8/8/7k b - - 0 1");
	test_play(pos, uci_parse_move(pos, "c7c5"));
	cr_expect_eq(pos->st->ep, SQ_NONE, "b5xc6 would leave the king in check: the rules keep no square");
	struct position *bare = test_position("8/8/8/KPp4r/8/8/8/7k w - - 0 2");
	cr_expect_eq(book_key(pos), book_key(bare) ^ book_random[BOOK_RANDOM_EN_PASSANT + 2]);
	test_free(bare);
	test_free(pos);
	/* No pawn beside it: no file, as after 1. e4. */
	pos = after("e2e4");
	bare = test_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
	cr_expect_eq(book_key(pos), book_key(bare));
	test_free(bare);
	test_free(pos);
}

static const struct test_book_entry small_book[] = {
	{ NULL, "", "e2e4", 300 },
	{ NULL, "", "d2d4", 100 },
	{ NULL, "", "g1f3", 0 },
	{ NULL, "e2e4", "c7c5", 50 },
	{ NULL, "e2e4 c7c5", "g1f3", 10 },
	/* Castling, written by Polyglot as the king taking its rook. */
	{ "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "", "e1g1", 7 },
	{ "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "", "e1c1", 5 },
	{ "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "e8c8", 9 },
	/* A promotion. */
	{ "8/P6k/8/8/8/8/8/K7 w - - 0 1", "", "a7a8n", 1 },
	{ "8/P6k/8/8/8/8/8/K7 w - - 0 1", "", "a7a8q", 99 },
};
#define SMALL_BOOK_N ((int)(sizeof small_book / sizeof small_book[0]))

static struct book *open_small_book(char *path, size_t len)
{
	char err[512];
	test_temp_path(path, len, "small.bin");
	test_write_book(path, small_book, SMALL_BOOK_N);
	struct book *b = book_open(path, err, sizeof err);
	cr_assert_not_null(b, "%s", err);
	return b;
}

static void expect_probe(const struct book *b, const char *fen, const char *moves, const char *want)
{
	struct position *pos = test_position(fen ? fen : FEN_START);
	char buf[256], *save = NULL, got[512] = "";
	snprintf(buf, sizeof buf, "%s", moves);
	for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
		test_play(pos, uci_parse_move(pos, tok));
	struct book_move m[BOOK_MOVES_MAX];
	int n = book_probe(b, pos, m, BOOK_MOVES_MAX);
	for (int i = 0; i < n; i++) {
		char uci[UCI_MOVE_MAX];
		move_to_uci(m[i].move, uci);
		snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s %u %d", i ? ", " : "", uci, m[i].weight,
		         m[i].permille);
	}
	cr_expect_str_eq(got, want, "after '%s'", moves);
	test_free(pos);
}

Test(book, probes_moves_heaviest_first_with_their_share)
{
	char path[256];
	struct book *b = open_small_book(path, sizeof path);
	cr_expect_eq(book_entries(b), (size_t)SMALL_BOOK_N);
	expect_probe(b, NULL, "", "e2e4 300 750, d2d4 100 250, g1f3 0 0");
	expect_probe(b, NULL, "e2e4", "c7c5 50 1000");
	expect_probe(b, NULL, "e2e4 c7c5", "g1f3 10 1000");
	expect_probe(b, NULL, "d2d4", "");
	expect_probe(b, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "", "e1g1 7 583, e1c1 5 417");
	expect_probe(b, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "e8c8 9 1000");
	expect_probe(b, "8/P6k/8/8/8/8/8/K7 w - - 0 1", "", "a7a8q 99 990, a7a8n 1 10");
	book_free(b);
	unlink(path);
}

/* A move the book gives that is not legal here (a damaged entry, a key collision) is skipped. */
Test(book, illegal_book_moves_are_skipped)
{
	unsigned char e[2 * BOOK_ENTRY_BYTES] = { 0 };
	uint64_t key = 0x463b96181691fc9cULL;
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 8; i++)
			e[k * BOOK_ENTRY_BYTES + i] = (unsigned char)(key >> (56 - 8 * i));
	/* e2e5 (not legal), then e2e4: to e4 = file 4, rank 3; from e2 = file 4, rank 1. */
	unsigned bad = 4 | 4 << 3 | 4 << 6 | 1 << 9, good = 4 | 3 << 3 | 4 << 6 | 1 << 9;
	e[8] = (unsigned char)(bad >> 8), e[9] = (unsigned char)bad, e[11] = 5;
	e[24] = (unsigned char)(good >> 8), e[25] = (unsigned char)good, e[27] = 5;
	char err[256];
	struct book *b = book_from_bytes(e, sizeof e, "two", err, sizeof err);
	cr_assert_not_null(b, "%s", err);
	expect_probe(b, NULL, "", "e2e4 5 1000");
	book_free(b);
}

static void expect_refused(const unsigned char *data, size_t len, const char *want)
{
	char err[512] = "";
	/* An exact-size copy: any read past the end shows under the sanitizers. */
	unsigned char *copy = malloc(len ? len : 1);
	memcpy(copy, data, len);
	struct book *b = book_from_bytes(copy, len, "bad.bin", err, sizeof err);
	cr_expect_null(b, "%zu bytes were taken", len);
	cr_expect(strstr(err, want) != NULL, "'%s' lacks '%s'", err, want);
	book_free(b);
	free(copy);
}

Test(book, malformed_books_are_refused_with_a_message)
{
	char path[256], err[512];
	struct book *b = open_small_book(path, sizeof path);
	book_free(b);
	size_t len;
	FILE *f = fopen(path, "rb");
	unsigned char data[SMALL_BOOK_N * BOOK_ENTRY_BYTES];
	len = fread(data, 1, sizeof data, f);
	fclose(f);
	cr_assert_eq(len, sizeof data);
	expect_refused(data, 0, "bad.bin: the book is empty");
	expect_refused(data, len - 1, "truncated or not a Polyglot book (159 bytes is not a whole number of 16-byte");
	expect_refused(data, 7, "truncated");
	unsigned char swapped[sizeof data];
	/* The last (greatest) key moved to the front. */
	memcpy(swapped, data + len - BOOK_ENTRY_BYTES, BOOK_ENTRY_BYTES);
	memcpy(swapped + BOOK_ENTRY_BYTES, data, len - BOOK_ENTRY_BYTES);
	expect_refused(swapped, len, "not a Polyglot book (entry 2, at byte 16, is out of key order)");
	/* Files: missing, a directory, truncated on disk. */
	cr_expect_null(book_open("/nonexistent/book.bin", err, sizeof err));
	cr_expect_str_eq(err, "/nonexistent/book.bin: No such file or directory");
	cr_expect_null(book_open("/tmp", err, sizeof err));
	cr_expect_str_eq(err, "/tmp: not a regular file");
	cr_assert_eq(truncate(path, 40), 0);
	cr_expect_null(book_open(path, err, sizeof err));
	cr_expect(strstr(err, "40 bytes is not a whole number") != NULL, "%s", err);
	unlink(path);
}

/* How often each move is chosen over many random numbers. */
static void pick_counts(const struct book_move *m, int n, double level, int *count, int tries)
{
	uint64_t rng = 0x9E3779B97F4A7C15ULL;
	memset(count, 0, (size_t)n * sizeof *count);
	for (int i = 0; i < tries; i++) {
		rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
		int k = book_pick(m, n, level, rng);
		cr_assert(k >= 0 && k < n);
		count[k]++;
	}
}

Test(book, full_strength_picks_by_weight_weaker_levels_flatter)
{
	const struct book_move m[] = { { 1, 900, 0 }, { 2, 100, 0 }, { 3, 0, 0 } };
	int count[3], tries = 20000;
	pick_counts(m, 3, 20, count, tries);
	cr_expect(count[0] > tries * 88 / 100 && count[0] < tries * 92 / 100, "level 20: %d of %d", count[0], tries);
	cr_expect_eq(count[2], 0, "weight 0 is never played");
	/* Level 0: weights to the power 1/4, so 900:100 becomes about 1.73:1 (63% and 37%). */
	pick_counts(m, 3, 0, count, tries);
	cr_expect(count[0] > tries * 60 / 100 && count[0] < tries * 66 / 100, "level 0: %d of %d", count[0], tries);
	cr_expect_eq(count[2], 0);
	const struct book_move zero[] = { { 1, 0, 0 } };
	cr_expect_eq(book_pick(zero, 1, 20, 12345), -1, "no weight, no move");
	cr_expect_eq(book_pick(zero, 0, 20, 12345), -1);
}

/* The engine plays the book move without searching, and reports it; with OwnBook off it searches. */
Test(book, engine_plays_and_reports_book_moves)
{
	char path[256], err[512];
	struct book *b = open_small_book(path, sizeof path);
	book_free(b);
	struct engine *e = engine_new();
	cr_assert(engine_set_option(e, "BookFile", path, err, sizeof err), "%s", err);
	cr_assert(engine_set_option(e, "OwnBook", "true", err, sizeof err), "%s", err);
	struct engine_limits l = { .depth = 3 };
	struct test_result r;
	const move_t line[] = { make_move(SQ_E2, SQ_E4) };
	cr_assert(engine_set_position(e, NULL, line, 1, err, sizeof err));
	test_go_and_wait(e, &l, &r);
	cr_expect_eq(r.best, make_move(SQ_C7, SQ_C5));
	cr_expect(r.last.book && r.last.book_weight == 50 && r.last.book_permille == 1000);
	cr_expect_eq(r.last.pv[0], r.best);
	/* Infinite analysis is never cut short by the book. */
	l = (struct engine_limits){ .infinite = true };
	test_result_init(&r);
	engine_go(e, &l, test_on_info, test_on_best, &r);
	usleep(100000);
	engine_stop(e);
	engine_wait(e);
	cr_expect(!r.last.book && r.last.depth > 0);
	/* Out of the book, or with OwnBook off: a search. */
	cr_assert(engine_set_option(e, "OwnBook", "false", err, sizeof err));
	l = (struct engine_limits){ .depth = 3 };
	test_go_and_wait(e, &l, &r);
	cr_expect(!r.last.book && r.last.depth == 3);
	/* A bad file is refused and the book in use stays. */
	cr_expect(engine_set_option(e, "BookFile", "/nonexistent.bin", err, sizeof err), "stored while OwnBook is off");
	cr_expect(!engine_set_option(e, "OwnBook", "true", err, sizeof err));
	cr_expect_str_eq(err, "/nonexistent.bin: No such file or directory");
	cr_expect(engine_set_option(e, "BookFile", "<empty>", err, sizeof err), "UCI's empty string");
	cr_expect(engine_set_option(e, "OwnBook", "true", err, sizeof err), "no file, no book, no error");
	engine_free(e);
	unlink(path);
}

Test(book, book_file_defaults_to_the_system_book)
{
	const struct engine_option *o = engine_option_find("BookFile");
	cr_assert_not_null(o);
	cr_expect_str_eq(o->text_def, engine_system_book());
	const char *sys = engine_system_book();
	if (sys[0])
		cr_expect_eq(access(sys, R_OK), 0);
	else
		cr_expect_neq(access("/usr/share/games/gnuchess/book.bin", R_OK), 0);
	cr_expect_eq(engine_option_find("OwnBook")->def, 0, "UCI: off until the GUI asks for it");
}
