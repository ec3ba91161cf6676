/*
 * The evaluation weights (see eval_weights.h).  tools/tune writes this file back in this same layout from the
 * values it fits, so that a tuned set is a diff of numbers.
 */
#include "engine/eval_weights.h"

const score_pair_t material_weight[PIECE_TYPE_NB] = {
	S(0, 0), S(79, 94), S(372, 358), S(378, 368), S(476, 585), S(1085, 1058), S(0, 0),
};

const score_pair_t psq_weight[PIECE_TYPE_NB][SQ_NB] = {
	{ 0 },
	{ /* pawn */
		S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
		S(23, 47), S(18, 49), S(26, 67), S(26, 45), S(20, 57), S(13, 44), S(14, 32), S(22, 26),
		S(26, 37), S(17, 38), S(10, 33), S(16, 36), S(21, 19), S(23, 28), S(6, 32), S(13, 31),
		S(16, 32), S(9, 25), S(-4, 9), S(11, -3), S(3, 4), S(0, 7), S(19, 15), S(3, 20),
		S(4, 28), S(-2, 21), S(0, 10), S(4, 2), S(5, 14), S(7, 13), S(-7, 16), S(-3, 15),
		S(5, 23), S(0, 23), S(5, 15), S(2, 17), S(7, 17), S(4, 28), S(14, 17), S(3, 19),
		S(3, 26), S(14, 25), S(3, 27), S(10, 20), S(5, 32), S(31, 32), S(28, 20), S(3, 15),
		S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
	},
	{ /* knight */
		S(-55, -43), S(-28, -27), S(-21, -20), S(-14, -14), S(-13, -10), S(-24, -22), S(-28, -30), S(-37, -36),
		S(-32, -26), S(-23, -12), S(-4, -6), S(1, 4), S(-4, -8), S(-9, -13), S(-26, -16), S(-25, -31),
		S(-15, -18), S(-6, -10), S(0, 0), S(17, 17), S(15, 12), S(4, 5), S(-2, -5), S(-18, -20),
		S(7, -12), S(10, -5), S(9, 8), S(22, 11), S(9, 16), S(24, 9), S(3, -6), S(2, -8),
		S(-2, -8), S(-4, -7), S(4, 13), S(2, 14), S(15, 11), S(11, 8), S(5, -6), S(-18, -11),
		S(-31, -26), S(-20, -14), S(-20, -8), S(-2, 17), S(-3, 7), S(-9, -10), S(3, -8), S(-27, -11),
		S(-26, -32), S(-15, -15), S(-19, -23), S(-13, -13), S(-13, -6), S(-9, -5), S(-18, -22), S(-28, -25),
		S(-39, -38), S(-34, -40), S(-25, -19), S(-28, -7), S(-18, -15), S(-19, -20), S(-38, -25), S(-33, -31),
	},
	{ /* bishop */
		S(-25, -13), S(-15, -9), S(-12, -5), S(-10, -3), S(-6, 3), S(-15, -6), S(-14, -7), S(-20, -16),
		S(-14, -11), S(-20, 2), S(-15, -6), S(-4, 0), S(-11, -5), S(-9, 2), S(-14, -7), S(-26, -11),
		S(-19, -9), S(-3, -7), S(3, 7), S(3, 5), S(0, 1), S(-5, 8), S(-8, 3), S(-16, -10),
		S(-11, -5), S(-9, -1), S(6, 9), S(7, 12), S(3, 9), S(7, 2), S(-7, -11), S(-5, -3),
		S(-13, -4), S(-4, -7), S(6, 1), S(22, 4), S(20, 7), S(2, 5), S(-7, 1), S(1, -14),
		S(1, -15), S(9, -4), S(8, -3), S(1, -6), S(-3, -1), S(12, 2), S(-7, -9), S(-2, -12),
		S(-24, -9), S(1, -16), S(5, -9), S(-8, -2), S(2, -4), S(2, 1), S(5, -2), S(-21, -20),
		S(0, -18), S(-15, -17), S(-13, -13), S(-8, -9), S(-4, -14), S(-22, -7), S(-14, -16), S(-18, -12),
	},
	{ /* rook */
		S(1, 9), S(-3, 12), S(7, 14), S(5, 10), S(5, 11), S(0, 8), S(0, 10), S(-5, 6),
		S(11, 16), S(6, 17), S(19, 16), S(13, 14), S(17, 14), S(20, 16), S(8, 11), S(16, 19),
		S(9, 11), S(9, 7), S(6, 12), S(15, 11), S(5, 13), S(8, 9), S(12, 9), S(5, 9),
		S(5, 9), S(-3, 17), S(12, 9), S(12, 10), S(9, 7), S(4, 8), S(5, 12), S(8, 6),
		S(-20, 2), S(-3, 6), S(1, 2), S(-7, -3), S(-2, 1), S(4, 3), S(9, 4), S(7, 8),
		S(-17, -7), S(-4, -1), S(-9, -8), S(-5, -6), S(-13, -10), S(3, -5), S(-2, -9), S(-10, -9),
		S(-6, -17), S(-11, -9), S(-7, -9), S(-5, -11), S(-3, -21), S(7, -15), S(-5, -16), S(-27, -14),
		S(0, -16), S(-2, -7), S(2, -10), S(9, -13), S(8, -15), S(11, -10), S(-7, -9), S(3, -17),
	},
	{ /* queen */
		S(-4, -5), S(-8, -2), S(-4, 2), S(1, 5), S(2, 6), S(0, 2), S(-7, -3), S(-2, -5),
		S(-11, -4), S(-13, -3), S(2, 6), S(4, 9), S(5, 5), S(9, 9), S(6, 4), S(10, 6),
		S(1, -1), S(1, 3), S(1, 5), S(-1, 9), S(2, 6), S(16, 16), S(3, 9), S(11, 6),
		S(1, 2), S(-7, 1), S(0, 8), S(4, 19), S(-6, 11), S(13, 12), S(4, 11), S(7, 5),
		S(-10, -7), S(-12, 0), S(5, 3), S(-6, 19), S(-4, 9), S(3, 9), S(9, 4), S(-1, 7),
		S(-6, -5), S(-3, -3), S(-2, 4), S(-3, -1), S(-9, 6), S(5, 1), S(3, -3), S(1, -5),
		S(-9, -19), S(2, -10), S(4, -14), S(-1, -12), S(0, -6), S(-8, -10), S(10, -8), S(4, -4),
		S(-18, -14), S(-13, -17), S(-13, -14), S(-2, -28), S(-12, -18), S(-13, -13), S(1, -7), S(-8, -12),
	},
	{ /* king */
		S(-65, -37), S(-65, -20), S(-65, -15), S(-65, -1), S(-65, -10), S(-65, -6), S(-65, -21), S(-65, -45),
		S(-60, -24), S(-60, -1), S(-60, 5), S(-60, 8), S(-60, 14), S(-59, 9), S(-60, 5), S(-60, -25),
		S(-55, -9), S(-55, 5), S(-52, 9), S(-55, 12), S(-55, 17), S(-53, 22), S(-55, 18), S(-55, -4),
		S(-50, -7), S(-50, 5), S(-49, 13), S(-52, 12), S(-48, 14), S(-50, 15), S(-50, 14), S(-50, -7),
		S(-47, -6), S(-42, -4), S(-44, 3), S(-43, 2), S(-47, 2), S(-45, 6), S(-45, -5), S(-45, -7),
		S(-40, -17), S(-35, -9), S(-36, -2), S(-40, -7), S(-32, -3), S(-30, -2), S(-23, -8), S(-40, -17),
		S(-13, -25), S(-13, -18), S(1, -14), S(-9, -13), S(-8, -19), S(0, -14), S(19, -19), S(1, -26),
		S(11, -35), S(23, -36), S(10, -24), S(-31, -24), S(-4, -30), S(-25, -31), S(21, -30), S(1, -44),
	},
};

