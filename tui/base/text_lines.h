/*
 * A text file read a line at a time, plain or compressed with Zstandard
 * (a name ending in .zst, as Lichess publishes its puzzle database), without
 * holding the whole file: the database is 250 MB once decompressed.  Built
 * without libzstd, a .zst file is refused with what to do instead.
 */
#ifndef OUTPOST_TUI_TEXT_LINES_H
#define OUTPOST_TUI_TEXT_LINES_H

#include <stdbool.h>
#include <stddef.h>

#define TEXT_LINE_MAX 4096 /* a longer line is cut into pieces of this size */

struct text_lines;

/* Opens path; NULL with why in err. */
struct text_lines *text_lines_open(const char *path, char *err, size_t errlen);
/* The next line, without its line break (valid until the next call); NULL at the end or on an error (then err). */
const char *text_lines_next(struct text_lines *r, char *err, size_t errlen);
void text_lines_close(struct text_lines *r);
/* Can .zst files be read (was the program built with libzstd)? */
bool text_lines_zstd(void);

#endif
