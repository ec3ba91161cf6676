/*
 * level-fit train: the weights of the human move model by maximum likelihood
 * (the softmax over each position's legal moves, the played move as the
 * label), with Adam over shuffled mini-batches.  Without a hidden layer the
 * problem is convex in the weights, so the start (all zero) and the order only
 * change how fast it gets there; the hidden units start from small weights
 * drawn by the seed.  One game in ten (by number) is held out and its loss
 * printed each epoch.  With --policy the people's network's logits (fixed,
 * computed once) are added to the model's scores, as the levels add them, so
 * that the model learns what the network does not know.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tools/people/human_fit.h"

#define NW (HUMAN_FEATURES * HUMAN_RATING_TERMS)
#define UNIT_PARAMS (2 + HUMAN_HIDDEN_INPUTS)
#define NPARAMS (NW + HUMAN_HIDDEN_MAX * UNIT_PARAMS)

static bool held_out(const struct human_record *r) { return r->game % 10 == 0; }

/* The fixed part of each record's scores (the network's logits), or NULL for none. */
static float **base_logits;

/* The parameters as one vector: the weighted sum's, then each unit's bias, output weight and input weights. */
static int param_count(const struct human_model *m) { return NW + m->hidden * UNIT_PARAMS; }

static double *param(struct human_model *m, int k)
{
	if (k < NW)
		return &m->w[0][0] + k;
	struct human_unit *u = &m->unit[(k - NW) / UNIT_PARAMS];
	k = (k - NW) % UNIT_PARAMS;
	return k == 0 ? &u->bias : k == 1 ? &u->out : &u->w[k - 2];
}

/* Adds to g the gradient of the hidden layer for one move whose score's gradient is e. */
static void unit_gradients(const struct human_model *m, const float *f, double t, double e, double *g)
{
	for (int u = 0; u < m->hidden; u++) {
		const struct human_unit *h = &m->unit[u];
		double a = human_unit_input(h, f, t);
		if (a <= 0)
			continue;
		double *gu = g + NW + u * UNIT_PARAMS, d = e * h->out;
		gu[0] += d;
		gu[1] += e * a;
		for (int k = 0; k < HUMAN_FEATURES; k++)
			gu[2 + k] += d * f[k];
		gu[2 + HUMAN_FEATURES] += d * t;
		gu[3 + HUMAN_FEATURES] += d * t * t;
	}
}

/*
 * The negative log-likelihood of record k of set; adds its gradient to g when g is not NULL.  *hit: the likeliest is
 * the human's.
 */
static double record_loss(const struct human_model *m, const struct human_set *set, size_t k, double *g, bool *hit)
{
	const struct human_record *r = &set->r[k];
	double logit[MAX_MOVES], p[MAX_MOVES];
	human_model_scores(m, r->rating, (const float(*)[HUMAN_FEATURES])r->f, r->n, logit);
	for (int i = 0; base_logits && i < r->n; i++)
		logit[i] += base_logits[k][i];
	double top = logit[0];
	int best = 0;
	for (int i = 1; i < r->n; i++)
		if (logit[i] > top) {
			top = logit[i];
			best = i;
		}
	double sum = 0;
	for (int i = 0; i < r->n; i++)
		sum += p[i] = exp(logit[i] - top);
	*hit = best == r->human;
	if (g) {
		double t = human_rating_t(r->rating), tp[HUMAN_RATING_TERMS] = { 1, t, t * t };
		for (int f = 0; f < HUMAN_FEATURES; f++) {
			double e = -r->f[r->human][f];
			for (int i = 0; i < r->n; i++)
				e += p[i] / sum * r->f[i][f];
			for (int j = 0; j < HUMAN_RATING_TERMS; j++)
				g[f * HUMAN_RATING_TERMS + j] += e * tp[j];
		}
		for (int i = 0; i < r->n && m->hidden; i++)
			unit_gradients(m, r->f[i], t, p[i] / sum - (i == r->human), g);
	}
	return log(sum) - (logit[r->human] - top);
}

