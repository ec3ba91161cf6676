/* The trainer's queue on disk, the finder run over PGN files, and a puzzle played move by move. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "trainer.h"
#include "study/lichess_csv.h"
#include "notation/notation.h"
#include "notation/pgn.h"
#include "notation/text_file.h"
#include "rules/movegen.h"
#include "rules/uci_move.h"
#include "tui/base/files.h"
#include "tui/base/puzzle_search.h"
#include "tui/base/text_lines.h"

#ifndef PKGDATADIR /* the build defines it; a build of the fuzz harnesses does not */
#define PKGDATADIR "/usr/local/share/outpost"
#endif
#define TRAIN_SHIPPED_PUZZLES "puzzles.txt" /* ours, in $(pkgdatadir) */
#define FOUND_MAX 64 /* puzzles one game may give */
#define REFUTATION_PLIES 6

bool train_open(struct train_session *s, const char *dir, char *err, size_t errlen)
{
	memset(s, 0, sizeof *s);
	atomic_init(&s->cancel, false);
	s->line = POS_LINE_EMPTY;
	trainer_init(&s->t);
	snprintf(s->dir, sizeof s->dir, "%s", dir ? dir : "");
	if (!s->dir[0])
		return true;
	if (!files_join(s->path, sizeof s->path, s->dir, TRAINER_FILE)) {
		snprintf(err, errlen, "the data directory's name is too long");
		return false;
	}
	size_t len;
	char *text = text_file_read(s->path, &len);
	if (!text) {
		if (errno == ENOENT)
			return true;
		snprintf(err, errlen, "cannot read %s: %s", s->path, strerror(errno));
		return false;
	}
	bool ok = trainer_parse(&s->t, text, len, s->path, err, errlen);
	free(text);
	return ok;
}

bool train_save(struct train_session *s, char *err, size_t errlen)
{
	if (!s->dir[0])
		return true;
	char *text = trainer_format(&s->t);
	if (!text) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	bool ok = files_make_dir(s->dir, err, errlen);
	if (ok) {
		int lock = files_lock(s->dir);
		ok = files_write_atomic(s->path, text, strlen(text), err, errlen);
		files_unlock(lock);
	}
	free(text);
	return ok;
}

void train_close(struct train_session *s)
{
	engine_free(s->e);
	engine_free(s->find_e);
	line_free(&s->line);
	trainer_free(&s->t);
	s->e = s->find_e = NULL;
}

static void lock(struct train_session *s)
{
	if (s->lock)
		pthread_mutex_lock(s->lock);
}

static void unlock(struct train_session *s)
{
	if (s->lock)
		pthread_mutex_unlock(s->lock);
}

/* One of the trainer's engines: one thread, a modest table, made when first needed. */
static bool need_engine(struct engine **e, char *err, size_t errlen)
{
	if (*e)
		return true;
	*e = engine_new();
	if (!*e || !engine_set_option(*e, "Hash", "32", err, errlen)) {
		if (!*e)
			snprintf(err, errlen, "out of memory");
		return false;
	}
	engine_for_coach(*e, true);
	return true;
}

/* A game's key: a hash of its text as read, so that the same game is searched once. */
static uint64_t game_key(const struct game *g)
{
	char *text = pgn_game_to_string(g);
	uint64_t h = 1469598103934665603ULL;
	for (const char *c = text ? text : ""; *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ULL;
	free(text);
	return h;
}

/* The puzzles of one game, searched (without the lock: this is the long part); -1 with why in err. */
static int search_game(struct train_session *s, struct game *g, int number, const char *path, const char *player,
                       struct puzzle *found, char *err, size_t errlen)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	struct puzzle_finder f = puzzle_search_finder(s->find_e, player, base);
	engine_new_game(s->find_e);
	int n = puzzle_find_in_game(&f, g, number, found, FOUND_MAX);
	if (n < 0)
		snprintf(err, errlen, "%s, game %d: the search failed", path, number);
	return n;
}

