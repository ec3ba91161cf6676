/* The tuner's model of the evaluation, its loss and gradient over a set (on several threads), K, and Adam. */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/eval_weights.h"
#include "tune.h"

/* How the blended score moves with the middlegame and endgame sums, and the tempo, for one position. */
struct blend {
	double mg, eg;             /* d eval / d mg, d eval / d eg */
	double tempo_mg, tempo_eg; /* d eval / d tempo (its two values) */
	double complexity[2];      /* d eg / d (the endgame sum before complexity), d eg / d complexity */
};

double tune_complexity_shift(double eg, double c, double slope[2])
{
	double sign = (eg > 0) - (eg < 0);
	bool bounded = c > -fabs(eg); /* else the score stops at zero */
	if (slope) {
		slope[0] = bounded || sign == 0 ? 1 : 0;
		slope[1] = bounded ? sign : 0;
	}
	return sign * (bounded ? c : -fabs(eg));
}

static struct blend blend_of(const struct tune_position *p)
{
	double phase = p->phase, rest = PHASE_MAX - phase;
	return (struct blend){
		.mg = phase / PHASE_MAX,
		.eg = rest * p->scale / SCALE_NORMAL / PHASE_MAX,
		.tempo_mg = p->side_sign * phase / PHASE_MAX,
		.tempo_eg = p->side_sign * rest / PHASE_MAX,
	};
}

static double danger_of(const struct tune_term *t, int n, const double *theta)
{
	double d = 0;
	for (int i = 0; i < n; i++)
		d += t[i].coef * theta[t[i].index];
	return d;
}

/* The evaluation, and each king's danger (0 when it is not scored) for the gradient. */
static double model_eval(const struct tune_set *s, const struct tune_position *p, const double *theta,
                         struct blend *b, double danger[COLOR_NB])
{
	const struct tune_term *t = s->terms + p->first;
	double mg = 0, eg = 0;
	for (int i = 0; i < p->nlinear; i++) {
		mg += t[i].coef * theta[t[i].index];
		eg += t[i].coef * theta[t[i].index + 1];
	}
	t += p->nlinear;
	for (int i = 0; i < p->nmg; i++)
		mg += t[i].coef * theta[t[i].index];
	t += p->nmg;
	for (int c = WHITE; c <= BLACK; c++) {
		double d = danger_of(t, p->ndanger[c], theta), sign = c == WHITE ? 1 : -1;
		t += p->ndanger[c];
		danger[c] = (p->counted >> c & 1) && d > 0 ? d : 0;
		mg -= sign * danger[c] * danger[c] / KING_DANGER_DIV;
		eg -= sign * danger[c] / KING_DANGER_EG_DIV;
	}
	eg += tune_complexity_shift(eg, danger_of(t, p->ncomplexity, theta), b->complexity);
	int tempo = tune_tempo_index();
	return mg * b->mg + eg * b->eg + theta[tempo] * b->tempo_mg + theta[tempo + 1] * b->tempo_eg;
}

double tune_eval(const struct tune_set *s, size_t i, const double *theta)
{
	struct blend b = blend_of(&s->pos[i]);
	double danger[COLOR_NB];
	return model_eval(s, &s->pos[i], theta, &b, danger);
}

/* Adds d loss / d eval (dv) of one position to the gradient, through every term. */
static void add_gradient(const struct tune_set *s, const struct tune_position *p, const struct blend *b,
                         const double danger[COLOR_NB], double dv, double *grad)
{
	const struct tune_term *t = s->terms + p->first;
	double eg = b->eg * b->complexity[0]; /* d eval / d (the endgame sum before complexity) */
	for (int i = 0; i < p->nlinear; i++) {
		grad[t[i].index] += dv * t[i].coef * b->mg;
		grad[t[i].index + 1] += dv * t[i].coef * eg;
	}
	t += p->nlinear;
	for (int i = 0; i < p->nmg; i++)
		grad[t[i].index] += dv * t[i].coef * b->mg;
	t += p->nmg;
	for (int c = WHITE; c <= BLACK; c++) {
		/* -sign * (d^2 / DIV, d / EG_DIV), blended, moves with the danger d as: */
		double sign = c == WHITE ? 1 : -1;
		double dd = danger[c] > 0 ? -sign * (2 * danger[c] / KING_DANGER_DIV * b->mg + eg / KING_DANGER_EG_DIV) : 0;
		for (int i = 0; dd && i < p->ndanger[c]; i++)
			grad[t[i].index] += dv * dd * t[i].coef;
		t += p->ndanger[c];
	}
	for (int i = 0; b->complexity[1] && i < p->ncomplexity; i++)
		grad[t[i].index] += dv * t[i].coef * b->complexity[1] * b->eg;
	int tempo = tune_tempo_index();
	grad[tempo] += dv * b->tempo_mg;
	grad[tempo + 1] += dv * b->tempo_eg;
}

static double sigmoid(double x) { return 1 / (1 + exp(-x)); }

/* One thread's share of a pass over the set. */
struct pass {
	const struct tune_set *set;
	const double *theta;
	const struct tune_model *model;
	size_t from, to;
	double loss;
	double *grad; /* NULL: the loss alone */
};

