/* Polyglot's random numbers (book_random.c), for the book's keys. */
#ifndef OUTPOST_BOOK_RANDOM_H
#define OUTPOST_BOOK_RANDOM_H

#include <stdint.h>

#define BOOK_RANDOM_COUNT 781
#define BOOK_RANDOM_CASTLING 768
#define BOOK_RANDOM_EN_PASSANT 772
#define BOOK_RANDOM_TURN 780

extern const uint64_t book_random[BOOK_RANDOM_COUNT];

#endif
