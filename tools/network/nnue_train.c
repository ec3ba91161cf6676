/*
 * tools/network/nnue-train: trains the evaluation network on the packed self-play
 * data (rules/packed.h) and writes the network file the engine reads.
 *
 *   tools/network/nnue-train [options] DATA.bin... --out NET.nnue --checkpoint CK
 *
 * The loss is the squared difference of sigmoid(output * scale / K) and a
 * blend of sigmoid(search score / K) with the game's result (--wdl, the
 * result's share), and with --teacher, that blend drawn towards the output
 * of other float weights (--teacher-share of it: a round on a few million
 * new positions keeps what the network it starts from knew).  Mini-batches;
 * the batch is split over --threads threads, each with its own gradient;
 * Adam.  The first layer is sparse: a position touches only the rows of its
 * (at most 32) pieces, forward and backward.
 * The games whose tag falls in the held-out share (--holdout percent; or,
 * with --split position, the positions whose board hashes into it) are never
 * trained on; their loss is printed after every epoch, with how far the
 * quantised network's centipawns are from the float model's on them.  After
 * every epoch the checkpoint (weights and Adam's moments) and the network
 * file are written; --resume goes on from the checkpoint.
 *
 *   tools/network/nnue-train --prepare OUT.bin [--seed N] DATA.bin...
 *
 * writes the records of the data files once each (a position met again, by
 * its board, side, castling and en passant, keeps its first record), checked
 * and shuffled by the seed: a training file that one command remakes.
 *
 * --skip-check and --max-score N leave records out wherever they are read
 * (tools/network/nnue_filter.h says why), the held-out ones too, so that the
 * held-out loss measures the positions trained for; the data line says how
 * many each left out.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/nnue.h"
#include "rules/packed.h"
#include "tools/network/nnue_filter.h"
#include "tools/network/nnue_model.h"
#include "tools/trainer/adam.h"
#include "tools/trainer/batch.h"
#include "tools/trainer/checkpoint.h"
#include "tools/trainer/weights.h"
#include "tools/trainer/random.h"

#define MAX_FILES 64
#define CHECK_POSITIONS 20000 /* held-out positions compared quantised against float after each epoch */

struct options {
	const char *files[MAX_FILES];
	int nfiles;
	const char *out, *checkpoint, *name, *prepare;
	const char *init, *save_float; /* --init: float weights to start from; --save-float: where to write them */
	const char *teacher;           /* --teacher: float weights whose outputs are a share of the target */
	const char *match_scale;       /* --match-scale: the network whose centipawns the written one's scale matches */
	float teacher_share;
	bool keep_best;                /* write the network only when the held-out loss is the best so far */
	bool output_only;              /* learn the output layer alone, the hidden layer kept as it starts */
	int hidden, buckets, epochs, batch, threads, holdout, scale;
	float lr, lr_decay, wdl, k;
	uint64_t seed, max_positions;
	uint64_t warmup; /* --warmup: Adam's first steps, in batches, ramped up to the epoch's step */
	bool resume;
	bool by_position; /* --split position: hold out by the board's hash, not by game */
	bool flip;        /* --flip: castle-free positions turned over a-file to h-file on every other epoch */
	struct nt_filter filter;
};

struct data {
	uint8_t *train, *held; /* records */
	size_t ntrain, nheld;
};

/* ---------------------------------------------------------------- data */

/* The bytes that make it the same position: board, side, castling, en passant (not the clock or the labels). */
static uint64_t position_hash(const uint8_t *rec)
{
	uint64_t h = 1469598103934665603ULL;
	for (int i = 0; i < 26; i++)
		h = (h ^ rec[i]) * 1099511628211ULL;
	return h | 1; /* 0 marks an empty slot in prepare()'s table */
}

static bool append(uint8_t **buf, size_t *n, size_t *cap, const uint8_t *rec)
{
	if (*n == *cap) {
		size_t c = *cap ? *cap * 2 : 1 << 16;
		uint8_t *b = realloc(*buf, c * PACKED_SIZE);
		if (!b)
			return false;
		*buf = b, *cap = c;
	}
	memcpy(*buf + *n * PACKED_SIZE, rec, PACKED_SIZE);
	(*n)++;
	return true;
}