static void evaluate_set(const struct human_model *m, const struct human_set *set, bool want_held, double *loss,
                         double *acc)
{
	double l = 0;
	long n = 0, hits = 0;
	for (size_t i = 0; i < set->n; i++) {
		if (held_out(&set->r[i]) != want_held)
			continue;
		bool hit;
		l += record_loss(m, set, i, NULL, &hit);
		hits += hit;
		n++;
	}
	*loss = n ? l / n : 0;
	*acc = n ? (double)hits / n : 0;
}

/* The held-out positions' likeliest-move matches by band of the mover's rating: a finer look than the report's. */
static void print_held_out_bands(const struct human_model *m, const struct human_set *set)
{
	long n[HUMAN_BANDS] = { 0 }, hits[HUMAN_BANDS] = { 0 };
	for (size_t i = 0; i < set->n; i++) {
		int b = human_band(set->r[i].rating);
		if (!held_out(&set->r[i]) || b < 0)
			continue;
		bool hit;
		record_loss(m, set, i, NULL, &hit);
		n[b]++;
		hits[b] += hit;
	}
	printf("held out, the likeliest move played, by band:");
	for (int b = 0; b < HUMAN_BANDS; b++)
		printf(" %d %.1f%% (%ld)", 800 + 200 * b, n[b] ? 100.0 * hits[b] / n[b] : 0, n[b]);
	printf("\n");
}

static bool write_model(const struct human_model *m, const struct train_options *o, size_t positions, double loss,
                        double acc)
{
	FILE *fp = fopen(o->out, "w");
	if (!fp) {
		perror(o->out);
		return false;
	}
	fprintf(fp, "outpost-human-model 1\n");
	fprintf(fp, "# The human move model (src/people/human_model.h): fitted by tools/people/level-fit to the rated games of\n");
	fprintf(fp, "# ../shared/data/humans (doc/tools.md says how to make it again).  %zu positions, %d epochs,\n",
	        positions, o->epochs);
	fprintf(fp, "# seed %llu; held-out loss %.5f, the likeliest move is the one played in %.2f%% of them.\n",
	        (unsigned long long)o->seed, loss, 100 * acc);
	if (o->error_loss > 0)
		fprintf(fp, "# error_loss %.2f: errors (a loss of %.2f or more by the second look) are played at the model's "
		            "rate, else\n# the likeliest sound move (src/people/human_model.h, human_model_play).\n",
		        o->error_loss, o->error_loss);
	fprintf(fp, "# Each weight at rating R is A + B t + C t^2, t = (R - 1500) / 500; error_rate, the same in R, multiplies\n"
	            "# the chance of an error (set by hand to the mistakes people make, README's Levels for people).\n");
	if (o->policy)
		fprintf(fp, "# Fitted beside the people's network (policy %s 1 1): the sum of the two is the move's score.\n",
		        o->policy);
	fprintf(fp, "name %s\ntemperature %.3f\n", o->name, o->temperature);
	if (o->error_loss > 0)
		fprintf(fp, "error_loss %.2f\nerror_rate %.3f %.3f %.3f\n", o->error_loss, o->error_rate[0], o->error_rate[1],
		        o->error_rate[2]);
	for (int k = 0; k < HUMAN_FEATURES; k++)
		fprintf(fp, "%-12s %9.4f %9.4f %9.4f\n", human_feature_name(k), m->w[k][0], m->w[k][1], m->w[k][2]);
	if (m->hidden) {
		fprintf(fp, "\n# The hidden layer: each unit's bias, output weight, then its weights of the features in the order\n"
		            "# above and of t and t^2.\nhidden %d\n", m->hidden);
		for (int u = 0; u < m->hidden; u++) {
			fprintf(fp, "unit %.4f %.4f", m->unit[u].bias, m->unit[u].out);
			for (int k = 0; k < HUMAN_HIDDEN_INPUTS; k++)
				fprintf(fp, " %.4f", m->unit[u].w[k]);
			fprintf(fp, "\n");
		}
	}
	if (o->policy)
		fprintf(fp, "policy %s 1 1\n", o->policy);
	return fclose(fp) == 0;
}