const score_pair_t tempo_bonus = S(15, 8);

const score_pair_t mobility_knight[9] = {
	S(-22, -29), S(-16, -39), S(-7, -11), S(1, 9), S(4, 18), S(13, 28), S(20, 28), S(27, 22),
	S(31, 10),
};
const score_pair_t mobility_bishop[14] = {
	S(-18, -23), S(-6, -16), S(9, 1), S(14, 4), S(20, 16), S(23, 26), S(24, 30), S(24, 34),
	S(25, 43), S(25, 40), S(35, 35), S(35, 40), S(47, 47), S(46, 31),
};
const score_pair_t mobility_rook[15] = {
	S(-52, -59), S(-16, -23), S(2, -3), S(3, 15), S(7, 23), S(9, 33), S(10, 40), S(12, 45),
	S(16, 52), S(18, 57), S(23, 61), S(22, 64), S(30, 68), S(34, 66), S(40, 65),
};
const score_pair_t mobility_queen[28] = {
	S(-29, -49), S(-12, -32), S(-11, -21), S(-5, -13), S(0, -2), S(2, -1), S(8, 4), S(8, 4),
	S(14, 12), S(17, 22), S(19, 37), S(20, 48), S(20, 52), S(22, 61), S(25, 65), S(28, 69),
	S(30, 67), S(37, 66), S(37, 66), S(37, 64), S(37, 64), S(37, 51), S(34, 57), S(34, 53),
	S(36, 59), S(37, 56), S(38, 64), S(39, 63),
};

