/* The view options, the loop's flags and its questions, changed by keys and commands alike; the loop redraws after. */
#include <stdio.h>

#include "controls.h"
#include "persist.h"
#include "rules/movegen.h"
#include "session.h"

void controls_flip(struct tui *t)
{
	t->view.flipped = !t->view.flipped;
	t->loop.dirty = true;
}

void controls_show_help(struct tui *t, bool show)
{
	t->view.show_help = show;
	t->loop.dirty = true;
}

void controls_ask_quit(struct tui *t)
{
	t->loop.asking = ASK_QUIT;
	tui_status(t, MSG_INFO, "Quit? Your game is saved and resumes next time. (y/n)");
}

void controls_ask_replace(struct tui *t, const char *name, const char *path)
{
	t->loop.asking = ASK_REPLACE_FILE;
	snprintf(t->loop.asked_name, sizeof t->loop.asked_name, "%s", name);
	snprintf(t->loop.asked_path, sizeof t->loop.asked_path, "%s", path);
	tui_status(t, MSG_INFO, "%s exists. Replace it with this game? (y/n)", name);
}

void controls_ask_branch(struct tui *t, move_t m)
{
	const struct game *g = t->match.game;
	char san[SAN_MAX], was[SAN_MAX] = "";
	move_to_san(tui_shown_position(t), m, san);
	int old = game_child(g, tui_shown_node(t));
	if (old != GAME_NODE_NONE)
		game_node_san(g, old, was);
	t->loop.asking = ASK_BRANCH;
	t->loop.asked_move = m;
	tui_status(t, MSG_INFO, "Play %s here instead of the game's %s? The game goes on from it, and its moves from %s on "
	                        "stay as a variation. (y/n)", san, was, was);
}

void controls_answer(struct tui *t, bool yes)
{
	enum question q = t->loop.asking;
	t->loop.asking = ASK_NOTHING;
	if (q == ASK_UNSAFE) {
		if (yes && move_is_legal(game_position(t->match.game), t->loop.asked_move))
			session_play_person(t, t->loop.asked_move);
		else
			tui_status(t, MSG_INFO, "Nothing played: think again.");
		return;
	}
	if (q == ASK_BRANCH) {
		if (yes)
			session_branch(t, t->loop.asked_move);
		else
			tui_status(t, MSG_INFO, "Nothing played; the game is as it was.");
		return;
	}
	if (q == ASK_QUIT && yes)
		controls_quit(t);
	else if (q == ASK_QUIT)
		tui_status(t, MSG_INFO, "Carry on.");
	else if (q == ASK_REPLACE_FILE && yes)
		persist_save_as(t, t->loop.asked_name, t->loop.asked_path);
	else if (q == ASK_REPLACE_FILE)
		tui_status(t, MSG_INFO, "Not saved: %s is as it was.", t->loop.asked_name);
}

void controls_quit(struct tui *t) { t->loop.quit = true; }
