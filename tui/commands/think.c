/*
 * The engine's work for the game.  Every search starts from the game's
 * position with the analysis snapshot as its callbacks' target; the key loop
 * polls the snapshot and acts when a search ends.  Any change to the game
 * first stops the search and waits for it (think_stop), so a finished search
 * always belongs to the position on the board and no stray move is played.
 */
#include <stdio.h>
#include <string.h>

#include "think.h"
#include "notation/notation.h"
#include "notation/score_text.h"
#include "other_engine.h"
#include "rules/clock.h"
#include "rules/movegen.h"
#include "study/explain.h"
#include "tui/base/format.h"

#define HINT_MS 1000 /* a hint thinks at most this long */
#define PACE_MS 1000 /* without clocks, the engine's move comes no sooner than this (or its movetime) */
/*
 * Without clocks a level of people takes a person's time as on the clock of
 * the rapid games it was fitted on (Lichess's 10+0), which never runs down:
 * movetime is the full engine's, and a level that answered in it would think
 * as long over a recapture as over the game's hardest move.
 */
#define LEVEL_UNTIMED_CLOCK_MS 600000

const struct pos_line *think_task_line(const struct tui *t, enum task task)
{
	return task == TASK_MOVE ? game_line(t->match.game) : task == TASK_THREAT ? &t->think.threat_line : tui_shown_line(t);
}

static bool set_option_int(struct tui *t, const char *name, int value, char *err, size_t errlen)
{
	char text[16];
	snprintf(text, sizeof text, "%d", value);
	return engine_set_option(t->think.engine, name, text, err, errlen);
}

bool think_configure(struct tui *t, char *err, size_t errlen)
{
	return set_option_int(t, "Threads", t->cfg.set.threads, err, errlen) &&
	       set_option_int(t, "Hash", t->cfg.set.hash_mb, err, errlen);
}

bool think_set_book(struct tui *t, const char *book, char *err, size_t errlen)
{
	struct engine *e = t->think.engine;
	think_stop(t); /* a new option ends the search; the game's own move must not come from that */
	if (!strcmp(book, "off"))
		return engine_set_option(e, "OwnBook", "false", err, errlen);
	const char *file = strcmp(book, "on") ? book : engine_system_book();
	return engine_set_option(e, "BookFile", file, err, errlen) && engine_set_option(e, "OwnBook", "true", err, errlen);
}

bool think_set_syzygy(struct tui *t, const char *syzygy, char *err, size_t errlen)
{
	think_stop(t);
	if (!engine_set_option(t->think.engine, "SyzygyPath", strcmp(syzygy, "off") ? syzygy : "", err, errlen))
		return false;
	if (!strstr(err, "; left out: "))
		err[0] = '\0'; /* what was found is no news; only what was left out is */
	return true;
}

/* The engine plays its own moves at the chosen level; hints and analysis are at full strength. */
static bool apply_strength(struct tui *t, enum task task, char *err, size_t errlen)
{
	int level = task == TASK_MOVE ? t->cfg.set.level : engine_option_find("Skill Level")->max;
	int elo = task == TASK_MOVE ? t->cfg.set.elo : 0;
	int multipv = task == TASK_MOVE ? 1 : t->cfg.set.multipv;
	if (level != t->think.applied.level && !set_option_int(t, "Skill Level", level, err, errlen))
		return false;
	t->think.applied.level = level;
	if (elo != t->think.applied.elo) {
		if (!engine_set_option(t->think.engine, "UCI_LimitStrength", elo ? "true" : "false", err, errlen) ||
		    (elo && !set_option_int(t, "UCI_Elo", elo, err, errlen)))
			return false;
		t->think.applied.elo = elo;
	}
	if (multipv != t->think.applied.multipv && !set_option_int(t, "MultiPV", multipv, err, errlen))
		return false;
	t->think.applied.multipv = multipv;
	/* A Chess960 game keeps the book shut (engine.h). */
	int chess960 = game_is_chess960(t->match.game);
	if (chess960 != t->think.applied.chess960 &&
	    !engine_set_option(t->think.engine, "UCI_Chess960", chess960 ? "true" : "false", err, errlen))
		return false;
	t->think.applied.chess960 = chess960;
	return true;
}

