/*
 * The mouse.  curses decodes the terminal's reports (X10 or SGR 1006, as the
 * terminal description says) into KEY_MOUSE; here a report becomes a square
 * by the layout, for either side at the bottom and any size of board.
 * Presses and releases come apart (mouseinterval 0), so that a drag is seen
 * as a press on one square and a release on another.
 */
#include <curses.h>

#include "clicks.h"
#include "mouse.h"

void mouse_start(void)
{
	mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED, NULL);
	mouseinterval(0);
}

void mouse_event(struct tui *t, bool take)
{
	MEVENT ev;
	if (getmouse(&ev) != OK || !take)
		return;
	int sq = layout_square_at(&t->lay, t->view.flipped, ev.y, ev.x);
	if (ev.bstate & BUTTON1_PRESSED)
		clicks_press(t, sq);
	if (ev.bstate & BUTTON1_RELEASED)
		clicks_release(t, sq);
	if (ev.bstate & BUTTON1_CLICKED) { /* a terminal that reports the click whole */
		clicks_press(t, sq);
		clicks_release(t, sq);
	}
}
