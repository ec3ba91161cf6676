/* The curses screen: the terminal's modes and colours, the layout on resize, and each frame drawn by the views. */
#include <string.h>

#include "screen.h"
#include "tui/base/typed.h"
#include "tui/views/board_view.h"
#include "tui/views/help_view.h"
#include "tui/views/paint.h"
#include "tui/views/picker_view.h"
#include "tui/views/prompt_view.h"
#include "tui/views/room_view.h"
#include "tui/views/side_panel.h"

bool screen_init(struct tui *t)
{
	/* newterm, unlike initscr, returns to us when the terminal is unknown instead of exiting. */
	if (!newterm(NULL, stdout, stdin))
		return false;
	raw(); /* Ctrl-C reaches the loop as a key, so it can ask instead of killing the game */
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	timeout(50);
	t->view.colors = paint_init_colors(t->cfg.set.colors);
	t->view.unicode = !t->cfg.set.ascii && typed_locale_utf8();
	screen_resize(t);
	return true;
}

void screen_end(void) { endwin(); }

void screen_pause(void) { endwin(); }

void screen_resume(struct tui *t)
{
	clearok(curscr, TRUE); /* the shell drew over the screen */
	refresh();
	screen_resize(t);
}

void screen_resize(struct tui *t)
{
	layout_compute(LINES, COLS, &t->lay);
	t->loop.dirty = true;
}

void screen_draw(const struct tui *t)
{
	erase();
	if (t->lay.too_small) {
		help_view_draw_too_small();
	} else if (t->view.show_help) {
		help_view_draw();
	} else if (t->picker.open) {
		picker_view_draw(t);
	} else if (t->room.open) {
		board_view_draw(t);
		room_view_draw(t);
		side_panel_draw_status(t);
		prompt_view_draw(t, &t->lay.input);
	} else {
		board_view_draw(t);
		side_panel_draw(t);
		side_panel_draw_status(t);
		prompt_view_draw(t, &t->lay.input);
	}
	refresh();
}
