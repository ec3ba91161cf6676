/*
 * The committed float weights (tools/trainer/weights.h): what is written
 * comes back bit for bit, and a file of another model, another shape, cut
 * short, damaged or holding a weight that is not a number is refused with
 * what was wrong and where, leaving the weights as they were.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "tools/trainer/weights.h"

TestSuite(trainer_weights, .timeout = 60);

static const char *const names[] = { "hidden units", "inputs" };

static struct tr_checkpoint model(const int32_t *shape)
{
	return (struct tr_checkpoint){ .magic = "TESTWGHT", .nshape = 2, .shape = shape, .shape_names = names };
}

static void temp_path(char *path, size_t len)
{
	snprintf(path, len, "%s/outpost-weights-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	int fd = mkstemp(path);
	cr_assert(fd >= 0);
	close(fd);
}

/* Writes 100 weights of shape {4, 25} to path. */
static void write_some(const char *path, float *w)
{
	int32_t shape[2] = { 4, 25 };
	struct tr_checkpoint c = model(shape);
	char err[300];
	for (int i = 0; i < 100; i++)
		w[i] = (float)(i - 50) / 7.0f;
	cr_assert(tr_weights_save(path, &c, w, 100, err, sizeof err), "%s", err);
}

/* Rewrites byte `at` of the file (or cuts it there when value < 0). */
static void damage(const char *path, long at, int value)
{
	FILE *f = fopen(path, "r+b");
	cr_assert(f);
	if (value < 0) {
		cr_assert(ftruncate(fileno(f), at) == 0);
	} else {
		fseek(f, at, SEEK_SET);
		fputc(value, f);
	}
	fclose(f);
}

static void expect_refused(const char *path, const int32_t *shape, const char *words)
{
	struct tr_checkpoint c = model(shape);
	float back[100];
	for (int i = 0; i < 100; i++)
		back[i] = 42;
	char err[300] = "";
	cr_assert_not(tr_weights_load(path, &c, back, 100, err, sizeof err));
	cr_assert(strstr(err, words), "'%s' should say '%s'", err, words);
	cr_assert(strstr(err, path), "'%s' should name the file", err);
	for (int i = 0; i < 100; i++)
		cr_assert_eq(back[i], 42.0f, "a refused file changed weight %d", i);
}

Test(trainer_weights, what_is_written_comes_back_bit_for_bit)
{
	char path[256], err[300];
	float w[100], back[100];
	int32_t shape[2] = { 4, 25 };
	struct tr_checkpoint c = model(shape);
	temp_path(path, sizeof path);
	write_some(path, w);
	cr_assert(tr_weights_load(path, &c, back, 100, err, sizeof err), "%s", err);
	cr_assert_eq(memcmp(w, back, sizeof w), 0);
	unlink(path);
}

Test(trainer_weights, bad_files_are_refused_with_where_and_why)
{
	char path[256];
	float w[100];
	int32_t shape[2] = { 4, 25 }, other[2] = { 5, 20 };
	temp_path(path, sizeof path);
	/* header: 8 magic + 4 count + 8 shape + 8 weights' count = 28 bytes; weights 400; checksum 4 */
	write_some(path, w);
	expect_refused(path, other, "offset 12: 4 hidden units, not 5");
	damage(path, 0, 'X');
	expect_refused(path, shape, "offset 0: not weights of this model");
	write_some(path, w);
	damage(path, 200, -1);
	expect_refused(path, shape, "truncated");
	write_some(path, w);
	damage(path, 100, 0x55);
	expect_refused(path, shape, "checksum mismatch");
	write_some(path, w);
	damage(path, 10, -1);
	expect_refused(path, shape, "shorter than the 28-byte header");
	unlink(path);
	expect_refused(path, shape, "No such file");
}

Test(trainer_weights, a_weight_that_is_not_a_number_is_refused)
{
	char path[256], err[300];
	float w[100];
	int32_t shape[2] = { 4, 25 };
	struct tr_checkpoint c = model(shape);
	temp_path(path, sizeof path);
	for (int i = 0; i < 100; i++)
		w[i] = 1;
	w[7] = NAN;
	cr_assert(tr_weights_save(path, &c, w, 100, err, sizeof err), "%s", err);
	expect_refused(path, shape, "offset 56: weight 7 is not a finite number");
	unlink(path);
}
