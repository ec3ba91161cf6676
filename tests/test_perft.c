/*
 * Perft on every suite position, and the incremental state checked at every node.  The suites made here
 * (tests/data/perft: the published positions typed in with their counts, the hand-made special positions) run
 * always; the outside ones (perftsuite, the TalkChess positions) in shared_perft, where the build has them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "rules/movegen.h"

/*
 * Depths are chosen per position so that make check stays quick on two cores:
 * every depth whose published count is at most this many nodes.
 */
#define PERFT_NODE_BUDGET 10000000ULL

static void setup(void) { position_init(); }
TestSuite(perft, .init = setup, .timeout = 600);
TestSuite(shared_perft, .init = setup, .timeout = 600);

/* Every count of the file f of at most budget nodes; returns how many positions it holds. */
static int run_suite_within(FILE *f, const char *name, unsigned long long budget)
{
	char line[1024];
	int positions = 0, checked = 0;
	while (fgets(line, sizeof line, f)) {
		char *semi = strchr(line, ';');
		if (!semi)
			continue;
		*semi = '\0';
		struct position *pos = test_position(line);
		positions++;
		for (char *p = semi + 1; p; p = strchr(p, ';')) {
			p += p[0] == ';';
			int depth;
			unsigned long long expected;
			if (sscanf(p, "D%d %llu", &depth, &expected) != 2 || expected > budget)
				continue;
			uint64_t got = perft(pos, depth);
			cr_expect_eq(got, expected, "%s depth %d: %llu, expected %llu", line, depth,
			             (unsigned long long)got, expected);
			checked++;
			p++;
		}
		test_free(pos);
	}
	fclose(f);
	cr_expect_gt(checked, 0, "no perft counts read from %s", name);
	cr_log_info("perft: %s: %d positions, %d counts", name, positions, checked);
	return positions;
}

static int run_suite(FILE *f, const char *name) { return run_suite_within(f, name, PERFT_NODE_BUDGET); }

/* The Chess Programming Wiki's positions with their published counts, typed in (tests/data/perft/cpw_published.epd). */
Test(perft, published_positions)
{
	cr_expect_eq(run_suite(test_data_open("perft/cpw_published.epd"), "cpw_published.epd"), 7);
}

Test(perft, special_cases) { run_suite(test_data_open("perft/special_A.epd"), "special_A.epd"); }

Test(shared_perft, cpw_results) { run_suite(test_shared_open("perft/cpw_perft_results.epd"), "cpw_perft_results.epd"); }
Test(shared_perft, perftsuite) { run_suite(test_shared_open("perft/perftsuite_A.epd"), "perftsuite_A.epd"); }
/*
 * Chess960: the 480 positions of the outside suite, in Shredder-FEN, every count up to a million nodes (depth 3
 * or 4), so that make check stays quick; tests/bench/perft-960 runs them all to depth 6.
 */
#define PERFT_960_BUDGET 1000000ULL
Test(shared_perft, chess960)
{
	cr_expect_eq(run_suite_within(test_shared_open("perft/chess960_A.epd"), "chess960_A.epd", PERFT_960_BUDGET), 480);
}

/* The hand-made Chess960 castlings (tests/data/perft/chess960_special.epd), to depth 5. */
Test(perft, chess960_special_cases) { run_suite(test_data_open("perft/chess960_special.epd"), "chess960_special.epd"); }

Test(shared_perft, talkchess_tricky)
{
	run_suite(test_shared_open("perft/tricky_talkchess_A.epd"), "tricky_talkchess_A.epd");
}

/*
 * Walks the tree, checking keys, bitboards, checks and checking squares against a recomputation at every node
 * (after a null move too, where the search makes one), and that each move gives the check it is said to give.
 */
