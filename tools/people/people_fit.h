/*
 * tools/people/policy-fit: the policy network of how rated people play
 * (src/people/policy.h), from every position of the rated games.
 *
 * `extract` turns the PGN files once into a cache of fixed-size records (one
 * a position where the mover had a choice), kept outside the repository and
 * remade by one command; `train` fits the network on the records of the fit
 * part and reports its match on the report part, which it never fits.  The
 * split is level-fit's (tools/people/human_games.h), so the figures compare.
 *
 * The cache: a 16-byte head ("OUTPPEO1", then the record size and the number
 * of records, uint32 little-endian), then the records:
 *
 *   bytes  0-31  the position, packed (rules/packed.h); its result is the game's, its tag the game's hash mod 64
 *   bytes 32-33  the move played (move_t)
 *   bytes 34-35  the mover's rating; 36-37 the opponent's
 *   bytes 38-39  plies before the position
 *   bytes 40-43  the game's number in its file (1-based)
 *   byte  44     the file's index in the extract command (0, 1, ...)
 *   byte  45     bit 0: a report game; bit 1: the report position of its game (human_report_ply)
 *   bytes 46-47  the move that led here (move_t; 0 at the start)
 *   bytes 48-49  the time control's base in seconds (0 unknown); byte 50 its increment (255 and more: 255)
 *   byte  51     0
 */
#ifndef OUTPOST_PEOPLE_FIT_H
#define OUTPOST_PEOPLE_FIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "people/policy.h"
#include "rules/movegen.h"
#include "rules/packed.h"

#define PEOPLE_MAGIC "OUTPPEO1"
#define PEOPLE_HEAD 16
#define PEOPLE_RECORD 52

enum { PEOPLE_REPORT_GAME = 1, PEOPLE_REPORT_POSITION = 2 };

/* A record's fields besides the packed position. */
struct people_record {
	move_t played, last;
	int rating, opponent, ply, game, file, flags, base, increment;
};

void people_record_put(uint8_t rec[PEOPLE_RECORD], const struct people_record *r);
void people_record_get(const uint8_t rec[PEOPLE_RECORD], struct people_record *r);

/* Writes every position of the PGN files (file i gets index i) to out; 0 on success. */
int people_extract(const char *out, const char *const *pgns, int npgns, int max_games);

/*
 * Reads a cache whole: *recs (malloc'd) and *n records; false with the file
 * and the offset of what is wrong in err (a bad head, a size that is not the
 * head's count, a record whose position does not unpack or whose move is
 * not legal there).
 */
bool people_cache_load(const char *path, uint8_t **recs, size_t *n, char *err, size_t errlen);

/* A position ready for the net: its inputs, its legal moves as the net sees them, the move played. */
struct people_sample {
	int16_t feat[PP_MAX_ACTIVE];
	int nfeat, n, played, bucket, rating, file, flags;
	struct pp_move moves[MAX_MOVES];
};

/* The sample of a record (checked by people_cache_load). */
void people_sample_of(const uint8_t rec[PEOPLE_RECORD], struct people_sample *s);

/*
 * Forward and backward: adds the gradient of the cross-entropy of the move
 * played into grad (the net's layout) and returns the loss; *top: whether the
 * likeliest move is the one played.  scratch: 3 * hidden floats and
 * MAX_MOVES more.
 */
double people_backward(const struct pp_net *net, const struct people_sample *s, float *grad, float *scratch,
                       bool *top);
/* Forward alone: the loss, and *top as above. */
double people_forward(const struct pp_net *net, const struct people_sample *s, float *scratch, bool *top);

/* A net of `hidden` units with small random weights from seed; false if out of memory. */
bool people_net_new(struct pp_net *net, int hidden, uint64_t seed);
/* Writes a net's file at path; false (and why, on standard error) if it cannot. */
bool people_write_net(const struct pp_net *net, const char *path);

struct people_train_options {
	const char *const *caches;
	int ncaches;
	const char *out, *checkpoint, *name;
	const char *init; /* a weights file to start from (its hidden units), else small random weights */
	int hidden, epochs, batch, threads;
	int rating_lo, rating_hi; /* rating_hi above 0: fit only the positions of movers rated lo to hi */
	float lr, lr_decay;
	uint64_t seed, max_positions;
	bool resume;
};
int people_train(const struct people_train_options *o);
/* The report part's matches of the net in o->out, by file and band. */
int people_measure(const struct people_train_options *o);

#endif
