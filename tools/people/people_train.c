/*
 * policy-fit train: Adam on the cross-entropy of the move played, over the
 * positions of the fit part, shuffled each epoch by the seed; mini-batches
 * split over threads (tools/trainer/).  The fit part's games whose tag is
 * below CHECK_TAGS are not fitted but checked after each epoch, to choose the
 * epochs by; the report part is never fitted, and its matches are printed
 * after each epoch and at the end.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tools/people/human_games.h"
#include "tools/people/people_fit.h"
#include "tools/trainer/adam.h"
#include "tools/trainer/batch.h"
#include "tools/trainer/checkpoint.h"
#include "tools/trainer/random.h"

#define CHECK_TAGS 3 /* of PACKED_TAGS: about one fit game in 21 is checked, not fitted */
#define FILES 4      /* caches told apart in the report (a record's file index) */

enum { SET_FIT, SET_CHECK, SET_REPORT, SETS };

/* Matches of the likeliest move, by file and band (the last band: every rating). */
struct tally {
	long n[FILES][HUMAN_BANDS + 1], top[FILES][HUMAN_BANDS + 1];
	double loss;
};

struct worker {
	const struct pp_net *net;
	const uint8_t *recs;
	const uint32_t *order; /* indexes into recs */
	float *grad;           /* NULL: no gradient */
	float *scratch;
	struct tally *tally, *one; /* one: the report position of each game (SET_REPORT_ONE) */
};

static void count(struct tally *t, const struct people_sample *s, bool top, double loss)
{
	int f = s->file < FILES ? s->file : FILES - 1, b = human_band(s->rating);
	t->loss += loss;
	for (int k = 0; k < 2; k++) {
		int band = k ? HUMAN_BANDS : b;
		if (band < 0)
			continue;
		t->n[f][band]++;
		t->top[f][band] += top;
	}
}