static uint64_t checked_perft(struct position *pos, int depth)
{
	char err[128];
	cr_assert(pos_is_consistent(pos, err, sizeof err), "%s", err);
	if (depth == 0)
		return 1;
	if (!in_check(pos)) {
		struct state null_st;
		pos_make_null(pos, &null_st);
		cr_assert(pos_is_consistent(pos, err, sizeof err), "after a null move: %s", err);
		pos_unmake_null(pos);
	}
	move_t list[MAX_MOVES];
	int n = generate_legal(pos, list);
	uint64_t key = pos_key(pos), nodes = 0;
	for (int i = 0; i < n; i++) {
		bool gives_check = pos_gives_check(pos, list[i]);
		uint64_t key_after = pos_key_after(pos, list[i]);
		uint8_t castling = pos->st->castling;
		bool plain = move_kind(list[i]) == MOVE_NORMAL && pos->st->ep == SQ_NONE;
		test_play(pos, list[i]);
		cr_assert_eq(gives_check, in_check(pos), "move %04x is said to give check %d", list[i], gives_check);
		/* The prefetch's key is exact for a plain move that changes no right and makes no en passant square. */
		if (plain && pos->st->castling == castling && pos->st->ep == SQ_NONE)
			cr_assert_eq(pos_key(pos), key_after, "move %04x: the key after differs", list[i]);
		nodes += checked_perft(pos, depth - 1);
		test_undo(pos);
		cr_assert_eq(pos_key(pos), key, "unmake did not restore the key");
	}
	return nodes;
}

Test(perft, zobrist_and_bitboards_stay_consistent)
{
	static const struct { const char *fen; int depth; uint64_t nodes; } cases[] = {
		{ FEN_START, 4, 197281 },
		{ "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862 },
		{ "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624 },
		{ "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct position *pos = test_position(cases[i].fen);
		cr_expect_eq(checked_perft(pos, cases[i].depth), cases[i].nodes, "%s", cases[i].fen);
		test_free(pos);
	}
}

Test(perft, transpositions_share_a_key)
{
	/* 1.Nf3 Nf6 2.Nc3 Nc6 and 1.Nc3 Nc6 2.Nf3 Nf6 reach one position. */
	struct position *a = test_position(FEN_START), *b = test_position(FEN_START);
	move_t ma[] = { make_move(SQ_G1, SQ_F3), make_move(SQ_G8, SQ_F6), make_move(SQ_B1, SQ_C3),
	                make_move(SQ_B8, SQ_C6) };
	move_t mb[] = { make_move(SQ_B1, SQ_C3), make_move(SQ_B8, SQ_C6), make_move(SQ_G1, SQ_F3),
	                make_move(SQ_G8, SQ_F6) };
	for (int i = 0; i < 4; i++) {
		test_play(a, ma[i]);
		test_play(b, mb[i]);
	}
	struct position *start = test_position(FEN_START);
	cr_expect_eq(pos_key(a), pos_key(b));
	cr_expect_neq(pos_key(a), pos_key(start));
	test_free(start);
	test_free(a);
	test_free(b);
}

/* Every 16-bit pattern, in a few positions: move_is_legal agrees with the generator exactly. */
Test(perft, move_is_legal_agrees_with_the_generator)
{
	static const char *fens[] = {
		FEN_START,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
		"4k3/8/8/8/1b6/8/3N4/4K2R w K - 0 1",
		"4k3/8/8/8/8/8/3r4/R3K2q w Q - 0 1",
	};
	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		struct position *pos = test_position(fens[i]);
		move_t list[MAX_MOVES];
		int n = generate_legal(pos, list);
		bool legal[65536] = { false };
		for (int j = 0; j < n; j++)
			legal[list[j]] = true;
		for (int m = 0; m < 65536; m++)
			cr_assert_eq(move_is_legal(pos, (move_t)m), legal[m], "%s: move %04x", fens[i], m);
		test_free(pos);
	}
}

/* `outpost perft 1 ""` refuses the empty FEN (issue 10, point 8) instead of counting the starting position. */
Test(perft, an_empty_fen_is_refused)
{
	char cmd[512], err[512];
	snprintf(cmd, sizeof cmd, "'%s' perft 1 ''", OUTPOST_BIN);
	cr_expect_eq(test_shell(cmd, err, sizeof err), 2, "%s", err);
	cr_expect(strstr(err, "bad FEN: it is empty") != NULL, "%s", err);
	snprintf(cmd, sizeof cmd, "'%s' perft 1", OUTPOST_BIN);
	cr_expect_eq(test_shell(cmd, err, sizeof err), 0, "no FEN: the starting position (%s)", err);
}
