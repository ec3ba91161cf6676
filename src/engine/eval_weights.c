/*
 * The evaluation weights (see eval_weights.h).  tools/tuning/tune writes this file back in this same layout from
 * the values it fits, so that a tuned set is a diff of numbers.
 */
#include "engine/eval_weights.h"

const score_pair_t material_weight[PIECE_TYPE_NB] = {
	S(0, 0), S(79, 96), S(374, 367), S(381, 377), S(478, 592), S(1096, 1079), S(0, 0),
};

const score_pair_t psq_weight[PIECE_TYPE_NB][SQ_NB] = {
	{ 0 },
	{ /* pawn */
		S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
		S(23, 45), S(17, 48), S(26, 70), S(27, 43), S(20, 58), S(11, 44), S(14, 32), S(23, 22),
		S(28, 37), S(14, 38), S(8, 30), S(16, 35), S(20, 17), S(24, 30), S(10, 32), S(13, 32),
		S(17, 32), S(9, 26), S(-5, 7), S(9, -5), S(1, 3), S(-2, 5), S(19, 15), S(3, 20),
		S(5, 28), S(-2, 22), S(0, 10), S(3, 2), S(4, 13), S(6, 14), S(-8, 17), S(-4, 16),
		S(6, 23), S(0, 24), S(6, 15), S(3, 16), S(7, 18), S(4, 28), S(14, 18), S(3, 20),
		S(4, 26), S(14, 27), S(4, 28), S(10, 20), S(6, 34), S(32, 33), S(28, 22), S(2, 16),
		S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
	},
	{ /* knight */
		S(-58, -44), S(-28, -27), S(-21, -19), S(-14, -14), S(-13, -10), S(-25, -22), S(-28, -30), S(-38, -37),
		S(-32, -25), S(-24, -11), S(-3, -4), S(2, 6), S(-4, -9), S(-7, -12), S(-27, -16), S(-24, -30),
		S(-13, -17), S(-6, -9), S(1, 2), S(19, 17), S(14, 13), S(6, 9), S(-2, -5), S(-19, -21),
		S(10, -15), S(9, -6), S(10, 8), S(22, 12), S(8, 18), S(28, 8), S(2, -5), S(6, -6),
		S(-4, -8), S(-2, -5), S(4, 11), S(1, 13), S(15, 11), S(11, 7), S(6, -6), S(-17, -11),
		S(-32, -28), S(-21, -15), S(-20, -7), S(-4, 18), S(-3, 6), S(-10, -11), S(3, -7), S(-28, -11),
		S(-25, -32), S(-16, -13), S(-21, -23), S(-14, -13), S(-13, -7), S(-8, -6), S(-17, -20), S(-27, -24),
		S(-40, -39), S(-35, -42), S(-26, -18), S(-29, -6), S(-17, -17), S(-19, -20), S(-39, -26), S(-35, -31),
	},
	{ /* bishop */
		S(-25, -12), S(-16, -9), S(-12, -4), S(-11, -3), S(-6, 4), S(-16, -4), S(-14, -6), S(-20, -16),
		S(-15, -11), S(-22, 4), S(-17, -4), S(-4, -1), S(-13, -5), S(-10, 2), S(-14, -5), S(-29, -11),
		S(-20, -9), S(-3, -5), S(2, 7), S(3, 6), S(-1, 1), S(-4, 7), S(-7, 4), S(-18, -11),
		S(-10, -4), S(-10, -2), S(5, 11), S(8, 14), S(3, 10), S(8, 2), S(-7, -13), S(-5, -6),
		S(-16, -4), S(-4, -7), S(7, 2), S(21, 5), S(21, 5), S(3, 7), S(-7, 0), S(3, -14),
		S(1, -16), S(10, -4), S(9, -1), S(1, -5), S(-2, -1), S(13, 1), S(-5, -8), S(-2, -11),
		S(-24, -9), S(1, -17), S(7, -11), S(-8, -2), S(2, -5), S(6, 2), S(6, -5), S(-19, -21),
		S(2, -18), S(-14, -17), S(-14, -12), S(-9, -10), S(-7, -13), S(-22, -8), S(-14, -16), S(-17, -13),
	},
	{ /* rook */
		S(1, 10), S(-3, 13), S(8, 14), S(5, 10), S(5, 12), S(0, 11), S(1, 11), S(-4, 6),
		S(10, 15), S(3, 16), S(20, 15), S(13, 14), S(18, 14), S(22, 16), S(7, 10), S(16, 17),
		S(8, 12), S(11, 8), S(7, 13), S(17, 13), S(6, 14), S(10, 11), S(14, 12), S(5, 11),
		S(4, 10), S(-4, 19), S(12, 9), S(13, 11), S(8, 7), S(5, 10), S(5, 12), S(9, 7),
		S(-22, 1), S(-3, 7), S(3, 2), S(-9, -2), S(-2, 1), S(5, 3), S(10, 5), S(7, 7),
		S(-16, -7), S(-5, 0), S(-11, -8), S(-5, -5), S(-14, -11), S(3, -5), S(-2, -10), S(-11, -9),
		S(-7, -16), S(-11, -8), S(-8, -11), S(-5, -13), S(-2, -24), S(8, -17), S(-7, -17), S(-28, -15),
		S(0, -17), S(-2, -7), S(2, -10), S(9, -14), S(7, -15), S(10, -11), S(-7, -9), S(3, -19),
	},
	{ /* queen */
		S(-6, -5), S(-8, 0), S(-4, 3), S(2, 6), S(3, 8), S(1, 4), S(-7, -2), S(0, -3),
		S(-13, -3), S(-15, -2), S(3, 7), S(5, 11), S(5, 6), S(12, 12), S(8, 5), S(13, 9),
		S(-1, -1), S(2, 5), S(1, 6), S(1, 11), S(1, 7), S(17, 18), S(3, 10), S(13, 7),
		S(1, 2), S(-8, 1), S(0, 9), S(4, 20), S(-7, 14), S(14, 13), S(4, 12), S(6, 5),
		S(-11, -7), S(-13, 0), S(6, 3), S(-6, 20), S(-3, 10), S(3, 9), S(9, 5), S(-2, 9),
		S(-5, -5), S(-3, -4), S(-2, 4), S(-2, -3), S(-9, 6), S(5, 1), S(4, -3), S(3, -4),
		S(-11, -23), S(1, -10), S(4, -16), S(-1, -12), S(0, -6), S(-8, -12), S(13, -9), S(5, -4),
		S(-19, -15), S(-14, -18), S(-15, -15), S(-3, -32), S(-11, -20), S(-16, -16), S(2, -8), S(-8, -13),
	},
	{ /* king */
		S(-65, -39), S(-65, -18), S(-65, -14), S(-65, 2), S(-65, -9), S(-65, -3), S(-65, -19), S(-65, -51),
		S(-60, -23), S(-60, 2), S(-60, 9), S(-60, 11), S(-60, 16), S(-59, 13), S(-60, 9), S(-60, -25),
		S(-55, -9), S(-55, 9), S(-52, 12), S(-55, 14), S(-55, 18), S(-53, 25), S(-55, 21), S(-55, -3),
		S(-50, -7), S(-50, 6), S(-48, 16), S(-52, 14), S(-48, 15), S(-50, 16), S(-50, 14), S(-50, -8),
		S(-48, -7), S(-41, -5), S(-43, 4), S(-43, 2), S(-48, 2), S(-45, 6), S(-45, -6), S(-45, -7),
		S(-40, -18), S(-35, -10), S(-36, -3), S(-39, -7), S(-31, -4), S(-27, -4), S(-22, -10), S(-40, -17),
		S(-12, -26), S(-15, -20), S(2, -15), S(-10, -14), S(-8, -20), S(-1, -16), S(20, -22), S(4, -29),
		S(10, -37), S(22, -39), S(8, -27), S(-35, -25), S(-6, -33), S(-28, -33), S(20, -33), S(1, -48),
	},
};

