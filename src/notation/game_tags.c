/* The game's PGN tags: the seven tag roster first, then any others in the order they came. */
#include <stdlib.h>
#include <string.h>

#include "notation/game_internal.h"

#define TAG_NAME_MAX 255
#define TAG_VALUE_MAX 4095

const char *const game_tag_roster[GAME_TAG_ROSTER] = { "Event", "Site", "Date", "Round", "White", "Black",
	                                                   "Result" };
static const char *const roster_values[GAME_TAG_ROSTER] = { "?", "?", "????.??.??", "?", "?", "?", NULL };

static char *dup_text(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);
	if (d)
		memcpy(d, s, n);
	return d;
}

static int find_tag(const struct game *g, const char *name)
{
	for (int i = 0; i < g->ntags; i++)
		if (!strcmp(g->tags[i].name, name))
			return i;
	return -1;
}

/* A PGN symbol: a letter or digit, then letters, digits and _+#=:- (the standard's rule). */
static bool valid_name(const char *name)
{
	size_t n = strlen(name);
	if (n == 0 || n > TAG_NAME_MAX)
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = name[i];
		bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
		if (!alnum && (i == 0 || !strchr("_+#=:-", c)))
			return false;
	}
	return true;
}

static bool append_tag(struct game *g, const char *name, const char *value)
{
	if (g->ntags == g->tagcap) {
		int cap = g->tagcap ? g->tagcap * 2 : 16;
		struct game_tag_pair *t = realloc(g->tags, (size_t)cap * sizeof *t);
		if (!t)
			return false;
		g->tags = t;
		g->tagcap = cap;
	}
	char *n = dup_text(name), *v = value ? dup_text(value) : NULL;
	if (!n || (value && !v)) {
		free(n);
		free(v);
		return false;
	}
	g->tags[g->ntags++] = (struct game_tag_pair){ n, v };
	return true;
}

bool game_tags_init(struct game *g)
{
	for (int i = 0; i < GAME_TAG_ROSTER; i++)
		if (!append_tag(g, game_tag_roster[i], roster_values[i]))
			return false;
	return true;
}

void game_tags_free(struct game *g)
{
	for (int i = 0; i < g->ntags; i++) {
		free(g->tags[i].name);
		free(g->tags[i].value);
	}
	free(g->tags);
	g->tags = NULL;
	g->ntags = g->tagcap = 0;
}

bool game_tags_copy(struct game *dst, const struct game *src)
{
	for (int i = 0; i < src->ntags; i++)
		if (!append_tag(dst, src->tags[i].name, src->tags[i].value))
			return false;
	return true;
}

bool game_tag_in_roster(const char *name)
{
	for (int i = 0; i < GAME_TAG_ROSTER; i++)
		if (!strcmp(name, game_tag_roster[i]))
			return true;
	return false;
}

const char *game_tag(const struct game *g, const char *name)
{
	if (!strcmp(name, "Result"))
		return game_result_text(game_result(g));
	if (!strcmp(name, "SetUp"))
		return g->standard ? NULL : "1";
	if (!strcmp(name, "FEN"))
		return g->standard ? NULL : g->start_fen;
	int i = find_tag(g, name);
	return i >= 0 ? g->tags[i].value : NULL;
}

/* Result reads and writes the game's result; SetUp and FEN follow the start position and cannot be set. */
static bool set_result_tag(struct game *g, const char *value)
{
	static const enum game_result results[4] = { RESULT_WHITE_WINS, RESULT_BLACK_WINS, RESULT_DRAW, RESULT_NONE };
	for (int i = 0; i < 4; i++)
		if (value && !strcmp(value, game_result_text(results[i]))) {
			game_set_result(g, results[i], REASON_RECORDED);
			return true;
		}
	return false;
}

bool game_set_tag(struct game *g, const char *name, const char *value)
{
	if (!valid_name(name) || (value && strlen(value) > TAG_VALUE_MAX))
		return false;
	if (!strcmp(name, "Result"))
		return set_result_tag(g, value);
	if (!strcmp(name, "SetUp") || !strcmp(name, "FEN"))
		return false;
	int i = find_tag(g, name);
	if (i < 0)
		return !value || append_tag(g, name, value);
	if (!value && game_tag_in_roster(name))
		value = "?"; /* the roster is always present */
	if (!value) {
		free(g->tags[i].name);
		free(g->tags[i].value);
		memmove(g->tags + i, g->tags + i + 1, (size_t)(g->ntags - i - 1) * sizeof *g->tags);
		g->ntags--;
		return true;
	}
	char *v = dup_text(value);
	if (!v)
		return false;
	free(g->tags[i].value);
	g->tags[i].value = v;
	return true;
}

int game_tag_count(const struct game *g) { return g->ntags; }

bool game_tag_at(const struct game *g, int i, const char **name, const char **value)
{
	if (i < 0 || i >= g->ntags)
		return false;
	*name = g->tags[i].name;
	*value = g->tags[i].value ? g->tags[i].value : game_tag(g, g->tags[i].name);
	return true;
}
