/* Moves as text: SAN (written exactly, read leniently but never ambiguously) and UCI long algebraic. */
#ifndef OUTPOST_NOTATION_H
#define OUTPOST_NOTATION_H

#include <stddef.h>

#include "rules/position.h"
#include "rules/uci_move.h"

#define SAN_MAX 16      /* room for the longest SAN we write ("Qh4xe1+" and the like) and its NUL */

/*
 * Writes the legal move m in standard SAN: piece letter, the least
 * disambiguation (file, else rank, else both), x, =Q, O-O, and + or #.
 * buf holds at least SAN_MAX bytes.  The position is not changed.
 */
void move_to_san(const struct position *pos, move_t m, char *buf);

enum san_status {
	SAN_OK,        /* *move holds the one legal move meant */
	SAN_INVALID,   /* the text is not a move at all */
	SAN_ILLEGAL,   /* a move, but no legal move here matches it */
	SAN_AMBIGUOUS  /* two or more legal moves match it */
};

/*
 * Reads a move as people type it: SAN with or without x, =, +, #, !, ?,
 * "e.p.", castling with O or 0, over-disambiguated moves, UCI coordinates,
 * chess figurines for the piece letters (U+2654 to U+265F, either colour),
 * n, q, r and k in lower case (no file has those names), and a move typed in
 * capitals (E4, E2E4, EXD5; a first K, Q, R, B or N stays a piece).  A
 * lowercase b at the start is a pawn on the b-file, unless no pawn move fits
 * and a bishop move does; an uppercase B is a bishop, unless the whole move is
 * in capitals and only the b-file fits (B4).  A move number before it ("12...")
 * is left out.  On anything but SAN_OK, *move is
 * MOVE_NONE and msg (when not NULL) says why in a player's words ("Nd2 is
 * ambiguous: Nbd2 or Nfd2"), quoting whole characters of the input only.  The
 * position is never changed.
 */
enum san_status san_parse(const struct position *pos, const char *text, move_t *move, char *msg,
                          size_t msglen);

/*
 * The text as san_parse first reads it: figurines turned into piece letters
 * and a first n, q, r or k into a capital; nothing else changes.  Returns its
 * length (cut to fit out, which always ends with a NUL).
 */
size_t san_typed_form(const char *text, char *out, size_t len);

/*
 * Writes a line of moves from pos (a PV, the game's moves) as SAN with move
 * numbers: "12. Nf3 Nc6 13. Bb5" or, from Black, "12... Nc6 13. Bb5".  Stops
 * at the first move that is not legal.  Returns how many moves were written.
 */
int san_format_line(const struct position *pos, const move_t *moves, int n, char *buf, size_t len);

#endif
