/* Re-scoring's run: blocks of records searched by worker threads, written in the input's order. */
#include "protocol/rescore.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "protocol/datagen_internal.h"
#include "protocol/rescore_internal.h"
#include "rules/clock.h"

#define RESCORE_MAX_THREADS 256

void rescore_defaults(struct rescore_options *opt)
{
	*opt = (struct rescore_options){ .threads = 1, .nodes = 2500, .hash_mb = 1, .progress_seconds = 10 };
}

/* What the workers share. */
struct run {
	const struct rescore_options *opt;
	int in_fd;
	FILE *out;
	long long first, end; /* the input records to do: first .. end - 1 */
	atomic_llong next_block;
	pthread_mutex_t lock; /* guards everything below */
	pthread_cond_t changed;
	long long next_write; /* the block whose turn it is */
	long long cut_at;     /* the first block given up: none after it is written */
	struct rescore_totals totals;
	int reported, running;
	bool failed;
	char err[300];
};

static double now_seconds(void) { return (double)monotonic_us() / 1e6; }

static void fail(struct run *r, const char *why)
{
	pthread_mutex_lock(&r->lock);
	if (!r->failed)
		snprintf(r->err, sizeof r->err, "%s", why);
	r->failed = true;
	pthread_cond_broadcast(&r->changed);
	pthread_mutex_unlock(&r->lock);
}

static bool stop_raised(const struct rescore_options *opt) { return opt->stop && *opt->stop; }

static bool should_stop(struct run *r)
{
	pthread_mutex_lock(&r->lock);
	bool stop = r->failed || r->cut_at != LLONG_MAX;
	pthread_mutex_unlock(&r->lock);
	return stop || stop_raised(r->opt);
}

/* A block not searched to its end: neither it nor any block after it is written. */
static void give_up(struct run *r, long long k)
{
	pthread_mutex_lock(&r->lock);
	if (k < r->cut_at)
		r->cut_at = k;
	pthread_cond_broadcast(&r->changed);
	pthread_mutex_unlock(&r->lock);
}

/* Adds a written block to the totals, and names its corrupt records while fewer than RESCORE_REPORTS were named. */
static void tally(struct run *r, const struct rescore_block *b)
{
	struct rescore_totals *t = &r->totals;
	t->done += b->n;
	t->written += b->nout;
	t->in_check += b->in_check;
	t->mate += b->mate;
	t->noisy += b->noisy;
	t->bad += b->bad;
	for (int i = 0; i < b->nreports && r->reported < RESCORE_REPORTS; i++, r->reported++)
		if (r->opt->progress)
			fprintf(r->opt->progress, "rescore: %s: record %lld skipped: %s\n", r->opt->in, b->reports[i].record,
			        b->reports[i].why);
}

/* Appends block k when its turn comes, so that the output keeps the input's order. */
static void write_block(struct run *r, long long k, const struct rescore_block *b)
{
	pthread_mutex_lock(&r->lock);
	while (r->next_write != k && k < r->cut_at && !r->failed)
		pthread_cond_wait(&r->changed, &r->lock);
	if (k < r->cut_at && !r->failed) {
		size_t n = (size_t)b->nout;
		if (fwrite(b->out, PACKED_SIZE, n, r->out) != n || fflush(r->out)) {
			snprintf(r->err, sizeof r->err, "%s: %s", r->opt->out, strerror(errno));
			r->failed = true;
		} else {
			tally(r, b);
		}
		r->next_write++;
		pthread_cond_broadcast(&r->changed);
	}
	pthread_mutex_unlock(&r->lock);
}

/* Reads block k of the run and searches it; false when it was not done to its end (see rescore_block). */
static bool read_and_search(struct run *r, struct engine *e, long long k, struct rescore_block *b, char *err,
                            size_t errlen)
{
	long long first = r->first + k * RESCORE_BLOCK;
	b->n = (int)(r->end - first < RESCORE_BLOCK ? r->end - first : RESCORE_BLOCK);
	size_t bytes = (size_t)b->n * PACKED_SIZE;
	ssize_t got = pread(r->in_fd, b->in, bytes, (off_t)first * PACKED_SIZE);
	if (got != (ssize_t)bytes) {
		snprintf(err, errlen, "%s: %s", r->opt->in, got < 0 ? strerror(errno) : "shorter than when it was opened");
		return false;
	}
	return rescore_block(e, r->opt, first + 1, b, err, errlen);
}

static void *worker(void *arg)
{
	struct run *r = arg;
	char err[300] = "";
	struct rescore_block *b = malloc(sizeof *b);
	struct engine *e = b ? rescore_engine(r->opt, err, sizeof err) : NULL;
	if (!e)
		fail(r, err[0] ? err : "out of memory");
	while (e && !should_stop(r)) {
		long long k = atomic_fetch_add(&r->next_block, 1);
		if (r->first + k * RESCORE_BLOCK >= r->end)
			break;
		err[0] = '\0';
		if (read_and_search(r, e, k, b, err, sizeof err)) {
			write_block(r, k, b);
		} else {
			give_up(r, k);
			if (err[0])
				fail(r, err);
		}
	}
	engine_free(e);
	free(b);
	pthread_mutex_lock(&r->lock);
	r->running--;
	pthread_cond_broadcast(&r->changed);
	pthread_mutex_unlock(&r->lock);
	return NULL;
}

