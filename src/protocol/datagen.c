/* The data generator's run: worker threads with an engine each, the output file, progress. */
#include "protocol/datagen.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "protocol/datagen_internal.h"
#include "rules/clock.h"

#define DATAGEN_MAX_THREADS 256

void datagen_defaults(struct datagen_options *opt)
{
	*opt = (struct datagen_options){
		.threads = 1,
		.nodes = 5000,
		.hash_mb = 4,
		.random_plies = 4,
		.seed = 1,
		.adjudication = {
			.skip_plies = 8,
			/* Ten pawns' worth for three moves each is a win the engine converts nearly always. */
			.win_score = 1000,
			.win_plies = 6,
			/* A flat score for ten moves each after move 40 is a draw. */
			.draw_score = 10,
			.draw_plies = 20,
			.draw_after_ply = 80,
			.max_plies = 800,
		},
		.progress_seconds = 10,
	};
}

/* What the workers share. */
struct run {
	const struct datagen_options *opt;
	struct opening_book book;
	FILE *out;
	atomic_llong next_game;
	pthread_mutex_t lock; /* guards everything below */
	pthread_cond_t changed;
	struct datagen_totals totals;
	int running;
	bool failed;
	char err[256];
};

static double now_seconds(void) { return (double)monotonic_us() / 1e6; }

static void fail(struct run *r, const char *why)
{
	pthread_mutex_lock(&r->lock);
	if (!r->failed)
		snprintf(r->err, sizeof r->err, "%s", why);
	r->failed = true;
	pthread_mutex_unlock(&r->lock);
}

static bool should_stop(struct run *r)
{
	const struct datagen_options *opt = r->opt;
	pthread_mutex_lock(&r->lock);
	bool stop = r->failed || (opt->stop && *opt->stop) || (opt->positions && r->totals.positions >= opt->positions);
	pthread_mutex_unlock(&r->lock);
	return stop;
}

/* Appends a finished game whole, under the lock, so that games never interleave. */
static void write_game(struct run *r, const struct datagen_game *g)
{
	pthread_mutex_lock(&r->lock);
	size_t n = (size_t)g->count;
	if (!r->failed && (fwrite(g->records, PACKED_SIZE, n, r->out) != n || fflush(r->out))) {
		snprintf(r->err, sizeof r->err, "%s: %s", r->opt->out, strerror(errno));
		r->failed = true;
	}
	if (!r->failed) {
		r->totals.games++;
		r->totals.positions += g->count;
		r->totals.results[g->result]++;
		r->totals.adjudicated += g->adjudicated;
	}
	pthread_mutex_unlock(&r->lock);
}

static struct engine *worker_engine(const struct datagen_options *opt, char *err, size_t errlen)
{
	struct engine *e = engine_new();
	char hash[16];
	snprintf(hash, sizeof hash, "%d", opt->hash_mb);
	if (!e)
		snprintf(err, errlen, "out of memory for an engine");
	else if (!engine_set_option(e, "Threads", "1", err, errlen) || !engine_set_option(e, "Hash", hash, err, errlen)) {
		engine_free(e);
		e = NULL;
	}
	return e;
}

static void *worker(void *arg)
{
	struct run *r = arg;
	const struct datagen_options *opt = r->opt;
	char err[200] = "";
	struct datagen_game game = { .capacity = opt->adjudication.max_plies + 1 };
	game.records = malloc((size_t)game.capacity * sizeof *game.records);
	struct engine *e = game.records ? worker_engine(opt, err, sizeof err) : NULL;
	if (!e)
		fail(r, err[0] ? err : "out of memory");
	while (e && !should_stop(r)) {
		long long index = atomic_fetch_add(&r->next_game, 1);
		if (opt->games && index >= opt->games)
			break;
		if (datagen_play_game(e, &r->book, opt, (uint64_t)index, &game, err, sizeof err))
			write_game(r, &game);
		else if (!(opt->stop && *opt->stop))
			fail(r, err);
	}
	engine_free(e);
	free(game.records);
	pthread_mutex_lock(&r->lock);
	r->running--;
	pthread_cond_broadcast(&r->changed);
	pthread_mutex_unlock(&r->lock);
	return NULL;
}

FILE *datagen_open_output(const char *path, FILE *progress, char *err, size_t errlen)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
	struct stat st;
	if (fd < 0 || fstat(fd, &st)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	off_t extra = st.st_size % PACKED_SIZE;
	if (extra && ftruncate(fd, st.st_size - extra)) {
		snprintf(err, errlen, "%s: cannot drop a cut-short record: %s", path, strerror(errno));
		close(fd);
		return NULL;
	}
	if (extra && progress)
		fprintf(progress, "datagen: %s ended in a record cut short; dropped its %lld bytes\n", path,
		        (long long)extra);
	FILE *f = fdopen(fd, "ab");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		close(fd);
	}
	return f;
}

static void print_progress(FILE *f, const struct datagen_totals *t, double seconds)
{
	if (!f)
		return;
	double minutes = seconds > 0 ? seconds / 60 : 1e-9;
	fprintf(f,
	        "datagen: %lld games (White %lld, draws %lld, Black %lld; %lld adjudicated), %lld positions, "
	        "%.0f positions/minute, %.1f s\n",
	        t->games, t->results[PACKED_WHITE_WINS], t->results[PACKED_DRAW], t->results[PACKED_BLACK_WINS],
	        t->adjudicated, t->positions, t->positions / minutes, seconds);
	fflush(f);
}

/* Waits for the workers, printing progress every progress_seconds. */
static void watch(struct run *r, double start)
{
	const struct datagen_options *opt = r->opt;
	double next = start + (opt->progress_seconds > 0 ? opt->progress_seconds : 10);
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
		if (now_seconds() >= next && opt->progress_seconds > 0) {
			print_progress(opt->progress, &r->totals, now_seconds() - start);
			next += opt->progress_seconds;
		}
	}
	pthread_mutex_unlock(&r->lock);
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

bool datagen_run(const struct datagen_options *opt, struct datagen_totals *totals, char *err, size_t errlen)
{
	struct run r = { .opt = opt };
	memset(totals, 0, sizeof *totals);
	if (opt->threads < 1 || opt->threads > DATAGEN_MAX_THREADS || !opt->nodes || !opt->out) {
		snprintf(err, errlen, "datagen needs 1 to %d threads, a node count and an output file", DATAGEN_MAX_THREADS);
		return false;
	}
	if (opt->openings && !opening_book_load(&r.book, opt->openings, err, errlen))
		return false;
	r.out = datagen_open_output(opt->out, opt->progress, err, errlen);
	if (!r.out) {
		opening_book_free(&r.book);
		return false;
	}
	engine_init();
	pthread_mutex_init(&r.lock, NULL);
	pthread_cond_init(&r.changed, NULL);
	atomic_init(&r.next_game, 0);
	pthread_t tids[DATAGEN_MAX_THREADS];
	double start = now_seconds();
	int started = start_workers(&r, tids, opt->threads);
	watch(&r, start);
	for (int i = 0; i < started; i++)
		pthread_join(tids[i], NULL);
	r.totals.seconds = now_seconds() - start;
	if (fclose(r.out) && !r.failed) {
		snprintf(r.err, sizeof r.err, "%s: %s", opt->out, strerror(errno));
		r.failed = true;
	}
	print_progress(opt->progress, &r.totals, r.totals.seconds);
	*totals = r.totals;
	if (r.failed)
		snprintf(err, errlen, "%s", r.err);
	pthread_cond_destroy(&r.changed);
	pthread_mutex_destroy(&r.lock);
	opening_book_free(&r.book);
	return !r.failed;
}
