/* The tuner's data: packed records read, split by game, traced into sparse terms. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "rules/packed.h"
#include "tune.h"

void tune_set_free(struct tune_set *s)
{
	free(s->pos);
	free(s->terms);
	memset(s, 0, sizeof *s);
}

static bool grow(void **p, size_t *capacity, size_t need, size_t size)
{
	if (need <= *capacity)
		return true;
	size_t n = *capacity ? *capacity : 1024;
	while (n < need)
		n *= 2;
	void *q = realloc(*p, n * size);
	if (!q)
		return false;
	*p = q;
	*capacity = n;
	return true;
}

static void append_terms(struct tune_set *s, const struct tune_term *t, int n)
{
	if (n > 0)
		memcpy(s->terms + s->nterms, t, (size_t)n * sizeof *t);
	s->nterms += (size_t)n;
}

bool tune_set_add(struct tune_set *s, const struct tune_trace *t, int result, int score)
{
	size_t n = (size_t)(t->nlinear + t->nmg + t->ndanger[WHITE] + t->ndanger[BLACK] + t->ncomplexity);
	if (!grow((void **)&s->pos, &s->capacity, s->count + 1, sizeof *s->pos) ||
	    !grow((void **)&s->terms, &s->terms_capacity, s->nterms + n, sizeof *s->terms))
		return false;
	s->pos[s->count++] = (struct tune_position){
		.first = (uint32_t)s->nterms,
		.nlinear = (uint16_t)t->nlinear,
		.nmg = (uint8_t)t->nmg,
		.ndanger = { (uint8_t)t->ndanger[WHITE], (uint8_t)t->ndanger[BLACK] },
		.ncomplexity = (uint8_t)t->ncomplexity,
		.phase = (uint8_t)t->phase,
		.scale = (uint8_t)t->scale,
		.side_sign = (int8_t)(t->side == WHITE ? 1 : -1),
		.counted = (uint8_t)(t->counted[WHITE] | t->counted[BLACK] << 1),
		.result = (float)result / 2,
		.score = (float)score,
	};
	append_terms(s, t->linear, t->nlinear);
	append_terms(s, t->mg, t->nmg);
	append_terms(s, t->danger[WHITE], t->ndanger[WHITE]);
	append_terms(s, t->danger[BLACK], t->ndanger[BLACK]);
	append_terms(s, t->complexity, t->ncomplexity);
	return true;
}

/* Appends one set to another, moving its terms' offsets. */
static bool concat(struct tune_set *to, const struct tune_set *from)
{
	if (!grow((void **)&to->pos, &to->capacity, to->count + from->count, sizeof *to->pos) ||
	    !grow((void **)&to->terms, &to->terms_capacity, to->nterms + from->nterms, sizeof *to->terms))
		return false;
	for (size_t i = 0; i < from->count; i++) {
		to->pos[to->count + i] = from->pos[i];
		to->pos[to->count + i].first += (uint32_t)to->nterms;
	}
	to->count += from->count;
	append_terms(to, from->terms, (int)from->nterms);
	return true;
}

/* The records of every file, one after the other, with where each file starts. */
struct records {
	uint8_t *bytes;
	size_t count;
	const char *const *paths;
	size_t *starts; /* starts[f]: the index of file f's first record */
	int nfiles;
};

static bool read_file(struct records *r, int f, char *err, size_t errlen)
{
	const char *path = r->paths[f];
	FILE *in = fopen(path, "rb");
	long size = -1;
	if (in && !fseek(in, 0, SEEK_END))
		size = ftell(in);
	if (!in || size < 0 || fseek(in, 0, SEEK_SET)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		if (in)
			fclose(in);
		return false;
	}
	bool ok = size % PACKED_SIZE == 0;
	if (!ok)
		snprintf(err, errlen, "%s: %ld bytes, not a whole number of %d-byte records", path, size, PACKED_SIZE);
	size_t n = (size_t)size / PACKED_SIZE;
	uint8_t *more = ok ? realloc(r->bytes, (r->count + n) * PACKED_SIZE + 1) : NULL;
	if (ok && !more)
		snprintf(err, errlen, "%s: out of memory", path);
	ok = ok && more;
	if (ok) {
		r->bytes = more;
		ok = fread(r->bytes + r->count * PACKED_SIZE, PACKED_SIZE, n, in) == n;
		if (!ok)
			snprintf(err, errlen, "%s: cannot read it: %s", path, strerror(errno));
	}
	fclose(in);
	r->starts[f] = r->count;
	r->count += ok ? n : 0;
	return ok;
}