static void print_progress(FILE *f, const struct rescore_totals *t, double seconds)
{
	if (!f)
		return;
	long long left = t->records - t->resumed - t->done;
	double rate = seconds > 0 ? (double)t->done / seconds : 0;
	fprintf(f,
	        "rescore: %lld of %lld records (%.1f%%), %lld written; dropped: %lld in check, %lld mate scores, "
	        "%lld best moves capturing or promoting; %lld corrupt; %.0f records/s, %.1f s",
	        t->resumed + t->done, t->records, t->records ? 100.0 * (double)(t->resumed + t->done) / (double)t->records : 100,
	        t->written, t->in_check, t->mate, t->noisy, t->bad, rate, seconds);
	if (left > 0 && rate > 0)
		fprintf(f, ", about %.1f minutes to go", (double)left / rate / 60);
	fprintf(f, "\n");
	fflush(f);
}

/* Waits for the workers, printing progress every progress_seconds. */
static void watch(struct run *r, double start)
{
	const struct rescore_options *opt = r->opt;
	double next = start + opt->progress_seconds;
	pthread_mutex_lock(&r->lock);
	while (r->running > 0) {
		struct timespec wake;
		clock_gettime(CLOCK_REALTIME, &wake);
		wake.tv_nsec += 200 * 1000000L; /* also notice a stop flag raised by a signal */
		if (wake.tv_nsec >= 1000000000L) {
			wake.tv_sec++;
			wake.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&r->changed, &r->lock, &wake);
		if (opt->progress_seconds > 0 && now_seconds() >= next) {
			print_progress(opt->progress, &r->totals, now_seconds() - start);
			next += opt->progress_seconds;
		}
	}
	pthread_mutex_unlock(&r->lock);
}

/*
 * Opens the input and counts its records (a record cut short at its end is
 * said and left out).  An output that is the input itself is refused: the
 * run would read what it writes.
 */
static bool open_input(struct run *r, char *err, size_t errlen)
{
	const struct rescore_options *opt = r->opt;
	struct stat in, out;
	r->in_fd = open(opt->in, O_RDONLY);
	if (r->in_fd < 0 || fstat(r->in_fd, &in)) {
		snprintf(err, errlen, "%s: %s", opt->in, strerror(errno));
		if (r->in_fd >= 0)
			close(r->in_fd);
		return false;
	}
	if (stat(opt->out, &out) == 0 && out.st_dev == in.st_dev && out.st_ino == in.st_ino) {
		snprintf(err, errlen, "%s: the output is the input; re-score into another file", opt->out);
		close(r->in_fd);
		return false;
	}
	r->end = r->totals.records = (long long)(in.st_size / PACKED_SIZE);
	if (in.st_size % PACKED_SIZE && opt->progress)
		fprintf(opt->progress, "rescore: %s ends in a record cut short (%lld bytes): left out\n", opt->in,
		        (long long)(in.st_size % PACKED_SIZE));
	return true;
}

/* Starts n workers (or as many as the system allows, failing the run); returns how many started. */
static int start_workers(struct run *r, pthread_t *tids, int n)
{
	int started = 0;
	pthread_mutex_lock(&r->lock);
	for (; started < n; started++)
		if (pthread_create(&tids[started], NULL, worker, r))
			break;
	r->running = started;
	pthread_mutex_unlock(&r->lock);
	if (started < n)
		fail(r, "cannot start a worker thread");
	return started;
}

/* The workers from the record after what the output already holds to the input's end, or a stop. */
static void search_all(struct run *r, long long kept)
{
	const struct rescore_options *opt = r->opt;
	if (kept && opt->progress)
		fprintf(opt->progress, "rescore: %s holds %lld records re-scored before: going on after record %lld of %s\n",
		        opt->out, kept, r->first, opt->in);
	r->totals.resumed = r->first;
	engine_init();
	pthread_mutex_init(&r->lock, NULL);
	pthread_cond_init(&r->changed, NULL);
	atomic_init(&r->next_block, 0);
	pthread_t tids[RESCORE_MAX_THREADS];
	double start = now_seconds();
	int started = start_workers(r, tids, opt->threads);
	watch(r, start);
	for (int i = 0; i < started; i++)
		pthread_join(tids[i], NULL);
	r->totals.seconds = now_seconds() - start;
	pthread_cond_destroy(&r->changed);
	pthread_mutex_destroy(&r->lock);
}

bool rescore_run(const struct rescore_options *opt, struct rescore_totals *totals, char *err, size_t errlen)
{
	struct run r = { .opt = opt, .cut_at = LLONG_MAX };
	memset(totals, 0, sizeof *totals);
	if (opt->threads < 1 || opt->threads > RESCORE_MAX_THREADS || !opt->nodes || !opt->in || !opt->out) {
		snprintf(err, errlen, "re-scoring needs an input, an output, 1 to %d threads and a node count",
		         RESCORE_MAX_THREADS);
		return false;
	}
	if (!open_input(&r, err, errlen))
		return false;
	long long kept = 0;
	r.out = datagen_open_output(opt->out, opt->progress, err, errlen);
	if (!r.out || !rescore_resume(opt->in, opt->out, &r.first, &kept, err, errlen)) {
		if (r.out)
			fclose(r.out);
		close(r.in_fd);
		return false;
	}
	search_all(&r, kept);
	if (fclose(r.out) && !r.failed) {
		snprintf(r.err, sizeof r.err, "%s: %s", opt->out, strerror(errno));
		r.failed = true;
	}
	close(r.in_fd);
	print_progress(opt->progress, &r.totals, r.totals.seconds);
	if (r.totals.bad > RESCORE_REPORTS && opt->progress)
		fprintf(opt->progress, "rescore: %lld corrupt records skipped, the first %d named above\n", r.totals.bad,
		        RESCORE_REPORTS);
	*totals = r.totals;
	if (r.failed)
		snprintf(err, errlen, "%s", r.err);
	return !r.failed;
}