/* The network's logits of every record at its mover's rating, for --policy; false (with a message) if one fails. */
static bool load_base_logits(const struct human_set *set, const char *policy)
{
	char err[300];
	const struct pp_net *net = !strcmp(policy, "builtin") ? pp_builtin(err, sizeof err) : pp_shared(policy, err, sizeof err);
	if (!net) {
		fprintf(stderr, "level-fit: --policy %s: %s\n", policy, err);
		return false;
	}
	size_t total = 0;
	for (size_t i = 0; i < set->n; i++)
		total += set->r[i].n;
	base_logits = malloc((set->n ? set->n : 1) * sizeof *base_logits);
	float *all = base_logits ? malloc((total ? total : 1) * sizeof *all) : NULL;
	if (!all) {
		fprintf(stderr, "level-fit: out of memory for the network's logits\n");
		free(base_logits);
		base_logits = NULL;
		return false;
	}
	base_logits[0] = all; /* the whole block, freed through it */
	for (size_t i = 0; i < set->n; i++) {
		base_logits[i] = all;
		if (!human_record_policy(net, set->r[i].rating, &set->r[i], all)) {
			fprintf(stderr, "level-fit: record %zu: its position does not read\n", i + 1);
			free(base_logits[0]);
			free(base_logits);
			base_logits = NULL;
			return false;
		}
		all += set->r[i].n;
	}
	return true;
}

int human_train(const struct human_set *set, const struct train_options *o)
{
	static struct human_model m; /* static: too large for a small stack */
	m = (struct human_model){ .temperature = o->temperature, .hidden = o->hidden };
	snprintf(m.name, sizeof m.name, "%s", o->name);
	static double g[NPARAMS], mom[NPARAMS], var[NPARAMS];
	memset(mom, 0, sizeof mom);
	memset(var, 0, sizeof var);
	if (o->policy && !load_base_logits(set, o->policy))
		return 1;
	size_t *order = malloc(set->n * sizeof *order), ntrain = 0;
	if (!order)
		return 1;
	uint64_t rng = o->seed;
	for (int u = 0; u < m.hidden; u++) /* small weights of either sign; the output weights start at 0 */
		for (int k = 0; k < HUMAN_HIDDEN_INPUTS; k++)
			m.unit[u].w[k] = ((double)(human_random(&rng) >> 11) / 9007199254740992.0 - 0.5) * 0.4;
	int np = param_count(&m);
	for (size_t i = 0; i < set->n; i++)
		if (!held_out(&set->r[i]))
			order[ntrain++] = i;
	long step = 0;
	double loss = 0, acc = 0, rate = o->rate;
	for (int epoch = 1; epoch <= o->epochs; epoch++, rate *= o->decay) {
		for (size_t i = ntrain; i > 1; i--) {
			size_t j = human_random(&rng) % i, t = order[i - 1];
			order[i - 1] = order[j];
			order[j] = t;
		}
		for (size_t at = 0; at < ntrain; at += (size_t)o->batch) {
			size_t end = at + (size_t)o->batch < ntrain ? at + (size_t)o->batch : ntrain;
			memset(g, 0, sizeof g);
			for (size_t i = at; i < end; i++) {
				bool hit;
				record_loss(&m, set, order[i], g, &hit);
			}
			step++;
			for (int k = 0; k < np; k++) {
				double *w = param(&m, k), gk = g[k] / (double)(end - at) + o->l2 * *w;
				mom[k] = 0.9 * mom[k] + 0.1 * gk;
				var[k] = 0.999 * var[k] + 0.001 * gk * gk;
				double mh = mom[k] / (1 - pow(0.9, (double)step)), vh = var[k] / (1 - pow(0.999, (double)step));
				*w -= rate * mh / (sqrt(vh) + 1e-8);
			}
		}
		double tl, ta;
		evaluate_set(&m, set, false, &tl, &ta);
		evaluate_set(&m, set, true, &loss, &acc);
		printf("epoch %3d  training loss %.5f (%.2f%%)  held-out loss %.5f (likeliest move played %.2f%%)\n", epoch,
		       tl, 100 * ta, loss, 100 * acc);
		fflush(stdout);
	}
	free(order);
	print_held_out_bands(&m, set);
	int status = write_model(&m, o, set->n, loss, acc) ? 0 : 1;
	if (base_logits)
		free(base_logits[0]);
	free(base_logits);
	base_logits = NULL;
	return status;
}
