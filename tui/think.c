/*
 * The engine's work for the game.  Every search starts from the game's
 * position with the analysis snapshot as its callbacks' target; the key loop
 * polls the snapshot and acts when a search ends.  Any change to the game
 * first stops the search and waits for it (think_stop), so a finished search
 * always belongs to the position on the board and no stray move is played.
 */
#include <stdio.h>
#include <string.h>

#include "analysis_view.h"
#include "notation/notation.h"
#include "notation/score_text.h"
#include "rules/clock.h"
#include "session.h"
#include "think.h"

#define HINT_MS 1000 /* a hint thinks at most this long */
#define PACE_MS 1000 /* without clocks, the engine's move comes no sooner than this (or its movetime) */

static bool set_option_int(struct tui *t, const char *name, int value, char *err, size_t errlen)
{
	char text[16];
	snprintf(text, sizeof text, "%d", value);
	return engine_set_option(t->engine, name, text, err, errlen);
}

bool think_configure(struct tui *t, char *err, size_t errlen)
{
	return set_option_int(t, "Threads", t->set.threads, err, errlen) &&
	       set_option_int(t, "Hash", t->set.hash_mb, err, errlen);
}

/* The engine plays its own moves at the chosen level; hints and analysis are at full strength. */
static bool apply_strength(struct tui *t, enum task task, char *err, size_t errlen)
{
	int level = task == TASK_MOVE ? t->set.level : engine_option_find("Skill Level")->max;
	int elo = task == TASK_MOVE ? t->set.elo : 0;
	int multipv = task == TASK_MOVE ? 1 : t->set.multipv;
	if (level != t->applied.level && !set_option_int(t, "Skill Level", level, err, errlen))
		return false;
	t->applied.level = level;
	if (elo != t->applied.elo) {
		if (!engine_set_option(t->engine, "UCI_LimitStrength", elo ? "true" : "false", err, errlen) ||
		    (elo && !set_option_int(t, "UCI_Elo", elo, err, errlen)))
			return false;
		t->applied.elo = elo;
	}
	if (multipv != t->applied.multipv && !set_option_int(t, "MultiPV", multipv, err, errlen))
		return false;
	t->applied.multipv = multipv;
	return true;
}

static void set_limits(const struct tui *t, enum task task, struct engine_limits *lim)
{
	memset(lim, 0, sizeof *lim);
	if (task == TASK_ANALYZE) {
		lim->infinite = true;
	} else if (task == TASK_HINT) {
		lim->movetime_ms = t->set.movetime_ms < HINT_MS ? t->set.movetime_ms : HINT_MS;
	} else if (game_clock_enabled(t->game)) {
		for (int c = WHITE; c <= BLACK; c++) {
			int64_t left = game_clock_remaining(t->game, c);
			lim->time_ms[c] = left > 1 ? (int)(left < 2000000000 ? left : 2000000000) : 1;
			lim->inc_ms[c] = (int)game_clock_increment(t->game, c);
		}
	} else {
		lim->movetime_ms = t->set.movetime_ms;
	}
}

void think_start(struct tui *t, enum task task)
{
	char err[256];
	think_stop(t);
	const struct game *g = t->game;
	bool ok = apply_strength(t, task, err, sizeof err);
	if (ok && !(ok = engine_set_line(t->engine, game_line(g))))
		snprintf(err, sizeof err, "out of memory");
	if (!ok) {
		tui_status(t, MSG_ERROR, "Engine: %s", err);
		t->engine_failed = true;
		return;
	}
	struct engine_limits lim;
	set_limits(t, task, &lim);
	pos_copy(t->root, &t->root_state, game_position(g));
	t->root_state.prev = NULL; /* the game's history moves on without us; the views never look back */
	/* A weak level finds its move in a blink; a person should still see it think. */
	int pace = game_clock_enabled(g) ? 0 : t->set.movetime_ms < PACE_MS ? t->set.movetime_ms : PACE_MS;
	t->move_due_ms = monotonic_ms() + pace;
	t->search_id = analysis_begin(&t->analysis);
	memset(&t->snap, 0, sizeof t->snap); /* the old lines belong to the old root */
	t->task = task;
	engine_go(t->engine, &lim, analysis_on_info, analysis_on_best, &t->analysis);
	t->dirty = true;
}

void think_stop(struct tui *t)
{
	if (t->task == TASK_NONE && !engine_searching(t->engine))
		return;
	t->task = TASK_NONE;
	engine_stop(t->engine);
	engine_wait(t->engine);
	t->dirty = true;
}

/* The engine's opinion of the position it searched, from White's view, for the bar and draw offers. */
static void remember_eval(struct tui *t)
{
	const struct engine_info *info = &t->snap.lines[0];
	if (t->snap.nlines == 0 || info->depth == 0)
		return;
	int v = info->is_mate ? (info->mate_moves > 0 ? 10000 - info->mate_moves : -10000 - info->mate_moves)
	                      : info->score_cp;
	t->last_eval_cp = t->root->side == WHITE ? v : -v;
	t->have_eval = true;
}

static void play_engine_move(struct tui *t, move_t best)
{
	const struct position *pos = game_position(t->game);
	char san[SAN_MAX];
	if (best == MOVE_NONE || pos_key(pos) != pos_key(t->root) || !move_is_legal(pos, best)) {
		t->engine_failed = true;
		tui_status(t, MSG_ERROR, "Outpost found no move to play here.");
		return;
	}
	move_to_san(pos, best, san);
	if (!game_play(t->game, best)) {
		tui_game_changed(t); /* the engine's flag fell before it moved */
		return;
	}
	tui_status(t, MSG_INFO, "Outpost played %s.", san);
	tui_game_changed(t);
}

static void show_hint(struct tui *t, move_t best)
{
	const struct position *pos = game_position(t->game);
	char san[SAN_MAX], score[SCORE_TEXT_MAX + 3] = "";
	if (best == MOVE_NONE || pos_key(pos) != pos_key(t->root) || !move_is_legal(pos, best)) {
		tui_status(t, MSG_ERROR, "No hint: there is no legal move.");
		return;
	}
	move_to_san(pos, best, san);
	if (t->snap.nlines > 0 && t->snap.lines[0].depth > 0) {
		char text[SCORE_TEXT_MAX];
		analysis_view_score(t, &t->snap.lines[0], text, sizeof text);
		snprintf(score, sizeof score, " (%s)", text);
	}
	tui_status(t, MSG_INFO, "Hint: %s%s", san, score);
}

bool think_poll(struct tui *t)
{
	bool changed = analysis_poll(&t->analysis, &t->snap, &t->snap_seen);
	bool ours = t->snap.search_id == t->search_id;
	if (changed && ours)
		remember_eval(t);
	if (!ours || !t->snap.done || t->task == TASK_NONE)
		return changed;
	if (t->task == TASK_MOVE && monotonic_ms() < t->move_due_ms)
		return changed;
	enum task task = t->task;
	t->task = TASK_NONE;
	engine_wait(t->engine); /* on_best has fired: the thread is finishing */
	if (task == TASK_MOVE)
		play_engine_move(t, t->snap.best);
	else if (task == TASK_HINT)
		show_hint(t, t->snap.best);
	return true;
}

void think_schedule(struct tui *t)
{
	if (t->task != TASK_NONE || t->engine_failed || game_is_over(t->game))
		return;
	int stm = game_position(t->game)->side;
	if (stm == t->engine_color)
		think_start(t, TASK_MOVE);
	else if (t->analyze_mode)
		think_start(t, TASK_ANALYZE);
}
