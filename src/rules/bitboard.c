/* Attack tables, filled once at start-up from precomputed magic multipliers. */
#include "rules/bitboard.h"

bitboard_t pawn_attacks[COLOR_NB][SQ_NB];
bitboard_t knight_attacks[SQ_NB];
bitboard_t king_attacks[SQ_NB];
bitboard_t between_masks[SQ_NB][SQ_NB];
bitboard_t line_masks[SQ_NB][SQ_NB];
struct magic bishop_magic[SQ_NB];
struct magic rook_magic[SQ_NB];

/* Sizes of the fancy-magic tables: the sums of 2^bits over the squares. */
static bitboard_t bishop_table[5248];
static bitboard_t rook_table[102400];

/*
 * Multipliers found offline by a seeded random search (sparse random numbers,
 * verified against every occupancy subset); one per square, each with the
 * square's own shift of 64 minus its relevant-bit count.
 */
static const uint64_t bishop_magics[64] = {
	0x10102002004a1420ULL,	0x8020040400584008ULL,	0x10510800811201c8ULL,	0x5204042080000088ULL,
	0x2204106880000002ULL,	0x1401042004000000ULL,	0x0400880410042004ULL,	0x0028208200a02020ULL,
	0x1500241990010e00ULL,	0x8001200182020a40ULL,	0x40004101030b0000ULL,	0x8002041042000100ULL,
	0x4010011041020038ULL,	0x0000010421044000ULL,	0x1500210808020a00ULL,	0x8000088400880520ULL,
	0x0405004010040100ULL,	0x1005823210040108ULL,	0x2708008102040011ULL,	0x4048200404009100ULL,
	0x0018104101400024ULL,	0x0003000601190101ULL,	0x8004803108491000ULL,	0x8014241200820800ULL,
	0x0006e080100c3040ULL,	0x0501044a11041800ULL,	0x9020300008004045ULL,	0x0894080000220040ULL,
	0x1001010083104000ULL,	0x5004030040900080ULL,	0x000400422c012400ULL,	0x0002128698404812ULL,
	0x1010108404900440ULL,	0x0928021182084100ULL,	0x2006080409020024ULL,	0x1010202020180080ULL,
	0xa010008200202200ULL,	0x2098015100019004ULL,	0x0002041440810811ULL,	0x802a02020000b098ULL,
	0x0009015090004060ULL,	0x4000821082081001ULL,	0x0100210040420800ULL,	0x0800004010488a00ULL,
	0x2000081104004040ULL,	0x4c8e029015000082ULL,	0x0420340322224842ULL,	0x1298260043400210ULL,
	0x0000822802400008ULL,	0x00008a0101600000ULL,	0x3040003412080021ULL,	0x3040290220884800ULL,
	0x4a1500401041004aULL,	0x8010200282020781ULL,	0x0020203142209091ULL,	0x0070300600902110ULL,
	0x0040808800b62048ULL,	0x0000810400c44420ULL,	0x00080400440c0441ULL,	0x8340080020840411ULL,
	0x0000000104208200ULL,	0x0000800810d00080ULL,	0x0400530411080200ULL,	0x4040702400932244ULL,
};
static const uint64_t rook_magics[64] = {
	0x1080004008801020ULL,	0x0840092002c03000ULL,	0x1900200010400900ULL,	0x0880100008000480ULL,
	0x4200100420080200ULL,	0x8100020100080400ULL,	0x0200040110886200ULL,	0x0200008040220411ULL,
	0x0404800084400220ULL,	0x0000401000402000ULL,	0x0086001081220440ULL,	0x0408800800100280ULL,
	0x000a001201040820ULL,	0x8848800200840080ULL,	0x4001000100040200ULL,	0x0442000102105084ULL,
	0x9080010020804100ULL,	0x0040404000201009ULL,	0x0000808010002009ULL,	0x2200090021d00100ULL,
	0x0008008008040080ULL,	0x0004004002010040ULL,	0x0011040008015042ULL,	0x00000a0001768104ULL,
	0x0000800080204009ULL,	0x2010004140002001ULL,	0x9800200280100080ULL,	0x1000100080080080ULL,
	0x0442000a00049020ULL,	0x2100040080020080ULL,	0x0800120400900148ULL,	0x0010040a00128541ULL,
	0x2800804000800030ULL,	0x1010002000400041ULL,	0x4000200011004100ULL,	0x0610008410800800ULL,
	0x0400802402800800ULL,	0xc100020080800400ULL,	0x0002000802000401ULL,	0x0182085882000401ULL,
	0x0220204000808000ULL,	0x2860100040024022ULL,	0x0001002004110040ULL,	0x99101042000a0020ULL,
	0x0004080004008080ULL,	0x0010040002008080ULL,	0x2012004881020004ULL,	0x8300842444820011ULL,
	0x0088403882010200ULL,	0x0820400080210100ULL,	0x0110910040a00300ULL,	0x0801100280080480ULL,
	0x0242009008200600ULL,	0x1002000489500200ULL,	0x0040800200010080ULL,	0x0091800041000080ULL,
	0x0000209300488001ULL,	0x04c1002414824001ULL,	0x020020000b001041ULL,	0x7000100004200901ULL,
	0x8002002004100802ULL,	0x30010002084c0007ULL,	0x0888221800813004ULL,	0x4000002840840112ULL,
};

static const int bishop_dirs[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };
static const int rook_dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };

static bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

