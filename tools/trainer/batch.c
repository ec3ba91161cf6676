/* The threaded mini-batch (see batch.h). */
#include "tools/trainer/batch.h"

#include <pthread.h>
#include <stdbool.h>

struct share {
	pthread_t tid;
	bool started;
	tr_share_fn *fn;
	void *arg;
	size_t first, count;
};

static void *run_share(void *arg)
{
	struct share *s = arg;
	s->fn(s->arg, s->first, s->count);
	return NULL;
}

void tr_run_shares(int threads, size_t first, size_t count, tr_share_fn *fn, void *args, size_t arg_size)
{
	struct share shares[TR_MAX_THREADS];
	int n = threads < 1 ? 1 : threads > TR_MAX_THREADS ? TR_MAX_THREADS : threads;
	size_t each = (count + (size_t)n - 1) / (size_t)n;
	for (int i = 0; i < n; i++) {
		size_t from = each * (size_t)i;
		shares[i] = (struct share){ .fn = fn, .arg = (char *)args + arg_size * (size_t)i, .first = first + from,
			                    .count = from >= count ? 0 : count - from < each ? count - from : each };
	}
	for (int i = 1; i < n; i++)
		shares[i].started = pthread_create(&shares[i].tid, NULL, run_share, &shares[i]) == 0;
	run_share(&shares[0]);
	for (int i = 1; i < n; i++) {
		if (shares[i].started)
			pthread_join(shares[i].tid, NULL);
		else
			run_share(&shares[i]);
	}
}

void tr_sum_gradients(float *grad, size_t n, int threads)
{
	for (int i = 1; i < threads; i++)
		for (size_t j = 0; j < n; j++)
			grad[j] += grad[n * (size_t)i + j];
}
