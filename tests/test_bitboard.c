/* Bit helpers, leaper tables, and slider attacks checked against plain ray casting. */
#include <criterion/criterion.h>

#include "rules/bitboard.h"
#include "rules/position.h"

static void setup(void) { position_init(); }

TestSuite(bitboard, .init = setup);

Test(bitboard, bit_helpers)
{
	cr_expect_eq(popcount(0), 0);
	cr_expect_eq(popcount(~0ULL), 64);
	cr_expect_eq(lsb(square_bb(SQ_E4)), SQ_E4);
	cr_expect_eq(msb(square_bb(SQ_A1) | square_bb(SQ_H8)), SQ_H8);
	bitboard_t b = square_bb(SQ_C3) | square_bb(SQ_F6);
	cr_expect_eq(pop_lsb(&b), SQ_C3);
	cr_expect_eq(b, square_bb(SQ_F6));
	cr_expect(!more_than_one(b));
	cr_expect(more_than_one(b | 1));
	cr_expect_eq(shift_east(file_bb(7)), 0);
	cr_expect_eq(shift_west(file_bb(0)), 0);
	cr_expect_eq(shift_north(rank_bb(7)), 0);
}

Test(bitboard, leapers)
{
	cr_expect_eq(popcount(knight_attacks[SQ_A1]), 2);
	cr_expect_eq(popcount(knight_attacks[SQ_D4]), 8);
	cr_expect_eq(popcount(king_attacks[SQ_H8]), 3);
	cr_expect_eq(popcount(king_attacks[SQ_E4]), 8);
	cr_expect_eq(pawn_attacks[WHITE][SQ_A2], square_bb(SQ_B3));
	cr_expect_eq(pawn_attacks[BLACK][SQ_E5], square_bb(SQ_D4) | square_bb(SQ_F4));
	cr_expect_eq(pawn_attacks[WHITE][SQ_H8], 0);
}

Test(bitboard, between_and_line)
{
	cr_expect_eq(between_bb(SQ_A1, SQ_D4), square_bb(SQ_B2) | square_bb(SQ_C3));
	cr_expect_eq(between_bb(SQ_A1, SQ_A2), 0);
	cr_expect_eq(between_bb(SQ_A1, SQ_B3), 0);
	cr_expect_eq(line_bb(SQ_B1, SQ_D1), rank_bb(0));
	cr_expect_eq(line_bb(SQ_A1, SQ_B3), 0);
	cr_expect(aligned(SQ_A1, SQ_H8, SQ_D4));
	cr_expect(!aligned(SQ_A1, SQ_H8, SQ_D5));
}

/* A deterministic generator, so a failure can be reproduced. */
static uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

Test(bitboard, sliders_match_ray_casting)
{
	uint64_t s = 0x1234567887654321ULL;
	for (int sq = 0; sq < SQ_NB; sq++) {
		for (int i = 0; i < 2000; i++) {
			/* Sparse and dense occupancies both. */
			bitboard_t occ = rnd(&s) & rnd(&s);
			if (i & 1)
				occ |= rnd(&s);
			cr_assert_eq(bishop_attacks(sq, occ), ray_attacks(BISHOP, sq, occ), "bishop on %d", sq);
			cr_assert_eq(rook_attacks(sq, occ), ray_attacks(ROOK, sq, occ), "rook on %d", sq);
			cr_assert_eq(queen_attacks(sq, occ), ray_attacks(QUEEN, sq, occ), "queen on %d", sq);
		}
	}
}