/* Every record of every file, checked, filtered, split by the board's hash; a corrupt record is named and skipped. */
static bool load(const struct options *o, struct data *d)
{
	size_t cap_t = 0, cap_h = 0, bad = 0;
	uint8_t rec[PACKED_SIZE];
	struct nt_filter_counts left_out = { 0, 0 };
	char filtered[200];
	for (int i = 0; i < o->nfiles; i++) {
		FILE *f = fopen(o->files[i], "rb");
		if (!f) {
			fprintf(stderr, "nnue-train: %s: %s\n", o->files[i], strerror(errno));
			return false;
		}
		size_t index = 0;
		char err[200];
		while (fread(rec, 1, PACKED_SIZE, f) == PACKED_SIZE && (!o->max_positions || d->ntrain + d->nheld < o->max_positions)) {
			index++;
			struct position pos;
			struct state st;
			struct packed_labels labels;
			if (!packed_unpack(rec, &pos, &st, &labels, err, sizeof err)) {
				if (bad++ < 5)
					fprintf(stderr, "nnue-train: %s: record %zu skipped: %s\n", o->files[i], index, err);
				continue;
			}
			if (!nt_filter_keep(&o->filter, &pos, &labels, &left_out))
				continue;
			/* Whole games by their tag (positions of one game share its result: split apart, the held-out
			 * loss would flatter a network that learnt the games), or positions by their board's hash. */
			bool held = o->by_position ? (position_hash(rec) >> 8) % 100 < (uint64_t)o->holdout
			                           : (rec[31] >> 2) < (o->holdout * PACKED_TAGS + 99) / 100;
			if (!(held ? append(&d->held, &d->nheld, &cap_h, rec) : append(&d->train, &d->ntrain, &cap_t, rec))) {
				fprintf(stderr, "nnue-train: out of memory reading %s\n", o->files[i]);
				fclose(f);
				return false;
			}
		}
		fclose(f);
	}
	nt_filter_summary(&o->filter, &left_out, filtered, sizeof filtered);
	printf("data: %zu training positions, %zu held out (%d%% of the %s), %zu corrupt records skipped%s\n", d->ntrain,
	       d->nheld, o->holdout, o->by_position ? "positions by hash" : "games by tag", bad, filtered);
	return true;
}

/* ---------------------------------------------------------------- the gradient, in threads */

struct worker {
	const struct nt_model *m;
	const struct nt_model *teacher; /* NULL: none */
	const struct options *o;
	const uint8_t *records;
	const uint32_t *order; /* NULL: records in order */
	float *grad; /* NULL: the loss only */
	float *acc;
	double loss;
	double score_loss, result_loss; /* without a gradient: against the score alone and the result alone */
	int epoch;
};

static void work(void *arg, size_t first, size_t count)
{
	struct worker *w = arg;
	struct nt_sample s;
	float sk = (float)w->o->scale / w->o->k;
	w->loss = w->score_loss = w->result_loss = 0;
	for (size_t i = first; i < first + count; i++) {
		size_t r = w->order ? w->order[i] : i;
		/* Training sees a castle-free position turned over on every other epoch (and not the held-out set). */
		bool flip = w->grad && w->o->flip && ((r ^ (size_t)w->epoch) & 1);
		nt_sample_from(w->records + r * PACKED_SIZE, w->o->wdl, w->o->k, flip, &s);
		if (w->teacher) {
			float t = 1.0f / (1.0f + expf(-nt_forward(w->teacher, &s, w->acc) * sk));
			s.target = (1 - w->o->teacher_share) * s.target + w->o->teacher_share * t;
		}
		if (w->grad) {
			w->loss += nt_backward(w->m, &s, sk, w->acc, w->grad);
		} else {
			float p = 1.0f / (1.0f + expf(-nt_forward(w->m, &s, w->acc) * sk));
			w->loss += (double)(p - s.target) * (p - s.target);
			w->score_loss += (double)(p - s.score_target) * (p - s.score_target);
			w->result_loss += (double)(p - s.result_target) * (p - s.result_target);
		}
	}
}