/* Whether the game's move is a level of people's (an Elo they play, on our engine rather than another). */
static bool people_level_moves(const struct tui *t, enum task task)
{
	int elo = t->cfg.set.elo;
	return task == TASK_MOVE && elo && t->think.engine && elo <= engine_people_elo_max(t->think.engine) &&
	       !other_engine_takes(t, task);
}

static void set_limits(const struct tui *t, enum task task, struct engine_limits *lim)
{
	memset(lim, 0, sizeof *lim);
	if (task == TASK_ANALYZE) {
		lim->infinite = true;
	} else if (task == TASK_HINT || task == TASK_THREAT) {
		lim->movetime_ms = t->cfg.set.movetime_ms < HINT_MS ? t->cfg.set.movetime_ms : HINT_MS;
	} else if (game_clock_enabled(t->match.game)) {
		for (int c = WHITE; c <= BLACK; c++) {
			int64_t left = game_clock_remaining(t->match.game, c);
			lim->time_ms[c] = left > 1 ? (int)(left < 2000000000 ? left : 2000000000) : 1;
			lim->inc_ms[c] = (int)game_clock_increment(t->match.game, c);
		}
	} else if (people_level_moves(t, task)) {
		lim->time_ms[WHITE] = lim->time_ms[BLACK] = LEVEL_UNTIMED_CLOCK_MS;
	} else {
		lim->movetime_ms = t->cfg.set.movetime_ms;
	}
}

/* Starts the task's search on whichever engine does it; false with a message. */
static bool go(struct tui *t, enum task task, const struct engine_limits *lim, char *err, size_t errlen)
{
	struct tui_think *th = &t->think;
	th->on_other = task != TASK_THREAT && other_engine_takes(t, task);
	if (th->on_other)
		return other_engine_go(t, task, lim, err, errlen);
	if (!apply_strength(t, task, err, errlen))
		return false;
	if (!engine_set_line(th->engine, think_task_line(t, task))) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	engine_go(th->engine, lim, analysis_on_info, analysis_on_best, &th->analysis);
	return true;
}

void think_start(struct tui *t, enum task task)
{
	char err[512];
	if (!t->think.engine)
		return; /* not made yet: think_schedule starts it once it is */
	think_stop(t);
	const struct game *g = t->match.game;
	struct tui_think *th = &t->think;
	struct engine_limits lim;
	set_limits(t, task, &lim);
	pos_copy(t->opinion.root, &t->opinion.root_state, &think_task_line(t, task)->pos);
	t->opinion.root_state.prev = NULL; /* the game's history moves on without us; the views never look back */
	/* A weak level finds its move in a blink; a person should still see it think. */
	int pace = game_clock_enabled(g) ? 0 : t->cfg.set.movetime_ms < PACE_MS ? t->cfg.set.movetime_ms : PACE_MS;
	th->move_due_ms = monotonic_ms() + pace;
	th->search_id = analysis_begin(&th->analysis);
	memset(&t->opinion.snap, 0, sizeof t->opinion.snap); /* the old lines belong to the old root */
	th->task = task;
	if (!go(t, task, &lim, err, sizeof err)) {
		th->task = TASK_NONE;
		tui_status(t, MSG_ERROR, "Engine: %s", err);
		th->failed = true;
		return;
	}
	/* Below full strength our lines are the candidates it will pick among with an error: not analysis to show. */
	bool weakened = t->cfg.set.elo || t->cfg.set.level < engine_option_find("Skill Level")->max;
	th->private_lines = task == TASK_MOVE && weakened && !th->on_other;
	t->loop.dirty = true;
}

