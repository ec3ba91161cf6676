/*
 * Positions packed in 32 bytes, with the labels a trainer needs: the format of
 * the self-play data (outpost datagen writes it, tools/tuning/tune and any later
 * trainer read it).  Like FEN, it is a way of writing down a position, so it
 * lives with the Rules.  Every multi-byte field is little-endian:
 *
 *   bytes  0-7   occupancy: bit i set when square i (a1 = 0 ... h8 = 63) holds a piece
 *   bytes  8-23  one 4-bit piece code per occupied square, in square order a1 .. h8: the first
 *                piece in the low nibble of byte 8, the second in its high nibble, and so on;
 *                code = colour << 3 | type (rules/types.h: 1-6 White P N B R Q K, 9-14 Black);
 *                the nibbles after the last piece are 0
 *   byte  24     side to move << 7 | castling rights (bits 0-3: WHITE_OO 1, WHITE_OOO 2,
 *                BLACK_OO 4, BLACK_OOO 8); bits 4-6 are 0
 *   byte  25     en passant square (only where a legal capture exists), or 64 for none
 *   byte  26     halfmove clock (plies since a capture or pawn move, 255 and more written as 255)
 *   bytes 27-28  search score, int16, White's view, centipawns; mate scores clamped to +-32000
 *   bytes 29-30  static evaluation, int16, White's view, centipawns
 *   byte  31     result | game tag << 2: result 0 = Black won, 1 = draw, 2 = White won (3 is
 *                corrupt); the tag (0-63) is the same on every position of one game, so that a
 *                trainer can hold out whole games
 *
 * The fields asked for first (side, en passant, castling, clock, result and a
 * spare byte, one byte each) came to 34 bytes; side and castling share a byte,
 * and the result shares its byte with the game tag in place of the spare.
 * There is no fullmove number: an unpacked position says 1.
 */
#ifndef OUTPOST_PACKED_H
#define OUTPOST_PACKED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/position.h"

#define PACKED_SIZE 32
#define PACKED_SCORE_MAX 32000
#define PACKED_TAGS 64

enum { PACKED_BLACK_WINS, PACKED_DRAW, PACKED_WHITE_WINS };

/* What a record says besides the position. */
struct packed_labels {
	int score;  /* search score, White's view; packing clamps it to +-PACKED_SCORE_MAX */
	int eval;   /* static evaluation, White's view; clamped alike */
	int result; /* PACKED_BLACK_WINS, PACKED_DRAW or PACKED_WHITE_WINS */
	int tag;    /* 0 .. PACKED_TAGS - 1, the game's */
};

/* Writes pos and its labels into rec.  The labels must be in range (result 0-2, tag 0-63). */
void packed_pack(const struct position *pos, const struct packed_labels *labels, uint8_t rec[PACKED_SIZE]);

/* Sets the result of a packed record (a game's records are written before its end is known). */
void packed_set_result(uint8_t rec[PACKED_SIZE], int result);

/* Sets the search score and static evaluation (White's view, clamped), leaving every other byte as it was. */
void packed_set_scores(uint8_t rec[PACKED_SIZE], int score, int eval);

/*
 * Reads a record back into pos, with st as its first state, and labels (pos
 * and st, or labels, may be NULL).  A record that no packing can have written
 * (a bad count or piece code, a missing king, a pawn on the last rank, a
 * castling right or en passant square the board contradicts, the side not to
 * move in check, a result of 3, ...) returns false with what was wrong in err;
 * pos and st are then untouched.  Reads exactly PACKED_SIZE bytes.
 */
bool packed_unpack(const uint8_t rec[PACKED_SIZE], struct position *pos, struct state *st,
                   struct packed_labels *labels, char *err, size_t errlen);

#endif
