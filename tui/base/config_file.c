/* The config file: read line by line into the settings, and rewritten in place when settings change. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "config_file.h"
#include "files.h"
#include "notation/text_file.h"

/* Copies len bytes of s with blanks trimmed from both ends; false (and nothing copied) when that does not fit. */
static bool trimmed_copy(char *dst, size_t dstlen, const char *s, size_t len)
{
	while (len > 0 && (*s == ' ' || *s == '\t'))
		s++, len--;
	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\r'))
		len--;
	if (len >= dstlen)
		return false;
	memcpy(dst, s, len);
	dst[len] = '\0';
	return true;
}

enum line_kind { LINE_TOO_LONG = -2, LINE_NO_EQUALS = -1, LINE_BLANK = 0, LINE_SETTING = 1 };

/*
 * Splits one line into key and value.  A key or value too long for its buffer refuses the line rather than be cut:
 * a value cut short would be another file name, silently.
 */
static enum line_kind split_line(const char *line, size_t len, char *key, size_t keylen, char *value,
                                 size_t valuelen)
{
	while (len > 0 && (*line == ' ' || *line == '\t'))
		line++, len--;
	if (len == 0 || *line == '#' || (len == 1 && *line == '\r'))
		return LINE_BLANK;
	const char *eq = memchr(line, '=', len);
	if (!eq)
		return LINE_NO_EQUALS;
	size_t keyn = (size_t)(eq - line);
	if (!trimmed_copy(key, keylen, line, keyn) || !trimmed_copy(value, valuelen, eq + 1, len - keyn - 1))
		return LINE_TOO_LONG;
	return LINE_SETTING;
}

bool config_parse_text(const char *text, const char *name, struct settings *s, char *err, size_t errlen)
{
	bool ok = true;
	int lineno = 0;
	for (const char *line = text; *line;) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		char key[64], value[SETTINGS_TEXT_MAX], why[SETTINGS_TEXT_MAX + 100];
		lineno++;
		enum line_kind kind = split_line(line, len, key, sizeof key, value, sizeof value);
		bool bad = kind < 0 || (kind > 0 && !settings_set(s, key, value, why, sizeof why));
		if (bad && ok) {
			if (kind == LINE_TOO_LONG)
				snprintf(why, sizeof why, "a key or value too long (a value holds at most %d characters)",
				         SETTINGS_TEXT_MAX - 1);
			else if (kind == LINE_NO_EQUALS)
				snprintf(why, sizeof why, "expected 'key = value'");
			snprintf(err, errlen, "%s:%d: %s", name, lineno, why);
			ok = false;
		}
		line = end ? end + 1 : line + len;
	}
	return ok;
}

bool config_load(const char *path, struct settings *s, char *err, size_t errlen)
{
	char *text = text_file_read(path, NULL);
	if (!text) {
		if (errno == ENOENT)
			return true;
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return false;
	}
	bool ok = config_parse_text(text, path, s, err, errlen);
	free(text);
	return ok;
}

/* A growing string. */
struct text {
	char *buf;
	size_t len, cap;
	bool failed;
};

static void text_add(struct text *t, const char *s, size_t n)
{
	if (t->failed)
		return;
	if (t->len + n + 1 > t->cap) {
		size_t cap = (t->len + n + 1) * 2;
		char *grown = realloc(t->buf, cap);
		if (!grown) {
			t->failed = true;
			return;
		}
		t->buf = grown;
		t->cap = cap;
	}
	memcpy(t->buf + t->len, s, n);
	t->len += n;
	t->buf[t->len] = '\0';
}

static void text_add_setting(struct text *t, const struct settings *s, const char *key)
{
	char value[SETTINGS_TEXT_MAX], line[SETTINGS_TEXT_MAX + 64];
	settings_get(s, key, value, sizeof value);
	int n = snprintf(line, sizeof line, "%s = %s\n", key, value);
	text_add(t, line, (size_t)n);
}

static int key_index(const char *key)
{
	for (int i = 0; settings_keys[i]; i++)
		if (!strcasecmp(key, settings_keys[i]))
			return i;
	return -1;
}

char *config_update_text(const char *old, const struct settings *s)
{
	struct text t = { 0 };
	bool written[32] = { false };
	text_add(&t, "", 0);
	static const char header[] = "# Outpost settings (see outpost(6)); the game rewrites the values it changes.\n";
	if (!old || !*old)
		text_add(&t, header, sizeof header - 1);
	for (const char *line = old ? old : ""; *line;) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		char key[64], value[SETTINGS_TEXT_MAX];
		int k = split_line(line, len, key, sizeof key, value, sizeof value) > 0 ? key_index(key) : -1;
		if (k >= 0 && !written[k]) {
			text_add_setting(&t, s, settings_keys[k]);
			written[k] = true;
		} else if (k < 0) {
			text_add(&t, line, len);
			text_add(&t, "\n", 1);
		} /* a second line for the same key is dropped: the first now holds the value */
		line = end ? end + 1 : line + len;
	}
	for (int i = 0; settings_keys[i]; i++)
		if (!written[i])
			text_add_setting(&t, s, settings_keys[i]);
	if (t.failed) {
		free(t.buf);
		return NULL;
	}
	return t.buf;
}

bool config_save(const char *path, const struct settings *s, char *err, size_t errlen)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');
	if (slash && (size_t)(slash - path) < sizeof dir) {
		memcpy(dir, path, (size_t)(slash - path));
		dir[slash - path] = '\0';
		if (dir[0] && !files_make_dir(dir, err, errlen))
			return false;
	}
	char *old = text_file_read(path, NULL);
	char *text = config_update_text(old, s);
	free(old);
	if (!text) {
		snprintf(err, errlen, "out of memory writing %s", path);
		return false;
	}
	bool ok = files_write_atomic(path, text, strlen(text), err, errlen);
	free(text);
	return ok;
}
