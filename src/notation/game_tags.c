/*
 * The game's PGN tags as the game's API shows them: stored in a tag list, with
 * Result, SetUp and FEN read off the game, and Termination where the game knows.
 */
#include <string.h>

#include "notation/game_internal.h"

/* What the game says of its end where it knows, else the tag as set, else "unterminated" while in play. */
static const char *termination(const struct game *g)
{
	const char *known = game_reason_termination(game_main_reason(g));
	int i = tag_list_find(&g->tags, "Termination");
	if (known)
		return known;
	if (i >= 0)
		return g->tags.tags[i].value;
	return game_main_result(g) == RESULT_NONE ? "unterminated" : NULL;
}

const char *game_tag(const struct game *g, const char *name)
{
	if (!strcmp(name, "Result"))
		return game_result_text(game_main_result(g));
	if (!strcmp(name, "Termination"))
		return termination(g);
	if (!strcmp(name, "SetUp"))
		return g->standard ? NULL : "1";
	if (!strcmp(name, "FEN"))
		return g->standard ? NULL : g->start_fen;
	int i = tag_list_find(&g->tags, name);
	return i >= 0 ? g->tags.tags[i].value : NULL;
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
	if (!tag_name_valid(name) || (value && strlen(value) > TAG_VALUE_MAX))
		return false;
	if (!strcmp(name, "Result"))
		return set_result_tag(g, value);
	if (!strcmp(name, "SetUp") || !strcmp(name, "FEN"))
		return false;
	return tag_list_set(&g->tags, name, value);
}

int game_tag_count(const struct game *g) { return g->tags.n; }

bool game_tag_at(const struct game *g, int i, const char **name, const char **value)
{
	if (i < 0 || i >= g->tags.n)
		return false;
	const struct tag_pair *t = &g->tags.tags[i];
	*name = t->name;
	*value = t->value && strcmp(t->name, "Termination") ? t->value : game_tag(g, t->name);
	return true;
}