const score_pair_t tempo_bonus = S(15, 8);

const score_pair_t mobility_knight[9] = {
	S(-22, -24), S(-15, -40), S(-7, -10), S(1, 9), S(5, 18), S(13, 28), S(20, 29), S(28, 24),
	S(30, 12),
};
const score_pair_t mobility_bishop[14] = {
	S(-17, -18), S(-5, -15), S(10, 3), S(14, 5), S(21, 17), S(23, 26), S(25, 30), S(25, 34),
	S(25, 44), S(26, 39), S(34, 35), S(34, 39), S(47, 47), S(46, 30),
};
const score_pair_t mobility_rook[15] = {
	S(-55, -59), S(-15, -23), S(3, -1), S(4, 17), S(8, 23), S(10, 34), S(11, 41), S(13, 45),
	S(16, 52), S(18, 57), S(23, 61), S(21, 64), S(28, 68), S(35, 65), S(40, 65),
};
const score_pair_t mobility_queen[28] = {
	S(-29, -49), S(-10, -31), S(-9, -20), S(-4, -13), S(1, -3), S(3, -1), S(9, 5), S(9, 5),
	S(14, 15), S(17, 25), S(19, 40), S(20, 48), S(20, 53), S(22, 62), S(24, 68), S(28, 71),
	S(28, 70), S(37, 68), S(39, 68), S(37, 66), S(39, 66), S(39, 50), S(34, 56), S(34, 50),
	S(36, 58), S(37, 54), S(38, 64), S(39, 62),
};

