/*
 * A stand-in for the part of Criterion's API the engine suites use, for the one build where Criterion cannot
 * start: under ThreadSanitizer, whose reserved address ranges leave no room for the fixed-address arena Criterion
 * maps at start-up.  tests/thread_suites compiles those suites against this header (it comes first on the include
 * path); tests/solo/solo.c runs each test in a child process of its own with its suite's init and timeout, and
 * ends with Criterion's synthesis line, so that CI counts both alike.
 */
#ifndef OUTPOST_SOLO_CRITERION_H
#define OUTPOST_SOLO_CRITERION_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* The options a Test or TestSuite may set (the subset of Criterion's the suites use). */
struct solo_options {
	void (*init)(void);
	void (*fini)(void);
	double timeout; /* seconds; 0: none */
	bool disabled;
	const char *description;
};

void solo_add_test(const char *suite, const char *name, void (*run)(void), struct solo_options opts);
void solo_add_suite(const char *suite, struct solo_options opts);
/* A failed check: prints where and why; a fatal one ends the test. */
void solo_fail(const char *file, int line, bool fatal, const char *what, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

#define Test(suite, name, ...)                                                                                       \
	static void solo_run_##suite##_##name(void);                                                                 \
	__attribute__((constructor)) static void solo_add_##suite##_##name(void)                                     \
	{                                                                                                            \
		solo_add_test(#suite, #name, solo_run_##suite##_##name, (struct solo_options){ __VA_ARGS__ });     \
	}                                                                                                            \
	static void solo_run_##suite##_##name(void)

/* Ends in a declaration, so that the `;` after TestSuite(...) is not an empty one. */
#define TestSuite(suite, ...)                                                                                        \
	__attribute__((constructor)) static void solo_suite_##suite(void)                                            \
	{                                                                                                            \
		solo_add_suite(#suite, (struct solo_options){ __VA_ARGS__ });                                        \
	}                                                                                                            \
	struct solo_suite_##suite

/* The message is optional, as in Criterion: " " fmt concatenates with it, or stands alone. */
#define SOLO_CHECK(fatal, cond, ...)                                                                                 \
	do {                                                                                                         \
		if (!(cond))                                                                                         \
			solo_fail(__FILE__, __LINE__, fatal, #cond, " " __VA_ARGS__);                                \
	} while (0)

#define cr_assert(cond, ...) SOLO_CHECK(true, cond, __VA_ARGS__)
#define cr_expect(cond, ...) SOLO_CHECK(false, cond, __VA_ARGS__)
#define cr_assert_fail(...) SOLO_CHECK(true, false, __VA_ARGS__)
#define cr_assert_not_null(p, ...) SOLO_CHECK(true, (p) != NULL, __VA_ARGS__)
#define cr_expect_not_null(p, ...) SOLO_CHECK(false, (p) != NULL, __VA_ARGS__)
#define cr_assert_null(p, ...) SOLO_CHECK(true, (p) == NULL, __VA_ARGS__)
#define cr_expect_null(p, ...) SOLO_CHECK(false, (p) == NULL, __VA_ARGS__)
#define cr_assert_eq(a, b, ...) SOLO_CHECK(true, (a) == (b), __VA_ARGS__)
#define cr_expect_eq(a, b, ...) SOLO_CHECK(false, (a) == (b), __VA_ARGS__)
#define cr_assert_neq(a, b, ...) SOLO_CHECK(true, (a) != (b), __VA_ARGS__)
#define cr_expect_neq(a, b, ...) SOLO_CHECK(false, (a) != (b), __VA_ARGS__)
#define cr_assert_lt(a, b, ...) SOLO_CHECK(true, (a) < (b), __VA_ARGS__)
#define cr_expect_lt(a, b, ...) SOLO_CHECK(false, (a) < (b), __VA_ARGS__)
#define cr_assert_leq(a, b, ...) SOLO_CHECK(true, (a) <= (b), __VA_ARGS__)
#define cr_expect_leq(a, b, ...) SOLO_CHECK(false, (a) <= (b), __VA_ARGS__)
#define cr_assert_gt(a, b, ...) SOLO_CHECK(true, (a) > (b), __VA_ARGS__)
#define cr_expect_gt(a, b, ...) SOLO_CHECK(false, (a) > (b), __VA_ARGS__)
#define cr_assert_geq(a, b, ...) SOLO_CHECK(true, (a) >= (b), __VA_ARGS__)
#define cr_expect_geq(a, b, ...) SOLO_CHECK(false, (a) >= (b), __VA_ARGS__)
#define cr_assert_str_eq(a, b, ...) SOLO_CHECK(true, strcmp(a, b) == 0, __VA_ARGS__)
#define cr_expect_str_eq(a, b, ...) SOLO_CHECK(false, strcmp(a, b) == 0, __VA_ARGS__)

#endif
