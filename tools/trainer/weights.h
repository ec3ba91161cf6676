/*
 * A trained model's weights alone, the file that is committed and that the
 * next round of training starts from (the optimiser's state is dropped: it
 * is three times the size and a new round's data is another problem).  The
 * file, little-endian: an 8-byte magic naming the model, the shape's count
 * (int32) and sizes (int32s), the weights' count (uint64), the weights
 * (IEEE floats), then an FNV-1a checksum (uint32) of the weights' bytes.
 */
#ifndef OUTPOST_TRAINER_WEIGHTS_H
#define OUTPOST_TRAINER_WEIGHTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tools/trainer/checkpoint.h"

/* Writes p (count floats) as the model described by c; false with the reason in err. */
bool tr_weights_save(const char *path, const struct tr_checkpoint *c, const float *p, size_t count, char *err,
                     size_t errlen);

/*
 * Reads count floats into p from a file written for the same magic and
 * shape; false with what was wrong and where (the byte offset) in err: a
 * missing file, another model, a shape or count that differs, a bad checksum,
 * a weight that is not finite, a short or long file.  p is then unchanged.
 */
bool tr_weights_load(const char *path, const struct tr_checkpoint *c, float *p, size_t count, char *err,
                     size_t errlen);

#endif
