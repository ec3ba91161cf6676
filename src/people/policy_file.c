/*
 * The policy network's weights file (see policy.h).  Little-endian:
 *
 *   bytes  0-7    "OUTPPOL1"
 *   bytes  8-11   version (2: the threats and the rows of version 1 and more)
 *   bytes 12-15   inputs (PP_INPUTS); 16-19 hidden units; 20-23 move rows (PP_MOVE_ROWS);
 *   bytes 24-27   move facts (PP_MOVE_FACTS); 28-31 rating buckets (PP_RATING_INPUTS)
 *   bytes 32-63   the net's name, NUL-padded
 *   bytes 64-67   FNV-1a of every byte after the head
 *   bytes 68-71   0
 *   then each array in policy.h's order (w1, b1, rows, row_bias, pair_bias, facts): its scale (a float's
 *   bits, finite, above 0, at most 1000 / 32767) and its values as int16, each value = int16 * scale.
 *
 * Sixteen bits with a scale for each array keep the file at half the floats'
 * size, and the rounding costs the net nothing it can measure (policy-fit
 * checks the read net's matches against the float one's).
 */
#include "people/policy.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PP_MAGIC "OUTPPOL1"
#define PP_VERSION 2
#define PP_HEAD 72
#define PP_ARRAYS 6
/* No weight beyond this: a move's logit stays a finite float whatever the file (trained ones stay within 10). */
#define PP_WEIGHT_MAX 1000.0f

static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint32_t fnv(const uint8_t *p, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 16777619u;
	return h;
}

/* The arrays of a net, in the file's order, with their lengths. */
static int arrays_of(const struct pp_net *net, float **a, size_t *n)
{
	size_t h = (size_t)net->hidden;
	a[0] = net->w1, n[0] = PP_INPUTS * h;
	a[1] = net->b1, n[1] = h;
	a[2] = net->rows, n[2] = PP_MOVE_ROWS * h;
	a[3] = net->row_bias, n[3] = PP_MOVE_ROWS;
	a[4] = net->pair_bias, n[4] = 64 * 64;
	a[5] = net->facts, n[5] = PP_RATING_INPUTS * PP_MOVE_FACTS;
	return PP_ARRAYS;
}

void pp_free(struct pp_net *net)
{
	free(net->p);
	net->p = NULL;
}

bool pp_write(const struct pp_net *net, uint8_t **data, size_t *size)
{
	float *a[PP_ARRAYS];
	size_t n[PP_ARRAYS], total = PP_HEAD;
	arrays_of(net, a, n);
	for (int k = 0; k < PP_ARRAYS; k++)
		total += 4 + 2 * n[k];
	uint8_t *buf = calloc(total, 1), *p = buf + PP_HEAD;
	if (!buf)
		return false;
	memcpy(buf, PP_MAGIC, 8);
	const uint32_t shape[6] = { PP_VERSION, PP_INPUTS, (uint32_t)net->hidden, PP_MOVE_ROWS, PP_MOVE_FACTS,
		                    PP_RATING_INPUTS };
	for (int i = 0; i < 6; i++)
		put32(buf + 8 + 4 * i, shape[i]);
	memcpy(buf + 32, net->name, strnlen(net->name, PP_NAME_LEN));
	for (int k = 0; k < PP_ARRAYS; k++) {
		float top = 0;
		for (size_t i = 0; i < n[k]; i++)
			top = fabsf(a[k][i]) > top ? fabsf(a[k][i]) : top;
		float scale = top > 0 ? top / 32767.0f : 1.0f;
		uint32_t bits;
		memcpy(&bits, &scale, 4);
		put32(p, bits), p += 4;
		for (size_t i = 0; i < n[k]; i++) {
			long q = lroundf(a[k][i] / scale);
			uint16_t u = (uint16_t)(int16_t)(q > 32767 ? 32767 : q < -32767 ? -32767 : q);
			*p++ = (uint8_t)u, *p++ = (uint8_t)(u >> 8);
		}
	}
	put32(buf + 64, fnv(buf + PP_HEAD, total - PP_HEAD));
	*data = buf, *size = total;
	return true;
}

