/* Settings by name, read from text and written back, with every value checked before it is taken. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "settings.h"
#include "engine/engine.h"
#include "engine_spec.h"
#include "rules/types.h"

const char *const settings_keys[] = { "level",  "elo",     "time", "movetime", "side",  "ascii", "plain",
	                              "colors", "threads", "hash", "multipv",  "score", "book",  "engine",
	                              "syzygy", "safety", NULL };

void settings_default(struct settings *s)
{
	*s = (struct settings){
		.level = LEVEL_DEFAULT,
		.movetime_ms = MOVETIME_DEFAULT,
		.human = WHITE,
		.colors = COLORS_AUTO,
		.threads = engine_option_find("Threads")->def,
		.hash_mb = HASH_DEFAULT_MB,
		.multipv = engine_option_find("MultiPV")->def,
		.white_scores = true,
		.book = "on",
		.engine = "off",
		.syzygy = "off",
	};
}


/* A whole decimal integer in [lo, hi], nothing else on the line but blanks. */
static bool parse_int(const char *text, long lo, long hi, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(text, &end, 10);
	if (end == text || errno)
		return false;
	while (*end == ' ' || *end == '\t')
		end++;
	if (*end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

static bool parse_bool(const char *text, bool *out)
{
	static const char *const yes[] = { "yes", "on", "true", "1" }, *const no[] = { "no", "off", "false", "0" };
	for (int i = 0; i < 4; i++) {
		if (!strcasecmp(text, yes[i]) || !strcasecmp(text, no[i])) {
			*out = !strcasecmp(text, yes[i]);
			return true;
		}
	}
	return false;
}

/* A non-negative decimal number ("5", "0.5") of at most max, scaled by unit into whole milliseconds. */
static bool parse_amount(const char *text, size_t len, double max, double unit, int *out)
{
	char buf[32], *end;
	if (len == 0 || len >= sizeof buf || text[0] == '-' || text[0] == '+')
		return false;
	memcpy(buf, text, len);
	buf[len] = '\0';
	double v = strtod(buf, &end);
	if (*end || end == buf || v < 0 || v > max)
		return false;
	*out = (int)(v * unit + 0.5);
	return true;
}

bool settings_parse_time(const char *text, int *time_ms, int *inc_ms)
{
	if (!strcasecmp(text, "off") || !strcasecmp(text, "none") || !strcmp(text, "0")) {
		*time_ms = *inc_ms = 0;
		return true;
	}
	const char *plus = strchr(text, '+');
	size_t base_len = plus ? (size_t)(plus - text) : strlen(text);
	double unit = 60000.0; /* minutes, unless written with an s */
	if (base_len > 0 && text[base_len - 1] == 's') {
		unit = 1000.0;
		base_len--;
	}
	int t, inc = 0;
	if (!parse_amount(text, base_len, 600 * 60000.0 / unit, unit, &t) || t <= 0)
		return false;
	if (plus) {
		size_t inc_len = strlen(plus + 1);
		if (inc_len > 0 && plus[inc_len] == 's')
			inc_len--;
		if (!parse_amount(plus + 1, inc_len, 600, 1000.0, &inc))
			return false;
	}
	*time_ms = t;
	*inc_ms = inc;
	return true;
}

void settings_format_time(int time_ms, int inc_ms, char *buf, size_t len)
{
	if (time_ms <= 0) {
		snprintf(buf, len, "off");
		return;
	}
	char base[24];
	if (time_ms % 60000 == 0)
		snprintf(base, sizeof base, "%d", time_ms / 60000);
	else if (time_ms % 1000 == 0)
		snprintf(base, sizeof base, "%ds", time_ms / 1000);
	else
		snprintf(base, sizeof base, "%.3fs", time_ms / 1000.0);
	if (inc_ms % 1000 == 0)
		snprintf(buf, len, "%s+%d", base, inc_ms / 1000);
	else
		snprintf(buf, len, "%s+%.3f", base, inc_ms / 1000.0);
}

static const char *const color_names[] = { "auto", "256", "8", "mono" };

static bool set_enum(const char *value, const char *const *names, int n, int *out)
{
	for (int i = 0; i < n; i++)
		if (!strcasecmp(value, names[i])) {
			*out = i;
			return true;
		}
	return false;
}

/* The integer settings: name, where it lives, and its range: an engine option's, or the game's own. */
static const struct int_setting {
	const char *key;
	const char *option; /* the engine option whose range it takes; NULL: lo and hi below */
	int lo, hi;
	size_t offset;
} int_settings[] = {
	{ "level", "Skill Level", 0, 0, offsetof(struct settings, level) },
	{ "movetime", NULL, 10, 3600000, offsetof(struct settings, movetime_ms) },
	{ "threads", "Threads", 0, 0, offsetof(struct settings, threads) },
	{ "hash", "Hash", 0, 0, offsetof(struct settings, hash_mb) },
	{ "multipv", "MultiPV", 0, 0, offsetof(struct settings, multipv) },
};

static const struct int_setting *int_setting(const char *key, long *lo, long *hi)
{
	for (size_t i = 0; i < sizeof int_settings / sizeof int_settings[0]; i++) {
		const struct int_setting *f = &int_settings[i];
		if (strcasecmp(key, f->key))
			continue;
		const struct engine_option *o = f->option ? engine_option_find(f->option) : NULL;
		*lo = o ? o->min : f->lo;
		*hi = o ? o->max : f->hi;
		return f;
	}
	return NULL;
}

/* book: on, off (or their other spellings), or a file; the file is read when the engine takes it. */
static bool set_book(struct settings *s, const char *value, char *err, size_t errlen)
{
	bool on;
	if (!*value || strlen(value) >= sizeof s->book) {
		snprintf(err, errlen, "book must be on, off or a Polyglot book's file (of at most %zu characters)",
		         sizeof s->book - 1);
		return false;
	}
	snprintf(s->book, sizeof s->book, "%s", parse_bool(value, &on) ? (on ? "on" : "off") : value);
	return true;
}

/* syzygy: off (or its other spellings, or empty) or folders joined by ':'; the engine reads them when it takes them. */
static bool set_syzygy(struct settings *s, const char *value, char *err, size_t errlen)
{
	bool on;
	if (strlen(value) >= sizeof s->syzygy) {
		snprintf(err, errlen, "syzygy must be off or the tablebases' folders (at most %zu characters)",
		         sizeof s->syzygy - 1);
		return false;
	}
	bool off = !*value || (parse_bool(value, &on) && !on);
	snprintf(s->syzygy, sizeof s->syzygy, "%s", off ? "off" : value);
	return true;
}

/* engine: a spec engine_spec_parse takes, kept as written (blanks at the ends trimmed); the program starts later. */
static bool set_engine(struct settings *s, const char *value, char *err, size_t errlen)
{
	struct engine_spec spec;
	const char *v = value + strspn(value, " \t");
	size_t n = strlen(v);
	while (n > 0 && (v[n - 1] == ' ' || v[n - 1] == '\t'))
		n--;
	if (n >= sizeof s->engine) {
		snprintf(err, errlen, "engine: at most %zu characters", sizeof s->engine - 1);
		return false;
	}
	if (!engine_spec_parse(v, &spec, err, errlen))
		return false;
	snprintf(s->engine, sizeof s->engine, "%.*s", (int)n, spec.roles ? v : "off");
	return true;
}

static bool set_other(struct settings *s, const char *key, const char *value, char *err, size_t errlen)
{
	long v;
	int e;
	if (!strcasecmp(key, "elo")) {
		const struct engine_option *elo = engine_option_find("UCI_Elo");
		if (!strcasecmp(value, "off") || (parse_int(value, 0, 0, &v))) {
			s->elo = 0;
			return true;
		}
		if (!parse_int(value, elo->min, elo->max, &v)) {
			snprintf(err, errlen, "elo must be a number from %d to %d, or off (not '%s')", elo->min, elo->max,
			         value);
			return false;
		}
		s->elo = (int)v;
	} else if (!strcasecmp(key, "time")) {
		int t, inc;
		if (!settings_parse_time(value, &t, &inc)) {
			snprintf(err, errlen, "time must look like 5+3 (minutes + seconds added a move), 90s+2 or off (not '%s')",
			         value);
			return false;
		}
		s->time_ms = t;
		s->inc_ms = inc;
	} else if (!strcasecmp(key, "side")) {
		if (!set_enum(value, (const char *const[]){ "white", "black" }, 2, &e)) {
			snprintf(err, errlen, "side must be white or black (not '%s')", value);
			return false;
		}
		s->human = e == 0 ? WHITE : BLACK;
	} else if (!strcasecmp(key, "colors")) {
		if (!set_enum(value, color_names, 4, &e)) {
			snprintf(err, errlen, "colors must be auto, 256, 8 or mono (not '%s')", value);
			return false;
		}
		s->colors = (enum color_mode)e;
	} else if (!strcasecmp(key, "score")) {
		if (!set_enum(value, (const char *const[]){ "white", "side" }, 2, &e)) {
			snprintf(err, errlen, "score must be white (White's view) or side (the side to move's) (not '%s')",
			         value);
			return false;
		}
		s->white_scores = e == 0;
	} else if (!strcasecmp(key, "book")) {
		return set_book(s, value, err, errlen);
	} else if (!strcasecmp(key, "engine")) {
		return set_engine(s, value, err, errlen);
	} else if (!strcasecmp(key, "syzygy")) {
		return set_syzygy(s, value, err, errlen);
	} else {
		snprintf(err, errlen, "unknown setting '%s'", key);
		return false;
	}
	return true;
}

/* The yes-or-no settings: where each lives in struct settings, or -1 for another key. */
static long flag_offset(const char *key)
{
	return !strcasecmp(key, "ascii")   ? (long)offsetof(struct settings, ascii)
	       : !strcasecmp(key, "plain") ? (long)offsetof(struct settings, plain)
	       : !strcasecmp(key, "safety") ? (long)offsetof(struct settings, safety)
	                                    : -1;
}

bool settings_set(struct settings *s, const char *key, const char *value, char *err, size_t errlen)
{
	long lo, hi, v;
	const struct int_setting *f = int_setting(key, &lo, &hi);
	long flag = flag_offset(key);
	if (flag >= 0 && !parse_bool(value, (bool *)((char *)s + flag))) {
		snprintf(err, errlen, "%s must be yes or no (not '%s')", key, value);
		return false;
	}
	if (flag >= 0)
		return true;
	if (!f)
		return set_other(s, key, value, err, errlen);
	if (!parse_int(value, lo, hi, &v)) {
		snprintf(err, errlen, "%s must be a whole number from %ld to %ld (not '%s')", key, lo, hi, value);
		return false;
	}
	*(int *)((char *)s + f->offset) = (int)v;
	return true;
}

bool settings_get(const struct settings *s, const char *key, char *buf, size_t len)
{
	long lo, hi;
	const struct int_setting *f = int_setting(key, &lo, &hi);
	if (f)
		snprintf(buf, len, "%d", *(const int *)((const char *)s + f->offset));
	else if (!strcasecmp(key, "elo") && s->elo)
		snprintf(buf, len, "%d", s->elo);
	else if (!strcasecmp(key, "elo"))
		snprintf(buf, len, "off");
	else if (!strcasecmp(key, "time"))
		settings_format_time(s->time_ms, s->inc_ms, buf, len);
	else if (!strcasecmp(key, "side"))
		snprintf(buf, len, "%s", s->human == WHITE ? "white" : "black");
	else if (flag_offset(key) >= 0)
		snprintf(buf, len, "%s", *(const bool *)((const char *)s + flag_offset(key)) ? "yes" : "no");
	else if (!strcasecmp(key, "colors"))
		snprintf(buf, len, "%s", color_names[s->colors]);
	else if (!strcasecmp(key, "score"))
		snprintf(buf, len, "%s", s->white_scores ? "white" : "side");
	else if (!strcasecmp(key, "book"))
		snprintf(buf, len, "%s", s->book);
	else if (!strcasecmp(key, "engine"))
		snprintf(buf, len, "%s", s->engine);
	else if (!strcasecmp(key, "syzygy"))
		snprintf(buf, len, "%s", s->syzygy);
	else
		return false;
	return true;
}
