/*
 * The Syzygy files of a SyzygyPath, checked before the prober sees them.
 * libfathom trusts what it opens: a truncated table makes it print to
 * standard output (the game's screen, the UCI stream) and a damaged one can
 * crash it.  So every folder is read here first, each table's size and magic
 * bytes checked, and the problems named by file; when some table is bad, the
 * prober is given a private folder of links to the good ones instead.
 */
#ifndef OUTPOST_TABLEBASE_FILES_H
#define OUTPOST_TABLEBASE_FILES_H

#include <stdbool.h>
#include <stddef.h>

#define TABLEBASE_PATH_MAX 4096
#define TABLEBASE_NOTE_MAX 1024

struct tablebase_files {
	char probe_path[TABLEBASE_PATH_MAX]; /* what to give the prober: the path itself, or the private folder */
	char shadow[TABLEBASE_PATH_MAX];     /* the private folder of links, "" when none was needed */
	int wdl, dtz;                        /* the good tables of each kind (.rtbw, .rtbz) */
	int problems;                        /* folders and files left out */
	char note[TABLEBASE_NOTE_MAX];       /* the problems in words: "DIR: no such directory; FILE: truncated ..." */
};

/*
 * Reads every folder of path (joined by ':') and fills f.  False only when
 * the private folder was needed and could not be made (why in f->note).
 */
bool tablebase_files_check(const char *path, struct tablebase_files *f);
/* Removes f's private folder, if it made one. */
void tablebase_files_release(struct tablebase_files *f);
/* Why the table file cannot be used (written into why), or NULL when its size and magic bytes are right. */
const char *tablebase_file_fault(const char *file, char *why, size_t len);

#endif
