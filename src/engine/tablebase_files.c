/* The Syzygy files of a SyzygyPath: each folder read, each table checked, the bad ones named and left out. */
#include "engine/tablebase_files.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The first four bytes of each kind of table (little-endian), as the format has them. */
#define WDL_MAGIC 0x5d23e871u
#define DTZ_MAGIC 0xa50c66d7u
/* A whole table is a multiple of 64 bytes plus its 16-byte checksum; the smallest holds a header besides. */
#define TABLE_TAIL 16
#define TABLE_MIN 80

/* One table name (KRvK.rtbw) and the first good file of it along the path, or none yet. */
struct table {
	char name[NAME_MAX + 1];
	char *file; /* NULL while only bad copies were seen */
};

struct table_list {
	struct table *t;
	int n, cap;
	bool shadow_needed; /* the prober would open a bad copy first: it must be given the good ones alone */
};

/* A name the prober opens: K, up to six of QRBNP, v, K, the same, and .rtbw or .rtbz. */
static bool is_table_name(const char *name, bool *wdl)
{
	const char *p = name;
	int sides = 0, pieces = 0;
	while (sides < 2) {
		if (*p++ != 'K')
			return false;
		while (*p && strchr("QRBNP", *p))
			p++, pieces++;
		sides++;
		if (sides == 1 && *p++ != 'v')
			return false;
	}
	if (pieces < 1 || pieces > 5)
		return false;
	*wdl = !strcmp(p, ".rtbw");
	return *wdl || !strcmp(p, ".rtbz");
}

static uint32_t read_le32(const unsigned char *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

const char *tablebase_file_fault(const char *file, char *why, size_t len)
{
	size_t n = strlen(file);
	bool wdl = n > 5 && !strcmp(file + n - 5, ".rtbw");
	int fd = open(file, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(why, len, "cannot be read (%s)", strerror(errno));
		return why;
	}
	struct stat st;
	unsigned char head[4];
	bool regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
	ssize_t got = regular ? read(fd, head, sizeof head) : -1;
	close(fd);
	if (!regular) {
		snprintf(why, len, "%s", "is not a regular file");
		return why;
	}
	if (st.st_size < TABLE_MIN || st.st_size % 64 != TABLE_TAIL) {
		snprintf(why, len, "truncated or damaged (%lld bytes; a table is a multiple of 64 bytes plus 16)",
		         (long long)st.st_size);
		return why;
	}
	if (got != (ssize_t)sizeof head || read_le32(head) != (wdl ? WDL_MAGIC : DTZ_MAGIC)) {
		snprintf(why, len, "%s", "is not a Syzygy table (wrong magic bytes)");
		return why;
	}
	return NULL;
}

/* Adds "WHAT: WHY" to the note, "; " between; past its room, only the count grows. */
static void note_problem(struct tablebase_files *f, const char *what, const char *why)
{
	size_t used = strlen(f->note);
	f->problems++;
	if (used + strlen(what) + strlen(why) + 16 < sizeof f->note)
		snprintf(f->note + used, sizeof f->note - used, "%s%s: %s", used ? "; " : "", what, why);
	else if (!strstr(f->note, " and more"))
		snprintf(f->note + used, sizeof f->note - used, "%s", " and more");
}

static struct table *find_table(struct table_list *l, const char *name)
{
	for (int i = 0; i < l->n; i++)
		if (!strcmp(l->t[i].name, name))
			return &l->t[i];
	return NULL;
}

static struct table *add_table(struct table_list *l, const char *name)
{
	if (l->n == l->cap) {
		int cap = l->cap ? 2 * l->cap : 128;
		struct table *t = realloc(l->t, (size_t)cap * sizeof *t);
		if (!t)
			return NULL;
		l->t = t, l->cap = cap;
	}
	struct table *t = &l->t[l->n++];
	snprintf(t->name, sizeof t->name, "%s", name);
	t->file = NULL;
	return t;
}

/* One file of a folder: the first good copy of each name is the one kept. */
static void check_file(struct tablebase_files *f, struct table_list *l, const char *dir, const char *name)
{
	char file[TABLEBASE_PATH_MAX], why[160];
	if (snprintf(file, sizeof file, "%s/%s", dir, name) >= (int)sizeof file) {
		note_problem(f, name, "its path is too long");
		return;
	}
	struct table *t = find_table(l, name);
	bool first = t == NULL;
	if (first && !(t = add_table(l, name)))
		return;
	if (tablebase_file_fault(file, why, sizeof why)) {
		note_problem(f, file, why);
		l->shadow_needed |= first;
		return;
	}
	if (!t->file)
		t->file = realpath(file, NULL);
}

static void check_dir(struct tablebase_files *f, struct table_list *l, const char *dir)
{
	DIR *d = opendir(dir);
	if (!d) {
		note_problem(f, dir, errno == ENOENT ? "no such directory" : strerror(errno));
		return;
	}
	struct dirent *de;
	bool wdl;
	while ((de = readdir(d)))
		if (is_table_name(de->d_name, &wdl))
			check_file(f, l, dir, de->d_name);
	closedir(d);
}

/* The private folder: a link to each good table, so that the prober never opens a bad one. */
static bool make_shadow(struct tablebase_files *f, const struct table_list *l)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(f->shadow, sizeof f->shadow, "%s/outpost-syzygy-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(f->shadow)) {
		note_problem(f, f->shadow, strerror(errno));
		f->shadow[0] = '\0';
		return false;
	}
	for (int i = 0; i < l->n; i++) {
		char link[TABLEBASE_PATH_MAX + 32];
		if (snprintf(link, sizeof link, "%s/%s", f->shadow, l->t[i].name) >= (int)sizeof link)
			continue; /* cannot be: the folder's name is short and the table's was checked */
		if (l->t[i].file && symlink(l->t[i].file, link) != 0)
			note_problem(f, link, strerror(errno));
	}
	snprintf(f->probe_path, sizeof f->probe_path, "%s", f->shadow);
	return true;
}

bool tablebase_files_check(const char *path, struct tablebase_files *f)
{
	struct table_list l = { NULL, 0, 0, false };
	char dirs[TABLEBASE_PATH_MAX], *save = NULL;
	memset(f, 0, sizeof *f);
	snprintf(f->probe_path, sizeof f->probe_path, "%s", path);
	snprintf(dirs, sizeof dirs, "%s", path);
	for (char *dir = strtok_r(dirs, ":", &save); dir; dir = strtok_r(NULL, ":", &save))
		check_dir(f, &l, dir);
	for (int i = 0; i < l.n; i++)
		if (l.t[i].file)
			*(strstr(l.t[i].name, ".rtbw") ? &f->wdl : &f->dtz) += 1;
	bool ok = !l.shadow_needed || make_shadow(f, &l);
	for (int i = 0; i < l.n; i++)
		free(l.t[i].file);
	free(l.t);
	return ok;
}

void tablebase_files_release(struct tablebase_files *f)
{
	if (!f->shadow[0])
		return;
	DIR *d = opendir(f->shadow);
	struct dirent *de;
	while (d && (de = readdir(d))) {
		char link[TABLEBASE_PATH_MAX + 300];
		bool wdl;
		if (snprintf(link, sizeof link, "%s/%s", f->shadow, de->d_name) >= (int)sizeof link)
			continue;
		if (is_table_name(de->d_name, &wdl))
			unlink(link);
	}
	if (d)
		closedir(d);
	rmdir(f->shadow);
	f->shadow[0] = '\0';
}
