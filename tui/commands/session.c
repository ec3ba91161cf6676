/* The game's life in the front end: each change autosaved, a finished game archived once, clocks kept running. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "session.h"
#include "annotator.h"
#include "browse.h"
#include "openings.h"
#include "other_engine.h"
#include "persist.h"
#include "premove.h"
#include "rules/chess960.h"
#include "rules/clock.h"
#include "think.h"

/* Elo limits a level can be set to that the human model plays (skill.h, human_level.h). */
#define OFFER_ELO_MIN 800
#define OFFER_ELO_MAX 2400
#define OFFER_GAP 150 /* a level this far from the person's rating is offered one nearer */

/*
 * A game against a level has been archived: the person's rating is made again, told with the result, and while
 * it is new, or far from the level played, a level near it is offered (never set: the person decides).
 */
static void offer_level(struct tui *t, const char *result)
{
	int before = t->match.player.games;
	persist_rate_player(t);
	const struct player_rating *pr = &t->match.player;
	if (pr->games == before)
		return; /* not a game against a level */
	char rating[16];
	player_rating_text(pr, rating, sizeof rating);
	int level = player_rating_level_elo(t->cfg.set.level, t->cfg.set.elo);
	int near = ((int)pr->g.rating + 25) / 50 * 50;
	near = near < OFFER_ELO_MIN ? OFFER_ELO_MIN : near > OFFER_ELO_MAX ? OFFER_ELO_MAX : near;
	bool provisional = pr->g.deviation > PLAYER_RATING_PROVISIONAL;
	if ((provisional || abs(level - near) > OFFER_GAP) && level != near)
		tui_status(t, MSG_RESULT, "%s Your rating: %s after %d game%s; 'elo %d' plays near it.", result, rating,
		           pr->games, pr->games == 1 ? "" : "s", near);
	else
		tui_status(t, MSG_RESULT, "%s Your rating: %s.", result, rating);
}

void session_game_changed(struct tui *t)
{
	struct tui_match *m = &t->match;
	san_list_update(&m->moves, m->game);
	move_tree_update(&m->tree, m->game);
	openings_update(t);
	browse_game_changed(t);
	t->loop.dirty = true;
	t->think.failed = false;
	think_forget_other_positions(t);
	if (game_is_over(m->game)) {
		char text[160];
		game_status_text(m->game, text, sizeof text);
		tui_status(t, MSG_RESULT, "%s", text);
		if (!m->archived && (m->archived = persist_finish_game(t)))
			offer_level(t, text);
		return;
	}
	if (m->archived) {
		persist_unarchive(t); /* reopened: out of the archive until it ends again, so it stands there once */
		persist_rate_player(t);
	}
	m->archived = false;
	if (game_clock_enabled(m->game) && game_ply_count(m->game) > 0)
		game_clock_start(m->game);
	else
		game_clock_stop(m->game); /* nobody's time runs before the first move, also after undoing back to it */
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
	if (color != t->cfg.set.human)
		premove_cancel(t, false); /* it was the other side's */
	t->cfg.set.human = color;
	t->match.engine_color = !color;
	t->view.flipped = color == BLACK;
	t->loop.dirty = true;
}

void session_replace_game(struct tui *t, struct game *g, bool reset_clocks)
{
	struct tui_match *m = &t->match;
	premove_cancel(t, false);
	think_stop(t);
	annotator_stop(t);
	t->annotator.done = false;
	browse_follow(t);
	if (m->game) {
		/* Abandoned, but kept; or finished, and not yet in the archive (it was full). */
		if (!m->archived && (game_is_over(m->game) || game_ply_count(m->game) > 0))
			persist_archive_leaving(t);
		game_free(m->game);
	}
	m->game = g;
	/* A game that comes over (a finished game loaded, a mate set up) did not end here: the archive does not get it. */
	m->archived = game_is_over(g);
	free(m->archive_text);
	m->archive_text = NULL;
	m->archive_at = -1;
	t->opinion.have_eval = false;
	if (t->think.engine) /* a new engine's table is empty already */
		engine_new_game(t->think.engine);
	other_engine_new_game(t);
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
		const char *who = tui_other_opponent(t) ? tui_other_opponent(t) : "Outpost";
		tui_status(t, MSG_ERROR, "%s found no move to play here.", who);
		return;
	}
	move_to_san(game_position(g), best, san);
	int dropped = session_moves_dropped_by(g, best);
	if (!game_play(g, best)) {
		session_game_changed(t); /* the engine's flag fell before it moved */
		return;
	}
	tui_status(t, MSG_INFO, "%s played %s%s", tui_other_opponent(t) ? tui_other_opponent(t) : "Outpost", san,
	           session_dropped_text(dropped));
	session_game_changed(t);
}

