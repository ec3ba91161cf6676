/* The trainer's room: the player's puzzles on the game's board, the finder on a thread of its own. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "room.h"
#include "blind.h"
#include "controls.h"
#include "persist.h"
#include "premove.h"
#include "think.h"
#include "trainer.h"
#include "rules/clock.h"
#include "rules/movegen.h"
#include "tui/base/files.h"

#define ROOM_STEP_MS 700 /* between the moves of a line played out on the board, so each is seen */

/* ---------------------------------------------------------------- the finder's thread */

static void on_found(void *ctx, int game, int found)
{
	struct tui_room *r = ctx;
	atomic_store(&r->games_searched, game);
	atomic_fetch_add(&r->found, found);
}

static void *finder_main(void *arg)
{
	struct tui_room *r = arg;
	char archive[TRAINER_PATH_MAX], err[sizeof r->finder_error] = "";
	if (files_join(archive, sizeof archive, r->s->dir, PERSIST_ARCHIVE) &&
	    train_find(r->s, archive, NULL, true, on_found, r, err, sizeof err) < 0)
		snprintf(r->finder_error, sizeof r->finder_error, "%s", err);
	atomic_store(&r->finder_done, true); /* after finder_error: the loop reads it once this is seen */
	return NULL;
}

/* The session, made when the room first opens and kept while the finder runs; false after saying why not. */
static bool make_session(struct tui *t)
{
	struct tui_room *r = &t->room;
	char err[TRAINER_PATH_MAX + 200];
	if (r->s)
		return true;
	if (!(r->s = malloc(sizeof *r->s))) {
		tui_status(t, MSG_ERROR, "Out of memory: the trainer cannot open.");
		return false;
	}
	if (!train_open(r->s, t->match.data_dir, err, sizeof err)) {
		tui_status(t, MSG_ERROR, "The trainer cannot read its file: %s (it is left as it is).", err);
		train_close(r->s);
		free(r->s);
		r->s = NULL;
		return false;
	}
	pthread_mutex_init(&r->lock, NULL);
	r->s->lock = &r->lock;
	return true;
}

static void free_session(struct tui *t)
{
	struct tui_room *r = &t->room;
	if (!r->s)
		return;
	train_close(r->s);
	free(r->s);
	r->s = NULL;
	pthread_mutex_destroy(&r->lock);
}

static void start_finder(struct tui *t)
{
	struct tui_room *r = &t->room;
	if (r->finder_running)
		return;
	atomic_store(&r->finder_done, false);
	atomic_store(&r->games_searched, 0);
	atomic_store(&r->found, 0);
	atomic_store(&r->s->cancel, false);
	r->finder_error[0] = '\0';
	r->finder_running = pthread_create(&r->finder, NULL, finder_main, r) == 0;
	if (!r->finder_running)
		tui_status(t, MSG_ERROR, "The trainer cannot search your games now (no thread); its queue is as it was.");
}

/* "By theme, solved of found: fork 1/3, pin 0/1": where the points go. */
static void themes_text(const struct trainer *tr, char *buf, size_t len)
{
	struct trainer_theme_count tc[THEME_NB];
	trainer_theme_counts(tr, tc);
	snprintf(buf, len, "By theme, solved of found:");
	bool any = false;
	for (int th = 0; th < THEME_NB; th++)
		if (tc[th].puzzles) {
			size_t used = strlen(buf);
			snprintf(buf + used, len - used, "%s %s %d/%d", any ? "," : "", puzzle_theme_name(th), tc[th].solved,
			         tc[th].puzzles);
			any = true;
		}
	if (!any)
		buf[0] = '\0';
}

/* The queue's counts, the themes and the puzzle rating, as the panel shows them. */
static void update_counts(struct tui *t)
{
	struct tui_room *r = &t->room;
	pthread_mutex_lock(&r->lock);
	train_counts_text(r->s, time(NULL), r->counts, sizeof r->counts);
	themes_text(&r->s->t, r->themes, sizeof r->themes);
	t->match.puzzles_rated = r->s->t.nhistory > 0;
	t->match.puzzle_rating = r->s->t.rating;
	pthread_mutex_unlock(&r->lock);
}

/* The finder has ended: its thread joined, its error or its finds said; the session closed if the room is. */
static void join_finder(struct tui *t)
{
	struct tui_room *r = &t->room;
	pthread_join(r->finder, NULL);
	r->finder_running = false;
	r->finding[0] = '\0';
	int found = atomic_load(&r->found);
	if (r->finder_error[0])
		tui_status(t, MSG_ERROR, "The trainer could not search all your games: %s", r->finder_error);
	else if (!r->open && found > 0)
		tui_status(t, MSG_INFO, "The trainer found %d new puzzle%s in your games (train plays them).", found,
		           found == 1 ? "" : "s");
	if (!r->open) {
		free_session(t);
		return;
	}
	pthread_mutex_lock(&r->lock);
	int shipped = train_add_shipped(r->s);
	pthread_mutex_unlock(&r->lock);
	if (shipped > 0)
		tui_status(t, MSG_INFO, "Your games have given no puzzles yet: %d of Outpost's own to start with.", shipped);
	update_counts(t);
}