const score_pair_t pawn_doubled = S(-7, -25);
const score_pair_t pawn_isolated = S(-7, -5);
const score_pair_t pawn_backward = S(2, -12);
const score_pair_t pawn_weak_unopposed = S(-7, -7);
const score_pair_t pawn_connected[8] = {
	S(0, 0), S(4, 1), S(11, 5), S(12, 11), S(14, 24), S(25, 51), S(43, 43), S(0, 0),
};
const score_pair_t passed_pawn[8] = {
	S(0, 0), S(1, 22), S(-3, 26), S(-8, 36), S(27, 56), S(54, 74), S(81, 105), S(0, 0),
};
const score_pair_t passed_free_step[8] = {
	S(0, 0), S(3, -1), S(-4, 7), S(2, 12), S(-6, 29), S(20, 49), S(20, 83), S(0, 0),
};
const score_pair_t passed_king_own[8] = {
	S(0, 0), S(-5, -3), S(6, -8), S(7, -12), S(3, -16), S(-4, -20), S(-10, -18), S(0, 0),
};
const score_pair_t passed_king_their[8] = {
	S(0, 0), S(0, 2), S(-6, 2), S(-7, 14), S(-8, 23), S(2, 38), S(34, 42), S(0, 0),
};
const score_pair_t passed_unstoppable = S(0, 244);

const score_pair_t bishop_pair = S(29, 61);
const score_pair_t rook_open_file = S(31, 9);
const score_pair_t rook_semi_open_file = S(18, 19);
const score_pair_t rook_on_seventh = S(3, 6);
const score_pair_t knight_outpost = S(16, 7);
const score_pair_t bishop_outpost = S(19, 5);
const score_pair_t bishop_pawns = S(-2, -4);
const score_pair_t minor_behind_pawn = S(4, 7);
const score_pair_t king_pawn_file_distance[8] = {
	S(8, 21), S(-8, 16), S(1, 7), S(0, -14), S(0, -14), S(-1, -11), S(0, -4), S(0, -1),
};

const score_pair_t threat_by_pawn = S(52, 32);
const score_pair_t threat_minor_on_major = S(47, 18);
const score_pair_t threat_rook_on_queen = S(45, 20);
const score_pair_t threat_hanging = S(14, 8);
const score_pair_t threat_minor_on_minor = S(18, 22);
const score_pair_t threat_rook_on_minor = S(18, 19);
const score_pair_t threat_by_king = S(24, 17);
const score_pair_t threat_weak_pawn = S(15, 40);
const score_pair_t threat_pawn_push = S(14, 11);

const score_pair_t space_bonus = S(3, 2);

const int king_attacker_weight[PIECE_TYPE_NB] = { 0, 0, 32, 7, 41, 26, 0 };
const int king_safe_check[PIECE_TYPE_NB] = { 0, 0, 87, 50, 101, 98, 0 };
const int king_danger_per_hit = 21;
const int king_danger_no_queen = 236;
const int king_danger_weak_square = 29;
const int king_shelter_missing[8] = { 10, -12, -9, 0, 8, 17, 30, 32 };
const int king_storm[8] = { 0, -10, 13, 0, 0, -5, -3, 0 };

const int complexity_pawns = 4;
const int complexity_both_wings = 26;
const int complexity_pawn_ending = 37;
const int complexity_passed = 3;
const int complexity_base = -44;
