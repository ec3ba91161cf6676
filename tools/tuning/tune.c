/*
 * tools/tuning/tune: Texel's method over self-play records (see tune.h and doc/tools.md).
 *
 *   tools/tuning/tune [--epochs N] [--rate R] [--lambda L] [--l2 X] [--k K] [--holdout PCT] [--threads N]
 *                     [--report N] [--out FILE] DATA...
 */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "rules/clock.h"
#include "rules/packed.h"
#include "tune.h"

#ifndef TUNE_WEIGHTS_FILE
#define TUNE_WEIGHTS_FILE "src/engine/eval_weights.c"
#endif

struct options {
	int epochs, holdout_pct, threads, report;
	bool last; /* write the last epoch's weights, not the best on the held-out games */
	double rate, lambda, l2, k;
	const char *out;
	const char **data;
	int ndata;
};

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
	stop_requested = 1;
	signal(sig, SIG_DFL);
}

static int usage(void)
{
	fprintf(stderr,
	        "usage: tools/tuning/tune [--epochs N] [--rate R] [--lambda L] [--l2 X] [--k K] [--holdout PCT]\n"
	        "                         [--threads N] [--report N] [--out FILE] DATA...\n"
	        "  DATA        files of 32-byte records from outpost datagen\n"
	        "  --epochs    full passes of Adam (default 500)\n"
	        "  --rate      Adam's step, in centipawns (default 1)\n"
	        "  --lambda    weight of the game result in the target, the rest the search score (default 0.5)\n"
	        "  --l2        pull toward the starting weights: X * sum of (weight - start)^2, in centipawns\n"
	        "              (default 0; try 1e-8 to 1e-6)\n"
	        "  --k         the sigmoid's scale per centipawn (default: fitted to the results first)\n"
	        "  --holdout   percent of the games (by their tag) held out to measure the fit (default 10)\n"
	        "  --threads   default 2\n"
	        "  --report    print the losses every N epochs (default 10)\n"
	        "  --last      write the last epoch's weights (default: those of the report with the lowest\n"
	        "              held-out loss, so that overfitting stops where it starts)\n"
	        "  --out       where the tuned weights go (default %s)\n",
	        TUNE_WEIGHTS_FILE);
	return 2;
}

static bool number(const char *s, double lo, double hi, double *out)
{
	char *end;
	double v = strtod(s, &end);
	if (end == s || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

static bool parse(int argc, char **argv, struct options *o)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		double x = 0;
		bool ok = true, takes = a[0] == '-' && a[1] == '-' && strcmp(a, "--last");
		if (!strcmp(a, "--last"))
			o->last = true;
		else if (takes && !v)
			ok = false;
		else if (!strcmp(a, "--epochs") && (ok = number(v, 0, 1e7, &x)))
			o->epochs = (int)x;
		else if (!strcmp(a, "--rate"))
			ok = number(v, 1e-6, 1000, &o->rate);
		else if (!strcmp(a, "--lambda"))
			ok = number(v, 0, 1, &o->lambda);
		else if (!strcmp(a, "--l2"))
			ok = number(v, 0, 1, &o->l2);
		else if (!strcmp(a, "--k"))
			ok = number(v, 1e-6, 1, &o->k);
		else if (!strcmp(a, "--holdout") && (ok = number(v, 0, 100, &x)))
			o->holdout_pct = (int)x;
		else if (!strcmp(a, "--threads") && (ok = number(v, 1, 64, &x)))
			o->threads = (int)x;
		else if (!strcmp(a, "--report") && (ok = number(v, 1, 1e7, &x)))
			o->report = (int)x;
		else if (!strcmp(a, "--out"))
			o->out = v;
		else if (takes)
			ok = false;
		else
			o->data[o->ndata++] = a;
		if (!ok) {
			fprintf(stderr, "tools/tuning/tune: bad or incomplete option '%s'\n", a);
			return false;
		}
		i += takes;
	}
	return o->ndata > 0;
}

static double seconds_since(int64_t t0_us) { return (double)(monotonic_us() - t0_us) / 1e6; }

/* The weights of the report with the lowest held-out loss. */
struct best {
	double *theta, loss;
	int epoch;
};

/*
 * Adam over the training set; prints both losses every `report` epochs and
 * keeps the weights where the held-out loss was lowest.  Returns the epochs run.
 */