int session_moves_dropped_by(const struct game *g, move_t m)
{
	int undone = game_redo_count(g);
	/* The move redo would replay is stepped into, not played anew: nothing goes. */
	return undone > 0 && game_move(g, game_ply_count(g)) != m ? undone : 0;
}

const char *session_dropped_text(int dropped)
{
	static char text[96];
	if (dropped == 0)
		return ".";
	snprintf(text, sizeof text, "; the %d undone move%s that redo would have replayed %s gone.", dropped,
	         dropped == 1 ? "" : "s", dropped == 1 ? "is" : "are");
	return text;
}

void session_branch(struct tui *t, move_t m)
{
	struct game *g = t->match.game;
	int at = tui_shown_node(t), old = game_child(g, at);
	char san[SAN_MAX], was[SAN_MAX] = "";
	move_to_san(tui_shown_position(t), m, san);
	if (old != GAME_NODE_NONE)
		game_node_san(g, old, was);
	think_stop(t);
	if (!game_goto(g, at) || !game_play_as(g, m, BRANCH_MAIN)) {
		tui_status(t, MSG_ERROR, "%s cannot be played there.", san);
		return;
	}
	game_promote(g, game_current(g)); /* the game goes on along the new line */
	browse_follow(t);
	if (was[0])
		tui_status(t, MSG_INFO, "You played %s: a new line, and the game's %s on is a variation now.", san, was);
	else
		tui_status(t, MSG_INFO, "You played %s.", san);
	session_game_changed(t);
}

void session_load(struct tui *t, struct game *g, const char *name)
{
	bool clocks;
	int human = persist_read_tags(t, g, &clocks);
	if (human >= 0)
		session_set_human(t, human);
	/* Clocks from the file's [%clk] readings stay; otherwise the settings' clocks start afresh. */
	session_replace_game(t, g, !clocks && !game_clock_enabled(g));
	if (game_is_over(g))
		tui_status(t, MSG_RESULT, "Loaded %s: the game ended %s; %s", name, game_result_text(game_result(g)),
		           t->plain.on ? "undo to play on from before." : "the arrow keys step through it, undo plays on.");
	else
		tui_status(t, MSG_INFO, "Loaded %s: %d moves played, %s to move.", name, (game_ply_count(g) + 1) / 2,
		           game_position(g)->side == WHITE ? "White" : "Black");
}

void session_play_person(struct tui *t, move_t m)
{
	char san[SAN_MAX];
	move_to_san(game_position(t->match.game), m, san);
	think_stop(t);
	int dropped = session_moves_dropped_by(t->match.game, m);
	if (!game_play(t->match.game, m)) {
		session_game_changed(t); /* the flag fell */
		return;
	}
	tui_status(t, MSG_INFO, "You played %s%s", san, session_dropped_text(dropped));
	session_game_changed(t);
}

struct game *session_new_chess960(int number, char *err, size_t errlen)
{
	if (number < 0) {
		/* Any start as likely as another: the clock's microseconds and the process, mixed (splitmix64's step). */
		uint64_t x = (uint64_t)monotonic_us() ^ (uint64_t)getpid() << 32;
		x = (x ^ x >> 30) * 0xbf58476d1ce4e5b9ULL;
		x = (x ^ x >> 27) * 0x94d049bb133111ebULL;
		number = (int)((x ^ x >> 31) % CHESS960_COUNT);
	}
	return game_new_chess960(number, err, errlen);
}