/* ---------------------------------------------------------------- the board */

/* Shows from's position, then plays moves on it one at a time (the first at once). */
static void show_line(struct tui *t, const struct pos_line *from, const move_t *moves, int n, move_t last)
{
	struct tui_room *r = &t->room;
	line_copy(&r->shown, from);
	r->last = last;
	r->hint_square = -1;
	r->nqueue = n < ROOM_SHOWN_MAX ? n : ROOM_SHOWN_MAX;
	if (r->nqueue > 0)
		memcpy(r->queue, moves, (size_t)r->nqueue * sizeof r->queue[0]);
	r->next = 0;
	r->next_ms = monotonic_ms();
}

/* Plays the next move of the line being shown (one that is not legal there ends it). */
static void step(struct tui *t)
{
	struct tui_room *r = &t->room;
	move_t m = r->queue[r->next++];
	if (!move_is_legal(&r->shown.pos, m) || !line_play(&r->shown, m)) {
		r->nqueue = r->next;
		return;
	}
	r->last = m;
	r->next_ms = monotonic_ms() + ROOM_STEP_MS;
}

/* The line being shown, played out at once (a key does not wait for it). */
static void finish_line(struct tui *t)
{
	while (t->room.next < t->room.nqueue)
		step(t);
}

/* The next due puzzle on the board; false when none is due. */
static bool start_due(struct tui *t)
{
	struct tui_room *r = &t->room;
	char last[120];
	pthread_mutex_lock(&r->lock);
	bool started = train_start_due(r->s, time(NULL));
	if (started) {
		line_copy(&r->start, &r->s->line);
		r->start_last = r->s->cur.last;
		train_heading(r->s, r->heading, sizeof r->heading);
		train_last_move(r->s, last, sizeof last);
		snprintf(r->said, sizeof r->said, "%s%sFind the best move.", last, last[0] ? " " : "");
		t->view.flipped = puzzle_solver(&r->s->cur) == BLACK;
		show_line(t, &r->start, NULL, 0, r->s->cur.last);
		r->phase = ROOM_SOLVING;
	}
	pthread_mutex_unlock(&r->lock);
	return started;
}

/* While no puzzle is due: that the finder is still looking, or when the next one is due (said once). */
static void say_waiting(struct tui *t)
{
	struct tui_room *r = &t->room;
	char text[sizeof r->said];
	if (r->finder_running) {
		snprintf(text, sizeof text, "Looking for puzzles in your games; the first found comes at once.");
	} else {
		pthread_mutex_lock(&r->lock);
		train_next_due_text(r->s, time(NULL), text, sizeof text);
		pthread_mutex_unlock(&r->lock);
	}
	if (strcmp(text, r->said)) {
		snprintf(r->said, sizeof r->said, "%s", text);
		r->heading[0] = '\0';
		if (!r->finder_running)
			tui_status(t, MSG_INFO, "%s Back returns to the game.", text);
		t->loop.dirty = true;
	}
}

/* ---------------------------------------------------------------- open and close */

void room_open(struct tui *t)
{
	struct tui_room *r = &t->room;
	if (r->open) {
		tui_status(t, MSG_INFO, "You are in the trainer already: back returns to the game.");
		return;
	}
	if (!t->match.data_dir[0]) {
		tui_status(t, MSG_ERROR, "No data directory: the trainer has nowhere to keep your puzzles.");
		return;
	}
	if (!make_session(t))
		return;
	think_stop(t);
	premove_cancel(t, false);
	r->clock_running = game_clock_running(t->match.game);
	game_clock_stop(t->match.game); /* no clock runs while the player trains */
	r->was_flipped = t->view.flipped;
	r->shown = POS_LINE_EMPTY;
	r->start = POS_LINE_EMPTY;
	line_copy(&r->shown, game_line(t->match.game)); /* the board is never empty while a puzzle is looked for */
	r->last = MOVE_NONE;
	r->hint_square = -1;
	r->nqueue = r->next = 0;
	r->phase = ROOM_WAITING;
	r->heading[0] = r->said[0] = '\0';
	r->open = true;
	start_finder(t);
	update_counts(t);
	tui_status(t, MSG_INFO, "The trainer: your puzzles (the game waits, its clock stopped).");
	room_poll(t);
	t->loop.dirty = true;
}

