/*
 * The game's PGN tags as the game's API shows them: stored in a tag list, with
 * Result, SetUp, FEN and (for Chess960) Variant read off the game, and
 * Termination where the game knows.
 */
#include <string.h>
#include <strings.h>

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
	/* A Chess960 game names its start even when it is the standard one: readers need it with the Variant. */
	if (!strcmp(name, "SetUp"))
		return g->standard && !g->chess960 ? NULL : "1";
	if (!strcmp(name, "FEN"))
		return g->standard && !g->chess960 ? NULL : g->start_fen;
	if (!strcmp(name, "Variant") && g->chess960)
		return "Chess960";
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

/* Chess960 under the names programs give it: lichess's Chess960, cutechess's fischerandom, and the like. */
static bool names_chess960(const char *value)
{
	static const char *const names[] = { "Chess960", "Chess 960", "Chess-960", "Fischerandom", "Fischer Random",
		                             "Fischer-Random", "FischerRandom", "960" };
	for (size_t i = 0; value && i < sizeof names / sizeof names[0]; i++)
		if (!strcasecmp(value, names[i]))
			return true;
	return false;
}

/*
 * Variant: Chess960's names set the game's flag, any other value (or none) unsets it; a start only Chess960 can
 * have keeps it Chess960 whatever the tag says (the position is the better witness).
 */
static bool set_variant_tag(struct game *g, const char *value)
{
	bool chess960 = names_chess960(value);
	if (!game_set_chess960(g, chess960))
		return true;
	return chess960 || tag_list_set(&g->tags, "Variant", value);
}

bool game_set_tag(struct game *g, const char *name, const char *value)
{
	if (!tag_name_valid(name) || (value && strlen(value) > TAG_VALUE_MAX))
		return false;
	if (!strcmp(name, "Result"))
		return set_result_tag(g, value);
	if (!strcmp(name, "Variant"))
		return set_variant_tag(g, value);
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
