/*
 * Polyglot opening books (.bin), the format of GNU Chess's book and of most
 * engines' books.  A book is a file of 16-byte entries sorted by key, each
 * big-endian: the position's Polyglot key (64 bits), a move (16), a weight
 * (16) and learning data (32, unused here).  The key is Polyglot's own, not
 * the rules' Zobrist key: book_key computes it.
 *
 * The whole file is read into memory and checked once (a whole number of
 * entries, keys in order); a probe is a binary search that never reads past
 * the last entry.  Moves the book gives that are not legal here (a key
 * collision, a damaged entry) are skipped.
 */
#ifndef OUTPOST_BOOK_H
#define OUTPOST_BOOK_H

#include <stddef.h>
#include <stdint.h>

#include "rules/position.h"

#define BOOK_ENTRY_BYTES 16
#define BOOK_MAX_BYTES ((size_t)1 << 30) /* a larger file is refused rather than read */
#define BOOK_MOVES_MAX 64                /* the most moves one position offers (no book comes near it) */

struct book;

/* A move the book offers, with its weight and its share of the position's weights. */
struct book_move {
	move_t move;
	unsigned weight;  /* as the book gives it, 0 .. 65535 */
	int permille;     /* weight / the sum of the position's weights, in thousandths */
};

/* The Polyglot key of a position. */
uint64_t book_key(const struct position *pos);

/*
 * Reads a book file.  On failure returns NULL with a message naming the file
 * and what was wrong in err: not readable, empty, too large, truncated (not a
 * whole number of entries), or not sorted by key (so not a Polyglot book).
 */
struct book *book_open(const char *path, char *err, size_t errlen);
/* The same checks on bytes in memory (copied); name is used in messages. */
struct book *book_from_bytes(const unsigned char *data, size_t len, const char *name, char *err, size_t errlen);
void book_free(struct book *b);

/* How many entries the book holds, and the name it was opened under. */
size_t book_entries(const struct book *b);
const char *book_name(const struct book *b);

/*
 * The legal moves the book gives for pos, heaviest first, at most max of them
 * in out.  Returns how many; 0 when the position is not in the book.  Moves
 * of weight 0 are listed (a book's way of saying "known, but do not play").
 */
int book_probe(const struct book *b, const struct position *pos, struct book_move *out, int max);

/*
 * Chooses one of the n moves probed, by weight, with random a uniform random
 * number: at full strength (level 20) each move's chance is its share of the
 * weights, as Polyglot plays; below, the weights are flattened (raised to a
 * power falling from 1 at level 20 to 1/4 at level 0), so that a weaker level
 * varies more and also plays the book's rarer moves.  Moves of weight 0 are
 * never chosen.  Returns the index, or -1 when no move has weight.
 */
int book_pick(const struct book_move *moves, int n, double level, uint64_t random);

#endif
