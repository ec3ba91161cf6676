/* The other engine's spec: an optional role, the program, then NAME=VALUE options whose names may hold blanks. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "engine_spec.h"

static const char *const role_names[] = { "", "panel", "opponent", "both" };

const char *engine_spec_role_name(int roles) { return role_names[roles & ENGINE_FOR_BOTH]; }

/* The next blank-separated word of *p into w; false at the end (or when it does not fit). */
static bool next_word(const char **p, char *w, size_t len)
{
	const char *s = *p + strspn(*p, " \t");
	size_t n = strcspn(s, " \t");
	if (n == 0 || n >= len)
		return false;
	memcpy(w, s, n);
	w[n] = '\0';
	*p = s + n;
	return true;
}

/* Words up to and including one with '=' make one option: "Skill", "Level=5" is "Skill Level=5". */
static bool read_options(const char *p, struct engine_spec *spec, char *err, size_t errlen)
{
	char w[ENGINE_SPEC_TEXT_MAX], opt[ENGINE_SPEC_TEXT_MAX] = "";
	while (next_word(&p, w, sizeof w)) {
		size_t n = strlen(opt), m = strlen(w);
		if (n + m + 2 > sizeof opt) {
			snprintf(err, errlen, "engine: an option is too long");
			return false;
		}
		if (n)
			opt[n++] = ' ';
		memcpy(opt + n, w, m + 1);
		if (!strchr(w, '='))
			continue;
		if (opt[0] == '=' || spec->noptions == UCI_CLIENT_OPTIONS_MAX) {
			snprintf(err, errlen, opt[0] == '=' ? "engine: an option needs a name before '='"
			                                    : "engine: at most %d options",
			         UCI_CLIENT_OPTIONS_MAX);
			return false;
		}
		snprintf(spec->options[spec->noptions++], sizeof spec->options[0], "%s", opt);
		opt[0] = '\0';
	}
	if (opt[0]) {
		snprintf(err, errlen, "engine: '%s' should be an option, NAME=VALUE", opt);
		return false;
	}
	return true;
}

bool engine_spec_parse(const char *text, struct engine_spec *spec, char *err, size_t errlen)
{
	const char *p = text;
	char w[ENGINE_SPEC_TEXT_MAX];
	memset(spec, 0, sizeof *spec);
	if (!next_word(&p, w, sizeof w)) {
		snprintf(err, errlen, "engine needs a program, as in: engine /usr/games/stockfish, or engine off");
		return false;
	}
	if (!strcasecmp(w, "off") || !strcasecmp(w, "outpost")) {
		if (next_word(&p, w, sizeof w)) {
			snprintf(err, errlen, "engine off takes nothing after it");
			return false;
		}
		return true;
	}
	spec->roles = ENGINE_FOR_PANEL;
	for (int r = ENGINE_FOR_PANEL; r <= ENGINE_FOR_BOTH; r++)
		if (!strcasecmp(w, role_names[r])) {
			spec->roles = r;
			if (!next_word(&p, w, sizeof w)) {
				snprintf(err, errlen, "engine %s needs a program, as in: engine %s stockfish", role_names[r],
				         role_names[r]);
				return false;
			}
		}
	snprintf(spec->file, sizeof spec->file, "%s", w);
	return read_options(p, spec, err, errlen);
}
