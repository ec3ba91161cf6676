/* The trainer's panel: never the answer nor an evaluation, only what the player has seen happen. */
#include <stdio.h>

#include "room_view.h"
#include "paint.h"
#include "tui/base/format.h"

/* Text wrapped at spaces from row y on, within r; returns the row after it. */
static int put_wrapped(const struct rect *r, int y, const char *text, attr_t attr)
{
	for (const char *p = text; *p && y < r->y + r->h; y++) {
		size_t cut, next = fmt_cut(p, r->w, &cut);
		char line[1024];
		snprintf(line, sizeof line, "%.*s", (int)cut, p);
		paint_put(y, r->x, r->w, line, attr);
		p += next;
	}
	return y;
}

void room_view_draw(const struct tui *t)
{
	const struct tui_room *room = &t->room;
	const struct rect *r = &t->lay.panel;
	attr_t heading = paint_role_attr(&t->view, ROLE_HEADING), label = paint_role_attr(&t->view, ROLE_LABEL);
	int y = r->y;
	paint_put(y++, r->x, r->w, "Trainer", heading);
	if (room->heading[0]) {
		char text[sizeof room->heading + 16];
		snprintf(text, sizeof text, "Puzzle: %s", room->heading);
		y = put_wrapped(r, y, text, A_BOLD);
	}
	y = put_wrapped(r, y + 1, room->said, A_NORMAL);
	y = put_wrapped(r, y + 1, room->counts, label);
	if (room->phase != ROOM_SOLVING && room->themes[0])
		y = put_wrapped(r, y, room->themes, label); /* not while solving: a theme may hint at the answer */
	if (room->finding[0])
		y = put_wrapped(r, y, room->finding, label);
	/* What may be typed, at the panel's foot when there is room for it. */
	const char *keys = room->phase == ROOM_SOLVING ? "A move, hint, answer or back." : "Enter: go on. back: the game.";
	if (y < r->y + r->h)
		paint_put(r->y + r->h - 1, r->x, r->w, keys, label);
}
