/* Adam's step (see adam.h). */
#include "tools/trainer/adam.h"

#include <math.h>
#include <stdlib.h>

bool tr_adam_new(struct tr_adam *a, size_t count)
{
	*a = (struct tr_adam){ .count = count };
	a->m = calloc(count, sizeof *a->m);
	a->v = calloc(count, sizeof *a->v);
	if (!a->m || !a->v) {
		tr_adam_free(a);
		return false;
	}
	return true;
}

void tr_adam_free(struct tr_adam *a)
{
	free(a->m);
	free(a->v);
	a->m = a->v = NULL;
}

void tr_adam_step(struct tr_adam *a, float *p, const float *grad, float lr, size_t batch, float clip)
{
	const float b1 = 0.9f, b2 = 0.999f, eps = 1e-8f;
	a->t++;
	float c1 = 1.0f - powf(b1, (float)a->t), c2 = 1.0f - powf(b2, (float)a->t);
	float step = lr * sqrtf(c2) / c1, inv = 1.0f / (float)batch;
	float hi = clip > 0 ? clip : INFINITY;
	for (size_t i = 0; i < a->count; i++) {
		float g = grad[i] * inv;
		a->m[i] = b1 * a->m[i] + (1 - b1) * g;
		a->v[i] = b2 * a->v[i] + (1 - b2) * g * g;
		float x = p[i] - step * a->m[i] / (sqrtf(a->v[i]) + eps);
		p[i] = x > hi ? hi : x < -hi ? -hi : x;
	}
}

float tr_warmup(float lr, uint64_t t, uint64_t warmup)
{
	return t >= warmup ? lr : lr * (float)t / (float)warmup;
}
