/* The trainer's float network: inputs, forward, backward, export (see nnue_model.h). */
#include "tools/network/nnue_model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/nnue.h"
#include "tools/trainer/random.h"
#include "tools/trainer/sparse.h"

#if defined(__GNUC__) && !defined(__clang__)
/* The inner loops run over the hidden units: let GCC vectorise them (its -O2 does so only cheaply). */
#pragma GCC optimize("O3")
#endif

void nt_model_views(struct nt_model *m)
{
	size_t h = (size_t)m->hidden;
	m->w1 = m->p;
	m->b1 = m->w1 + NNUE_INPUTS * h;
	m->w2 = m->b1 + h;
	m->b2 = m->w2 + (size_t)m->buckets * 2 * h;
}

bool nt_model_new(struct nt_model *m, int hidden, int buckets, uint64_t seed)
{
	m->hidden = hidden;
	m->buckets = buckets;
	m->count = ((size_t)NNUE_INPUTS + 1) * hidden + (size_t)buckets * (2 * (size_t)hidden + 1);
	m->p = calloc(m->count, sizeof *m->p);
	if (!m->p)
		return false;
	nt_model_views(m);
	uint64_t s = seed * 0x9E3779B97F4A7C15ULL | 1;
	/* A third or so of the units active on a typical position: hidden weights about 1 / sqrt(32 pieces). */
	for (size_t i = 0; i < (size_t)NNUE_INPUTS * hidden; i++)
		m->w1[i] = tr_uniform(&s) * 0.1f;
	for (int i = 0; i < hidden; i++)
		m->b1[i] = 0.1f + tr_uniform(&s) * 0.05f;
	for (int i = 0; i < buckets * 2 * hidden; i++)
		m->w2[i] = tr_uniform(&s) * 0.05f;
	return true;
}

void nt_model_spread_output(struct nt_model *m, const struct nt_model *src)
{
	size_t h = (size_t)m->hidden;
	memcpy(m->w1, src->w1, (NNUE_INPUTS + 1) * h * sizeof *m->w1);
	for (int b = 0; b < m->buckets; b++) {
		memcpy(m->w2 + b * 2 * h, src->w2, 2 * h * sizeof *m->w2);
		m->b2[b] = src->b2[0];
	}
}

void nt_model_free(struct nt_model *m)
{
	free(m->p);
	m->p = NULL;
}

static float sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }

void nt_sample_from(const uint8_t rec[PACKED_SIZE], float wdl, float k, bool flip, struct nt_sample *s)
{
	int mirror = flip && nt_can_flip(rec) ? 7 : 0;
	uint64_t occ = 0;
	for (int i = 0; i < 8; i++)
		occ |= (uint64_t)rec[i] << (8 * i);
	int stm = rec[24] >> 7, n = 0;
	while (occ && n < 32) {
		int sq = __builtin_ctzll(occ);
		occ &= occ - 1;
		int piece = rec[8 + n / 2] >> (4 * (n & 1)) & 15;
		s->feat[0][n] = (int16_t)nnue_feature(stm, piece, sq ^ mirror);
		s->feat[1][n] = (int16_t)nnue_feature(!stm, piece, sq ^ mirror);
		n++;
	}
	s->n = n;
	int score = (int16_t)(uint16_t)(rec[27] | rec[28] << 8), result = rec[31] & 3;
	float score_stm = (float)(stm == WHITE ? score : -score);
	float result_stm = stm == WHITE ? result / 2.0f : 1.0f - result / 2.0f;
	s->score_target = sigmoid(score_stm / k);
	s->result_target = result_stm;
	s->target = (1 - wdl) * s->score_target + wdl * result_stm;
}

static inline float screlu(float x) { return x <= 0 ? 0 : x >= 1 ? 1 : x * x; }

/* The output bucket of s in m. */
static inline int bucket_of(const struct nt_model *m, const struct nt_sample *s)
{
	return m->buckets > 1 ? nnue_bucket(s->n, m->buckets) : 0;
}

