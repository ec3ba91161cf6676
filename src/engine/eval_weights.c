/*
 * The evaluation weights (see eval_weights.h).  tools/tune writes this file back in this same layout from the
 * values it fits, so that a tuned set is a diff of numbers.
 */
#include "engine/eval_weights.h"

const score_pair_t material_weight[PIECE_TYPE_NB] = {
	S(0, 0), S(76, 92), S(366, 352), S(368, 357), S(476, 572), S(1074, 1037), S(0, 0),
};

const score_pair_t psq_weight[PIECE_TYPE_NB][SQ_NB] = {
	{ 0 },
	{ /* pawn */
		S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
		S(23, 49), S(19, 51), S(26, 63), S(25, 47), S(20, 55), S(15, 45), S(14, 32), S(21, 31),
		S(24, 38), S(22, 39), S(13, 38), S(16, 37), S(22, 22), S(21, 25), S(0, 31), S(14, 31),
		S(14, 32), S(10, 26), S(-3, 15), S(15, 1), S(7, 4), S(1, 13), S(16, 15), S(2, 19),
		S(3, 28), S(-1, 20), S(1, 10), S(6, 0), S(5, 14), S(12, 14), S(-5, 14), S(0, 15),
		S(0, 24), S(3, 20), S(4, 18), S(1, 19), S(4, 14), S(7, 29), S(14, 14), S(4, 15),
		S(0, 22), S(14, 21), S(3, 25), S(6, 19), S(3, 28), S(30, 30), S(24, 15), S(3, 13),
		S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
	},
	{ /* knight */
		S(-52, -41), S(-28, -27), S(-21, -21), S(-14, -14), S(-13, -10), S(-23, -22), S(-28, -30), S(-36, -35),
		S(-33, -28), S(-22, -13), S(-5, -8), S(0, 2), S(-3, -6), S(-11, -14), S(-25, -16), S(-26, -32),
		S(-17, -19), S(-6, -10), S(-2, -2), S(14, 16), S(16, 11), S(2, 0), S(-3, -4), S(-17, -19),
		S(4, -8), S(11, -3), S(8, 8), S(22, 9), S(14, 14), S(17, 9), S(7, -6), S(-4, -11),
		S(1, -7), S(-8, -9), S(4, 16), S(5, 17), S(16, 11), S(9, 9), S(4, -7), S(-20, -11),
		S(-26, -24), S(-20, -13), S(-18, -9), S(4, 15), S(-4, 9), S(-9, -9), S(4, -9), S(-28, -11),
		S(-27, -32), S(-15, -17), S(-16, -23), S(-13, -14), S(-17, -4), S(-11, -3), S(-20, -24), S(-30, -26),
		S(-38, -37), S(-35, -38), S(-24, -20), S(-27, -9), S(-19, -12), S(-19, -20), S(-37, -24), S(-31, -31),
	},
	{ /* bishop */
		S(-25, -14), S(-14, -9), S(-12, -6), S(-9, -3), S(-6, 1), S(-14, -8), S(-14, -8), S(-20, -17),
		S(-13, -11), S(-18, 0), S(-13, -8), S(-4, 0), S(-9, -5), S(-8, 3), S(-14, -9), S(-23, -11),
		S(-18, -10), S(-3, -10), S(4, 7), S(3, 4), S(2, 1), S(-6, 9), S(-10, 2), S(-14, -8),
		S(-12, -7), S(-8, 0), S(7, 7), S(6, 9), S(2, 7), S(5, 3), S(-6, -8), S(-3, 1),
		S(-9, -4), S(-4, -6), S(3, -1), S(24, 3), S(18, 11), S(-1, 1), S(-6, 3), S(-2, -14),
		S(0, -14), S(8, -3), S(5, -7), S(2, -7), S(-3, -2), S(12, 6), S(-12, -11), S(-2, -14),
		S(-24, -9), S(2, -15), S(2, -7), S(-7, -1), S(1, -3), S(-4, -1), S(2, 2), S(-24, -19),
		S(-2, -18), S(-16, -18), S(-13, -17), S(-7, -7), S(1, -15), S(-20, -6), S(-14, -16), S(-19, -11),
	},
	{ /* rook */
		S(1, 8), S(-3, 11), S(6, 14), S(5, 9), S(6, 10), S(0, 4), S(-1, 9), S(-6, 6),
		S(12, 18), S(9, 18), S(18, 16), S(12, 12), S(16, 14), S(18, 14), S(9, 11), S(15, 22),
		S(10, 9), S(7, 5), S(4, 10), S(13, 9), S(4, 11), S(6, 5), S(10, 4), S(5, 6),
		S(5, 7), S(-3, 13), S(11, 9), S(10, 9), S(11, 9), S(3, 5), S(6, 12), S(7, 5),
		S(-16, 3), S(-2, 5), S(-1, 2), S(-5, -4), S(-2, 2), S(3, 3), S(7, 1), S(7, 10),
		S(-20, -7), S(-3, -2), S(-7, -8), S(-4, -7), S(-12, -9), S(3, -5), S(-2, -8), S(-8, -9),
		S(-5, -19), S(-12, -10), S(-4, -5), S(-4, -8), S(-4, -17), S(6, -13), S(-2, -14), S(-25, -13),
		S(0, -16), S(-2, -7), S(2, -10), S(8, -11), S(9, -14), S(13, -8), S(-5, -10), S(2, -11),
	},
	{ /* queen */
		S(-2, -5), S(-8, -4), S(-4, 1), S(0, 4), S(1, 4), S(-2, 0), S(-7, -4), S(-4, -7),
		S(-9, -5), S(-11, -4), S(1, 5), S(3, 7), S(5, 4), S(6, 6), S(4, 2), S(7, 3),
		S(3, -1), S(0, 1), S(1, 4), S(-3, 7), S(3, 5), S(15, 14), S(3, 8), S(8, 4),
		S(2, 2), S(-6, 1), S(-1, 7), S(4, 18), S(-5, 8), S(12, 11), S(4, 9), S(10, 6),
		S(-9, -7), S(-11, 1), S(3, 3), S(-6, 17), S(-7, 8), S(3, 8), S(8, 3), S(0, 5),
		S(-8, -5), S(-1, -2), S(-3, 4), S(-6, 1), S(-8, 6), S(2, 0), S(1, -3), S(-2, -6),
		S(-5, -14), S(3, -9), S(3, -12), S(3, -11), S(-1, -7), S(-9, -8), S(6, -7), S(4, -4),
		S(-16, -13), S(-11, -15), S(-8, -13), S(-1, -23), S(-14, -16), S(-9, -10), S(0, -6), S(-8, -11),
	},
	{ /* king */
		S(-65, -35), S(-65, -22), S(-65, -16), S(-65, -4), S(-65, -11), S(-65, -9), S(-65, -23), S(-65, -39),
		S(-60, -24), S(-60, -4), S(-60, 1), S(-60, 5), S(-60, 12), S(-59, 5), S(-60, 0), S(-60, -25),
		S(-55, -10), S(-55, 1), S(-52, 5), S(-55, 10), S(-55, 15), S(-53, 18), S(-55, 14), S(-55, -5),
		S(-50, -7), S(-50, 3), S(-50, 9), S(-52, 9), S(-48, 13), S(-50, 14), S(-50, 13), S(-50, -5),
		S(-46, -4), S(-43, -3), S(-45, 1), S(-43, 2), S(-46, 3), S(-45, 6), S(-45, -3), S(-45, -7),
		S(-40, -16), S(-35, -8), S(-36, 1), S(-41, -8), S(-33, -2), S(-33, 0), S(-25, -5), S(-40, -19),
		S(-15, -24), S(-11, -16), S(-2, -15), S(-7, -11), S(-9, -17), S(0, -13), S(16, -16), S(-4, -23),
		S(12, -33), S(23, -33), S(16, -17), S(-25, -22), S(-1, -27), S(-21, -27), S(22, -25), S(1, -38),
	},
};

