/*
 * What people type, made exact before anything acts on it: text the locale
 * cannot read is refused whole, a FEN given as a board alone is completed,
 * and a file name's ~ is the home folder.  Pure text, no game state.
 */
#ifndef OUTPOST_TUI_TYPED_H
#define OUTPOST_TUI_TYPED_H

#include <stdbool.h>
#include <stddef.h>

/* Does the locale's character set (LC_CTYPE) say UTF-8? */
bool typed_locale_utf8(void);
/* The locale's name (LC_CTYPE), for a message: "C", "en_US.UTF-8". */
const char *typed_locale_name(void);
/*
 * Can every character of s be read: ASCII anywhere, and UTF-8 in a UTF-8
 * locale?  (The program reads moves and names in UTF-8 only, so other bytes
 * are refused whatever the locale calls them.)
 */
bool typed_readable(const char *s, bool utf8);
/* Replaces, in place, each byte that typed_readable would refuse (and each control) by '?', for showing s. */
void typed_printable(char *s, bool utf8);
/*
 * A FEN completed where it stops short: after the board alone, White to move,
 * the castling rights the king and rooks still allow on their standard
 * squares (e1 and h1 for K ...; a Chess960 position needs its field typed,
 * since KQkq would give its rooks rights wherever they stand), no en passant
 * square, and "0 1"; after the side, the same rights, "- 0 1"; after the
 * castling, "- 0 1".  Returns how many of side, castling and en passant were
 * missing (0: none, and out is a copy).
 */
int typed_complete_fen(const char *fen, char *out, size_t len);
/*
 * What typed_complete_fen assumed, read back from the FEN the game started
 * from (the reader drops castling rights the pieces cannot have): " (only the
 * board given: castling KQ, no en passant)"; "" when added is 0.
 */
void typed_fen_defaults(const char *fen, int added, char *out, size_t len);
/*
 * A file name as the shell would read a leading ~ (~ or ~/x: the home folder;
 * ~user/x: that user's).  False, with out a copy of name, when there is no
 * such home or it does not fit.
 */
bool typed_expand_home(const char *name, char *out, size_t len);

#endif