void think_stop(struct tui *t)
{
	bool other = t->think.other && uci_client_searching(t->think.other);
	bool ours = t->think.engine && engine_searching(t->think.engine);
	if (t->think.task == TASK_NONE && !ours && !other)
		return;
	t->think.task = TASK_NONE;
	if (t->think.engine) {
		engine_stop(t->think.engine);
		engine_wait(t->think.engine);
	}
	other_engine_stop(t);
	t->loop.dirty = true;
}

/* Waits for the finished task's engine: on_best has fired, its thread is finishing. */
static void wait_task(struct tui *t)
{
	if (t->think.on_other)
		other_engine_wait(t);
	else
		engine_wait(t->think.engine);
}

/* The engine's opinion of the position it searched, from White's view, for the bar and draw offers. */
static void remember_eval(struct tui_opinion *op)
{
	const struct engine_info *info = &op->snap.lines[0];
	if (op->snap.nlines == 0 || info->depth == 0)
		return;
	int v = info->is_mate ? (info->mate_moves > 0 ? 10000 - info->mate_moves : -10000 - info->mate_moves)
	                      : info->score_cp;
	op->eval_cp = op->root->side == WHITE ? v : -v;
	op->have_eval = true;
}

void think_forget_other_positions(struct tui *t)
{
	struct tui_opinion *op = &t->opinion;
	if (t->think.task == TASK_NONE && op->snap.nlines > 0 && pos_key(op->root) != pos_key(tui_shown_position(t)))
		memset(&op->snap, 0, sizeof op->snap);
}

bool think_move_fits(const struct tui *t, move_t best)
{
	const struct position *pos = game_position(t->match.game);
	return best != MOVE_NONE && pos_key(pos) == pos_key(t->opinion.root) && move_is_legal(pos, best);
}

void think_discount(struct tui *t, int64_t ms)
{
	if (t->think.engine && t->think.task != TASK_NONE)
		engine_discount(t->think.engine, ms);
}

/* The hint on the status line with its score and line, its move on the board until the next key. */
static void show_hint(struct tui *t, move_t best)
{
	const struct position *pos = tui_shown_position(t);
	char san[SAN_MAX], score[SCORE_TEXT_MAX + 24] = "", line[160] = "";
	if (best == MOVE_NONE || pos_key(pos) != pos_key(t->opinion.root) || !move_is_legal(pos, best)) {
		tui_status(t, MSG_ERROR, "No hint: there is no legal move.");
		return;
	}
	move_to_san(pos, best, san);
	const struct engine_info *info = &t->opinion.snap.lines[0];
	if (t->opinion.snap.nlines > 0 && info->book)
		snprintf(score, sizeof score, " (from the opening book)");
	else if (t->opinion.snap.nlines > 0 && info->depth > 0) {
		char text[SCORE_TEXT_MAX + 16];
		if (!fmt_engine_mate(text, sizeof text, info, t->opinion.root->side))
			fmt_engine_score(text, sizeof text, info, t->cfg.set.white_scores, t->opinion.root->side);
		snprintf(score, sizeof score, " (%s)", text);
		if (info->pv_len > 1 && info->pv[0] == best && !info->book)
			san_format_line(pos, info->pv, info->pv_len < 8 ? info->pv_len : 8, line, sizeof line);
	}
	t->opinion.hint = best;
	tui_status(t, MSG_INFO, "Hint: %s%s%s%s", san, score, line[0] ? ", the line " : "", line);
}

/* What the threat search found, in words, on the status line and (while the position stays shown) the panel. */
static void show_threat(struct tui *t)
{
	const struct engine_info *info = &t->opinion.snap.lines[0];
	const struct position *pos = tui_shown_position(t);
	char text[sizeof t->think.threat];
	if (pos_key(pos) != t->think.threat_from || t->opinion.snap.nlines == 0 ||
	    !explain_threat(pos, info->pv, info->pv_len, text, sizeof text)) {
		tui_status(t, MSG_INFO, "No threat found.");
		return;
	}
	snprintf(t->think.threat, sizeof t->think.threat, "%s", text);
	t->think.threat_key = pos_key(pos);
	tui_status(t, MSG_INFO, "%s", text);
}

