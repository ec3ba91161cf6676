/* policy-fit: the policy network's samples and its gradient (see people_fit.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rules/movegen.h"
#include "tools/people/people_fit.h"
#include "tools/trainer/random.h"
#include "tools/trainer/sparse.h"

#if defined(__GNUC__) && !defined(__clang__)
/* The loops run over the hidden units: let GCC vectorise them. */
#pragma GCC optimize("O3")
#endif

void people_sample_of(const uint8_t rec[PEOPLE_RECORD], struct people_sample *s)
{
	struct position pos;
	struct state st;
	struct people_record r;
	move_t list[MAX_MOVES];
	people_record_get(rec, &r);
	packed_unpack(rec, &pos, &st, NULL, NULL, 0);
	s->nfeat = pp_inputs(&pos, r.last, r.rating, s->feat);
	s->n = generate_legal(&pos, list);
	s->played = 0;
	for (int i = 0; i < s->n; i++) {
		pp_move_of(&pos, r.last, list[i], &s->moves[i]);
		if (list[i] == r.played)
			s->played = i;
	}
	s->rating = r.rating, s->bucket = pp_rating_bucket(r.rating), s->file = r.file, s->flags = r.flags;
}

/* The logits into z, the softmax into z too; returns the loss and sets *top. h: the hidden layer. */
static double softmax_loss(const struct pp_net *net, const struct people_sample *s, const float *h, float *z,
                           bool *top)
{
	float best = -INFINITY;
	int arg = 0;
	for (int i = 0; i < s->n; i++) {
		z[i] = pp_move_logit(net, h, s->bucket, &s->moves[i]);
		if (z[i] > best)
			best = z[i], arg = i;
	}
	*top = arg == s->played;
	double sum = 0;
	for (int i = 0; i < s->n; i++)
		sum += (z[i] = expf(z[i] - best));
	double loss = -log(z[s->played] / sum);
	for (int i = 0; i < s->n; i++)
		z[i] = (float)(z[i] / sum);
	return loss;
}

double people_forward(const struct pp_net *net, const struct people_sample *s, float *scratch, bool *top)
{
	int hidden = net->hidden;
	float *acc = scratch, *h = acc + hidden, *z = h + 2 * hidden;
	pp_hidden(net, s->feat, s->nfeat, acc, h);
	return softmax_loss(net, s, h, z, top);
}

double people_backward(const struct pp_net *net, const struct people_sample *s, float *grad, float *scratch,
                       bool *top)
{
	int hidden = net->hidden;
	float *acc = scratch, *h = acc + hidden, *dh = h + hidden, *z = dh + hidden;
	pp_hidden(net, s->feat, s->nfeat, acc, h);
	double loss = softmax_loss(net, s, h, z, top);
	struct pp_net g;
	pp_views(&g, hidden, grad);
	memset(dh, 0, (size_t)hidden * sizeof *dh);
	for (int i = 0; i < s->n; i++) {
		const struct pp_move *mv = &s->moves[i];
		float gi = z[i] - (i == s->played);
		g.pair_bias[mv->pair] += gi;
		for (int k = 0; k < PP_MOVE_FACTS; k++)
			g.facts[s->bucket * PP_MOVE_FACTS + k] += gi * mv->fact[k];
		for (int r = 0; r < mv->nrows; r++) {
			size_t at = (size_t)mv->rows[r] * (size_t)hidden;
			const float *w = net->rows + at;
			float *gw = g.rows + at;
			g.row_bias[mv->rows[r]] += gi;
			for (int j = 0; j < hidden; j++) {
				gw[j] += gi * h[j];
				dh[j] += gi * w[j];
			}
		}
	}
	/* Through the clipped ReLU: dh becomes d loss / d hidden sum. */
	for (int j = 0; j < hidden; j++) {
		dh[j] = acc[j] > 0 && acc[j] < 1 ? dh[j] : 0;
		g.b1[j] += dh[j];
	}
	tr_sparse_backward(g.w1, s->feat, s->nfeat, hidden, dh);
	return loss;
}

bool people_net_new(struct pp_net *net, int hidden, uint64_t seed)
{
	float *p = calloc(pp_count(hidden), sizeof *p);
	if (!p)
		return false;
	memset(net, 0, sizeof *net);
	pp_views(net, hidden, p);
	uint64_t s = seed * 0x9E3779B97F4A7C15ULL | 1;
	/* About 45 inputs are on (pieces and threats): the hidden sums start around 0.3, a spread of a few tenths. */
	for (size_t i = 0; i < PP_INPUTS * (size_t)hidden; i++)
		net->w1[i] = tr_uniform(&s) * 0.06f;
	for (int j = 0; j < hidden; j++)
		net->b1[j] = 0.3f + tr_uniform(&s) * 0.1f;
	for (size_t i = 0; i < PP_MOVE_ROWS * (size_t)hidden; i++)
		net->rows[i] = tr_uniform(&s) * 0.1f;
	return true;
}
