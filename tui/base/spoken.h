/*
 * The board in sentences, for a player who listens to the game through a
 * screen reader: whole words (knight, not N; takes, not x), squares as a
 * letter and a digit, lists joined with "and", no symbols.  Pure text: each
 * function writes one answer into out (len bytes), cut short if it must be.
 */
#ifndef OUTPOST_TUI_SPOKEN_H
#define OUTPOST_TUI_SPOKEN_H

#include <stddef.h>
#include <stdint.h>

#include "rules/position.h"

/* The piece kind a word names: "knight", "knights", "N" or "n" (either case); PIECE_TYPE_NONE for none. */
int spoken_piece_type(const char *word);
/* The colour a word names ("white", "w", "black", "b" in any case, "whites" too); -1 for none. */
int spoken_color(const char *word);
/*
 * Where the pieces of one kind stand, for the colours in the mask (1 << WHITE
 * and 1 << BLACK): "White knights: b1 and g1. Black knight: b8."  Type
 * PIECE_TYPE_NONE lists every piece of those colours, kind by kind.
 */
void spoken_pieces(const struct position *pos, int type, unsigned colors, char *out, size_t len);
/* What stands on a file (0 = a) from rank 1 up: "File e: white pawn on e2, black king on e8. The rest is empty." */
void spoken_file(const struct position *pos, int file, char *out, size_t len);
/* What stands on a rank (0 = the first) from file a on, worded as spoken_file. */
void spoken_rank(const struct position *pos, int rank, char *out, size_t len);
/* What stands on one square: "e4: white pawn." or "e4 is empty." */
void spoken_square(const struct position *pos, int sq, char *out, size_t len);
/*
 * A move in words, made in the position before it: "Black played knight from
 * g8 to f6, check." with what it takes, castling, en passant, the promotion
 * piece, check and checkmate.
 */
void spoken_move(const struct position *before, move_t m, char *out, size_t len);
/* Where the piece on sq may go now: "Knight on g1 can go to f3 and h3." (or why it cannot). */
void spoken_piece_moves(const struct position *pos, int sq, char *out, size_t len);
/*
 * A sentence with moves in SAN (the coach's, study/explain.h) made fit to be
 * read out: each move in words ("Qxf7#" "queen takes f7, mate", "O-O"
 * "castles kingside", "e8=Q" "e8 promotes to queen"), the marks after a move
 * in words ("??" ", a blunder"), and the move numbers left out.
 */
void spoken_san_text(const char *text, char *out, size_t len);
/* A time on a clock: "4 minutes 32 seconds", "1 hour 2 minutes", "12.5 seconds" under twenty seconds. */
void spoken_time(int64_t ms, char *out, size_t len);

#endif