const score_pair_t tempo_bonus = S(14, 8);

const score_pair_t mobility_knight[9] = {
	S(-23, -35), S(-16, -38), S(-9, -14), S(-2, 9), S(2, 19), S(12, 30), S(20, 29), S(28, 21),
	S(33, 8),
};
const score_pair_t mobility_bishop[14] = {
	S(-24, -32), S(-7, -18), S(8, -5), S(12, 1), S(20, 15), S(21, 25), S(24, 31), S(25, 35),
	S(25, 43), S(23, 43), S(36, 36), S(37, 43), S(47, 47), S(46, 32),
};
const score_pair_t mobility_rook[15] = {
	S(-48, -59), S(-19, -23), S(1, -7), S(2, 11), S(5, 23), S(8, 30), S(9, 38), S(11, 45),
	S(16, 52), S(19, 57), S(23, 61), S(24, 64), S(34, 67), S(33, 68), S(40, 65),
};
const score_pair_t mobility_queen[28] = {
	S(-29, -49), S(-14, -33), S(-14, -22), S(-6, -13), S(-2, -1), S(1, 0), S(7, 3), S(7, 3),
	S(12, 9), S(16, 19), S(20, 34), S(20, 48), S(19, 52), S(24, 61), S(27, 62), S(28, 66),
	S(33, 64), S(36, 63), S(35, 63), S(37, 62), S(35, 62), S(35, 52), S(34, 58), S(34, 56),
	S(36, 60), S(37, 58), S(38, 64), S(39, 64),
};

