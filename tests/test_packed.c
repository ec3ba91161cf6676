/* The 32-byte records of the self-play data: round trips over the perft suites, clamping, and corrupt records. */
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "rules/packed.h"

static void setup(void) { position_init(); }
TestSuite(packed, .init = setup);
TestSuite(shared_packed, .init = setup);

/* The FEN without its fullmove number, which a record does not keep. */
static void fen_without_fullmove(const struct position *pos, char *out, size_t len)
{
	pos_get_fen(pos, out, len);
	*strrchr(out, ' ') = '\0';
}

static void expect_round_trip(const char *fen, const struct packed_labels *in)
{
	uint8_t rec[PACKED_SIZE], again[PACKED_SIZE];
	char err[256], before[FEN_MAX], after[FEN_MAX];
	struct position *pos = test_position(fen), back;
	struct state back_st;
	struct packed_labels out;
	packed_pack(pos, in, rec);
	cr_assert(packed_unpack(rec, &back, &back_st, &out, err, sizeof err), "%s: %s", fen, err);
	fen_without_fullmove(pos, before, sizeof before);
	fen_without_fullmove(&back, after, sizeof after);
	cr_expect_str_eq(after, before);
	cr_expect(out.score == in->score && out.eval == in->eval && out.result == in->result && out.tag == in->tag,
	          "%s: labels %d %d %d %d came back as %d %d %d %d", fen, in->score, in->eval, in->result, in->tag,
	          out.score, out.eval, out.result, out.tag);
	packed_pack(&back, &out, again);
	cr_expect(!memcmp(rec, again, PACKED_SIZE), "%s: packing the unpacked position differs", fen);
	test_free(pos);
}

static int round_trip_file(FILE *f, int seed)
{
	char line[1024];
	int n = 0;
	while (fgets(line, sizeof line, f)) {
		char *semi = strchr(line, ';');
		if (semi)
			*semi = '\0';
		if (strlen(line) < 10)
			continue;
		struct packed_labels labels = {
			.score = (seed * 7919 + n * 104729) % 64001 - 32000,
			.eval = (n * 31 - 500) * (n % 2 ? 1 : -1),
			.result = n % 3,
			.tag = (seed + n) % PACKED_TAGS,
		};
		expect_round_trip(line, &labels);
		n++;
	}
	fclose(f);
	return n;
}

Test(packed, round_trip_on_the_perft_positions)
{
	int n = round_trip_file(test_data_open("perft/cpw_published.epd"), 1) +
	        round_trip_file(test_data_open("perft/special_A.epd"), 3);
	cr_expect_eq(n, 27, "%d positions", n);
}

Test(shared_packed, round_trip_on_the_perft_suites)
{
	int n = round_trip_file(test_shared_open("perft/cpw_perft_results.epd"), 1) +
	        round_trip_file(test_shared_open("perft/perftsuite_A.epd"), 2) +
	        round_trip_file(test_shared_open("perft/tricky_talkchess_A.epd"), 4);
	cr_expect_eq(n, 89, "%d positions", n);
}

Test(packed, en_passant_castling_and_both_sides)
{
	struct packed_labels l = { .score = -1, .eval = 1, .result = PACKED_DRAW, .tag = 63 };
	expect_round_trip("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", &l);
	expect_round_trip("rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2", &l);
	expect_round_trip("r3k2r/8/8/8/8/8/8/R3K2R b Qk - 99 80", &l);
	/* 32 pieces: every nibble in use. */
	expect_round_trip(FEN_START, &l);
}

Test(packed, scores_are_clamped_and_the_clock_saturates)
{
	uint8_t rec[PACKED_SIZE];
	char err[256];
	struct position *pos = test_position("4k3/8/8/8/8/8/8/4K2R w K - 300 200");
	struct packed_labels in = { .score = 32600, .eval = -99999, .result = PACKED_WHITE_WINS }, out;
	packed_pack(pos, &in, rec);
	cr_assert(packed_unpack(rec, NULL, NULL, &out, err, sizeof err), "%s", err);
	cr_expect_eq(out.score, PACKED_SCORE_MAX);
	cr_expect_eq(out.eval, -PACKED_SCORE_MAX);
	cr_expect_eq(rec[26], 255);
	test_free(pos);
}

Test(packed, layout_is_as_documented)
{
	uint8_t rec[PACKED_SIZE];
	struct position *pos = test_position("4k3/8/8/8/8/8/8/R3K3 b Q - 5 9");
	struct packed_labels in = { .score = -2, .eval = 258, .result = PACKED_BLACK_WINS, .tag = 5 };
	packed_pack(pos, &in, rec);
	static const uint8_t expect[PACKED_SIZE] = {
		0x11, 0, 0, 0, 0, 0, 0, 0x10, /* a1, e1, e8 */
		W_ROOK | W_KING << 4, B_KING, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0x80 | WHITE_OOO, SQ_NONE, 5, 0xfe, 0xff, 0x02, 0x01, 0 | 5 << 2,
	};
	for (int i = 0; i < PACKED_SIZE; i++)
		cr_expect_eq(rec[i], expect[i], "byte %d is %#x, not %#x", i, rec[i], expect[i]);
	test_free(pos);
}

