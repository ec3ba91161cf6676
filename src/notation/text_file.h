/* Reading a whole text file: PGN, EPD, settings, history. */
#ifndef OUTPOST_TEXT_FILE_H
#define OUTPOST_TEXT_FILE_H

#include <stddef.h>

/*
 * The whole file ("-" is standard input) in a malloc'ed, NUL-terminated buffer,
 * its length in *len when len is not NULL; NULL with errno set on failure
 * (ENOENT: no such file, ENOMEM: too large, EIO: a read error).
 */
char *text_file_read(const char *path, size_t *len);

#endif