bitboard_t ray_attacks(int type, int sq, bitboard_t occ)
{
	bitboard_t attacks = 0;
	for (int pass = 0; pass < 2; pass++) {
		if ((pass == 0 && type != BISHOP && type != QUEEN) ||
		    (pass == 1 && type != ROOK && type != QUEEN))
			continue;
		const int(*dirs)[2] = pass == 0 ? bishop_dirs : rook_dirs;
		for (int d = 0; d < 4; d++) {
			int f = square_file(sq) + dirs[d][0], r = square_rank(sq) + dirs[d][1];
			for (; on_board(f, r); f += dirs[d][0], r += dirs[d][1]) {
				attacks |= square_bb(make_square(f, r));
				if (occ & square_bb(make_square(f, r)))
					break;
			}
		}
	}
	return attacks;
}

/* The board edges a slider on sq sees past: their occupancy never changes its attacks. */
static bitboard_t edges_beyond(int sq)
{
	return ((RANK_1_BB | RANK_8_BB) & ~rank_bb(square_rank(sq))) |
	       ((FILE_A_BB | FILE_H_BB) & ~file_bb(square_file(sq)));
}

static bitboard_t leaper_attacks(int sq, const int (*steps)[2], int count)
{
	bitboard_t attacks = 0;
	for (int i = 0; i < count; i++) {
		int f = square_file(sq) + steps[i][0], r = square_rank(sq) + steps[i][1];
		if (on_board(f, r))
			attacks |= square_bb(make_square(f, r));
	}
	return attacks;
}

static void init_leapers(void)
{
	static const int knight_steps[8][2] = { { 1, 2 },  { 2, 1 },  { 2, -1 }, { 1, -2 },
	                                        { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
	static const int king_steps[8][2] = { { 1, 0 },  { 1, 1 },   { 0, 1 },  { -1, 1 },
	                                      { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } };
	static const int white_pawn_steps[2][2] = { { -1, 1 }, { 1, 1 } };
	static const int black_pawn_steps[2][2] = { { -1, -1 }, { 1, -1 } };
	for (int sq = 0; sq < SQ_NB; sq++) {
		knight_attacks[sq] = leaper_attacks(sq, knight_steps, 8);
		king_attacks[sq] = leaper_attacks(sq, king_steps, 8);
		pawn_attacks[WHITE][sq] = leaper_attacks(sq, white_pawn_steps, 2);
		pawn_attacks[BLACK][sq] = leaper_attacks(sq, black_pawn_steps, 2);
	}
}

/*
 * The eight rays from each square on an empty board, indexed by direction:
 * 0-3 run towards higher squares (so the nearest blocker is the lowest bit),
 * 4-7 towards lower squares (the nearest blocker is the highest bit).
 */
static bitboard_t rays[8][SQ_NB];
static const int ray_steps[8][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 },  { -1, 1 },
                                     { -1, 0 }, { 0, -1 }, { -1, -1 }, { 1, -1 } };

static void init_rays(void)
{
	for (int d = 0; d < 8; d++)
		for (int sq = 0; sq < SQ_NB; sq++) {
			bitboard_t b = 0;
			int f = square_file(sq) + ray_steps[d][0], r = square_rank(sq) + ray_steps[d][1];
			for (; on_board(f, r); f += ray_steps[d][0], r += ray_steps[d][1])
				b |= square_bb(make_square(f, r));
			rays[d][sq] = b;
		}
}

/* One ray from sq in direction d, cut at its first blocker. */
static inline bitboard_t ray_until_blocker(int d, int sq, bitboard_t occ)
{
	bitboard_t ray = rays[d][sq], blockers = ray & occ;
	if (blockers)
		ray ^= rays[d][d < 4 ? lsb(blockers) : msb(blockers)];
	return ray;
}

/* Classical ray lookup: fast enough to fill the magic tables at start-up. */
static bitboard_t slider_by_rays(int type, int sq, bitboard_t occ)
{
	if (type == ROOK)
		return ray_until_blocker(0, sq, occ) | ray_until_blocker(1, sq, occ) |
		       ray_until_blocker(4, sq, occ) | ray_until_blocker(5, sq, occ);
	return ray_until_blocker(2, sq, occ) | ray_until_blocker(3, sq, occ) | ray_until_blocker(6, sq, occ) |
	       ray_until_blocker(7, sq, occ);
}

/* Enumerates every subset of the mask (Carry-Rippler) and stores its attack set. */
static void init_slider(int type, struct magic *table, const uint64_t *magics, bitboard_t *store)
{
	bitboard_t *next = store;
	for (int sq = 0; sq < SQ_NB; sq++) {
		struct magic *m = &table[sq];
		m->mask = slider_by_rays(type, sq, 0) & ~edges_beyond(sq);
		m->magic = magics[sq];
		m->shift = 64 - (unsigned)popcount(m->mask);
		m->attacks = next;
		bitboard_t sub = 0;
		do {
			m->attacks[magic_index(m, sub)] = slider_by_rays(type, sq, sub);
			sub = (sub - m->mask) & m->mask;
		} while (sub);
		next += 1ULL << popcount(m->mask);
	}
}

/* For each pair on a shared line: the squares between them, and the whole line through both. */
static void init_lines(void)
{
	for (int a = 0; a < SQ_NB; a++)
		for (int d = 0; d < 8; d++) {
			int opposite = d ^ 4; /* directions d and d ^ 4 point opposite ways */
			bitboard_t line = rays[d][a] | rays[opposite][a] | square_bb(a);
			bitboard_t ray = rays[d][a];
			while (ray) {
				int b = pop_lsb(&ray);
				line_masks[a][b] = line;
				between_masks[a][b] = rays[d][a] & rays[opposite][b];
			}
		}
}

void attacks_init(void)
{
	init_leapers();
	init_rays();
	init_slider(BISHOP, bishop_magic, bishop_magics, bishop_table);
	init_slider(ROOK, rook_magic, rook_magics, rook_table);
	init_lines();
}
