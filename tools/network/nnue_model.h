/*
 * The trainer's float model of the evaluation network (src/engine/nnue.h has
 * the engine's integer one): its inputs from a packed record, the forward and
 * backward passes, and the export to a network file.
 */
#ifndef OUTPOST_NNUE_MODEL_H
#define OUTPOST_NNUE_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/packed.h"

/* Every weight is kept within this (quantised it fits int16 with room: nnue_read's checks pass). */
#define NT_WEIGHT_CLIP 1.98f

/*
 * The parameters, one array: hidden weights [768][hidden], hidden biases, output weights [buckets][2 hidden],
 * output biases [buckets] (one bucket: the layout of the first networks, whose float weights load as they are).
 */
struct nt_model {
	int hidden, buckets;
	size_t count; /* floats in p */
	float *p;
	float *w1, *b1, *w2, *b2; /* views into p */
};

/* One position's inputs: active features from the side to move's and the other side's view. */
struct nt_sample {
	int16_t feat[2][32];
	int n;
	float target; /* blended: (1 - wdl) * sigmoid(score / K) + wdl * result, the side to move's */
	float score_target, result_target; /* the two parts alone */
};

/* A model of `hidden` units and `buckets` outputs with small random weights from seed; false if out of memory. */
bool nt_model_new(struct nt_model *m, int hidden, int buckets, uint64_t seed);
/* Every bucket's output of m set to src's one output, the hidden layer to src's (same width): a start for buckets. */
void nt_model_spread_output(struct nt_model *m, const struct nt_model *src);
void nt_model_free(struct nt_model *m);
/* Points w1 .. b2 into p (after p is filled or replaced). */
void nt_model_views(struct nt_model *m);

/*
 * The inputs and target of a packed record (checked beforehand by
 * packed_unpack); k: the score's scale.  flip turns the board over from the
 * a-file to the h-file, which changes nothing in chess when neither side can
 * castle: it is done only then (nt_can_flip), to see twice the positions.
 */
void nt_sample_from(const uint8_t rec[PACKED_SIZE], float wdl, float k, bool flip, struct nt_sample *s);
static inline bool nt_can_flip(const uint8_t rec[PACKED_SIZE]) { return (rec[24] & 15) == 0; }

/* The model's output for s (centipawns / scale), with the hidden sums left in acc[2][hidden] for the backward pass. */
float nt_forward(const struct nt_model *m, const struct nt_sample *s, float *acc);
/* Adds the gradient of the loss for s into grad (same layout as p); returns the loss. sk: scale / K. */
float nt_backward(const struct nt_model *m, const struct nt_sample *s, float sk, float *acc, float *grad);

/*
 * The network file (see src/engine/nnue.h) of the model: weights times QA,
 * output weights times QB, rounded; version 1 for one output, 2 for buckets.
 * *size bytes in a malloc'd buffer.
 */
bool nt_export(const struct nt_model *m, const char *name, int scale, uint8_t **data, size_t *size);

#endif
