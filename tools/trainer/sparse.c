/* The sparse first layer (see sparse.h). */
#include "tools/trainer/sparse.h"

#include <stddef.h>
#include <string.h>

#if defined(__GNUC__) && !defined(__clang__)
/* The inner loops run over the hidden units: let GCC vectorise them (its -O2 does so only cheaply). */
#pragma GCC optimize("O3")
#endif

void tr_sparse_forward(float *acc, const float *bias, const float *w, const int16_t *feat, int n, int hidden)
{
	memcpy(acc, bias, (size_t)hidden * sizeof *acc);
	for (int k = 0; k < n; k++) {
		const float *row = w + (size_t)feat[k] * (size_t)hidden;
		for (int j = 0; j < hidden; j++)
			acc[j] += row[j];
	}
}

void tr_sparse_backward(float *gw, const int16_t *feat, int n, int hidden, const float *delta)
{
	for (int k = 0; k < n; k++) {
		float *row = gw + (size_t)feat[k] * (size_t)hidden;
		for (int j = 0; j < hidden; j++)
			row[j] += delta[j];
	}
}
