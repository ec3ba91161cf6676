/* The pieces of the data generator: the opening book, one search, one game, the output file. */
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

/* What one search said: its move, and its score from White's view (a mate as +-PACKED_SCORE_MAX). */
struct datagen_answer {
	move_t best;
	int score;
	bool mate;
};

/*
 * Searches the line's position to `nodes` with e.  False with a message in err
 * when the engine cannot take the position or finds no move.
 */
bool datagen_search(struct engine *e, const struct pos_line *line, uint64_t nodes, struct datagen_answer *a,
                    char *err, size_t errlen);

/*
 * Why a searched position is not worth a record, the same rule for self-play
 * and for re-scoring: the data teaches quiet positions, and neither a check nor
 * a capture to come nor a mate has a score that the evaluation should learn.
 */
enum datagen_noise { NOISE_NONE, NOISE_IN_CHECK, NOISE_MATE, NOISE_CAPTURE /* or a promotion */ };
enum datagen_noise datagen_noise(const struct position *pos, const struct datagen_answer *a);

/* The record's static evaluation: evaluate(), from White's view. */
int datagen_static_eval(const struct position *pos);

/*
 * Opens a file of records for appending.  A run stopped in the middle of a
 * write can leave a record cut short at the end: it is dropped (said on
 * progress, when not NULL), so that every record stays on a 32-byte boundary.
 */
FILE *datagen_open_output(const char *path, FILE *progress, char *err, size_t errlen);

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