static void *run_pass(void *arg)
{
	struct pass *w = arg;
	const struct tune_model *m = w->model;
	double sum = 0, n = (double)w->set->count;
	for (size_t i = w->from; i < w->to; i++) {
		const struct tune_position *p = &w->set->pos[i];
		struct blend b = blend_of(p);
		double danger[COLOR_NB];
		double v = model_eval(w->set, p, w->theta, &b, danger);
		double target = m->lambda * p->result + (1 - m->lambda) * sigmoid(m->k * p->score);
		double out = sigmoid(m->k * v), e = out - target;
		sum += e * e;
		if (w->grad)
			add_gradient(w->set, p, &b, danger, 2 * e * out * (1 - out) * m->k / n, w->grad);
	}
	w->loss = sum / n;
	return NULL;
}

double tune_loss(const struct tune_set *s, const double *theta, const struct tune_model *m, double *grad)
{
	int threads = m->threads < 1 ? 1 : m->threads > 64 ? 64 : m->threads;
	double *grads[64] = { grad };
	if (grad) {
		memset(grad, 0, (size_t)m->nparams * sizeof *grad);
		/* A gradient per thread, summed in order at the end: the same sums whatever the timing. */
		for (int i = 1; i < threads; i++)
			if (!(grads[i] = calloc((size_t)m->nparams, sizeof *grad)))
				threads = i;
	}
	struct pass parts[64];
	pthread_t tids[64];
	bool started[64];
	for (int i = 0; i < threads; i++) {
		parts[i] = (struct pass){ s, theta, m, s->count * (size_t)i / (size_t)threads,
			                      s->count * (size_t)(i + 1) / (size_t)threads, 0, grads[i] };
		started[i] = i > 0 && pthread_create(&tids[i], NULL, run_pass, &parts[i]) == 0;
	}
	for (int i = 0; i < threads; i++)
		if (!started[i])
			run_pass(&parts[i]);
	double loss = 0;
	for (int i = 0; i < threads; i++) {
		if (started[i])
			pthread_join(tids[i], NULL);
		loss += parts[i].loss;
		for (int j = 0; i > 0 && grad && j < m->nparams; j++)
			grad[j] += grads[i][j];
	}
	for (int i = 1; i < 64; i++)
		free(grads[i]);
	return loss;
}

double tune_l2(const double *theta, const double *theta0, int nparams, double l2, double *grad)
{
	double sum = 0;
	for (int j = 0; j < nparams; j++) {
		double d = theta[j] - theta0[j];
		sum += d * d;
		if (grad)
			grad[j] += 2 * l2 * d;
	}
	return l2 * sum;
}

double tune_fit_k(const struct tune_set *s, const double *theta, int threads)
{
	/* Golden-section search of the loss against the results alone, over K from 0.0001 to 0.05 per centipawn. */
	struct tune_model m = { .lambda = 1, .threads = threads };
	const double golden = (sqrt(5.0) - 1) / 2;
	double lo = 0.0001, hi = 0.05;
	double a = hi - golden * (hi - lo), b = lo + golden * (hi - lo);
	m.k = a;
	double fa = tune_loss(s, theta, &m, NULL);
	m.k = b;
	double fb = tune_loss(s, theta, &m, NULL);
	while (hi - lo > 1e-7) {
		if (fa < fb) {
			hi = b;
			b = a;
			fb = fa;
			a = hi - golden * (hi - lo);
			m.k = a;
			fa = tune_loss(s, theta, &m, NULL);
		} else {
			lo = a;
			a = b;
			fa = fb;
			b = lo + golden * (hi - lo);
			m.k = b;
			fb = tune_loss(s, theta, &m, NULL);
		}
	}
	return (lo + hi) / 2;
}

bool tune_adam_init(struct tune_adam *a, int nparams, double rate)
{
	*a = (struct tune_adam){ .rate = rate, .beta1 = 0.9, .beta2 = 0.999 };
	a->m = calloc((size_t)nparams, sizeof *a->m);
	a->v = calloc((size_t)nparams, sizeof *a->v);
	if (!a->m || !a->v)
		tune_adam_free(a);
	return a->m != NULL;
}

void tune_adam_step(struct tune_adam *a, double *theta, const double *grad, int nparams)
{
	a->step++;
	double c1 = 1 - pow(a->beta1, (double)a->step), c2 = 1 - pow(a->beta2, (double)a->step);
	for (int j = 0; j < nparams; j++) {
		a->m[j] = a->beta1 * a->m[j] + (1 - a->beta1) * grad[j];
		a->v[j] = a->beta2 * a->v[j] + (1 - a->beta2) * grad[j] * grad[j];
		/* A weight no position uses has no gradient at all and stays where it is. */
		if (a->v[j] > 0)
			theta[j] -= a->rate * (a->m[j] / c1) / (sqrt(a->v[j] / c2) + 1e-12);
	}
}

void tune_adam_free(struct tune_adam *a)
{
	free(a->m);
	free(a->v);
	a->m = a->v = NULL;
}