float nt_forward(const struct nt_model *m, const struct nt_sample *s, float *acc)
{
	int h = m->hidden, b = bucket_of(m, s);
	float out = m->b2[b];
	for (int side = 0; side < 2; side++) {
		float *a = acc + side * h;
		tr_sparse_forward(a, m->b1, m->w1, s->feat[side], s->n, h);
		const float *w2 = m->w2 + (size_t)(b * 2 + side) * h;
		for (int j = 0; j < h; j++)
			out += screlu(a[j]) * w2[j];
	}
	return out;
}

float nt_backward(const struct nt_model *m, const struct nt_sample *s, float sk, float *acc, float *grad)
{
	int h = m->hidden, b = bucket_of(m, s);
	float p = sigmoid(nt_forward(m, s, acc) * sk);
	float err = p - s->target;
	float g = 2 * err * p * (1 - p) * sk; /* d loss / d output */
	float *gw1 = grad, *gb1 = grad + (size_t)NNUE_INPUTS * h, *gw2 = gb1 + h, *gb2 = gw2 + (size_t)m->buckets * 2 * h;
	gb2[b] += g;
	for (int side = 0; side < 2; side++) {
		float *a = acc + side * h;
		const float *w2 = m->w2 + (size_t)(b * 2 + side) * h;
		float *gw = gw2 + (size_t)(b * 2 + side) * h;
		/* a becomes d loss / d hidden sum. */
		for (int j = 0; j < h; j++) {
			float x = a[j];
			gw[j] += g * screlu(x);
			a[j] = x > 0 && x < 1 ? g * w2[j] * 2 * x : 0;
			gb1[j] += a[j];
		}
		tr_sparse_backward(gw1, s->feat[side], s->n, h, a);
	}
	return err * err;
}

/* ---------------------------------------------------------------- export */

static void put_u32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static uint8_t *put_i16(uint8_t *p, float v, float q)
{
	long x = lroundf(v * q);
	x = x > INT16_MAX ? INT16_MAX : x < INT16_MIN ? INT16_MIN : x;
	uint16_t u = (uint16_t)(int16_t)x;
	p[0] = (uint8_t)u;
	p[1] = (uint8_t)(u >> 8);
	return p + 2;
}

bool nt_export(const struct nt_model *m, const char *name, int scale, uint8_t **data, size_t *size)
{
	size_t h = (size_t)m->hidden, nb = (size_t)m->buckets, extra = nb > 1 ? 4 : 0;
	size_t n = NNUE_HEADER_SIZE + extra + (NNUE_INPUTS * h + h + nb * 2 * h) * 2 + 4 * nb;
	uint8_t *buf = calloc(n, 1);
	if (!buf)
		return false;
	memcpy(buf, NNUE_MAGIC, 8);
	put_u32(buf + 8, nb > 1 ? NNUE_VERSION_BUCKETS : NNUE_VERSION);
	put_u32(buf + 12, NNUE_INPUTS);
	put_u32(buf + 16, (uint32_t)h);
	put_u32(buf + 20, NNUE_QA);
	put_u32(buf + 24, NNUE_QB);
	put_u32(buf + 28, (uint32_t)scale);
	for (int i = 0; i < NNUE_NAME_LEN && name[i]; i++)
		buf[32 + i] = (uint8_t)name[i];
	uint8_t *p = buf + NNUE_HEADER_SIZE;
	if (extra) {
		put_u32(p, (uint32_t)nb);
		p += 4;
	}
	for (size_t i = 0; i < NNUE_INPUTS * h; i++)
		p = put_i16(p, m->w1[i], NNUE_QA);
	for (size_t i = 0; i < h; i++)
		p = put_i16(p, m->b1[i], NNUE_QA);
	for (size_t i = 0; i < nb * 2 * h; i++)
		p = put_i16(p, m->w2[i], NNUE_QB);
	for (size_t b = 0; b < nb; b++, p += 4)
		put_u32(p, (uint32_t)(int32_t)lroundf(m->b2[b] * NNUE_QA * (float)NNUE_QB));
	uint32_t sum = 2166136261u;
	for (size_t i = NNUE_HEADER_SIZE; i < n; i++)
		sum = (sum ^ buf[i]) * 16777619u;
	put_u32(buf + 64, sum);
	*data = buf;
	*size = n;
	return true;
}
