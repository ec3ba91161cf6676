/* The view options, the loop's flags and its questions, changed by keys and commands alike; the loop redraws after. */
#include <stdio.h>

#include "controls.h"
#include "persist.h"

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

void controls_scroll_moves(struct tui *t, int pages)
{
	int rows = t->lay.moves.h - 1;
	if (rows <= 0)
		return;
	int follow = san_list_follow_top(&t->match.moves, rows);
	int top = (t->view.moves_top >= 0 ? t->view.moves_top : follow) + pages * rows;
	if (top < 0)
		top = 0;
	t->view.moves_top = top >= follow ? -1 : top;
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

void controls_answer(struct tui *t, bool yes)
{
	enum question q = t->loop.asking;
	t->loop.asking = ASK_NOTHING;
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
