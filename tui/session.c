/* The game's life in the front end: each change autosaved, a finished game archived once, clocks kept running. */
#include "persist.h"
#include "session.h"
#include "think.h"

void session_game_changed(struct tui *t)
{
	struct tui_match *m = &t->match;
	san_list_update(&m->moves, m->game);
	t->loop.dirty = true;
	t->view.moves_top = -1;
	t->think.failed = false;
	if (game_is_over(m->game)) {
		char text[160];
		game_status_text(m->game, text, sizeof text);
		tui_status(t, MSG_RESULT, "%s", text);
		if (!m->archived) {
			m->archived = persist_archive(t);
			persist_discard_autosave(t);
		}
		return;
	}
	m->archived = false;
	if (game_clock_enabled(m->game) && game_ply_count(m->game) > 0)
		game_clock_start(m->game);
	persist_autosave(t);
}

void session_apply_clocks(struct tui *t)
{
	struct game *g = t->match.game;
	for (int c = WHITE; c <= BLACK; c++)
		game_clock_set(g, c, t->cfg.set.time_ms, t->cfg.set.time_ms ? t->cfg.set.inc_ms : 0);
	/* The clocks start after the first move, so nobody loses time reading the screen. */
	if (game_clock_enabled(g) && game_ply_count(g) > 0)
		game_clock_start(g);
}

void session_set_human(struct tui *t, int color)
{
	t->cfg.set.human = color;
	t->match.engine_color = !color;
	t->view.flipped = color == BLACK;
	t->loop.dirty = true;
}

void session_replace_game(struct tui *t, struct game *g, bool reset_clocks)
{
	struct tui_match *m = &t->match;
	think_stop(t);
	if (m->game) {
		if (!game_is_over(m->game) && game_ply_count(m->game) > 0)
			persist_archive(t); /* abandoned, but kept */
		game_free(m->game);
	}
	m->game = g;
	m->archived = false;
	t->opinion.have_eval = false;
	engine_new_game(t->think.engine);
	if (reset_clocks)
		session_apply_clocks(t);
	session_game_changed(t);
}

void session_play_engine_move(struct tui *t, move_t best)
{
	struct game *g = t->match.game;
	char san[SAN_MAX];
	if (!think_move_fits(t, best)) {
		t->think.failed = true;
		tui_status(t, MSG_ERROR, "Outpost found no move to play here.");
		return;
	}
	move_to_san(game_position(g), best, san);
	if (!game_play(g, best)) {
		session_game_changed(t); /* the engine's flag fell before it moved */
		return;
	}
	tui_status(t, MSG_INFO, "Outpost played %s.", san);
	session_game_changed(t);
}
