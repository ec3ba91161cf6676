/*
 * Adam over one array of float parameters: the moments it keeps for each,
 * and one step from a mini-batch's summed gradient.
 */
#ifndef OUTPOST_TRAINER_ADAM_H
#define OUTPOST_TRAINER_ADAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tr_adam {
	size_t count; /* parameters */
	float *m, *v; /* first and second moments */
	uint64_t t;   /* steps taken */
};

/* Zero moments for count parameters; false if out of memory. */
bool tr_adam_new(struct tr_adam *a, size_t count);
void tr_adam_free(struct tr_adam *a);

/*
 * One step on p[0 .. count) with grad summed over `batch` samples (it is
 * divided here); every parameter is then kept within [-clip, clip] (clip 0:
 * no bound).
 */
void tr_adam_step(struct tr_adam *a, float *p, const float *grad, float lr, size_t batch, float clip);

/*
 * The step size for Adam's step t (from 1): lr, ramped up linearly over the first `warmup` steps (0: none).  From
 * weights trained before, a fresh Adam's first steps are as large as lr whatever the gradient (its moments start at
 * zero), and kick the weights away from what they knew: the held-out loss rose after a round's first epoch.
 */
float tr_warmup(float lr, uint64_t t, uint64_t warmup);

#endif