Test(packed, new_scores_change_bytes_27_to_30_alone)
{
	uint8_t rec[PACKED_SIZE], before[PACKED_SIZE];
	char err[256];
	struct position *pos = test_position("4k3/8/8/8/8/8/8/R3K3 b Q - 5 9");
	struct packed_labels in = { .score = -2, .eval = 258, .result = PACKED_BLACK_WINS, .tag = 5 }, out;
	packed_pack(pos, &in, rec);
	memcpy(before, rec, sizeof rec);
	packed_set_scores(rec, 123, -40000);
	cr_assert(packed_unpack(rec, NULL, NULL, &out, err, sizeof err), "%s", err);
	cr_expect(out.score == 123 && out.eval == -PACKED_SCORE_MAX && out.result == PACKED_BLACK_WINS && out.tag == 5,
	          "score %d eval %d result %d tag %d", out.score, out.eval, out.result, out.tag);
	for (int i = 0; i < PACKED_SIZE; i++)
		if (i < 27 || i > 30)
			cr_expect_eq(rec[i], before[i], "byte %d changed", i);
	test_free(pos);
}

/* A valid record of fen with one change, which unpack must refuse saying `why`. */
static void expect_corrupt(const char *fen, int at, int value, const char *why)
{
	uint8_t rec[PACKED_SIZE];
	char err[256] = "";
	struct position *pos = test_position(fen), *out = test_position(FEN_START);
	struct packed_labels l = { .result = PACKED_DRAW };
	packed_pack(pos, &l, rec);
	if (at >= 0)
		rec[at] = (uint8_t)value;
	cr_expect(!packed_unpack(rec, out, out->st, NULL, err, sizeof err), "byte %d = %#x of %s was accepted", at, value,
	          fen);
	cr_expect(strstr(err, why), "byte %d = %#x of %s: '%s' does not say '%s'", at, value, fen, err, why);
	char untouched[FEN_MAX];
	pos_get_fen(out, untouched, sizeof untouched);
	cr_expect_str_eq(untouched, FEN_START);
	test_free(pos);
	test_free(out);
}

Test(packed, corrupt_records_are_refused_with_a_reason)
{
	const char *kings = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"; /* e1 (code 6), e8 (code 14) */
	expect_corrupt(kings, 0, 0xff, "piece code 0 on c1");
	expect_corrupt(FEN_START, 3, 0xff, "40 occupied squares, at most 32");
	expect_corrupt(kings, 8, 7 | 14 << 4, "piece code 7 on e1");
	expect_corrupt(kings, 9, 6, "more piece codes than occupied squares");
	expect_corrupt(kings, 8, 5 | 14 << 4, "White has 0 kings");
	expect_corrupt(kings, 8, 6 | 6 << 4, "White has 2 kings");
	expect_corrupt(kings, 8, 1 | 14 << 4, "a pawn on e1: pawns never stand");
	expect_corrupt(kings, 24, 0x10, "unused bits");
	expect_corrupt(kings, 24, WHITE_OO, "castling right 'K' dropped");
	expect_corrupt(kings, 25, 65, "beyond 64");
	expect_corrupt(kings, 25, SQ_E6, "no pawn has just moved two squares");
	expect_corrupt("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", 24, 0x80, "d6 is not on the 3rd rank");
	expect_corrupt(kings, 31, 3, "result 3");
	expect_corrupt(kings, 28, 0x7e, "beyond +-32000"); /* 32256 */
	expect_corrupt(kings, 30, 0x82, "beyond +-32000"); /* -32256 */
	expect_corrupt("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1", 24, 0x00, "the side not to move (Black) is in check");
}

Test(packed, en_passant_only_with_a_legal_capture)
{
	/* d6 is behind a pawn that has just moved two squares, but no White pawn stands beside it to take. */
	expect_corrupt("4k3/8/8/3p4/8/8/8/4K3 w - - 0 2", 25, SQ_D6, "no legal capture");
}

static uint64_t next_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Whatever the bytes, unpack either refuses them or reads a record that packs back to the same bytes. */
Test(packed, damaged_records_are_refused_or_exact)
{
	static const char *fens[] = {
		FEN_START,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	};
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	struct position back;
	struct state back_st;
	int refused = 0, accepted = 0;
	for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
		struct position *pos = test_position(fens[f]);
		struct packed_labels l = { .score = 12, .eval = -7, .result = PACKED_WHITE_WINS, .tag = 9 };
		uint8_t rec[PACKED_SIZE];
		packed_pack(pos, &l, rec);
		for (int trial = 0; trial < 4000; trial++) {
			uint8_t bad[PACKED_SIZE], again[PACKED_SIZE];
			char err[256] = "";
			memcpy(bad, rec, sizeof bad);
			uint64_t r = next_random(&seed);
			bad[r % PACKED_SIZE] ^= (uint8_t)(1u << (r >> 8) % 8);
			if (r >> 16 & 1)
				bad[(r >> 20) % PACKED_SIZE] = (uint8_t)(r >> 32);
			struct packed_labels out;
			if (!packed_unpack(bad, &back, &back_st, &out, err, sizeof err)) {
				cr_assert(!strncmp(err, "corrupt record: ", 16) && strlen(err) > 20, "no reason given: '%s'", err);
				refused++;
				continue;
			}
			packed_pack(&back, &out, again);
			cr_assert(!memcmp(bad, again, PACKED_SIZE), "an accepted record of %s packs back differently",
			          fens[f]);
			accepted++;
		}
		test_free(pos);
	}
	cr_expect(refused > 1000 && accepted > 1000, "refused %d, accepted %d", refused, accepted);
}
