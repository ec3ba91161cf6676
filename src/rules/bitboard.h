/* Bitboards: bit tricks, attack tables for every piece, between and line masks. */
#ifndef OUTPOST_BITBOARD_H
#define OUTPOST_BITBOARD_H

#include "rules/types.h"

#if defined(USE_PEXT)
#include <immintrin.h>
#endif

#define FILE_A_BB 0x0101010101010101ULL
#define FILE_H_BB (FILE_A_BB << 7)
#define RANK_1_BB 0xFFULL
#define LIGHT_SQUARES_BB 0x55AA55AA55AA55AAULL /* b1, d1, ..., a2, ...: the squares of h1's colour */
#define RANK_8_BB (RANK_1_BB << 56)

static inline bitboard_t square_bb(int sq) { return 1ULL << sq; }
static inline bitboard_t file_bb(int file) { return FILE_A_BB << file; }
static inline bitboard_t rank_bb(int rank) { return RANK_1_BB << (8 * rank); }
/*
 * Without the POPCNT instruction (the portable x86-64 baseline) the builtin
 * becomes a libgcc call; the SWAR sum below is several times faster than that.
 */
static inline int popcount(bitboard_t b)
{
#if defined(__POPCNT__) || !defined(__x86_64__)
	return __builtin_popcountll(b);
#else
	b = b - ((b >> 1) & 0x5555555555555555ULL);
	b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
	b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
	return (int)((b * 0x0101010101010101ULL) >> 56);
#endif
}
static inline int lsb(bitboard_t b) { return __builtin_ctzll(b); }
static inline int msb(bitboard_t b) { return 63 ^ __builtin_clzll(b); }
static inline bool more_than_one(bitboard_t b) { return (b & (b - 1)) != 0; }
static inline int pop_lsb(bitboard_t *b)
{
	int sq = lsb(*b);
	*b &= *b - 1;
	return sq;
}

/* Shifts that drop the squares falling off the board's edge. */
static inline bitboard_t shift_north(bitboard_t b) { return b << 8; }
static inline bitboard_t shift_south(bitboard_t b) { return b >> 8; }
static inline bitboard_t shift_east(bitboard_t b) { return (b & ~FILE_H_BB) << 1; }
static inline bitboard_t shift_west(bitboard_t b) { return (b & ~FILE_A_BB) >> 1; }
static inline bitboard_t shift_forward(int color, bitboard_t b)
{
	return color == WHITE ? shift_north(b) : shift_south(b);
}

/* All squares attacked by the pawns in b. */
static inline bitboard_t pawns_attacks_bb(int color, bitboard_t b)
{
	bitboard_t f = shift_forward(color, b);
	return shift_east(f) | shift_west(f);
}

/* One slider's lookup: the relevant-occupancy mask and where its attack sets start. */
struct magic {
	bitboard_t mask;
	bitboard_t magic;
	bitboard_t *attacks;
	unsigned shift;
};

extern bitboard_t pawn_attacks[COLOR_NB][SQ_NB];
extern bitboard_t knight_attacks[SQ_NB];
extern bitboard_t king_attacks[SQ_NB];
extern bitboard_t between_masks[SQ_NB][SQ_NB];
extern bitboard_t line_masks[SQ_NB][SQ_NB];
extern struct magic bishop_magic[SQ_NB];
extern struct magic rook_magic[SQ_NB];

static inline unsigned magic_index(const struct magic *m, bitboard_t occ)
{
#if defined(USE_PEXT)
	return (unsigned)_pext_u64(occ, m->mask);
#else
	return (unsigned)(((occ & m->mask) * m->magic) >> m->shift);
#endif
}

static inline bitboard_t bishop_attacks(int sq, bitboard_t occ)
{
	const struct magic *m = &bishop_magic[sq];
	return m->attacks[magic_index(m, occ)];
}

static inline bitboard_t rook_attacks(int sq, bitboard_t occ)
{
	const struct magic *m = &rook_magic[sq];
	return m->attacks[magic_index(m, occ)];
}

static inline bitboard_t queen_attacks(int sq, bitboard_t occ)
{
	return bishop_attacks(sq, occ) | rook_attacks(sq, occ);
}

/* Attacks of a piece type other than a pawn from sq, given the occupancy. */
static inline bitboard_t piece_attacks(int type, int sq, bitboard_t occ)
{
	switch (type) {
	case KNIGHT: return knight_attacks[sq];
	case BISHOP: return bishop_attacks(sq, occ);
	case ROOK: return rook_attacks(sq, occ);
	case QUEEN: return queen_attacks(sq, occ);
	case KING: return king_attacks[sq];
	default: return 0;
	}
}

/* Squares strictly between a and b on a shared line, or empty. */
static inline bitboard_t between_bb(int a, int b) { return between_masks[a][b]; }
/* The whole line (edge to edge) through a and b, or empty if they share none. */
static inline bitboard_t line_bb(int a, int b) { return line_masks[a][b]; }
static inline bool aligned(int a, int b, int c) { return (line_bb(a, b) & square_bb(c)) != 0; }

/* Slider attacks by walking rays square by square: slow, for building tables and tests. */
bitboard_t ray_attacks(int type, int sq, bitboard_t occ);

/* Fills every table above, once: position_init() calls it (well under a millisecond). */
void attacks_init(void);

#endif
