/* Outpost: the basic vocabulary of the engine: squares, pieces, moves, scores. */
#ifndef OUTPOST_TYPES_H
#define OUTPOST_TYPES_H

#include <stdbool.h>
#include <stdint.h>

typedef uint64_t bitboard_t;

enum { WHITE, BLACK, COLOR_NB };

/* Squares run a1 = 0, b1 = 1, ... h8 = 63. */
enum {
	SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
	SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
	SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
	SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
	SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
	SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
	SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
	SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
	SQ_NB, SQ_NONE = 64
};

enum { PIECE_TYPE_NONE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB };

/* A piece is colour << 3 | type, so the colour is one shift away. */
enum {
	NO_PIECE,
	W_PAWN = 1, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
	B_PAWN = 9, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING,
	PIECE_NB = 16
};

/* Castling rights, one bit each. */
enum {
	WHITE_OO = 1, WHITE_OOO = 2, BLACK_OO = 4, BLACK_OOO = 8,
	CASTLING_ANY = 15
};

static inline int make_piece(int color, int type) { return color << 3 | type; }
static inline int piece_type(int piece) { return piece & 7; }
static inline int piece_color(int piece) { return piece >> 3; }
static inline int square_file(int sq) { return sq & 7; }
static inline int square_rank(int sq) { return sq >> 3; }
static inline int make_square(int file, int rank) { return rank << 3 | file; }
/* The king's moves from a to b (the larger of the file and rank gaps). */
static inline int square_distance(int a, int b)
{
	int df = square_file(a) - square_file(b), dr = square_rank(a) - square_rank(b);
	df = df < 0 ? -df : df;
	dr = dr < 0 ? -dr : dr;
	return df > dr ? df : dr;
}
/* The same square seen from Black's side of the board. */
static inline int relative_square(int color, int sq) { return sq ^ (color * 56); }
static inline int relative_rank(int color, int sq) { return square_rank(sq) ^ (color * 7); }
/* One step forward for the given colour. */
static inline int pawn_push(int color) { return color == WHITE ? 8 : -8; }

/*
 * A move in 16 bits: bits 0-5 the origin, 6-11 the destination, 12-13 the
 * promotion piece (knight .. queen, minus KNIGHT), 14-15 the kind.  Castling
 * is written as the king's own two-square move (e1g1), as UCI does.
 */
typedef uint16_t move_t;

enum { MOVE_NORMAL = 0, MOVE_PROMOTION = 1, MOVE_EN_PASSANT = 2, MOVE_CASTLING = 3 };

#define MOVE_NONE ((move_t)0)
#define MOVE_NULL ((move_t)(65)) /* a1 to b1: never a real move's encoding */

static inline move_t make_move(int from, int to) { return (move_t)(from | to << 6); }
static inline move_t make_move_kind(int from, int to, int kind)
{
	return (move_t)(from | to << 6 | kind << 14);
}
static inline move_t make_promotion(int from, int to, int type)
{
	return (move_t)(from | to << 6 | (type - KNIGHT) << 12 | MOVE_PROMOTION << 14);
}
static inline int move_from(move_t m) { return m & 63; }
static inline int move_to(move_t m) { return m >> 6 & 63; }
static inline int move_kind(move_t m) { return m >> 14; }
static inline int move_promotion(move_t m) { return (m >> 12 & 3) + KNIGHT; }

/* Scores, in centipawns, with mate scores near the ends of the range. */
typedef int32_t score_t;

#define MAX_PLY 128
#define SCORE_DRAW 0
#define SCORE_MATE 32000
#define SCORE_INFINITE 32001
#define SCORE_NONE 32002
#define SCORE_MATE_IN_MAX (SCORE_MATE - MAX_PLY)
#define SCORE_MATED_IN_MAX (-SCORE_MATE_IN_MAX)

static inline score_t mate_in(int ply) { return SCORE_MATE - ply; }
static inline score_t mated_in(int ply) { return -SCORE_MATE + ply; }

/*
 * A tablebase win is a band just below the mates, so that a mate still outranks it and each stays apart from the
 * other: SCORE_TB_WIN - ply for a win the tables promise ply plies from the root.  No evaluation reaches the band.
 */
#define SCORE_TB_WIN (SCORE_MATE_IN_MAX - 1)
#define SCORE_TB_WIN_IN_MAX (SCORE_TB_WIN - MAX_PLY)
#define SCORE_TB_LOSS_IN_MAX (-SCORE_TB_WIN_IN_MAX)
static inline score_t tb_win_in(int ply) { return SCORE_TB_WIN - ply; }
/* A mate or a tablebase win or loss: a score no margin should be added to. */
static inline bool is_decisive_score(score_t s) { return s > SCORE_TB_WIN_IN_MAX || s < SCORE_TB_LOSS_IN_MAX; }

/*
 * A middlegame and an endgame score packed in one integer, so that a table
 * lookup or a sum handles both at once.  The endgame half sits in the upper
 * 16 bits; the lower half is read back with sign extension.
 */
typedef int32_t score_pair_t;

/* A macro so that weight tables can use it in static initialisers; |eg| < 16384. */
#define S(mg, eg) ((score_pair_t)((eg) * 65536 + (mg)))
static inline int mg_value(score_pair_t s) { return (int16_t)(uint16_t)(uint32_t)s; }
static inline int eg_value(score_pair_t s) { return (int16_t)(uint16_t)(((uint32_t)s + 0x8000u) >> 16); }

#endif
