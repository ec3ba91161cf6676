/*
 * The network trainers' library: a batch's shares cover every sample once,
 * Adam moves against the gradient and keeps within its bound, the sparse
 * layer adds the rows of the inputs it is given, and a checkpoint comes back
 * as written or is refused with what was wrong.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "tools/trainer/adam.h"
#include "tools/trainer/batch.h"
#include "tools/trainer/checkpoint.h"
#include "tools/trainer/random.h"
#include "tools/trainer/sparse.h"

TestSuite(trainer, .timeout = 60);

struct counter {
	int *seen;
	size_t runs;
};

static void count_share(void *arg, size_t first, size_t count)
{
	struct counter *c = arg;
	for (size_t i = first; i < first + count; i++)
		c->seen[i]++; /* shares do not overlap, so no two threads touch one slot */
	c->runs += count;
}

Test(trainer, the_shares_of_a_batch_cover_every_sample_once)
{
	for (int threads = 1; threads <= 5; threads++) {
		int seen[103] = { 0 };
		struct counter cs[5];
		for (int i = 0; i < 5; i++)
			cs[i] = (struct counter){ .seen = seen };
		tr_run_shares(threads, 3, 100, count_share, cs, sizeof *cs);
		size_t total = 0;
		for (int i = 0; i < threads; i++)
			total += cs[i].runs;
		cr_assert_eq(total, 100);
		for (int i = 0; i < 103; i++)
			cr_assert_eq(seen[i], i >= 3, "threads %d, sample %d seen %d times", threads, i, seen[i]);
	}
	float g[6] = { 1, 2, 10, 20, 100, 200 };
	tr_sum_gradients(g, 2, 3);
	cr_assert(g[0] == 111 && g[1] == 222);
}

Test(trainer, adam_steps_against_the_gradient_within_its_bound)
{
	struct tr_adam a;
	cr_assert(tr_adam_new(&a, 3));
	float p[3] = { 0, 0, 0.95f }, grad[3] = { 4, -4, -4 };
	tr_adam_step(&a, p, grad, 0.1f, 2, 1.0f);
	cr_assert(p[0] < 0 && p[1] > 0, "%g %g", p[0], p[1]);
	cr_assert_float_eq(p[0], -0.1f, 1e-5, "the first step is lr long: %g", p[0]);
	cr_assert_eq(p[2], 1.0f, "kept within the clip: %g", p[2]);
	cr_assert_eq(a.t, 1);
	tr_adam_free(&a);
}

Test(trainer, the_warm_up_ramps_the_step_to_lr_and_holds_it_there)
{
	cr_assert_float_eq(tr_warmup(0.01f, 1, 100), 0.0001f, 1e-9, "the first of 100 steps is a hundredth");
	cr_assert_float_eq(tr_warmup(0.01f, 50, 100), 0.005f, 1e-9);
	cr_assert_float_eq(tr_warmup(0.01f, 100, 100), 0.01f, 1e-9, "lr at the end of the warm-up");
	cr_assert_float_eq(tr_warmup(0.01f, 5000, 100), 0.01f, 1e-9, "and after it");
	cr_assert_float_eq(tr_warmup(0.01f, 1, 0), 0.01f, 1e-9, "no warm-up: lr from the first step");
}

Test(trainer, the_sparse_layer_adds_the_rows_of_its_inputs)
{
	float w[4 * 3], bias[3] = { 1, 2, 3 }, acc[3], gw[4 * 3] = { 0 }, delta[3] = { 0.5f, 1, 2 };
	for (int i = 0; i < 12; i++)
		w[i] = (float)i;
	int16_t feat[2] = { 1, 3 };
	tr_sparse_forward(acc, bias, w, feat, 2, 3);
	cr_assert(acc[0] == 1 + 3 + 9 && acc[1] == 2 + 4 + 10 && acc[2] == 3 + 5 + 11);
	tr_sparse_backward(gw, feat, 2, 3, delta);
	cr_assert(gw[0] == 0 && gw[3] == 0.5f && gw[5] == 2 && gw[9] == 0.5f && gw[11] == 2);
}

Test(trainer, shuffling_is_a_permutation_that_the_seed_repeats)
{
	uint32_t a[50], b[50];
	for (uint32_t i = 0; i < 50; i++)
		a[i] = b[i] = i;
	uint64_t r1 = 7, r2 = 7;
	tr_shuffle(a, 50, &r1);
	tr_shuffle(b, 50, &r2);
	cr_assert(!memcmp(a, b, sizeof a));
	int seen[50] = { 0 };
	for (int i = 0; i < 50; i++)
		seen[a[i]]++;
	for (int i = 0; i < 50; i++)
		cr_assert_eq(seen[i], 1);
}

static const char *const names[] = { "hidden units", "inputs" };

Test(trainer, a_checkpoint_comes_back_or_is_refused_with_the_reason)
{
	char path[] = "/tmp/outpost-trainer-ck-XXXXXX", err[300];
	int fd = mkstemp(path);
	cr_assert(fd >= 0);
	close(fd);
	int32_t shape[2] = { 8, 3 };
	struct tr_checkpoint c = { .magic = "TESTCKPT", .nshape = 2, .shape = shape, .shape_names = names };
	struct tr_adam a, b;
	cr_assert(tr_adam_new(&a, 5) && tr_adam_new(&b, 5));
	float p[5] = { 1, 2, 3, 4, 5 }, q[5];
	a.t = 9, a.m[2] = 0.25f, a.v[4] = 0.5f;
	cr_assert(tr_checkpoint_save(path, &c, p, &a, 4, err, sizeof err), "%s", err);
	int epoch;
	cr_assert(tr_checkpoint_load(path, &c, q, &b, &epoch, err, sizeof err), "%s", err);
	cr_assert(epoch == 4 && b.t == 9 && b.m[2] == 0.25f && b.v[4] == 0.5f && !memcmp(p, q, sizeof p));

	int32_t other[2] = { 8, 4 };
	struct tr_checkpoint d = c;
	d.shape = other;
	cr_assert_not(tr_checkpoint_load(path, &d, q, &b, &epoch, err, sizeof err));
	cr_assert(strstr(err, "has 3 inputs, not 4"), "%s", err);
	d = c;
	d.magic = "OTHERCKP";
	cr_assert_not(tr_checkpoint_load(path, &d, q, &b, &epoch, err, sizeof err));
	cr_assert(strstr(err, "not a checkpoint"), "%s", err);
	cr_assert_eq(truncate(path, 40), 0);
	cr_assert_not(tr_checkpoint_load(path, &c, q, &b, &epoch, err, sizeof err));
	cr_assert(strstr(err, "truncated") && strstr(err, path), "%s", err);
	unlink(path);
	cr_assert_not(tr_checkpoint_load(path, &c, q, &b, &epoch, err, sizeof err));
	cr_assert(strstr(err, path), "%s", err);
	tr_adam_free(&a), tr_adam_free(&b);
}