/* Those puzzles into the queue, the game marked searched and the file saved; false with why in err. */
static bool keep_found(struct train_session *s, uint64_t key, const struct puzzle *found, int n, int *added,
                       char *err, size_t errlen)
{
	int64_t now = time(NULL);
	for (int i = 0; i < n; i++) {
		if (!trainer_find(&s->t, found[i].id))
			(*added)++;
		if (!trainer_add(&s->t, &found[i], now)) {
			snprintf(err, errlen, "out of memory");
			return false;
		}
	}
	if (!trainer_add_game(&s->t, key)) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	return train_save(s, err, errlen);
}

/* Searches one game unless it was searched before (searched says which); false with why in err. */
static bool find_in_game(struct train_session *s, struct game *g, int number, const char *path, const char *player,
                         int *added, bool *searched, char *err, size_t errlen)
{
	static struct puzzle found[FOUND_MAX]; /* one finder at a time */
	uint64_t key = game_key(g);
	lock(s);
	bool seen = trainer_has_game(&s->t, key), ok = seen || need_engine(&s->find_e, err, errlen);
	unlock(s);
	*searched = !seen && ok;
	if (seen || !ok)
		return ok;
	int n = search_game(s, g, number, path, player, found, err, errlen);
	lock(s);
	/* A cancelled search may have been cut short: what it found is not kept, and the game is searched again. */
	ok = n >= 0 && (atomic_load(&s->cancel) || keep_found(s, key, found, n, added, err, errlen));
	unlock(s);
	return ok;
}