void room_close(struct tui *t)
{
	struct tui_room *r = &t->room;
	if (!r->open)
		return;
	r->open = false;
	line_free(&r->shown);
	line_free(&r->start);
	t->view.flipped = r->was_flipped;
	if (r->clock_running >= 0)
		game_clock_start(t->match.game);
	if (r->finder_running) {
		tui_status(t, MSG_INFO, "Back to the game; the trainer goes on looking for puzzles in your games.");
	} else {
		tui_status(t, MSG_INFO, "Back to the game.");
		free_session(t);
	}
	t->loop.dirty = true;
}

void room_shutdown(struct tui *t)
{
	struct tui_room *r = &t->room;
	room_close(t);
	while (r->finder_running && !atomic_load(&r->finder_done)) {
		train_cancel(r->s); /* again and again: each search the finder starts is stopped */
		struct timespec ts = { 0, 20 * 1000000L };
		nanosleep(&ts, NULL);
	}
	if (r->finder_running) {
		pthread_join(r->finder, NULL);
		r->finder_running = false;
	}
	free_session(t);
}

/* ---------------------------------------------------------------- moves and words */

static void said_wrong(struct tui *t, const struct train_feedback *fb)
{
	struct tui_room *r = &t->room;
	char why[sizeof fb->why * 2];
	blind_say_moves(t, fb->why, why, sizeof why);
	if (fb->why[0])
		tui_status(t, MSG_RESULT, "Wrong: %s", why);
	else
		tui_status(t, MSG_RESULT, "Wrong: %s%s%s.", fb->text, fb->refutation[0] ? " is met by " : "",
		           fb->refutation);
	snprintf(r->said, sizeof r->said, "Missed. Enter (or next) shows the answer.");
	snprintf(r->answer, sizeof r->answer, "%s", fb->answer);
	r->nanswer = fb->nanswer < ROOM_SHOWN_MAX ? fb->nanswer : ROOM_SHOWN_MAX;
	if (r->nanswer > 0)
		memcpy(r->answer_moves, fb->answer_line, (size_t)r->nanswer * sizeof r->answer_moves[0]);
}

void room_play(struct tui *t, const char *text)
{
	struct tui_room *r = &t->room;
	struct train_feedback fb;
	char err[TRAINER_PATH_MAX + 200];
	if (r->phase != ROOM_SOLVING) {
		tui_status(t, MSG_ERROR, "No puzzle waits for a move now: Enter (or next) goes on, back returns to the game.");
		return;
	}
	finish_line(t);
	struct pos_line before = POS_LINE_EMPTY;
	line_copy(&before, &r->shown);
	pthread_mutex_lock(&r->lock);
	enum train_verdict v = train_try(r->s, text, time(NULL), &fb);
	bool saved = v == TRAIN_UNREADABLE || v == TRAIN_RIGHT || train_save(r->s, err, sizeof err);
	pthread_mutex_unlock(&r->lock);
	if (!saved)
		tui_status(t, MSG_ERROR, "The trainer's file was not written: %s (the result is kept until it can be).",
		           err);
	switch (v) {
	case TRAIN_UNREADABLE:
		tui_status(t, MSG_ERROR, "%s", fb.text);
		break;
	case TRAIN_RIGHT:
		tui_status(t, MSG_RESULT, "Right: %s.", fb.text);
		snprintf(r->said, sizeof r->said, "Right so far: your move again.");
		show_line(t, &before, fb.played, fb.nplayed, r->last);
		break;
	case TRAIN_SOLVED:
		tui_status(t, MSG_RESULT, "Right: %s. Solved!", fb.text);
		snprintf(r->said, sizeof r->said, "Solved. Enter (or next) for the next puzzle.");
		show_line(t, &before, fb.played, fb.nplayed, r->last);
		r->phase = ROOM_DONE;
		break;
	case TRAIN_WRONG:
		said_wrong(t, &fb);
		line_copy(&r->start, &before); /* where the answer will be shown from */
		r->start_last = r->last;
		show_line(t, &before, fb.played, fb.nplayed, r->last);
		r->phase = ROOM_REFUTED;
		break;
	}
	line_free(&before);
	if (v != TRAIN_UNREADABLE)
		update_counts(t);
}

/* The answer played out on the board from the position the player stood in. */
static void show_answer(struct tui *t)
{
	struct tui_room *r = &t->room;
	tui_status(t, MSG_RESULT, "The answer: %s.", r->answer);
	snprintf(r->said, sizeof r->said, "Enter (or next) for the next puzzle.");
	show_line(t, &r->start, r->answer_moves, r->nanswer, r->start_last);
	r->phase = ROOM_DONE;
}