/* Runs `count` positions from `first` over the workers; returns the summed loss. */
static double run_workers(struct worker *ws, int n, const uint8_t *records, const uint32_t *order, size_t first,
                          size_t count, bool gradient)
{
	for (int i = 0; i < n; i++) {
		ws[i].records = records, ws[i].order = order;
		if (!gradient)
			ws[i].grad = NULL;
	}
	tr_run_shares(n, first, count, work, ws, sizeof *ws);
	double loss = 0;
	for (int i = 0; i < n; i++)
		loss += ws[i].loss;
	return loss;
}

/* ---------------------------------------------------------------- checkpoint */

static const char *const shape_names[] = { "hidden units", "output buckets" };

/* One output: the first networks' shape, [hidden]; output buckets: [hidden, buckets]. */
static struct tr_checkpoint checkpoint_of(const struct nt_model *m, int32_t *shape)
{
	shape[0] = m->hidden;
	shape[1] = m->buckets;
	return (struct tr_checkpoint){ .magic = "OUTPNNCK", .nshape = m->buckets > 1 ? 2 : 1, .shape = shape,
		                       .shape_names = shape_names };
}

static bool save_checkpoint(const char *path, const struct nt_model *m, const struct tr_adam *a, int epoch)
{
	int32_t shape[2];
	struct tr_checkpoint c = checkpoint_of(m, shape);
	char err[4200];
	if (!tr_checkpoint_save(path, &c, m->p, a, epoch, err, sizeof err)) {
		fprintf(stderr, "nnue-train: %s\n", err);
		return false;
	}
	return true;
}

#define FLOAT_MAGIC "OUTPNNFW"

/* The float weights alone (tools/trainer/weights.h): the committed start of the next round. */
static bool save_float(const char *path, const struct nt_model *m)
{
	int32_t shape[2];
	struct tr_checkpoint c = checkpoint_of(m, shape);
	c.magic = FLOAT_MAGIC;
	char err[4200];
	if (!tr_weights_save(path, &c, m->p, m->count, err, sizeof err)) {
		fprintf(stderr, "nnue-train: %s\n", err);
		return false;
	}
	return true;
}

static bool load_float_as(const char *path, struct nt_model *m, char *err, size_t errlen)
{
	int32_t shape[2];
	struct tr_checkpoint c = checkpoint_of(m, shape);
	c.magic = FLOAT_MAGIC;
	return tr_weights_load(path, &c, m->p, m->count, err, errlen);
}

/* Float weights of m's shape, or, for a model with output buckets, of one output: each bucket starts as it. */
static bool load_float(const char *path, const char *option, struct nt_model *m)
{
	char err[4200], err1[4200];
	struct nt_model one = { 0 };
	bool ok = load_float_as(path, m, err, sizeof err);
	if (!ok && m->buckets > 1 && nt_model_new(&one, m->hidden, 1, 1) &&
	    (ok = load_float_as(path, &one, err1, sizeof err1)))
		nt_model_spread_output(m, &one);
	nt_model_free(&one);
	if (!ok)
		fprintf(stderr, "nnue-train: %s: %s\n", option, err);
	return ok;
}

static bool load_checkpoint(const char *path, struct nt_model *m, struct tr_adam *a, int *epoch)
{
	int32_t shape[2];
	struct tr_checkpoint c = checkpoint_of(m, shape);
	char err[4200];
	if (!tr_checkpoint_load(path, &c, m->p, a, epoch, err, sizeof err)) {
		fprintf(stderr, "nnue-train: --resume: %s\n", err);
		return false;
	}
	return true;
}

/* ---------------------------------------------------------------- quantised against float */

/* Writes the network file; then measures its centipawns against the float model's on held-out positions. */
/* Held-out position i: the model's output (before its scale), and net's centipawns in *cp. */
static double held_out_scores(const struct options *o, const struct nt_model *m, const struct data *d, size_t i,
                              float *acc, const struct nnue_net *net, double *cp)
{
	struct position pos;
	struct state st;
	struct nt_sample s;
	const uint8_t *rec = d->held + i * PACKED_SIZE;
	packed_unpack(rec, &pos, &st, NULL, NULL, 0);
	nt_sample_from(rec, 0, o->k, false, &s);
	*cp = nnue_evaluate_fresh(net, &pos);
	return nt_forward(m, &s, acc);
}