/* The head's refusal, or NULL; *at: the offset of what is wrong. */
static const char *check_head(const uint8_t *data, size_t size, size_t *at)
{
	static const char *const names[5] = { "inputs", "hidden units", "move rows", "move facts", "rating buckets" };
	static char why[96];
	const uint32_t want[5] = { PP_INPUTS, 0, PP_MOVE_ROWS, PP_MOVE_FACTS, PP_RATING_INPUTS };
	*at = size < PP_HEAD ? size : 0;
	if (size < PP_HEAD)
		return "truncated: shorter than the 72-byte head";
	if (memcmp(data, PP_MAGIC, 8))
		return "not a people policy file (no OUTPPOL1 at its start)";
	*at = 8;
	if (get32(data + 8) != PP_VERSION)
		return "a version this program does not read (not 2)";
	for (int i = 0; i < 5; i++) {
		uint32_t v = get32(data + 12 + 4 * i);
		*at = 12 + 4 * (size_t)i;
		bool bad = i == 1 ? v < PP_HIDDEN_MIN || v > PP_HIDDEN_MAX || v % 8 : v != want[i];
		if (bad) {
			if (i == 1)
				snprintf(why, sizeof why, "wrong shape: %u hidden units (a multiple of 8 from %d to %d)", v, PP_HIDDEN_MIN,
				         PP_HIDDEN_MAX);
			else
				snprintf(why, sizeof why, "wrong shape: %u %s, not %u", v, names[i], want[i]);
			return why;
		}
	}
	return NULL;
}

bool pp_read(struct pp_net *net, const uint8_t *data, size_t size, const char *source, char *err, size_t errlen)
{
	size_t at;
	const char *why = check_head(data, size, &at);
	struct pp_net got = { 0 };
	float *a[PP_ARRAYS];
	size_t n[PP_ARRAYS], total = PP_HEAD;
	if (!why) {
		int hidden = (int)get32(data + 16);
		got.hidden = hidden;
		struct pp_net shape = { .hidden = hidden };
		arrays_of(&shape, a, n);
		for (int k = 0; k < PP_ARRAYS; k++)
			total += 4 + 2 * n[k];
		if (size != total) {
			at = size < total ? size : total;
			why = size < total ? "truncated: the weights end early" : "bytes after the last weight";
		} else if (get32(data + 64) != fnv(data + PP_HEAD, size - PP_HEAD)) {
			at = 64, why = "the checksum does not match the weights (a damaged file)";
		}
	}
	float *p = NULL;
	if (!why && !(p = malloc(pp_count(got.hidden) * sizeof *p)))
		at = 0, why = "out of memory";
	if (!why) {
		pp_views(&got, got.hidden, p);
		arrays_of(&got, a, n);
		const uint8_t *q = data + PP_HEAD;
		for (int k = 0; k < PP_ARRAYS && !why; k++) {
			uint32_t bits = get32(q);
			float scale;
			memcpy(&scale, &bits, 4);
			if (!isfinite(scale) || !(scale > 0)) {
				at = (size_t)(q - data), why = "an array's scale is not a finite number above 0 (NaN?)";
				break;
			}
			if (scale * 32767.0f > PP_WEIGHT_MAX) {
				at = (size_t)(q - data), why = "an array's scale lets its weights pass +-1000";
				break;
			}
			q += 4;
			for (size_t i = 0; i < n[k]; i++, q += 2)
				a[k][i] = (float)(int16_t)(uint16_t)(q[0] | q[1] << 8) * scale;
		}
	}
	if (why) {
		free(p);
		snprintf(err, errlen, "%s: offset %zu: %s", source, at, why);
		return false;
	}
	memcpy(got.name, data + 32, PP_NAME_LEN);
	got.name[PP_NAME_LEN] = '\0';
	*net = got;
	return true;
}

bool pp_load(struct pp_net *net, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return false;
	}
	uint8_t *buf = NULL;
	size_t len = 0, cap = 0, got;
	bool ok = true;
	do {
		if (len == cap) {
			uint8_t *b = realloc(buf, cap = cap ? cap * 2 : 1 << 20);
			if (!b) {
				ok = false;
				break;
			}
			buf = b;
		}
		got = fread(buf + len, 1, cap - len, f);
		len += got;
	} while (got > 0);
	ok = ok && !ferror(f);
	fclose(f);
	if (!ok) {
		free(buf);
		snprintf(err, errlen, "%s: cannot be read", path);
		return false;
	}
	ok = pp_read(net, buf, len, path, err, errlen);
	free(buf);
	return ok;
}