int train_find(struct train_session *s, const char *path, const char *player, bool quiet_missing,
               train_progress_fn progress, void *ctx, char *err, size_t errlen)
{
	size_t len;
	char *text = text_file_read(path, &len);
	if (!text) {
		if (quiet_missing && errno == ENOENT)
			return 0;
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	struct pgn_reader *r = pgn_reader_new(text, len, path);
	struct pgn_error perr;
	struct game *g;
	int got, added = 0, number = 0;
	bool ok = r != NULL;
	if (!ok)
		snprintf(err, errlen, "out of memory");
	while (ok && !atomic_load(&s->cancel) && (got = pgn_read_game(r, &g, &perr)) != 0) {
		if (got < 0) {
			pgn_error_text(&perr, err, errlen);
			ok = false;
			break;
		}
		int before = added;
		bool searched;
		ok = find_in_game(s, g, ++number, path, player, &added, &searched, err, errlen);
		if (progress && ok && searched)
			progress(ctx, number, added - before);
		game_free(g);
	}
	pgn_reader_free(r);
	free(text);
	return ok ? added : -1;
}

void train_cancel(struct train_session *s)
{
	atomic_store(&s->cancel, true);
	lock(s); /* find_e is made under the lock */
	if (s->find_e)
		engine_stop(s->find_e);
	unlock(s);
}

int train_add_from(struct train_session *s, const char *path, char *err, size_t errlen)
{
	size_t len;
	char *text = text_file_read(path, &len);
	if (!text) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	struct trainer other;
	int added = 0;
	bool ok = trainer_parse(&other, text, len, path, err, errlen);
	int64_t now = time(NULL);
	for (int i = 0; ok && i < other.n; i++) {
		added += trainer_find(&s->t, other.items[i].p.id) == NULL;
		ok = trainer_add(&s->t, &other.items[i].p, now);
	}
	trainer_free(&other);
	free(text);
	return ok ? added : -1;
}

int train_add_shipped(struct train_session *s)
{
	char err[700];
	const char *path = getenv("OUTPOST_PUZZLES");
	if (s->t.n > 0 || (path && !*path))
		return 0;
	int n = train_add_from(s, path ? path : PKGDATADIR "/" TRAIN_SHIPPED_PUZZLES, err, sizeof err);
	return n > 0 ? n : 0;
}

/* ---------------------------------------------------------------- Lichess's puzzles */

static bool played_before(const struct trainer *t, const char *id)
{
	for (int i = 0; i < t->nhistory; i++)
		if (!strcmp(t->history[i].id, id))
			return true;
	return false;
}

/* Reservoir sampling within each window of rating at once: pick[w] is the choice among the rows within window w. */
static const int windows[] = { 100, 200, 400, 100000 };
#define WINDOWS ((int)(sizeof windows / sizeof *windows))

int train_pick_lichess(const struct train_session *s, const char *csv, const char *theme, struct puzzle *out,
                       char *err, size_t errlen)
{
	struct text_lines *f = text_lines_open(csv, err, errlen);
	if (!f)
		return -1;
	static struct lichess_puzzle pick[WINDOWS];
	long seen[WINDOWS] = { 0 };
	uint64_t rng = (uint64_t)time(NULL) * 2654435761u ^ (uint64_t)clock() ^ 0x9e3779b97f4a7c15ULL;
	char why[300], first[400] = "", readerr[300];
	const char *row;
	int line = 0, status = 0, rows = 0, refused = 0;
	while ((row = text_lines_next(f, readerr, sizeof readerr)) != NULL) {
		struct lichess_puzzle lp;
		line++;
		if (lichess_csv_is_header(row) || row[strspn(row, " \t\r")] == '\0')
			continue;
		if (!lichess_csv_parse(row, &lp, why, sizeof why)) {
			/* A row we cannot read is passed over; the first is named if no row can be read. */
			if (!refused++)
				snprintf(first, sizeof first, "%s:%d: %s", csv, line, why);
			continue;
		}
		rows++;
		if (lp.popularity < LICHESS_POPULAR || (theme && !lichess_has_theme(lp.themes, theme)) ||
		    played_before(&s->t, lp.p.id))
			continue;
		double gap = lp.p.rating - s->t.rating.rating;
		for (int w = 0; w < WINDOWS; w++)
			if (gap <= windows[w] && gap >= -windows[w]) {
				rng ^= rng << 13;
				rng ^= rng >> 7;
				rng ^= rng << 17;
				if (rng % (uint64_t)++seen[w] == 0)
					pick[w] = lp;
			}
	}
	text_lines_close(f);
	if (readerr[0]) {
		snprintf(err, errlen, "%s: %s", csv, readerr);
		return -1;
	}
	if (refused && !rows) {
		snprintf(err, errlen, "%s", first);
		return -1;
	}
	for (int w = 0; status == 0 && w < WINDOWS; w++)
		if (seen[w]) {
			*out = pick[w].p;
			status = 1;
		}
	return status;
}

/* ---------------------------------------------------------------- a puzzle */

static bool start(struct train_session *s, const struct puzzle *p, bool queued)
{
	line_free(&s->line);
	s->cur = *p;
	s->queued = queued;
	s->step = 0;
	s->active = line_set_fen(&s->line, p->fen, NULL, 0, NULL, 0);
	return s->active;
}

bool train_start_due(struct train_session *s, int64_t now)
{
	struct trainer_item *it = trainer_next_due(&s->t, now);
	return it && start(s, &it->p, true);
}

bool train_start_other(struct train_session *s, const struct puzzle *p) { return start(s, p, false); }

const struct position *train_position(const struct train_session *s) { return &s->line.pos; }

/* The typed move: UCI coordinates or SAN as people write it; MOVE_NONE with why in msg. */
static move_t read_move(const struct position *pos, const char *typed, char *msg, size_t len)
{
	move_t m = uci_parse_move(pos, typed);
	if (m != MOVE_NONE)
		return m;
	if (san_parse(pos, typed, &m, msg, len) != SAN_OK)
		return MOVE_NONE;
	return m;
}

static void record(struct train_session *s, bool solved, int64_t now)
{
	s->active = false;
	struct trainer_item *it = s->queued ? trainer_find(&s->t, s->cur.id) : NULL;
	if (it)
		trainer_record(&s->t, it, solved, now);
	else
		trainer_record_other(&s->t, s->cur.id, s->cur.rating, solved, now);
}

/* The rest of the solution, from the position the player stands in. */
static void answer_text(const struct train_session *s, char *buf, size_t len)
{
	san_format_line(&s->line.pos, s->cur.line + s->step, s->cur.line_len - s->step, buf, len);
}

/* The engine's best line after the wrong move m (searched now that it is played, never before): its SAN in buf,
 * its moves after m into moves[1..] (moves[0] is m); how many moves in all. */
static int refutation(struct train_session *s, move_t m, char *buf, size_t len, move_t *moves)
{
	struct pos_line after = POS_LINE_EMPTY;
	struct puzzle_pv pv;
	char err[160];
	int n = 1;
	buf[0] = '\0';
	moves[0] = m;
	if (!line_copy(&after, &s->line) || !line_play(&after, m) || !need_engine(&s->e, err, sizeof err)) {
		line_free(&after);
		return n;
	}
	if (puzzle_search_run(s->e, &after, 1, PUZZLE_DEEP_DEPTH, &pv) == 1) {
		int k = pv.pv_len < REFUTATION_PLIES ? pv.pv_len : REFUTATION_PLIES;
		san_format_line(&after.pos, pv.pv, k, buf, len);
		for (int i = 0; i < k && n < TRAIN_SHOWN_MAX; i++)
			moves[n++] = pv.pv[i];
	} else if (count_legal(&after.pos) == 0) {
		snprintf(buf, len, "%s", in_check(&after.pos) ? "(it mates)" : "(stalemate)");
	}
	line_free(&after);
	return n;
}

/*
 * The coach's reason the wrong move fails, read off its refutation alone: the solution is not handed in, so that
 * the sentence never gives the answer away.  Left empty where no concrete reason is found.
 */
static void explain_wrong(const struct train_session *s, struct train_feedback *fb)
{
	struct explanation e;
	struct explain_input in = { .pos = &s->line.pos, .played = fb->played[0], .refutation = fb->played + 1,
		                    .refutation_len = fb->nplayed - 1 };
	if (explain_move(&in, &e) && e.theme != EXPLAIN_FALLBACK)
		snprintf(fb->why, sizeof fb->why, "%s", e.text);
}

/* The rest of the solution as moves, from the position the player stands in. */
static void answer_moves(const struct train_session *s, struct train_feedback *fb)
{
	fb->nanswer = s->cur.line_len - s->step;
	memcpy(fb->answer_line, s->cur.line + s->step, (size_t)fb->nanswer * sizeof fb->answer_line[0]);
}

enum train_verdict train_try(struct train_session *s, const char *typed, int64_t now, struct train_feedback *fb)
{
	char san[SAN_MAX], reply[SAN_MAX];
	memset(fb, 0, sizeof *fb);
	if (!s->active) {
		snprintf(fb->text, sizeof fb->text, "No puzzle is being played.");
		return TRAIN_UNREADABLE;
	}
	move_t m = read_move(&s->line.pos, typed, fb->text, sizeof fb->text);
	if (m == MOVE_NONE) {
		if (!fb->text[0])
			snprintf(fb->text, sizeof fb->text, "\"%.60s\" is not a legal move here", typed);
		return TRAIN_UNREADABLE;
	}
	move_to_san(&s->line.pos, m, san);
	if (!puzzle_step_ok(&s->cur, s->step, &s->line.pos, m)) {
		snprintf(fb->text, sizeof fb->text, "%s", san);
		fb->nplayed = refutation(s, m, fb->refutation, sizeof fb->refutation, fb->played);
		explain_wrong(s, fb);
		answer_text(s, fb->answer, sizeof fb->answer);
		answer_moves(s, fb);
		record(s, false, now);
		return TRAIN_WRONG;
	}
	line_play(&s->line, m);
	s->step++;
	fb->played[fb->nplayed++] = m;
	if (s->step >= s->cur.line_len || count_legal(&s->line.pos) == 0) {
		snprintf(fb->text, sizeof fb->text, "%s", san);
		record(s, true, now);
		return TRAIN_SOLVED;
	}
	move_t r = s->cur.line[s->step];
	move_to_san(&s->line.pos, r, reply);
	line_play(&s->line, r);
	s->step++;
	fb->played[fb->nplayed++] = r;
	snprintf(fb->text, sizeof fb->text, "%s, and the reply %s", san, reply);
	return TRAIN_RIGHT;
}

void train_give_up(struct train_session *s, int64_t now, struct train_feedback *fb)
{
	memset(fb, 0, sizeof *fb);
	if (!s->active)
		return;
	answer_text(s, fb->answer, sizeof fb->answer);
	answer_moves(s, fb);
	record(s, false, now);
}

void train_last_move(const struct train_session *s, char *buf, size_t len)
{
	struct pos_line before = POS_LINE_EMPTY;
	char san[SAN_MAX];
	buf[0] = '\0';
	if (s->cur.last != MOVE_NONE && line_set_fen(&before, s->cur.last_fen, NULL, 0, NULL, 0) &&
	    move_is_legal(&before.pos, s->cur.last)) {
		move_to_san(&before.pos, s->cur.last, san);
		snprintf(buf, len, "%s played %s.", before.pos.side == WHITE ? "White" : "Black", san);
	}
	line_free(&before);
}

void train_hint(const struct train_session *s, char *buf, size_t len)
{
	static const char *const names[PIECE_TYPE_NB] = { "", "pawn", "knight", "bishop", "rook", "queen", "king" };
	if (!s->active) {
		snprintf(buf, len, "No puzzle is being played.");
		return;
	}
	int from = move_from(s->cur.line[s->step]);
	snprintf(buf, len, "Hint: the %s on %c%d moves.", names[piece_type(piece_on(&s->line.pos, from))],
	         'a' + square_file(from), square_rank(from) + 1);
}

void train_heading(const struct train_session *s, char *buf, size_t len)
{
	const char *theme = puzzle_main_theme(s->cur.themes);
	char rated[32] = "";
	if (s->cur.rating > 0)
		snprintf(rated, sizeof rated, ", rated %d", s->cur.rating);
	snprintf(buf, len, "%s to move%s%s (%s%s%s)", puzzle_solver(&s->cur) == WHITE ? "White" : "Black",
	         theme[0] ? ": " : "", theme, s->cur.source[0] ? "from " : "", s->cur.source[0] ? s->cur.source : "ours",
	         rated);
}

void train_next_due_text(const struct train_session *s, int64_t now, char *buf, size_t len)
{
	int64_t next = -1;
	for (int i = 0; i < s->t.n; i++)
		if (next < 0 || s->t.items[i].due < next)
			next = s->t.items[i].due;
	if (next < 0) {
		snprintf(buf, len, "No puzzles yet: play some games (or name a PGN file) and come back.");
		return;
	}
	int64_t minutes = (next - now + 59) / 60;
	if (minutes < 120)
		snprintf(buf, len, "No puzzle is due now; the next comes back in %lld minute%s.", (long long)minutes,
		         minutes == 1 ? "" : "s");
	else if (minutes < 48 * 60)
		snprintf(buf, len, "No puzzle is due now; the next comes back in %lld hours.", (long long)(minutes / 60));
	else
		snprintf(buf, len, "No puzzle is due now; the next comes back in %lld days.", (long long)(minutes / 1440));
}

void train_counts_text(const struct train_session *s, int64_t now, char *buf, size_t len)
{
	struct trainer_counts c;
	trainer_count(&s->t, now, &c);
	snprintf(buf, len, "%d due, %d solved, %d learned of %d; puzzle rating %.0f (+-%.0f)", c.due, c.solved,
	         c.learned, c.total, s->t.rating.rating, s->t.rating.deviation);
}