const score_pair_t pawn_doubled = S(-8, -17);
const score_pair_t pawn_isolated = S(-9, -11);
const score_pair_t pawn_backward = S(0, -19);
const score_pair_t pawn_weak_unopposed = S(0, 0);
const score_pair_t pawn_connected[8] = {
	S(0, 0), S(5, 1), S(11, 4), S(12, 11), S(14, 23), S(24, 53), S(43, 40), S(0, 0),
};
const score_pair_t passed_pawn[8] = {
	S(0, 0), S(1, 20), S(-1, 23), S(-2, 34), S(29, 52), S(53, 75), S(81, 111), S(0, 0),
};
const score_pair_t passed_free_step[8] = {
	S(0, 0), S(3, 1), S(-6, 8), S(6, 13), S(-2, 30), S(19, 51), S(19, 77), S(0, 0),
};
const score_pair_t passed_king_own[8] = {
	S(0, 0), S(-6, -3), S(4, -7), S(6, -12), S(3, -16), S(-2, -20), S(-8, -20), S(0, 0),
};
const score_pair_t passed_king_their[8] = {
	S(0, 0), S(1, 3), S(-4, 3), S(-7, 16), S(-7, 25), S(0, 38), S(31, 46), S(0, 0),
};
const score_pair_t passed_unstoppable = S(0, 246);

const score_pair_t bishop_pair = S(30, 61);
const score_pair_t rook_open_file = S(31, 11);
const score_pair_t rook_semi_open_file = S(18, 22);
const score_pair_t rook_on_seventh = S(0, 0);
const score_pair_t knight_outpost = S(19, 10);
const score_pair_t bishop_outpost = S(17, 3);
const score_pair_t bishop_pawns = S(0, 0);
const score_pair_t minor_behind_pawn = S(0, 0);
const score_pair_t king_pawn_file_distance[8] = {
	S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
};

const score_pair_t threat_by_pawn = S(52, 33);
const score_pair_t threat_minor_on_major = S(46, 20);
const score_pair_t threat_rook_on_queen = S(44, 20);
const score_pair_t threat_hanging = S(15, 8);
const score_pair_t threat_minor_on_minor = S(19, 21);
const score_pair_t threat_rook_on_minor = S(20, 18);
const score_pair_t threat_by_king = S(20, 18);
const score_pair_t threat_weak_pawn = S(14, 44);
const score_pair_t threat_pawn_push = S(16, 10);

const score_pair_t space_bonus = S(2, 2);

const int king_attacker_weight[PIECE_TYPE_NB] = { 0, 0, 29, 7, 44, 32, 0 };
const int king_safe_check[PIECE_TYPE_NB] = { 0, 0, 82, 49, 99, 92, 0 };
const int king_danger_per_hit = 18;
const int king_danger_no_queen = 236;
const int king_danger_weak_square = 29;
const int king_shelter_missing[8] = { 14, -9, -5, 2, 10, 20, 31, 32 };
const int king_storm[8] = { 0, -9, 13, -3, -1, -5, -4, 0 };

const int complexity_pawns = 0;
const int complexity_both_wings = 0;
const int complexity_pawn_ending = 0;
const int complexity_passed = 0;
const int complexity_base = 0;
