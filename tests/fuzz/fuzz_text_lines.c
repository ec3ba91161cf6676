/*
 * libFuzzer harness for the line reader of puzzle files (text_lines), plain and Zstandard-compressed: the bytes
 * are written to a file named .zst and to a plain one, and both are read to the end.  Every line is shorter than
 * TEXT_LINE_MAX and holds no line break; a plain file's lines hold no more than the bytes given but the breaks; a broken
 * frame ends the reading with a message, never with a crash, a leak or a line past its buffer.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_input.h"
#include "tui/base/text_lines.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Reads path to its end; the bytes of its lines (breaks left out) and whether it ended on an error. */
static size_t read_all(const char *path, bool *failed)
{
	char err[300] = "";
	struct text_lines *r = text_lines_open(path, err, sizeof err);
	*failed = false;
	if (!r) {
		if (!err[0])
			abort();
		*failed = true;
		return 0;
	}
	size_t bytes = 0;
	const char *line;
	while ((line = text_lines_next(r, err, sizeof err))) {
		size_t n = strlen(line);
		if (n >= TEXT_LINE_MAX || strchr(line, '\n'))
			abort();
		bytes += n;
	}
	*failed = err[0] != '\0';
	text_lines_close(r);
	return bytes;
}

static bool write_file(const char *path, const uint8_t *data, size_t size)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		return false;
	bool ok = fwrite(data, 1, size, f) == size;
	return fclose(f) == 0 && ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* Small: a zstd frame may hold a thousand times its size (runs of one byte), and all of it is read. */
	unsigned char *in = fuzz_input(data, size, 1024);
	if (!in)
		return 0;
	char plain[64], zst[64];
	snprintf(plain, sizeof plain, "/tmp/fuzz-text-lines-%ld.txt", (long)getpid());
	snprintf(zst, sizeof zst, "/tmp/fuzz-text-lines-%ld.zst", (long)getpid());
	bool failed;
	if (write_file(plain, in, size)) {
		size_t want = 0;
		for (size_t i = 0; i < size; i++)
			want += in[i] != '\n';
		size_t got = read_all(plain, &failed);
		/* A NUL byte ends a line's text early: never more than given. */
		if (!failed && got > want)
			abort();
	}
	if (write_file(zst, in, size))
		(void)read_all(zst, &failed);
	unlink(plain);
	unlink(zst);
	free(in);
	return 0;
}
