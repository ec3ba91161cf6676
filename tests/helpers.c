/* Shared helpers for the Criterion suites. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <criterion/criterion.h>

#include "helpers.h"

struct position *test_position(const char *fen)
{
	char err[160];
	struct position *pos = malloc(sizeof *pos);
	cr_assert_not_null(pos);
	position_init();
	cr_assert(pos_set_fen(pos, fen, err, sizeof err, NULL, 0), "FEN rejected: %s: %s", fen, err);
	return pos;
}

FILE *test_data_open(const char *name)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", TEST_DATA_DIR, name);
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "cannot open test data %s", path);
	return f;
}

char *test_data_read(const char *name, size_t *len)
{
	FILE *f = test_data_open(name);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *buf = malloc((size_t)n + 1);
	cr_assert_not_null(buf);
	size_t got = fread(buf, 1, (size_t)n, f);
	buf[got] = '\0';
	fclose(f);
	if (len)
		*len = got;
	return buf;
}

int test_shell(const char *cmd, char *err, size_t errlen)
{
	char full[4096];
	snprintf(full, sizeof full, "%s 2>&1 >/dev/null", cmd);
	FILE *p = popen(full, "r");
	cr_assert(p, "popen failed");
	size_t n = fread(err, 1, errlen - 1, p);
	err[n] = '\0';
	int st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}
