/* The committed weights file (see weights.h). */
#include "tools/trainer/weights.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t fnv1a(const uint8_t *p, size_t n, uint32_t h)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 16777619u;
	return h;
}

static void put_u32(uint8_t *b, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		b[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get_u32(const uint8_t *b) { return b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24; }

static size_t header_size(const struct tr_checkpoint *c) { return TR_MAGIC_LEN + 4 + 4 * (size_t)c->nshape + 8; }

/* The header of c with count weights, in hdr (header_size bytes). */
static void make_header(const struct tr_checkpoint *c, size_t count, uint8_t *hdr)
{
	memcpy(hdr, c->magic, TR_MAGIC_LEN);
	put_u32(hdr + TR_MAGIC_LEN, (uint32_t)c->nshape);
	for (int i = 0; i < c->nshape; i++)
		put_u32(hdr + TR_MAGIC_LEN + 4 + 4 * i, (uint32_t)c->shape[i]);
	uint64_t n = count;
	put_u32(hdr + header_size(c) - 8, (uint32_t)n);
	put_u32(hdr + header_size(c) - 4, (uint32_t)(n >> 32));
}

bool tr_weights_save(const char *path, const struct tr_checkpoint *c, const float *p, size_t count, char *err,
                     size_t errlen)
{
	uint8_t hdr[TR_MAGIC_LEN + 4 + 4 * TR_SHAPE_MAX + 8], sum[4];
	char tmp[4096];
	make_header(c, count, hdr);
	uint8_t *body = malloc(count * 4 + 1);
	if (!body) {
		snprintf(err, errlen, "%s: out of memory", path);
		return false;
	}
	for (size_t i = 0; i < count; i++) {
		uint32_t bits;
		memcpy(&bits, &p[i], 4);
		put_u32(body + 4 * i, bits);
	}
	put_u32(sum, fnv1a(body, count * 4, 2166136261u));
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	FILE *f = fopen(tmp, "wb");
	bool ok = f && fwrite(hdr, 1, header_size(c), f) == header_size(c) && fwrite(body, 4, count, f) == count &&
	          fwrite(sum, 1, 4, f) == 4;
	ok = (f ? fclose(f) == 0 : false) && ok;
	free(body);
	if (!ok || rename(tmp, path)) {
		snprintf(err, errlen, "cannot write the weights %s: %s", path, strerror(errno));
		return false;
	}
	return true;
}

/* The first difference of the file's header from the expected one, as a sentence in why; false if none. */
static bool header_differs(const struct tr_checkpoint *c, const uint8_t *got, const uint8_t *want, char *why,
                           size_t len)
{
	if (memcmp(got, want, TR_MAGIC_LEN)) {
		snprintf(why, len, "offset 0: not weights of this model (the file does not start with %.8s)", c->magic);
		return true;
	}
	if (get_u32(got + TR_MAGIC_LEN) != (uint32_t)c->nshape) {
		snprintf(why, len, "offset %d: a shape of %u sizes, not %d", TR_MAGIC_LEN, get_u32(got + TR_MAGIC_LEN),
		         c->nshape);
		return true;
	}
	for (int i = 0; i < c->nshape; i++) {
		size_t at = TR_MAGIC_LEN + 4 + 4 * (size_t)i;
		if (get_u32(got + at) != get_u32(want + at)) {
			snprintf(why, len, "offset %zu: %u %s, not %d", at, get_u32(got + at), c->shape_names[i], c->shape[i]);
			return true;
		}
	}
	size_t at = header_size(c) - 8;
	if (memcmp(got + at, want + at, 8)) {
		snprintf(why, len, "offset %zu: %u weights, not %u", at, get_u32(got + at), get_u32(want + at));
		return true;
	}
	return false;
}

bool tr_weights_load(const char *path, const struct tr_checkpoint *c, float *p, size_t count, char *err,
                     size_t errlen)
{
	uint8_t want[TR_MAGIC_LEN + 4 + 4 * TR_SHAPE_MAX + 8], got[sizeof want];
	char why[200] = "";
	size_t hs = header_size(c), size = hs + 4 * count + 4;
	make_header(c, count, want);
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return false;
	}
	uint8_t *body = malloc(size - hs + 1);
	size_t n = fread(got, 1, hs, f);
	size_t m = body && n == hs ? fread(body, 1, size - hs + 1, f) : 0;
	fclose(f);
	if (!body)
		snprintf(why, sizeof why, "out of memory");
	else if (n < hs)
		snprintf(why, sizeof why, "%zu bytes: shorter than the %zu-byte header", n, hs);
	else if (header_differs(c, got, want, why, sizeof why))
		;
	else if (m != size - hs)
		snprintf(why, sizeof why, "%zu bytes where the weights need %zu (%s)", hs + m, size,
		         m < size - hs ? "truncated" : "something follows the checksum");
	else if (fnv1a(body, 4 * count, 2166136261u) != get_u32(body + 4 * count))
		snprintf(why, sizeof why, "offset %zu: checksum mismatch: the weights are damaged", size - 4);
	for (size_t i = 0; !why[0] && i < count; i++) {
		uint32_t bits = get_u32(body + 4 * i);
		float v;
		memcpy(&v, &bits, 4);
		if (!isfinite(v))
			snprintf(why, sizeof why, "offset %zu: weight %zu is not a finite number", hs + 4 * i, i);
	}
	for (size_t i = 0; !why[0] && i < count; i++) {
		uint32_t bits = get_u32(body + 4 * i);
		memcpy(&p[i], &bits, 4);
	}
	free(body);
	if (why[0])
		snprintf(err, errlen, "%s: %s", path, why);
	return !why[0];
}