static void give_up(struct tui *t)
{
	struct tui_room *r = &t->room;
	struct train_feedback fb;
	char err[TRAINER_PATH_MAX + 200];
	if (r->phase != ROOM_SOLVING) {
		tui_status(t, MSG_ERROR, "No puzzle is being solved.");
		return;
	}
	finish_line(t);
	struct pos_line before = POS_LINE_EMPTY;
	line_copy(&before, &r->shown);
	pthread_mutex_lock(&r->lock);
	train_give_up(r->s, time(NULL), &fb);
	bool saved = train_save(r->s, err, sizeof err);
	pthread_mutex_unlock(&r->lock);
	if (!saved)
		tui_status(t, MSG_ERROR, "The trainer's file was not written: %s", err);
	tui_status(t, MSG_RESULT, "The answer: %s.", fb.answer);
	snprintf(r->said, sizeof r->said, "Enter (or next) for the next puzzle.");
	show_line(t, &before, fb.answer_line, fb.nanswer, r->last);
	r->phase = ROOM_DONE;
	line_free(&before);
	update_counts(t);
}

/* Enter on an empty line, or next: the answer after a refutation, the next puzzle after an ending. */
static void go_on(struct tui *t)
{
	struct tui_room *r = &t->room;
	finish_line(t);
	if (r->phase == ROOM_REFUTED) {
		show_answer(t);
	} else if (r->phase == ROOM_DONE) {
		r->phase = ROOM_WAITING;
		if (!start_due(t))
			say_waiting(t);
	} else if (r->phase == ROOM_SOLVING) {
		tui_status(t, MSG_INFO, "Your move: type it or click it (hint names the piece, answer gives up).");
	}
}

static void hint(struct tui *t)
{
	struct tui_room *r = &t->room;
	char text[160];
	if (r->phase != ROOM_SOLVING) {
		tui_status(t, MSG_ERROR, "No puzzle is being solved.");
		return;
	}
	finish_line(t);
	pthread_mutex_lock(&r->lock);
	train_hint(r->s, text, sizeof text);
	int step = r->s->step;
	r->hint_square = r->s->active ? move_from(r->s->cur.line[step]) : -1;
	pthread_mutex_unlock(&r->lock);
	tui_status(t, MSG_INFO, "%s", text);
}

/* A word of letters alone is no move (SAN has a square's digit or is castling, O-O); say what the room reads. */
static bool words_only(const char *word)
{
	for (const char *p = word; *p; p++)
		if (!isalpha((unsigned char)*p))
			return false;
	return true;
}

void room_execute(struct tui *t, const char *line)
{
	char word[64];
	const char *s = line + strspn(line, " \t");
	size_t n = strcspn(s, " \t");
	snprintf(word, sizeof word, "%.*s", (int)(n < sizeof word ? n : sizeof word - 1), s);
	const char *arg = s + n + strspn(s + n, " \t");
	if (!word[0] || !strcasecmp(word, "next"))
		go_on(t);
	else if (!strcasecmp(word, "back") || !strcasecmp(word, "train"))
		room_close(t);
	else if (!strcasecmp(word, "hint"))
		hint(t);
	else if (!strcasecmp(word, "answer"))
		give_up(t);
	else if (!strcasecmp(word, "flip"))
		controls_flip(t);
	else if (!strcasecmp(word, "quit"))
		controls_quit(t);
	else if (!strcasecmp(word, "help") || !strcmp(word, "?"))
		controls_show_help(t, true);
	else if (!strcasecmp(word, "pieces"))
		blind_pieces(t, arg);
	else if (!strcasecmp(word, "scan"))
		blind_scan(t, arg);
	else if (!strcasecmp(word, "what"))
		blind_what(t, arg);
	else if (!strcasecmp(word, "moves"))
		blind_moves(t, arg);
	else if (words_only(word))
		tui_status(t, MSG_ERROR, "'%s' is not for the trainer: type a move, hint, answer, next or back (the game's "
		           "commands wait until back).", word);
	else
		room_play(t, s);
}

bool room_poll(struct tui *t)
{
	struct tui_room *r = &t->room;
	bool dirty = false;
	if (r->finder_running) {
		char text[sizeof r->finding];
		int games = atomic_load(&r->games_searched), found = atomic_load(&r->found);
		snprintf(text, sizeof text, "Searching your games for puzzles: %d searched, %d found.", games, found);
		if (strcmp(text, r->finding)) {
			snprintf(r->finding, sizeof r->finding, "%s", text);
			dirty = true;
			if (r->open && found > 0)
				update_counts(t);
		}
		if (atomic_load(&r->finder_done)) {
			join_finder(t);
			dirty = true;
		}
	}
	if (!r->open)
		return dirty;
	if (r->next < r->nqueue && monotonic_ms() >= r->next_ms) {
		step(t);
		dirty = true;
	}
	if (r->phase == ROOM_WAITING) {
		if (start_due(t))
			dirty = true;
		else
			say_waiting(t);
	}
	return dirty;
}