/*
 * --match-scale NET: the scale (centipawns per unit of output) at which the model's centipawns best match NET's, by
 * least squares on the held-out positions that NET scores within +-1000; 0 if NET does not read.  The search's
 * margins were tuned on the centipawns of the network in play, and a round that learns search scores grows its
 * output: by 9% on 2026-12-03, where the network in play with its scale alone made 9% larger played -37 +-43 Elo
 * at 10,000 nodes a move (tests/bench/results/2026-12-03-network-rounds.md).
 */
static int matched_scale(const struct options *o, const struct nt_model *m, const struct data *d, float *acc)
{
	static struct nnue_net ref;
	char err[600];
	if (!nnue_read_file(&ref, o->match_scale, err, sizeof err)) {
		fprintf(stderr, "nnue-train: --match-scale: %s\n", err);
		return 0;
	}
	double sxy = 0, sxx = 0;
	size_t n = d->nheld < CHECK_POSITIONS ? d->nheld : CHECK_POSITIONS;
	for (size_t i = 0; i < n; i++) {
		double y, x = held_out_scores(o, m, d, i, acc, &ref, &y) * o->scale;
		if (fabs(y) <= 1000)
			sxy += x * y, sxx += x * x;
	}
	long scale = sxx > 0 ? lround(o->scale * sxy / sxx) : o->scale;
	scale = scale < 1 ? 1 : scale > NNUE_SCALE_MAX ? NNUE_SCALE_MAX : scale;
	printf("  scale %ld: the centipawns of %s (the model's own: %d)\n", scale, ref.name, o->scale);
	return (int)scale;
}

static bool export_and_compare(const struct options *o, const struct nt_model *m, const struct data *d, float *acc)
{
	uint8_t *bytes;
	size_t size;
	char err[240];
	static struct nnue_net net;
	int scale = o->match_scale ? matched_scale(o, m, d, acc) : o->scale;
	if (!scale || !nt_export(m, o->name, scale, &bytes, &size))
		return false;
	bool ok = nnue_read(&net, bytes, size, err, sizeof err);
	if (!ok)
		fprintf(stderr, "nnue-train: the quantised network is refused: %s\n", err);
	FILE *f = ok ? fopen(o->out, "wb") : NULL;
	ok = f && fwrite(bytes, 1, size, f) == size;
	ok = (f ? fclose(f) == 0 : false) && ok;
	free(bytes);
	if (!ok) {
		fprintf(stderr, "nnue-train: cannot write %s\n", o->out);
		return false;
	}
	double total = 0, worst = 0;
	size_t n = d->nheld < CHECK_POSITIONS ? d->nheld : CHECK_POSITIONS;
	for (size_t i = 0; i < n; i++) {
		double q, fl = held_out_scores(o, m, d, i, acc, &net, &q) * scale;
		total += fabs(fl - q);
		worst = fabs(fl - q) > worst ? fabs(fl - q) : worst;
	}
	printf("  wrote %s: quantised vs float on %zu held-out positions: mean %.2f cp, worst %.2f cp\n", o->out, n,
	       total / (double)n, worst);
	return true;
}

/* ---------------------------------------------------------------- main */

