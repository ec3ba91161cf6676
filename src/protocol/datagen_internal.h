/* The pieces of the data generator: the opening book and one game. */
#ifndef OUTPOST_DATAGEN_INTERNAL_H
#define OUTPOST_DATAGEN_INTERNAL_H

#include "engine/engine.h"
#include "protocol/datagen.h"
#include "rules/packed.h"

/* Start positions, each a FEN that the rules accept. */
struct opening_book {
	char (*fens)[FEN_MAX];
	int count;
};

/*
 * Reads an EPD or FEN file: per line, the four position fields and, when they
 * follow, the two counters; EPD operations after them, blank lines and lines
 * starting with '#' are skipped.  False with "file:line: why" in err.
 */
bool opening_book_load(struct opening_book *book, const char *path, char *err, size_t errlen);
void opening_book_free(struct opening_book *book);

/* One game's positions, ready to append. */
struct datagen_game {
	uint8_t (*records)[PACKED_SIZE];
	int count, capacity;
	int result; /* packed result */
	bool adjudicated;
};

/* The game's own random numbers: the same game index and seed give the same game. */
uint64_t datagen_random(uint64_t *state);

/*
 * Plays game number `index` of the run with engine e (Threads 1).  False when
 * the stop flag was raised during the game (nothing is kept) or the engine
 * refused a position (a message in err).
 */
bool datagen_play_game(struct engine *e, const struct opening_book *book, const struct datagen_options *opt,
                       uint64_t index, struct datagen_game *out, char *err, size_t errlen);

#endif