bool think_threat(struct tui *t, char *err, size_t errlen)
{
	const struct position *pos = tui_shown_position(t);
	char fen[FEN_MAX], *field[6], *save = NULL;
	int n = 0;
	if (in_check(pos)) {
		snprintf(err, errlen, "No threat to read: %s is in check.", pos->side == WHITE ? "White" : "Black");
		return false;
	}
	pos_get_fen(pos, fen, sizeof fen);
	for (char *f = strtok_r(fen, " ", &save); f && n < 6; f = strtok_r(NULL, " ", &save))
		field[n++] = f;
	if (n < 6) {
		snprintf(err, errlen, "No threat to read: the position cannot be passed over.");
		return false;
	}
	/* The same position with the other side to move and no en passant: a null move. */
	char passed[FEN_MAX + 8];
	snprintf(passed, sizeof passed, "%s %s %s - %s %d", field[0], pos->side == WHITE ? "b" : "w", field[2], field[4],
	         pos->fullmove + (pos->side == BLACK));
	if (!line_set_fen(&t->think.threat_line, passed, err, errlen, NULL, 0) ||
	    count_legal(&t->think.threat_line.pos) == 0) {
		snprintf(err, errlen, "No threat to read: the other side would have no move.");
		return false;
	}
	t->think.threat_from = pos_key(pos);
	think_start(t, TASK_THREAT);
	return t->think.task == TASK_THREAT;
}

bool think_poll(struct tui *t)
{
	struct tui_think *th = &t->think;
	const struct analysis_snapshot *snap = &t->opinion.snap;
	bool changed = analysis_poll(&th->analysis, &t->opinion.snap, &th->seen);
	bool ours = snap->search_id == th->search_id;
	if (changed && ours)
		remember_eval(&t->opinion);
	/* A dead other engine is dropped here (its task with it), and Outpost takes over. */
	changed |= other_engine_check(t);
	bool done = ours && snap->done && th->task != TASK_NONE;
	if (done && th->task == TASK_MOVE && th->on_other && snap->best == MOVE_NONE) {
		/* Alive but with no move to give (an illegal one, said above): not asked again here. */
		th->task = TASK_NONE;
		wait_task(t);
		th->failed = true;
		return true;
	}
	if (!done || th->task == TASK_MOVE)
		return changed; /* the engine's own move waits for think_take_move */
	enum task task = th->task;
	th->task = TASK_NONE;
	wait_task(t);
	if (task == TASK_HINT)
		show_hint(t, snap->best);
	else if (task == TASK_THREAT)
		show_threat(t);
	return true;
}

bool think_take_move(struct tui *t, move_t *best)
{
	struct tui_think *th = &t->think;
	const struct analysis_snapshot *snap = &t->opinion.snap;
	if (th->task != TASK_MOVE || snap->search_id != th->search_id || !snap->done || monotonic_ms() < th->move_due_ms)
		return false;
	th->task = TASK_NONE;
	wait_task(t);
	*best = snap->best;
	return true;
}

void think_schedule(struct tui *t)
{
	if (!t->think.engine || t->think.task != TASK_NONE || t->think.failed || t->room.open)
		return; /* nor while the trainer has the board: the game waits */
	bool over = game_is_over(t->match.game);
	move_t moves[MAX_MOVES];
	if (!over && game_position(t->match.game)->side == t->match.engine_color)
		think_start(t, TASK_MOVE);
	else if (t->think.analyze_mode && (!over || tui_browsing(t)) && generate_legal(tui_shown_position(t), moves) > 0)
		think_start(t, TASK_ANALYZE); /* the position shown, which is the game's own unless the person steps */
}
