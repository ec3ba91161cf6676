/* The view options and the loop's flags, changed by keys and commands alike; the loop redraws after. */
#include "controls.h"

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
	t->loop.confirm_quit = true;
	tui_status(t, MSG_INFO, "Quit? Your game is saved and resumes next time. (y/n)");
}

void controls_answer_quit(struct tui *t, bool yes)
{
	t->loop.confirm_quit = false;
	if (yes)
		controls_quit(t);
	else
		tui_status(t, MSG_INFO, "Carry on.");
}

void controls_quit(struct tui *t) { t->loop.quit = true; }
