/*
 * The runner behind tests/solo/criterion/criterion.h: every test in a child process of its own (a crash or a
 * timeout costs that test alone), one at a time, in the order Criterion uses (by suite, then name).
 *     thread_suites [PATTERN]      runs the tests whose "suite/name" matches the fnmatch PATTERN
 */
#include <fnmatch.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <criterion/criterion.h>

#define SOLO_MAX_TESTS 512
#define SOLO_MAX_SUITES 64

struct solo_test {
	const char *suite, *name;
	void (*run)(void);
	struct solo_options opts;
};

struct solo_suite {
	const char *name;
	struct solo_options opts;
};

static struct solo_test tests[SOLO_MAX_TESTS];
static struct solo_suite suites[SOLO_MAX_SUITES];
static int ntests, nsuites;
/* Set by a failed cr_expect, from whichever thread made it. */
static atomic_bool failed;

void solo_add_test(const char *suite, const char *name, void (*run)(void), struct solo_options opts)
{
	if (ntests == SOLO_MAX_TESTS) {
		fprintf(stderr, "solo: more than %d tests\n", SOLO_MAX_TESTS);
		exit(2);
	}
	tests[ntests++] = (struct solo_test){ suite, name, run, opts };
}

void solo_add_suite(const char *suite, struct solo_options opts)
{
	if (nsuites == SOLO_MAX_SUITES) {
		fprintf(stderr, "solo: more than %d suites\n", SOLO_MAX_SUITES);
		exit(2);
	}
	suites[nsuites++] = (struct solo_suite){ suite, opts };
}

void solo_fail(const char *file, int line, bool fatal, const char *what, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	fprintf(stderr, "[----] %s:%d: %s: %s%s\n", file, line, fatal ? "Assertion failed" : "Expectation failed",
	        what, msg);
	atomic_store(&failed, true);
	if (fatal) {
		fflush(NULL);
		_exit(1);
	}
}

static const struct solo_options *suite_options(const char *suite)
{
	static const struct solo_options none;
	for (int i = 0; i < nsuites; i++)
		if (!strcmp(suites[i].name, suite))
			return &suites[i].opts;
	return &none;
}

static int by_suite_and_name(const void *a, const void *b)
{
	const struct solo_test *x = a, *y = b;
	int c = strcmp(x->suite, y->suite);
	return c ? c : strcmp(x->name, y->name);
}

static double seconds_since(const struct timespec *t0)
{
	struct timespec t1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

/* The child: the suite's init, the test, the suite's fini; exit status 0 when nothing failed. */
static void run_in_child(const struct solo_test *t, const struct solo_options *so)
{
	double timeout = t->opts.timeout > 0 ? t->opts.timeout : so->timeout;
	if (timeout > 0)
		alarm((unsigned)timeout + 1);
	if (so->init)
		so->init();
	if (t->opts.init)
		t->opts.init();
	t->run();
	if (t->opts.fini)
		t->opts.fini();
	if (so->fini)
		so->fini();
	fflush(NULL);
	exit(atomic_load(&failed) ? 1 : 0);
}

/* Runs one test; returns 0 passed, 1 failed, 2 crashed. */
static int run_one(const struct solo_test *t)
{
	const struct solo_options *so = suite_options(t->suite);
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		perror("solo: fork");
		return 2;
	}
	if (pid == 0)
		run_in_child(t, so);
	int status;
	while (waitpid(pid, &status, 0) < 0)
		;
	double took = seconds_since(&t0);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		printf("[PASS] %s::%s: (%.2fs)\n", t->suite, t->name, took);
		return 0;
	}
	if (WIFEXITED(status)) {
		printf("[FAIL] %s::%s: (%.2fs)\n", t->suite, t->name, took);
		return 1;
	}
	int sig = WTERMSIG(status);
	printf("[FAIL] %s::%s: %s (%.2fs)\n", t->suite, t->name, sig == SIGALRM ? "Timed out" : strsignal(sig), took);
	return 2;
}

int main(int argc, char **argv)
{
	const char *pattern = argc > 1 ? argv[1] : "*";
	int tested = 0, passed = 0, failing = 0, crashing = 0;
	qsort(tests, (size_t)ntests, sizeof tests[0], by_suite_and_name);
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (int i = 0; i < ntests; i++) {
		char full[256];
		snprintf(full, sizeof full, "%s/%s", tests[i].suite, tests[i].name);
		if (tests[i].opts.disabled || suite_options(tests[i].suite)->disabled || fnmatch(pattern, full, 0))
			continue;
		int r = run_one(&tests[i]);
		tested++;
		passed += r == 0;
		failing += r == 1;
		crashing += r == 2;
	}
	/* As Criterion counts: a crash is a failure too. */
	printf("[====] Synthesis: Tested: %d | Passing: %d | Failing: %d | Crashing: %d \n", tested, passed,
	       failing + crashing, crashing);
	return tested == passed ? 0 : 1;
}