static void work(void *arg, size_t first, size_t count_)
{
	struct worker *w = arg;
	struct people_sample s;
	for (size_t i = first; i < first + count_; i++) {
		people_sample_of(w->recs + (size_t)w->order[i] * PEOPLE_RECORD, &s);
		bool top;
		double loss = w->grad ? people_backward(w->net, &s, w->grad, w->scratch, &top)
		                      : people_forward(w->net, &s, w->scratch, &top);
		count(w->tally, &s, top, loss);
		if (w->one && (s.flags & PEOPLE_REPORT_POSITION))
			count(w->one, &s, top, loss);
	}
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void tally_add(struct tally *to, const struct tally *from)
{
	to->loss += from->loss;
	for (int f = 0; f < FILES; f++)
		for (int b = 0; b <= HUMAN_BANDS; b++)
			to->n[f][b] += from->n[f][b], to->top[f][b] += from->top[f][b];
}

static double pct(long top, long n) { return n ? 100.0 * (double)top / (double)n : 0; }

/* Runs the positions of `order` through the net (with the gradient into grads when given) over the threads. */
static void run(struct worker *ws, int threads, const uint32_t *order, size_t first, size_t n, float *grads,
                size_t count_floats, struct tally *t, struct tally *one)
{
	struct tally parts[TR_MAX_THREADS], ones[TR_MAX_THREADS];
	for (int i = 0; i < threads; i++) {
		memset(&parts[i], 0, sizeof parts[i]);
		memset(&ones[i], 0, sizeof ones[i]);
		ws[i].order = order;
		ws[i].grad = grads ? grads + count_floats * (size_t)i : NULL;
		ws[i].tally = &parts[i];
		ws[i].one = one ? &ones[i] : NULL;
	}
	tr_run_shares(threads, first, n, work, ws, sizeof *ws);
	for (int i = 0; i < threads; i++) {
		tally_add(t, &parts[i]);
		if (one)
			tally_add(one, &ones[i]);
	}
}

/* One line a band: the match in each file and in all, with the positions counted. */
static void print_table(const char *title, const struct tally *t, int nfiles)
{
	printf("%s\n  band       ", title);
	for (int f = 0; f < nfiles; f++)
		printf("   file %d (n)     ", f);
	printf("   all (n)\n");
	for (int b = 0; b <= HUMAN_BANDS; b++) {
		long n = 0, top = 0;
		if (b < HUMAN_BANDS)
			printf("  %4d-%4d  ", 800 + 200 * b, 999 + 200 * b);
		else
			printf("  every      ");
		for (int f = 0; f < nfiles; f++) {
			printf("   %5.1f%% (%7ld)", pct(t->top[f][b], t->n[f][b]), t->n[f][b]);
			n += t->n[f][b], top += t->top[f][b];
		}
		printf("   %5.1f%% (%7ld)\n", pct(top, n), n);
	}
}

static long all_n(const struct tally *t)
{
	long n = 0;
	for (int f = 0; f < FILES; f++)
		n += t->n[f][HUMAN_BANDS];
	return n;
}

static long all_top(const struct tally *t)
{
	long n = 0;
	for (int f = 0; f < FILES; f++)
		n += t->top[f][HUMAN_BANDS];
	return n;
}

bool people_write_net(const struct pp_net *net, const char *path)
{
	uint8_t *bytes;
	size_t size;
	if (!pp_write(net, &bytes, &size))
		return false;
	FILE *f = fopen(path, "wb");
	bool ok = f && fwrite(bytes, 1, size, f) == size;
	ok = (f ? fclose(f) == 0 : false) && ok;
	free(bytes);
	if (!ok)
		fprintf(stderr, "policy-fit: cannot write %s\n", path);
	return ok;
}

static bool export_net(const struct people_train_options *o, struct pp_net *net)
{
	for (size_t i = 0; i < net->count; i++)
		if (!isfinite(net->p[i])) {
			fprintf(stderr, "policy-fit: weight %zu is not finite: the run diverged (a smaller --lr?)\n", i);
			return false;
		}
	snprintf(net->name, sizeof net->name, "%s", o->name);
	return people_write_net(net, o->out);
}

static const char *const shape_names[] = { "hidden units", "inputs" };

/* Every record of the caches, one after the other; false with a message. */
static bool load_caches(const struct people_train_options *o, uint8_t **recs, size_t *n)
{
	*recs = NULL, *n = 0;
	for (int i = 0; i < o->ncaches; i++) {
		uint8_t *r;
		size_t k;
		char err[512];
		if (!people_cache_load(o->caches[i], &r, &k, err, sizeof err)) {
			fprintf(stderr, "policy-fit: %s\n", err);
			return false;
		}
		uint8_t *all = realloc(*recs, (*n + k) * PEOPLE_RECORD + 1);
		if (!all)
			return false;
		*recs = all;
		memcpy(*recs + *n * PEOPLE_RECORD, r, k * PEOPLE_RECORD);
		*n += k;
		free(r);
	}
	return true;
}

/* Whether a record's mover is in the ratings fitted (all without --ratings). */
static bool rated_in(const struct people_train_options *o, const uint8_t *rec)
{
	int rating = rec[34] | rec[35] << 8;
	return o->rating_hi <= 0 || (rating >= o->rating_lo && rating <= o->rating_hi);
}

/*
 * The sets: fit, check (fit games of the first tags), every report position; false if out of memory.  With
 * --ratings, fit and check hold only those movers' positions; the report part is measured whole.
 */
static bool split_sets(const struct people_train_options *o, const uint8_t *recs, size_t n, uint32_t **sets,
                       size_t *size, int *files)
{
	*files = 1;
	for (int s = 0; s < SETS; s++)
		if (!(sets[s] = malloc((n ? n : 1) * sizeof *sets[s])))
			return false;
	for (size_t i = 0; i < n; i++) {
		const uint8_t *rec = recs + i * PEOPLE_RECORD;
		int set = rec[45] & PEOPLE_REPORT_GAME ? SET_REPORT : (rec[31] >> 2) < CHECK_TAGS ? SET_CHECK : SET_FIT;
		if (set != SET_REPORT && !rated_in(o, rec))
			continue;
		sets[set][size[set]++] = (uint32_t)i;
		*files = rec[44] >= *files ? (rec[44] < FILES ? rec[44] + 1 : FILES) : *files;
	}
	return true;
}

/* The report part's matches of a net, by file and band: the measure and every position. */
static void report_tables(const struct pp_net *net, struct worker *ws, int threads, const uint32_t *report_set,
                          size_t n, int files, const char *what)
{
	for (int i = 0; i < threads; i++)
		ws[i].net = net;
	struct tally one = { 0 }, report = { 0 };
	run(ws, threads, report_set, 0, n, NULL, 0, &report, &one);
	printf("%s: report every position %.2f%% (loss %.4f), one a game %.2f%%\n", what,
	       pct(all_top(&report), all_n(&report)), report.loss / (double)all_n(&report), pct(all_top(&one), all_n(&one)));
	print_table("report part, one position a game from ply 10 (the issue's measure), by file:", &one, files);
	print_table("report part, every position, by file:", &report, files);
	fflush(stdout);
}

/* --init: the weights of a network file of the same width (as 16-bit floats: close to what was fitted). */
static bool init_from(const struct people_train_options *o, struct pp_net *net)
{
	struct pp_net from;
	char err[4200];
	if (!pp_load(&from, o->init, err, sizeof err)) {
		fprintf(stderr, "policy-fit: --init: %s\n", err);
		return false;
	}
	bool same = from.hidden == net->hidden && from.count == net->count;
	if (same)
		memcpy(net->p, from.p, net->count * sizeof *net->p);
	else
		fprintf(stderr, "policy-fit: --init: %s has %d hidden units, not the %d of --hidden\n", o->init, from.hidden,
		        net->hidden);
	pp_free(&from);
	return same;
}

/* What a training run holds; run_free frees it whatever happened (sets and buffers start NULL). */
struct train_run {
	uint8_t *recs;
	size_t n, size[SETS];
	uint32_t *sets[SETS], *fit_order;
	int files, threads;
	struct pp_net net;
	struct tr_adam adam;
	float *grads, *scratch;
	struct worker ws[TR_MAX_THREADS];
	struct tr_checkpoint ck;
	int32_t shape[2];
	int done; /* epochs done before this run (--resume) */
};

static void run_free(struct train_run *r)
{
	pp_free(&r->net), tr_adam_free(&r->adam);
	for (int s = 0; s < SETS; s++)
		free(r->sets[s]);
	free(r->fit_order), free(r->grads), free(r->scratch), free(r->recs);
}

/* The data, the sets, the net (new, --init or --resume) and its buffers; false with a message. */
static bool train_setup(const struct people_train_options *o, struct train_run *r)
{
	if (!load_caches(o, &r->recs, &r->n) || !split_sets(o, r->recs, r->n, r->sets, r->size, &r->files))
		return false;
	if (o->max_positions && r->size[SET_FIT] > o->max_positions) {
		/* A share of every file and band, not the first games: positions drawn by the seed. */
		uint64_t rng = o->seed * 0x9E3779B97F4A7C15ULL | 1;
		tr_shuffle(r->sets[SET_FIT], r->size[SET_FIT], &rng);
		r->size[SET_FIT] = (size_t)o->max_positions;
	}
	r->threads = o->threads;
	size_t per_thread = 3 * (size_t)o->hidden + MAX_MOVES;
	if (!(r->fit_order = malloc((r->size[SET_FIT] + 1) * sizeof *r->fit_order)) ||
	    !people_net_new(&r->net, o->hidden, o->seed) || !tr_adam_new(&r->adam, r->net.count) ||
	    !(r->grads = malloc(r->net.count * (size_t)r->threads * sizeof *r->grads)) ||
	    !(r->scratch = malloc((size_t)r->threads * per_thread * sizeof *r->scratch))) {
		fprintf(stderr, "policy-fit: out of memory\n");
		return false;
	}
	for (int i = 0; i < r->threads; i++)
		r->ws[i] = (struct worker){ .net = &r->net, .recs = r->recs, .scratch = r->scratch + (size_t)i * per_thread };
	r->shape[0] = o->hidden, r->shape[1] = PP_INPUTS;
	r->ck = (struct tr_checkpoint){ .magic = "OUTPPOCK", .nshape = 2, .shape = r->shape, .shape_names = shape_names };
	char err[4200];
	if (o->init && !o->resume && !init_from(o, &r->net))
		return false;
	if (o->resume && !tr_checkpoint_load(o->checkpoint, &r->ck, r->net.p, &r->adam, &r->done, err, sizeof err)) {
		fprintf(stderr, "policy-fit: --resume: %s\n", err);
		return false;
	}
	return true;
}

/* One epoch over the fit part, then the check and report parts measured; false if it could not be saved. */
static bool train_epoch(const struct people_train_options *o, struct train_run *r, int epoch)
{
	double start = now();
	float lr = o->lr * powf(o->lr_decay, (float)(epoch - 1));
	uint64_t rng = (o->seed + (uint64_t)epoch) * 0x2545F4914F6CDD1DULL | 1;
	size_t nfit = r->size[SET_FIT], count = r->net.count;
	/* Each epoch's order follows from the seed and the epoch alone: a resumed run shuffles as an unbroken one. */
	memcpy(r->fit_order, r->sets[SET_FIT], nfit * sizeof *r->fit_order);
	tr_shuffle(r->fit_order, nfit, &rng);
	struct tally fit = { 0 };
	size_t tenth = nfit / 10 + 1, next = tenth;
	for (size_t first = 0; first < nfit; first += (size_t)o->batch) {
		size_t k = nfit - first < (size_t)o->batch ? nfit - first : (size_t)o->batch;
		memset(r->grads, 0, count * (size_t)r->threads * sizeof *r->grads);
		run(r->ws, r->threads, r->fit_order, first, k, r->grads, count, &fit, NULL);
		tr_sum_gradients(r->grads, count, r->threads);
		tr_adam_step(&r->adam, r->net.p, r->grads, lr, k, 0);
		if (first + k >= next) {
			fprintf(stderr, "  epoch %d: %zu of %zu positions, match %.2f%%, %.0f s\n", epoch, first + k, nfit,
			        pct(all_top(&fit), all_n(&fit)), now() - start);
			next += tenth;
		}
	}
	double took = now() - start;
	struct tally check = { 0 }, report = { 0 }, one = { 0 };
	run(r->ws, r->threads, r->sets[SET_CHECK], 0, r->size[SET_CHECK], NULL, 0, &check, NULL);
	run(r->ws, r->threads, r->sets[SET_REPORT], 0, r->size[SET_REPORT], NULL, 0, &report, &one);
	printf("epoch %d: fit loss %.4f match %.2f%%; checked loss %.4f match %.2f%%; report: every position "
	       "%.2f%%, one a game %.2f%% (%ld); lr %.6f, %.0f s (and %.0f s to measure)\n",
	       epoch, fit.loss / (double)all_n(&fit), pct(all_top(&fit), all_n(&fit)),
	       check.loss / (double)all_n(&check), pct(all_top(&check), all_n(&check)),
	       pct(all_top(&report), all_n(&report)), pct(all_top(&one), all_n(&one)), all_n(&one), lr, took,
	       now() - start - took);
	fflush(stdout);
	char err[4200];
	if (!tr_checkpoint_save(o->checkpoint, &r->ck, r->net.p, &r->adam, epoch, err, sizeof err)) {
		fprintf(stderr, "policy-fit: %s\n", err);
		return false;
	}
	return export_net(o, &r->net);
}

int people_train(const struct people_train_options *o)
{
	struct train_run r = { 0 };
	bool ok = train_setup(o, &r);
	if (ok) {
		printf("data: %zu positions: %zu fit, %zu checked (not fitted), %zu report (never fitted)\n"
		       "model: %d inputs -> %d (clipped ReLU) -> move rows; batch %d, Adam lr %g (x%g an epoch), %d "
		       "threads%s\n",
		       r.n, r.size[SET_FIT], r.size[SET_CHECK], r.size[SET_REPORT], PP_INPUTS, o->hidden, o->batch, o->lr,
		       o->lr_decay, r.threads, r.done ? ", resumed" : "");
		fflush(stdout);
	}
	for (int epoch = r.done + 1; ok && epoch <= o->epochs; epoch++)
		ok = train_epoch(o, &r, epoch);
	if (ok) {
		/* The file as the engine reads it must match as the float net does. */
		struct pp_net back;
		char err[4200];
		ok = pp_load(&back, o->out, err, sizeof err);
		if (!ok) {
			fprintf(stderr, "policy-fit: %s\n", err);
		} else {
			report_tables(&back, r.ws, r.threads, r.sets[SET_REPORT], r.size[SET_REPORT], r.files,
			              "the file as read back");
			pp_free(&back);
		}
	}
	run_free(&r);
	return ok ? 0 : 1;
}

int people_measure(const struct people_train_options *o)
{
	struct train_run r = { 0 };
	char err[4200];
	bool ok = load_caches(o, &r.recs, &r.n) && split_sets(o, r.recs, r.n, r.sets, r.size, &r.files);
	if (ok && !(ok = pp_load(&r.net, o->out, err, sizeof err)))
		fprintf(stderr, "policy-fit: %s\n", err);
	r.threads = o->threads;
	size_t per_thread = ok ? 3 * (size_t)r.net.hidden + MAX_MOVES : 0;
	if (ok && !(ok = (r.scratch = malloc((size_t)r.threads * per_thread * sizeof *r.scratch)) != NULL))
		fprintf(stderr, "policy-fit: out of memory\n");
	if (ok) {
		for (int i = 0; i < r.threads; i++)
			r.ws[i] = (struct worker){ .recs = r.recs, .scratch = r.scratch + (size_t)i * per_thread };
		printf("%s ('%s', %d hidden units) on %zu report positions of %d file(s), never fitted\n", o->out,
		       r.net.name, r.net.hidden, r.size[SET_REPORT], r.files);
		report_tables(&r.net, r.ws, r.threads, r.sets[SET_REPORT], r.size[SET_REPORT], r.files, o->out);
	}
	run_free(&r);
	return ok ? 0 : 1;
}