static void usage(void)
{
	fprintf(stderr,
	        "usage: tools/network/nnue-train [options] DATA.bin...\n"
	        "       tools/network/nnue-train --prepare OUT.bin [--seed N] DATA.bin...   (dedupe and shuffle)\n"
	        "  --out FILE         the network file to write after every epoch (required)\n"
	        "  --checkpoint FILE  weights and Adam state after every epoch (required)\n"
	        "  --resume           go on from --checkpoint\n"
	        "  --init FILE        start from these float weights (--save-float's file) instead of random ones\n"
	        "  --save-float FILE  the float weights, written with the network\n"
	        "  --teacher FILE     float weights of the same width whose output is --teacher-share of the target\n"
	        "  --teacher-share F  (default 0.5 with --teacher): a round on new data keeps what the weights knew\n"
	        "  --keep-best        write the network and weights only after an epoch that lowers the held-out loss\n"
	        "  --output-only      learn the output layer alone (with --init: the hidden layer stays as it was)\n"
	        "  --match-scale NET  write the network at the scale whose centipawns best match NET's (the search's\n"
	        "                     margins were tuned on the centipawns of the network in play)\n"
	        "  --flip             turn castle-free positions over (a-file to h-file) on every other epoch\n"
	        "  --name NAME        the network's name in its file (default outpost-nnue)\n"
	        "  --hidden N         hidden units per side (default 256; a multiple of 16 up to 512)\n"
	        "  --buckets N        output buckets by the number of pieces (default 1; up to 8); with --init of\n"
	        "                     one output, every bucket starts as it\n"
	        "  --epochs N         train until N epochs are done (default 10)\n"
	        "  --batch N          positions per step (default 16384)\n"
	        "  --lr F             Adam's step size (default 0.001)\n"
	        "  --lr-decay F       the step size is multiplied by F after each epoch (default 0.85)\n"
	        "  --warmup N         the first N batches' step ramped up from 0 (default 0: none)\n"
	        "  --wdl F            the game result's share of the target (default 0.3)\n"
	        "  --k F              centipawns per unit of the sigmoid's input (default 400)\n"
	        "  --scale N          centipawns per unit of the network's output (default 400)\n"
	        "  --threads N        (default 2)\n"
	        "  --holdout PCT      share held out, by game tag (default 5: tags 0-3 of 64)\n"
	        "  --split game|position  hold out whole games (default) or positions by their board's hash\n"
	        "  --max-positions N  read at most N positions\n"
	        "  --skip-check       leave out positions whose side to move is in check\n"
	        "  --max-score N      leave out positions whose |search score| is beyond N centipawns\n"
	        "  --seed N           (default 1)\n");
}

