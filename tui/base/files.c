/* XDG base directories, and atomic and appending writes for the game's files. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"

bool files_join(char *buf, size_t len, const char *dir, const char *name)
{
	int n = snprintf(buf, len, "%s/%s", dir, name);
	return n > 0 && (size_t)n < len;
}

static const char *home_dir(void)
{
	const char *home = getenv("HOME");
	if (home && home[0] == '/')
		return home;
	struct passwd *pw = getpwuid(getuid());
	return pw && pw->pw_dir && pw->pw_dir[0] == '/' ? pw->pw_dir : NULL;
}

/* The XDG rule: the variable when it holds an absolute path, else the fallback under HOME. */
static bool xdg_dir(const char *var, const char *fallback, char *buf, size_t len)
{
	const char *base = getenv(var);
	int n;
	if (base && base[0] == '/') {
		n = snprintf(buf, len, "%s/outpost", base);
	} else {
		const char *home = home_dir();
		if (!home)
			return false;
		n = snprintf(buf, len, "%s/%s/outpost", home, fallback);
	}
	return n > 0 && (size_t)n < len;
}

bool files_config_dir(char *buf, size_t len) { return xdg_dir("XDG_CONFIG_HOME", ".config", buf, len); }

bool files_data_dir(char *buf, size_t len) { return xdg_dir("XDG_DATA_HOME", ".local/share", buf, len); }

bool files_make_dir(const char *dir, char *err, size_t errlen)
{
	char path[4096];
	if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) {
		snprintf(err, errlen, "path too long: %s", dir);
		return false;
	}
	/* Each prefix in turn, so missing parents are made first. */
	for (char *p = path + 1;; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char saved = *p;
		*p = '\0';
		if (mkdir(path, 0700) != 0 && errno != EEXIST) {
			snprintf(err, errlen, "cannot create %s: %s", path, strerror(errno));
			return false;
		}
		*p = saved;
		if (!saved)
			return true;
	}
}

static bool write_all(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, data, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		data += n;
		len -= (size_t)n;
	}
	return true;
}

/* Writes everything, syncs and closes fd; returns 0 or the first errno met. */
static int write_sync_close(int fd, const char *data, size_t len)
{
	bool ok = write_all(fd, data, len) && fsync(fd) == 0;
	int saved = ok ? 0 : (errno ? errno : EIO); /* a short write may leave errno unset */
	if (close(fd) != 0 && ok)
		saved = errno;
	return saved;
}

/* The directory that holds path, flushed: a rename in it then survives a crash of the system too. */
static void sync_parent(const char *path)
{
	char dir[4200];
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(dir, sizeof dir, ".");
	else if (snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path) >= (int)sizeof dir)
		return;
	int fd = open(dir[0] ? dir : "/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

bool files_write_atomic(const char *path, const char *data, size_t len, char *err, size_t errlen)
{
	char tmp[4200];
	if (snprintf(tmp, sizeof tmp, "%s" FILES_TEMP_MARK "%ld", path, (long)getpid()) >= (int)sizeof tmp) {
		snprintf(err, errlen, "path too long: %s", path);
		return false;
	}
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0) {
		/* The temporary file is ours, not the person's: name the file they asked for. */
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		return false;
	}
	int saved = write_sync_close(fd, data, len);
	if (!saved && rename(tmp, path) != 0)
		saved = errno;
	if (saved) {
		unlink(tmp);
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(saved));
	} else {
		sync_parent(path);
	}
	return !saved;
}

int files_lock(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0 && flock(fd, LOCK_EX) != 0) {
		close(fd);
		fd = -1;
	}
	return fd;
}

void files_unlock(int fd)
{
	if (fd >= 0)
		close(fd); /* closing the last descriptor releases the lock */
}

/* The process that wrote a temporary file "NAME.tmpPID", from its name; 0 when the name is not one. */
static long temp_owner(const char *name)
{
	const char *mark = strstr(name, FILES_TEMP_MARK);
	while (mark && strstr(mark + 1, FILES_TEMP_MARK))
		mark = strstr(mark + 1, FILES_TEMP_MARK);
	if (!mark || mark == name)
		return 0;
	const char *digits = mark + strlen(FILES_TEMP_MARK);
	if (!*digits || strspn(digits, "0123456789") != strlen(digits) || strlen(digits) > 9)
		return 0;
	return atol(digits);
}

int files_remove_stale_temps(const char *dir)
{
	DIR *d = opendir(dir);
	int removed = 0;
	if (!d)
		return 0;
	for (struct dirent *e; (e = readdir(d));) {
		long pid = temp_owner(e->d_name);
		char path[4200];
		/* Only a dead writer's: a living one (another game on the same files) is still writing it. */
		if (pid <= 0 || pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		if (files_join(path, sizeof path, dir, e->d_name) && unlink(path) == 0)
			removed++;
	}
	closedir(d);
	return removed;
}