const score_pair_t pawn_doubled = S(-6, -27);
const score_pair_t pawn_isolated = S(-7, -4);
const score_pair_t pawn_backward = S(2, -11);
const score_pair_t pawn_weak_unopposed = S(-8, -8);
const score_pair_t pawn_connected[8] = {
	S(0, 0), S(4, 1), S(11, 5), S(13, 11), S(15, 25), S(26, 52), S(43, 45), S(0, 0),
};
const score_pair_t passed_pawn[8] = {
	S(0, 0), S(1, 24), S(-5, 28), S(-13, 37), S(25, 58), S(55, 74), S(82, 100), S(0, 0),
};
const score_pair_t passed_free_step[8] = {
	S(0, 0), S(3, -3), S(-2, 6), S(-1, 11), S(-9, 29), S(21, 48), S(21, 89), S(0, 0),
};
const score_pair_t passed_king_own[8] = {
	S(0, 0), S(-5, -3), S(7, -8), S(8, -12), S(3, -16), S(-5, -20), S(-11, -16), S(0, 0),
};
const score_pair_t passed_king_their[8] = {
	S(0, 0), S(0, 1), S(-7, 1), S(-7, 13), S(-7, 23), S(3, 38), S(36, 42), S(0, 0),
};
const score_pair_t passed_unstoppable = S(0, 242);

const score_pair_t bishop_pair = S(28, 61);
const score_pair_t rook_open_file = S(31, 8);
const score_pair_t rook_semi_open_file = S(19, 18);
const score_pair_t rook_on_seventh = S(5, 8);
const score_pair_t knight_outpost = S(15, 6);
const score_pair_t bishop_outpost = S(20, 6);
const score_pair_t bishop_pawns = S(-2, -5);
const score_pair_t minor_behind_pawn = S(4, 8);
const score_pair_t knight_closedness[9] = {
	S(-4, -3), S(-2, -1), S(-2, -2), S(-1, 4), S(1, 3), S(1, 3), S(3, 4), S(2, 0),
	S(3, 1),
};
const score_pair_t rook_closedness[9] = {
	S(0, 10), S(-2, 2), S(1, 2), S(1, -1), S(2, -1), S(-1, -4), S(1, 0), S(-1, -1),
	S(0, 0),
};
const score_pair_t king_pawn_file_distance[8] = {
	S(9, 30), S(-10, 25), S(2, 14), S(1, -17), S(0, -22), S(-1, -19), S(0, -8), S(0, -2),
};

const score_pair_t threat_by_pawn = S(53, 32);
const score_pair_t threat_minor_on_major = S(47, 17);
const score_pair_t threat_rook_on_queen = S(46, 20);
const score_pair_t threat_hanging = S(14, 8);
const score_pair_t threat_minor_on_minor = S(18, 23);
const score_pair_t threat_rook_on_minor = S(17, 19);
const score_pair_t threat_by_king = S(28, 16);
const score_pair_t threat_weak_pawn = S(15, 39);
const score_pair_t threat_pawn_push = S(14, 12);

const score_pair_t space_bonus = S(3, 2);

const int king_attacker_weight[PIECE_TYPE_NB] = { 0, 0, 34, 7, 39, 22, 0 };
const int king_safe_check[PIECE_TYPE_NB] = { 0, 0, 92, 51, 103, 103, 0 };
const int king_danger_per_hit = 22;
const int king_danger_no_queen = 236;
const int king_danger_weak_square = 29;
const int king_shelter_missing[8] = { 8, -15, -11, -3, 6, 15, 29, 32 };
const int king_storm[8] = { 0, -11, 14, 1, 1, -5, -2, 0 };

const int complexity_pawns = 4;
const int complexity_both_wings = 34;
const int complexity_pawn_ending = 55;
const int complexity_passed = 4;
const int complexity_base = -58;