static bool parse(int argc, char **argv, struct options *o)
{
	*o = (struct options){ .name = "outpost-nnue", .hidden = 256, .buckets = 1, .epochs = 10, .batch = 16384, .threads = 2,
		               .holdout = 5, .scale = 400, .lr = 0.001f, .lr_decay = 0.85f, .wdl = 0.3f, .k = 400, .teacher_share = 0.5f,
		               .seed = 1 };
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		bool takes = strncmp(a, "--", 2) == 0 && strcmp(a, "--resume") != 0 && strcmp(a, "--flip") != 0 &&
		             strcmp(a, "--keep-best") != 0 && strcmp(a, "--output-only") != 0 && strcmp(a, "--skip-check") != 0;
		if (takes && !v) {
			fprintf(stderr, "nnue-train: %s needs a value\n", a);
			return false;
		}
		if (!strcmp(a, "--out")) o->out = v;
		else if (!strcmp(a, "--prepare")) o->prepare = v;
		else if (!strcmp(a, "--split") && (!strcmp(v, "game") || !strcmp(v, "position"))) o->by_position = !strcmp(v, "position");
		else if (!strcmp(a, "--checkpoint")) o->checkpoint = v;
		else if (!strcmp(a, "--name")) o->name = v;
		else if (!strcmp(a, "--hidden")) o->hidden = atoi(v);
		else if (!strcmp(a, "--buckets")) o->buckets = atoi(v);
		else if (!strcmp(a, "--epochs")) o->epochs = atoi(v);
		else if (!strcmp(a, "--batch")) o->batch = atoi(v);
		else if (!strcmp(a, "--threads")) o->threads = atoi(v);
		else if (!strcmp(a, "--holdout")) o->holdout = atoi(v);
		else if (!strcmp(a, "--scale")) o->scale = atoi(v);
		else if (!strcmp(a, "--lr")) o->lr = strtof(v, NULL);
		else if (!strcmp(a, "--lr-decay")) o->lr_decay = strtof(v, NULL);
		else if (!strcmp(a, "--wdl")) o->wdl = strtof(v, NULL);
		else if (!strcmp(a, "--k")) o->k = strtof(v, NULL);
		else if (!strcmp(a, "--seed")) o->seed = strtoull(v, NULL, 10);
		else if (!strcmp(a, "--warmup")) o->warmup = strtoull(v, NULL, 10);
		else if (!strcmp(a, "--max-positions")) o->max_positions = strtoull(v, NULL, 10);
		else if (!strcmp(a, "--resume")) { o->resume = true; continue; }
		else if (!strcmp(a, "--flip")) { o->flip = true; continue; }
		else if (!strcmp(a, "--keep-best")) { o->keep_best = true; continue; }
		else if (!strcmp(a, "--output-only")) { o->output_only = true; continue; }
		else if (!strcmp(a, "--skip-check")) { o->filter.skip_check = true; continue; }
		else if (!strcmp(a, "--max-score")) o->filter.max_score = atoi(v) > 0 ? atoi(v) : -1;
		else if (!strcmp(a, "--init")) o->init = v;
		else if (!strcmp(a, "--teacher")) o->teacher = v;
		else if (!strcmp(a, "--match-scale")) o->match_scale = v;
		else if (!strcmp(a, "--teacher-share")) o->teacher_share = strtof(v, NULL);
		else if (!strcmp(a, "--save-float")) o->save_float = v;
		else if (a[0] == '-') { fprintf(stderr, "nnue-train: unknown option %s\n", a); return false; }
		else if (o->nfiles < MAX_FILES) { o->files[o->nfiles++] = a; continue; }
		else { fprintf(stderr, "nnue-train: at most %d data files\n", MAX_FILES); return false; }
		i++;
	}
	const char *bad = !o->nfiles ? "no data file"
	                  : o->filter.max_score < 0 || o->filter.max_score > PACKED_SCORE_MAX ? "--max-score: 1 to 32000 (centipawns)"
	                  : o->prepare ? NULL : !o->out ? "--out is required" : !o->checkpoint ? "--checkpoint is required"
	                  : o->hidden < NNUE_HIDDEN_STEP || o->hidden > NNUE_HIDDEN_MAX || o->hidden % NNUE_HIDDEN_STEP ? "--hidden: a multiple of 16 from 16 to 512"
	                  : o->buckets < 1 || o->buckets > NNUE_BUCKETS_MAX ? "--buckets: 1 to 8"
	                  : o->batch < 1 ? "--batch must be positive" : o->threads < 1 || o->threads > TR_MAX_THREADS ? "--threads: 1 to 64"
	                  : o->holdout < 1 || o->holdout > 50 ? "--holdout: 1 to 50 (percent)"
	                  : o->scale < 1 || o->scale > NNUE_SCALE_MAX ? "--scale: 1 to 4000"
	                  : !(o->wdl >= 0 && o->wdl <= 1) ? "--wdl: 0 to 1"
	                  : !(o->teacher_share >= 0 && o->teacher_share <= 1) ? "--teacher-share: 0 to 1" : !(o->k > 0) ? "--k must be positive"
	                  : !(o->lr > 0) ? "--lr must be positive" : strlen(o->name) > NNUE_NAME_LEN ? "--name: at most 32 characters" : NULL;
	if (bad)
		fprintf(stderr, "nnue-train: %s\n", bad);
	return !bad;
}

/* --prepare: every record once, shuffled by the seed, into one file. */
static int prepare(const struct options *o)
{
	struct options all = *o;
	all.holdout = 0;
	struct data d = { 0 };
	uint8_t *recs = NULL;
	size_t n = 0, cap = 0;
	/* load() splits by hash; here every record goes to "train" (holdout 0), checked. */
	if (!load(&all, &d))
		return 1;
	size_t slots = 16;
	while (slots < d.ntrain * 2)
		slots *= 2;
	uint64_t *seen = calloc(slots, sizeof *seen);
	if (!seen)
		return 1;
	for (size_t i = 0; i < d.ntrain; i++) {
		const uint8_t *rec = d.train + i * PACKED_SIZE;
		uint64_t h = position_hash(rec);
		size_t at = h & (slots - 1);
		while (seen[at] && seen[at] != h)
			at = (at + 1) & (slots - 1);
		if (seen[at])
			continue; /* met before (or a 64-bit hash collision: one record lost, no harm) */
		seen[at] = h;
		if (!append(&recs, &n, &cap, rec))
			return 1;
	}
	uint32_t *order = malloc(n * sizeof *order);
	if (!order)
		return 1;
	for (size_t i = 0; i < n; i++)
		order[i] = (uint32_t)i;
	uint64_t rng = o->seed * 0x2545F4914F6CDD1DULL | 1;
	tr_shuffle(order, n, &rng);
	FILE *f = fopen(o->prepare, "wb");
	bool ok = f != NULL;
	for (size_t i = 0; ok && i < n; i++)
		ok = fwrite(recs + (size_t)order[i] * PACKED_SIZE, 1, PACKED_SIZE, f) == PACKED_SIZE;
	ok = (f ? fclose(f) == 0 : false) && ok;
	if (!ok) {
		fprintf(stderr, "nnue-train: cannot write %s\n", o->prepare);
		return 1;
	}
	printf("prepare: %zu positions read, %zu duplicates dropped, %zu written to %s shuffled with seed %llu\n",
	       d.ntrain, d.ntrain - n, n, o->prepare, (unsigned long long)o->seed);
	free(seen), free(order), free(recs), free(d.train), free(d.held);
	return 0;
}