static int fit(const struct options *o, const struct tune_model *m, const struct tune_set *train,
               const struct tune_set *held, double *theta, double *grad, struct best *best)
{
	/* The centre of --l2's pull: the weights the fit starts from. */
	double *theta0 = malloc((size_t)m->nparams * sizeof *theta0);
	if (!theta0)
		return -1;
	memcpy(theta0, theta, (size_t)m->nparams * sizeof *theta0);
	struct tune_adam adam;
	if (!tune_adam_init(&adam, m->nparams, o->rate)) {
		free(theta0);
		return -1;
	}
	int64_t t0 = monotonic_us();
	int epoch = 0;
	while (epoch < o->epochs && !stop_requested) {
		double loss = tune_loss(train, theta, m, grad);
		if (o->l2 > 0)
			tune_l2(theta, theta0, m->nparams, o->l2, grad);
		tune_adam_step(&adam, theta, grad, m->nparams);
		if (++epoch % o->report && epoch != o->epochs)
			continue;
		double held_loss = held->count ? tune_loss(held, theta, m, NULL) : 0;
		printf("epoch %d: train %.7f held-out %.7f (%.2f epochs/s)\n", epoch, loss, held_loss,
		       epoch / seconds_since(t0));
		fflush(stdout);
		if (held_loss < best->loss) {
			best->loss = held_loss;
			best->epoch = epoch;
			memcpy(best->theta, theta, (size_t)m->nparams * sizeof *theta);
		}
	}
	tune_adam_free(&adam);
	free(theta0);
	return epoch;
}

int main(int argc, char **argv)
{
	struct options o = { .epochs = 500, .holdout_pct = 10, .threads = 2, .report = 10, .rate = 1, .lambda = 0.5,
		                 .out = TUNE_WEIGHTS_FILE, .data = calloc((size_t)argc, sizeof(char *)) };
	if (!o.data || !parse(argc, argv, &o))
		return usage();
	engine_init();
	int holdout_tags = (PACKED_TAGS * o.holdout_pct + 50) / 100;
	struct tune_set train, held;
	char err[512];
	int64_t t0 = monotonic_us();
	if (!tune_load(o.data, o.ndata, holdout_tags, o.threads, &train, &held, err, sizeof err)) {
		fprintf(stderr, "tools/tuning/tune: %s\n", err);
		return 1;
	}
	struct tune_model m = { .nparams = tune_params_init(), .lambda = o.lambda, .threads = o.threads };
	double *theta = malloc((size_t)m.nparams * sizeof *theta), *grad = malloc((size_t)m.nparams * sizeof *grad);
	struct best best = { .theta = malloc((size_t)m.nparams * sizeof *theta) };
	if (!theta || !grad || !best.theta) {
		fprintf(stderr, "tools/tuning/tune: out of memory\n");
		return 1;
	}
	tune_params_current(theta);
	memcpy(best.theta, theta, (size_t)m.nparams * sizeof *theta);
	printf("%zu training positions, %zu held out (games tagged below %d of %d), %d parameters, traced in %.1f s\n",
	       train.count, held.count, holdout_tags, PACKED_TAGS, m.nparams, seconds_since(t0));
	m.k = o.k > 0 ? o.k : tune_fit_k(&train, theta, o.threads);
	double held_before = held.count ? tune_loss(&held, theta, &m, NULL) : 0;
	best.loss = held.count ? held_before : INFINITY;
	printf("K %.6f%s, lambda %.2f, l2 %g\nepoch 0: train %.7f held-out %.7f\n", m.k, o.k > 0 ? "" : " (fitted)",
	       m.lambda, o.l2, tune_loss(&train, theta, &m, NULL), held_before);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	int epochs = fit(&o, &m, &train, &held, theta, grad, &best);
	if (epochs < 0) {
		fprintf(stderr, "tools/tuning/tune: out of memory\n");
		return 1;
	}
	printf("held-out loss: %.7f before, %.7f after %d epochs, lowest %.7f at epoch %d\n", held_before,
	       held.count ? tune_loss(&held, theta, &m, NULL) : 0, epochs, best.loss, best.epoch);
	const double *chosen = o.last || !held.count ? theta : best.theta;
	if (!o.last && held.count)
		printf("writing the weights of epoch %d (the lowest held-out loss; --last for the last epoch's)\n",
		       best.epoch);
	if (!tune_save_weights(o.out, chosen, err, sizeof err)) {
		fprintf(stderr, "tools/tuning/tune: %s\n", err);
		return 1;
	}
	printf("wrote %s\n", o.out);
	tune_set_free(&train);
	tune_set_free(&held);
	free(theta);
	free(grad);
	free(best.theta);
	free(o.data);
	return 0;
}
