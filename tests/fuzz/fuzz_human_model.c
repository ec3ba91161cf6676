/*
 * libFuzzer harness for the human move model's reader.  Any bytes: refused
 * with a message that names the place, or taken only as a whole model whose
 * weights are finite and whose choice among moves stays in range.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "people/human_model.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *copy = fuzz_input(data, size, 1 << 16);
	if (!copy)
		return 0;
	struct human_model m;
	char err[512] = "";
	if (!human_model_parse(&m, (const char *)copy, size, "fuzz", err, sizeof err)) {
		if (strncmp(err, "fuzz", 4))
			abort(); /* every refusal says where */
	} else {
		float f[3][HUMAN_FEATURES];
		for (int i = 0; i < 3; i++)
			for (int k = 0; k < HUMAN_FEATURES; k++)
				f[i][k] = (float)((i + k) % 3) * 0.5f;
		double logit[3];
		for (int rating = 800; rating <= 2800; rating += 500) {
			human_model_scores(&m, rating, (const float(*)[HUMAN_FEATURES])f, 3, logit);
			for (int i = 0; i < 3; i++)
				if (!isfinite(logit[i]))
					abort();
			int k = human_model_choose(logit, 3, m.temperature, 0.999);
			if (k < 0 || k >= 3 || m.temperature < 0)
				abort();
			/* The level's rule, errors and smaller mistakes included, plays one of the moves too. */
			struct human_rates r = human_model_rates(&m, rating);
			for (double u = 0.05; u < 1; u += 0.3) {
				int p = human_model_play(&m, logit, (const float(*)[HUMAN_FEATURES])f, 3, r, u, 1 - u);
				if (p < 0 || p >= 3 || !(r.error >= 0) || !(r.inaccuracy >= 0))
					abort();
			}
		}
	}
	free(copy);
	return 0;
}