/* "file: record N" for record i of all. */
static void where(const struct records *r, size_t i, char *buf, size_t len)
{
	int f = 0;
	while (f + 1 < r->nfiles && r->starts[f + 1] <= i)
		f++;
	snprintf(buf, len, "%s: record %zu", r->paths[f], i - r->starts[f] + 1);
}

/* One thread's share of the records. */
struct loader {
	const struct records *records;
	size_t from, to;
	int holdout_tags;
	struct tune_set train, held;
	bool ok;
	char err[600];
};

static void *load_part(void *arg)
{
	struct loader *l = arg;
	struct position pos;
	struct state st;
	struct tune_trace *t = malloc(sizeof *t);
	l->ok = t != NULL;
	if (!l->ok)
		snprintf(l->err, sizeof l->err, "out of memory");
	for (size_t i = l->from; l->ok && i < l->to; i++) {
		struct packed_labels labels;
		char why[320], at[256];
		const uint8_t *rec = l->records->bytes + i * PACKED_SIZE;
		l->ok = packed_unpack(rec, &pos, &st, &labels, why, sizeof why) &&
		        tune_trace_position(&pos, t, why, sizeof why);
		if (l->ok) {
			struct tune_set *s = labels.tag < l->holdout_tags ? &l->held : &l->train;
			l->ok = tune_set_add(s, t, labels.result, labels.score);
			if (!l->ok)
				snprintf(why, sizeof why, "out of memory");
		}
		if (!l->ok) {
			where(l->records, i, at, sizeof at);
			snprintf(l->err, sizeof l->err, "%s: %s", at, why);
		}
	}
	free(t);
	return NULL;
}

/* Traces every record on `threads` threads, each a contiguous share, joined in order (the same sets each run). */
static bool trace_all(const struct records *r, int holdout_tags, int threads, struct tune_set *train,
                      struct tune_set *held, char *err, size_t errlen)
{
	struct loader *parts = calloc((size_t)threads, sizeof *parts);
	pthread_t *tids = calloc((size_t)threads, sizeof *tids);
	bool *started = calloc((size_t)threads, sizeof *started), ok = parts && tids && started;
	snprintf(err, errlen, "out of memory");
	for (int i = 0; ok && i < threads; i++) {
		parts[i] = (struct loader){ .records = r, .holdout_tags = holdout_tags };
		parts[i].from = r->count * (size_t)i / (size_t)threads;
		parts[i].to = r->count * (size_t)(i + 1) / (size_t)threads;
		started[i] = pthread_create(&tids[i], NULL, load_part, &parts[i]) == 0;
		if (!started[i])
			load_part(&parts[i]);
	}
	for (int i = 0; ok && i < threads; i++)
		if (started[i])
			pthread_join(tids[i], NULL);
	for (int i = 0; parts && i < threads; i++) {
		if (ok && !parts[i].ok)
			snprintf(err, errlen, "%s", parts[i].err);
		ok = ok && parts[i].ok;
		if (ok && !(concat(train, &parts[i].train) && concat(held, &parts[i].held))) {
			snprintf(err, errlen, "out of memory");
			ok = false;
		}
		tune_set_free(&parts[i].train);
		tune_set_free(&parts[i].held);
	}
	free(parts);
	free(tids);
	free(started);
	return ok;
}

bool tune_load(const char *const *paths, int npaths, int holdout_tags, int threads, struct tune_set *train,
               struct tune_set *held, char *err, size_t errlen)
{
	memset(train, 0, sizeof *train);
	memset(held, 0, sizeof *held);
	struct records r = { .paths = paths, .nfiles = npaths, .starts = calloc((size_t)npaths + 1, sizeof(size_t)) };
	bool ok = r.starts != NULL;
	if (!ok)
		snprintf(err, errlen, "out of memory");
	for (int f = 0; ok && f < npaths; f++)
		ok = read_file(&r, f, err, errlen);
	if (ok && !r.count) {
		snprintf(err, errlen, "no records in the data");
		ok = false;
	}
	ok = ok && trace_all(&r, holdout_tags, threads < 1 ? 1 : threads, train, held, err, errlen);
	free(r.bytes);
	free(r.starts);
	if (!ok) {
		tune_set_free(train);
		tune_set_free(held);
	}
	return ok;
}
