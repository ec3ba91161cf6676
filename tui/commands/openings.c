/* Opening names for the game: the ECO table read once, looked up after every change of the game. */
#include <stdlib.h>

#include "openings.h"

void openings_load(struct tui *t)
{
	char err[512];
	const char *chosen = getenv("OUTPOST_ECO");
	t->openings.current.code[0] = '\0';
	t->openings.eco = eco_load(chosen && *chosen ? chosen : ECO_SYSTEM_FILE, err, sizeof err);
	/* The system's file may well be missing: that is said nowhere.  One asked for by name is. */
	if (!t->openings.eco && chosen && *chosen)
		tui_status(t, MSG_ERROR, "No opening names: %s", err);
}

void openings_update(struct tui *t)
{
	struct tui_openings *o = &t->openings;
	struct game *g = t->match.game;
	if (!o->eco || !g)
		return;
	/* The names are the standard game's openings: a Chess960 game has none, even from 518. */
	const struct eco_opening *found = game_is_chess960(g) ? NULL : eco_find_line(o->eco, game_line(g));
	if (found)
		o->current = *found;
	else
		o->current.code[0] = '\0';
	game_set_tag(g, "ECO", found ? found->code : NULL);
	game_set_tag(g, "Opening", found ? found->opening : NULL);
	game_set_tag(g, "Variation", found && found->variation[0] ? found->variation : NULL);
}

void openings_free(struct tui *t)
{
	eco_free(t->openings.eco);
	t->openings.eco = NULL;
}
