/*
 * A trainer's checkpoint: its weights and Adam's state, to go on after a
 * stop.  The file: an 8-byte magic naming the trainer, the model's shape
 * (int32s), the epochs done (int32), Adam's step count (uint64), then the
 * weights, first and second moments (floats as this machine keeps them).
 * Written to NAME.tmp and renamed, so that a stop mid-write leaves the old one.
 */
#ifndef OUTPOST_TRAINER_CHECKPOINT_H
#define OUTPOST_TRAINER_CHECKPOINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tools/trainer/adam.h"

#define TR_MAGIC_LEN 8
#define TR_SHAPE_MAX 8

struct tr_checkpoint {
	const char *magic;              /* TR_MAGIC_LEN characters */
	int nshape;                     /* at most TR_SHAPE_MAX */
	const int32_t *shape;           /* the model's sizes, which a resumed run must have too */
	const char *const *shape_names; /* each size's name, for the refusal */
};

/* False with the reason in err (file name included) if it cannot be written. */
bool tr_checkpoint_save(const char *path, const struct tr_checkpoint *c, const float *p, const struct tr_adam *a,
                        int epoch, char *err, size_t errlen);

/*
 * Reads p (a->count floats) and Adam's state back and the epochs done into
 * *epoch; false with what was wrong in err (a missing file, another magic, a
 * size that differs, a short or long file).
 */
bool tr_checkpoint_load(const char *path, const struct tr_checkpoint *c, float *p, struct tr_adam *a, int *epoch,
                        char *err, size_t errlen);

#endif
