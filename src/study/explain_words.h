/* The coach's words: pieces and squares, moves of a walk in SAN, material won and lost. */
#ifndef OUTPOST_EXPLAIN_WORDS_H
#define OUTPOST_EXPLAIN_WORDS_H

#include <stddef.h>

#include "study/explain_walk.h"

/* "knight", "queen", ... */
const char *explain_piece_word(int type);
/* "the knight on c3" (the king: "the king"), the piece that stands on sq in pos. */
void explain_piece_at(const struct position *pos, int sq, char *buf, size_t len);
/* The walk's moves first .. last (inclusive) in SAN with move numbers: "17... Qh1+ 18. Kd2 Qd1#". */
void explain_walk_san(const struct explain_walk *w, int first, int last, char *buf, size_t len);
/*
 * A double check in words, after (the position it gives) and by (the square of the piece that moved): "a double
 * check (the knight's and a discovered check from the rook on e8)"; true where it names the piece uncovered.
 */
bool explain_double_check_words(const struct position *after, int by, char *buf, size_t len);
/* "one" .. "five", else the digits. */
void explain_count_word(int n, char *buf, size_t len);
/* "once", "twice", "three times" (five and more: "five times"). */
const char *explain_times_word(int n);
/*
 * What side `who` comes out of the walk with, pieces that cancel left out: "the queen for a pawn", "a rook",
 * "a knight and a pawn"; lost when lost is set (what who gives up), else won.  Empty when nothing is.
 */
void explain_material_words(const struct explain_walk *w, int who, bool lost, char *buf, size_t len);
/*
 * What side `who` wins in walk b beyond the piece that the move played (w's first move) takes, where b takes it too
 * by its move upto (the line shown): "a pawn besides the bishop on f6", or nothing where b wins no more; true then.
 * Else explain_material_words's won words of b, and false.
 */
bool explain_material_words_beyond(const struct explain_walk *b, int upto, const struct explain_walk *w, int who,
                                   char *buf, size_t len);

#endif