/* The held-out losses of the records' own static evaluation (the hand-written one, when the data was made). */
static void static_eval_loss(const struct options *o, const struct data *d)
{
	double loss = 0, vs_score = 0, vs_result = 0;
	for (size_t i = 0; i < d->nheld; i++) {
		const uint8_t *rec = d->held + i * PACKED_SIZE;
		struct nt_sample s;
		nt_sample_from(rec, o->wdl, o->k, false, &s);
		int eval = (int16_t)(uint16_t)(rec[29] | rec[30] << 8);
		float e = (float)((rec[24] >> 7) ? -eval : eval);
		float p = 1.0f / (1.0f + expf(-e / o->k));
		loss += (double)(p - s.target) * (p - s.target);
		vs_score += (double)(p - s.score_target) * (p - s.score_target);
		vs_result += (double)(p - s.result_target) * (p - s.result_target);
	}
	double n = (double)d->nheld;
	printf("held-out loss of the records' static evaluation (the hand-written one): %.6f (against the score alone "
	       "%.6f, the result alone %.6f)\n", loss / n, vs_score / n, vs_result / n);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The training's buffers: the shuffled order, each thread's gradient and hidden sums. */
struct buffers {
	uint32_t *order;
	float *grad, *accs;
};

/* The epochs after `done`; false where a checkpoint or a network could not be written (said). */
static bool train_epochs(const struct options *o, const struct data *d, struct nt_model *m, struct tr_adam *a,
                         struct worker *ws, const struct buffers *b, int done)
{
	double best = INFINITY;
	if (!done && o->init) {
		best = run_workers(ws, o->threads, d->held, NULL, 0, d->nheld, false) / (double)d->nheld;
		printf("epoch 0 (the weights of --init): held-out loss %.6f\n", best);
	}
	for (int epoch = done + 1; epoch <= o->epochs; epoch++) {
		double start = now();
		float lr = o->lr * powf(o->lr_decay, (float)(epoch - 1));
		for (size_t i = 0; i < d->ntrain; i++)
			b->order[i] = (uint32_t)i;
		/* Each epoch's order follows from the seed and the epoch alone: a resumed run shuffles as an unbroken one. */
		uint64_t rng = (o->seed + (uint64_t)epoch) * 0x2545F4914F6CDD1DULL | 1;
		tr_shuffle(b->order, d->ntrain, &rng);
		for (int i = 0; i < o->threads; i++)
			ws[i].epoch = epoch;
		double train_loss = 0;
		for (size_t first = 0; first < d->ntrain; first += (size_t)o->batch) {
			size_t count = d->ntrain - first < (size_t)o->batch ? d->ntrain - first : (size_t)o->batch;
			memset(b->grad, 0, m->count * (size_t)o->threads * sizeof(float));
			for (int i = 0; i < o->threads; i++)
				ws[i].grad = b->grad + m->count * (size_t)i;
			train_loss += run_workers(ws, o->threads, d->train, b->order, first, count, true);
			tr_sum_gradients(b->grad, m->count, o->threads);
			if (o->output_only) /* no gradient, no moment: Adam leaves the hidden layer where it is */
				memset(b->grad, 0, (size_t)(m->w2 - m->p) * sizeof(float));
			tr_adam_step(a, m->p, b->grad, tr_warmup(lr, a->t + 1, o->warmup), count, NT_WEIGHT_CLIP);
		}
		double held = run_workers(ws, o->threads, d->held, NULL, 0, d->nheld, false), vs_score = 0, vs_result = 0;
		for (int i = 0; i < o->threads; i++)
			vs_score += ws[i].score_loss, vs_result += ws[i].result_loss;
		printf("epoch %d: train loss %.6f, held-out loss %.6f (against the score alone %.6f, the result alone %.6f), "
		       "lr %.6f, %.0f s\n",
		       epoch, train_loss / (double)d->ntrain, held / (double)d->nheld, vs_score / (double)d->nheld,
		       vs_result / (double)d->nheld, lr, now() - start);
		fflush(stdout);
		if (!save_checkpoint(o->checkpoint, m, a, epoch))
			return false;
		if (o->keep_best && held / (double)d->nheld >= best)
			continue;
		best = held / (double)d->nheld;
		if (!export_and_compare(o, m, d, b->accs) || (o->save_float && !save_float(o->save_float, m)))
			return false;
		fflush(stdout);
	}
	return true;
}

/* The weights to start from: a checkpoint (--resume) or float weights (--init), and the teacher's; false: said. */
static bool start_from(const struct options *o, struct nt_model *m, struct tr_adam *a, struct nt_model *teacher,
                       int *done)
{
	if (o->resume && !load_checkpoint(o->checkpoint, m, a, done))
		return false;
	if (!o->resume && o->init && !load_float(o->init, "--init", m))
		return false;
	if (o->teacher && !nt_model_new(teacher, o->hidden, o->buckets, o->seed)) {
		fprintf(stderr, "nnue-train: out of memory\n");
		return false;
	}
	return !o->teacher || load_float(o->teacher, "--teacher", teacher);
}

int main(int argc, char **argv)
{
	struct options o;
	if (!parse(argc, argv, &o)) {
		usage();
		return 2;
	}
	position_init();
	if (o.prepare)
		return prepare(&o);
	struct data d = { 0 };
	struct nt_model m = { 0 }, teacher = { 0 };
	struct tr_adam a = { 0 };
	struct buffers b = { 0 };
	struct worker ws[TR_MAX_THREADS];
	int done = 0;
	bool ok = false;
	if (!load(&o, &d) || !d.ntrain || !d.nheld || !nt_model_new(&m, o.hidden, o.buckets, o.seed)) {
		fprintf(stderr, "nnue-train: no data to train on (or out of memory)\n");
	} else if (!tr_adam_new(&a, m.count) || !(b.order = malloc(d.ntrain * sizeof *b.order)) ||
	           !(b.grad = calloc(m.count * (size_t)o.threads, sizeof(float))) ||
	           !(b.accs = malloc((size_t)o.threads * 2 * (size_t)o.hidden * sizeof(float)))) {
		fprintf(stderr, "nnue-train: out of memory\n");
	} else if (start_from(&o, &m, &a, &teacher, &done)) {
		for (int i = 0; i < o.threads; i++)
			ws[i] = (struct worker){ .m = &m, .teacher = o.teacher ? &teacher : NULL, .o = &o,
				                 .acc = b.accs + (size_t)i * 2 * o.hidden };
		printf("model: 768 -> 2x%d -> 1 (SCReLU, %d output bucket%s), batch %d, Adam lr %g (x%g an epoch, warm-up %llu "
		       "batches), wdl %g, K %g, %d threads%s\n",
		       o.hidden, o.buckets, o.buckets > 1 ? "s" : "", o.batch, o.lr, o.lr_decay, (unsigned long long)o.warmup, o.wdl, o.k, o.threads,
		       done ? ", resumed" : "");
		if (o.teacher)
			printf("teacher: %s, %g of the target\n", o.teacher, o.teacher_share);
		if (o.output_only)
			printf("the output layer alone: the hidden layer stays as it starts\n");
		if (done)
			printf("resumed after epoch %d\n", done);
		static_eval_loss(&o, &d);
		ok = train_epochs(&o, &d, &m, &a, ws, &b, done);
	}
	nt_model_free(&m);
	nt_model_free(&teacher);
	tr_adam_free(&a);
	free(b.order), free(b.grad), free(b.accs), free(d.train), free(d.held);
	return ok ? 0 : 1;
}
