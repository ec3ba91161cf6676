/* The game's life in the front end: each change autosaved, a finished game archived once, clocks kept running. */
#include <stdarg.h>
#include <stdio.h>

#include "persist.h"
#include "session.h"
#include "think.h"

void tui_status(struct tui *t, enum msg_kind kind, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(t->status, sizeof t->status, fmt, ap);
	va_end(ap);
	t->status_kind = kind;
	t->dirty = true;
}

void tui_game_changed(struct tui *t)
{
	t->game_version++;
	t->dirty = true;
	t->moves_top = -1;
	t->engine_failed = false;
	if (game_is_over(t->game)) {
		char text[160];
		game_status_text(t->game, text, sizeof text);
		tui_status(t, MSG_RESULT, "%s", text);
		if (!t->archived) {
			t->archived = persist_archive(t);
			persist_discard_autosave(t);
		}
		return;
	}
	t->archived = false;
	if (game_clock_enabled(t->game) && game_ply_count(t->game) > 0)
		game_clock_start(t->game);
	persist_autosave(t);
}

void session_apply_clocks(struct tui *t)
{
	for (int c = WHITE; c <= BLACK; c++)
		game_clock_set(t->game, c, t->set.time_ms, t->set.time_ms ? t->set.inc_ms : 0);
	/* The clocks start after the first move, so nobody loses time reading the screen. */
	if (game_clock_enabled(t->game) && game_ply_count(t->game) > 0)
		game_clock_start(t->game);
}

void session_set_human(struct tui *t, int color)
{
	t->set.human = color;
	t->engine_color = !color;
	t->view.flipped = color == BLACK;
	t->dirty = true;
}

void session_replace_game(struct tui *t, struct game *g, bool reset_clocks)
{
	think_stop(t);
	if (t->game) {
		if (!game_is_over(t->game) && game_ply_count(t->game) > 0)
			persist_archive(t); /* abandoned, but kept */
		game_free(t->game);
	}
	t->game = g;
	t->archived = false;
	t->have_eval = false;
	engine_new_game(t->engine);
	if (reset_clocks)
		session_apply_clocks(t);
	tui_game_changed(t);
}
