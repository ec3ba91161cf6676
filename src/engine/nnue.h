/*
 * The evaluation network (NNUE): 768 inputs (piece, colour and square, seen
 * from each side) into one hidden layer per side, the two joined with the side
 * to move's first, then SCReLU and one output (or one of a few, chosen by the
 * number of pieces on the board: the output buckets).  Integers throughout: hidden
 * weights and biases are the float model's times QA (255), output weights
 * times QB (the file's; 1024 from our trainer); the output is turned into
 * centipawns by the file's scale.  The output sum is exact: each term
 * clamp(x, 0, QA)^2 * w fits 32 bits for any int16 w (65025 * 32767 < 2^31)
 * and their sum is kept in 64, moved there from 32-bit lanes as often as the
 * file's largest output weight asks (for trained weights, once).  QB 1024 rather than the usual 64 (where the
 * term is formed in 16 bits) keeps the quantised network within about a
 * centipawn of the float model; the hidden weights' QA 255 costs more.
 *
 * The hidden layer's sums (the accumulators) are kept per ply in a stack that
 * the search owns beside its states: a move changes at most four inputs (a
 * castling moves two pieces, a capture with promotion removes two and adds
 * one), so a ply's accumulators are its parent's plus or minus a few weight
 * rows.  They are brought up to date lazily, when a ply is evaluated: from the
 * nearest ply above whose accumulators are current, by the moves in between
 * (each state records the piece it moved), or from the board when none is.
 *
 * The file (data/outpost.nnue; little-endian; nnue.c checks every field):
 *
 *   bytes  0-7    magic "OUTPNNUE"
 *   bytes  8-11   version (1)
 *   bytes 12-15   inputs (768)
 *   bytes 16-19   hidden units per side (16 .. 512, a multiple of 16)
 *   bytes 20-23   QA (255)   bytes 24-27 QB (1 .. 8192)   bytes 28-31 scale (1 .. 4000)
 *   bytes 32-63   the network's name, ASCII, NUL-padded
 *   bytes 64-67   FNV-1a checksum of everything after the header
 *   then          int16 hidden weights [768][hidden], int16 hidden biases [hidden],
 *                 int16 output weights [2 * hidden] (side to move's half first), int32 output bias
 *
 * Version 2, outputs by material: the same header, then (under the checksum)
 * the number of output buckets B (uint32, 1 .. 8), the hidden weights and
 * biases as above, int16 output weights [B][2 * hidden] and int32 output
 * biases [B].  A position with n pieces (kings included) is evaluated by
 * bucket nnue_bucket(n, B): the 31 counts from 2 to 32 in B equal runs.
 */
#ifndef OUTPOST_NNUE_H
#define OUTPOST_NNUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/position.h"

#define NNUE_INPUTS 768
#define NNUE_HIDDEN_MAX 512
#define NNUE_HIDDEN_STEP 16 /* hidden sizes are multiples of this: whole vectors */
#define NNUE_QA 255
#define NNUE_QB 1024 /* what our trainer writes; a file may say another */
#define NNUE_QB_MAX 8192
#define NNUE_SCALE_MAX 4000
#define NNUE_NAME_LEN 32
#define NNUE_HEADER_SIZE 68
#define NNUE_VERSION 1         /* one output */
#define NNUE_VERSION_BUCKETS 2 /* outputs by material */
#define NNUE_BUCKETS_MAX 8
#define NNUE_MAGIC "OUTPNNUE"
/* The most weight rows a move changes, counting both kinds: two removed and two added. */
#define NNUE_MAX_CHANGES 4

struct nnue_net {
	_Alignas(64) int16_t hidden_w[NNUE_INPUTS * NNUE_HIDDEN_MAX]; /* row f: feature f's `hidden` weights */
	_Alignas(64) int16_t hidden_b[NNUE_HIDDEN_MAX];
	/* Bucket b's at b * 2 hidden: [0, hidden) the side to move's, [hidden, 2 hidden) the other's. */
	_Alignas(64) int16_t out_w[NNUE_BUCKETS_MAX * 2 * NNUE_HIDDEN_MAX];
	int32_t out_b[NNUE_BUCKETS_MAX];
	int buckets; /* 1 for a version 1 file */
	int hidden;
	int out_run; /* output vectors a 32-bit lane may sum before it could overflow (nnue_bound_output) */
	int qb;
	int scale;
	char name[NNUE_NAME_LEN + 1];
};

/* The two sides' hidden sums for one ply, and the position (by key) they belong to. */
struct nnue_acc {
	_Alignas(64) int16_t v[COLOR_NB][NNUE_HIDDEN_MAX];
	uint64_t key;
	bool valid;
};

/* One per search thread: a ply's accumulators at acc[ply], beside the thread's states[ply]. */
#define NNUE_STACK_SIZE (MAX_PLY + 2)
struct nnue_stack {
	struct nnue_acc acc[NNUE_STACK_SIZE];
};

/* The input of a piece on sq, seen from side `view`: own pieces first, the board flipped for Black. */
static inline int nnue_feature(int view, int piece, int sq)
{
	return ((piece_color(piece) != view) * 6 + piece_type(piece) - 1) * 64 + (view == WHITE ? sq : sq ^ 56);
}

/* The output bucket of a position of `pieces` pieces (2 .. 32) in a network of `buckets`. */
static inline int nnue_bucket(int pieces, int buckets) { return (pieces - 2) * buckets / 31; }

/*
 * Reads a network from the bytes of a file.  Refuses (false, with what was
 * wrong in err; net then undefined) a wrong size, magic, version or layout, a
 * bad checksum, and weights that could overflow the int16 accumulators or the
 * int32 output sum on some position.
 */
bool nnue_read(struct nnue_net *net, const uint8_t *data, size_t size, char *err, size_t errlen);
/* The same from a file; err names the file. */
bool nnue_read_file(struct nnue_net *net, const char *path, char *err, size_t errlen);
/* The network compiled into the program (data/outpost.nnue at build time). */
const struct nnue_net *nnue_builtin(void);

/* Forgets every ply's accumulators (a new search, or another network). */
void nnue_stack_clear(struct nnue_stack *stack);

/* The score of pos from the side to move's view, in centipawns, with acc[ply] brought up to date. */
score_t nnue_evaluate(const struct nnue_net *net, struct nnue_stack *stack, const struct position *pos, int ply);
/* The same from scratch, without a stack. */
score_t nnue_evaluate_fresh(const struct nnue_net *net, const struct position *pos);

/* For the tests: the accumulators of pos computed from its board, and the output by either path. */
void nnue_refresh(const struct nnue_net *net, const struct position *pos, struct nnue_acc *acc);
score_t nnue_output_portable(const struct nnue_net *net, const struct nnue_acc *acc, int side, int bucket);
score_t nnue_output_vector(const struct nnue_net *net, const struct nnue_acc *acc, int side, int bucket);
/* Works out net->out_run from the output weights: nnue_read does; call it again after changing them by hand. */
void nnue_bound_output(struct nnue_net *net);
/* Whether this build's hot path is the vectorised one. */
bool nnue_vectorised(void);

#endif
