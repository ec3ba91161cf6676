/*
 * The mouse.  curses decodes the terminal's reports (X10 or SGR 1006, as the
 * terminal description says) into KEY_MOUSE; here a report becomes a square
 * by the layout, for either side at the bottom and any size of board.
 * Presses and releases come apart (mouseinterval 0), so that a drag is seen
 * as a press on one square and a release on another.
 */
#include <curses.h>

#include "mouse.h"
#include "tui/commands/clicks.h"

#define MOUSE_BURST 16 /* reports taken at one KEY_MOUSE; ncurses keeps fewer */

void mouse_start(void)
{
	mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED, NULL);
	mouseinterval(0);
}

/* What one report means on the board. */
static void one_event(struct tui *t, const MEVENT *ev)
{
	int sq = layout_square_at(&t->lay, t->view.flipped, ev->y, ev->x);
	if (ev->bstate & BUTTON1_PRESSED)
		clicks_press(t, sq);
	if (ev->bstate & BUTTON1_RELEASED)
		clicks_release(t, sq);
	if (ev->bstate & BUTTON1_CLICKED) { /* a terminal that reports the click whole */
		clicks_press(t, sq);
		clicks_release(t, sq);
	}
}

void mouse_event(struct tui *t, bool take)
{
	/*
	 * Reports read together (a press and its release while the loop was busy)
	 * come as one KEY_MOUSE, and getmouse hands them over newest first: all
	 * are taken, then done oldest first.
	 */
	MEVENT events[MOUSE_BURST];
	int n = 0;
	while (n < MOUSE_BURST && getmouse(&events[n]) == OK)
		n++;
	while (take && n > 0)
		one_event(t, &events[--n]);
}
