/* Reading a whole text file into memory, growing the buffer as it goes. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/text_file.h"

char *text_file_read(const char *path, size_t *len)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	if (buf)
		errno = 0;
	while (buf) {
		n += fread(buf + n, 1, cap - n - 1, f);
		if (n < cap - 1)
			break;
		char *bigger = cap < ((size_t)1 << 31) ? realloc(buf, cap * 2) : NULL;
		if (!bigger) {
			free(buf);
			buf = NULL;
			errno = ENOMEM;
			break;
		}
		buf = bigger;
		cap *= 2;
	}
	int read_errno = errno; /* why fread stopped, if it failed: EISDIR says more than EIO */
	bool bad = buf && ferror(f);
	if (f != stdin)
		fclose(f);
	if (bad) {
		free(buf);
		errno = read_errno ? read_errno : EIO;
		return NULL;
	}
	if (buf) {
		buf[n] = '\0';
		if (len)
			*len = n;
	}
	return buf;
}
