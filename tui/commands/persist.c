/* The autosave, the archive and PGN files, all written whole (atomically) or appended and flushed. */
#include <errno.h>
#include <inttypes.h>
#include <pwd.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "persist.h"
#include "notation/pgn.h"
#include "notation/text_file.h"
#include "trainer.h"
#include "tui/base/files.h"
#include "tui/base/format.h"
#include "tui/base/game_info.h"

static bool data_path(const struct tui *t, const char *name, char *buf, size_t len)
{
	return t->match.data_dir[0] && files_join(buf, len, t->match.data_dir, name);
}

static const char *player_name(void)
{
	const char *user = getenv("USER");
	if (user && *user)
		return user;
	struct passwd *pw = getpwuid(getuid());
	return pw && pw->pw_name && *pw->pw_name ? pw->pw_name : "You";
}

void persist_tag_game(struct tui *t)
{
	struct game *g = t->match.game;
	char engine[64], text[64];
	/* The plies taken back stay in the saved line for redo; the tag says how many, so a game resumes where it was. */
	int undone = game_redo_count(g);
	snprintf(text, sizeof text, "%d", undone);
	game_set_tag(g, PERSIST_UNDONE_TAG, undone > 0 ? text : NULL);
	if (game_info_players_named(g))
		return; /* a game from a file keeps its players, event and dates */
	if (tui_other_opponent(t))
		snprintf(engine, sizeof engine, "%s", tui_other_opponent(t));
	else
		fmt_engine_name(engine, sizeof engine, t->cfg.set.level, t->cfg.set.elo);
	game_set_tag(g, "Event", "Casual game");
	game_set_tag(g, "Site", "Outpost");
	const char *date = game_tag(g, "Date");
	if (!date || strchr(date, '?')) {
		time_t now = time(NULL);
		struct tm tm;
		localtime_r(&now, &tm);
		strftime(text, sizeof text, "%Y.%m.%d", &tm);
		game_set_tag(g, "Date", text);
	}
	game_set_tag(g, t->match.engine_color == WHITE ? "White" : "Black", engine);
	game_set_tag(g, t->match.engine_color == WHITE ? "Black" : "White", player_name());
	/* The level's Elo and the person's rating before the game: what the person's rating is made from. */
	int level_elo = tui_other_opponent(t) ? 0 : player_rating_level_elo(t->cfg.set.level, t->cfg.set.elo);
	const struct player_rating *pr = &t->match.player;
	char elo[16], rating[16];
	snprintf(elo, sizeof elo, "%d", level_elo);
	snprintf(rating, sizeof rating, "%.0f", pr->g.rating);
	game_set_tag(g, t->match.engine_color == WHITE ? "WhiteElo" : "BlackElo", level_elo ? elo : NULL);
	game_set_tag(g, t->match.engine_color == WHITE ? "BlackElo" : "WhiteElo", pr->games ? rating : NULL);
	if (!game_clock_enabled(g)) {
		game_set_tag(g, "TimeControl", "-");
		game_set_tag(g, "WhiteTimeMs", NULL);
		game_set_tag(g, "BlackTimeMs", NULL);
		return;
	}
	int64_t base = t->cfg.set.time_ms / 1000, inc = t->cfg.set.inc_ms / 1000;
	if (inc)
		snprintf(text, sizeof text, "%" PRId64 "+%" PRId64, base, inc);
	else
		snprintf(text, sizeof text, "%" PRId64, base);
	game_set_tag(g, "TimeControl", text);
	for (int c = WHITE; c <= BLACK; c++) {
		snprintf(text, sizeof text, "%" PRId64, game_clock_remaining(g, c));
		game_set_tag(g, c == WHITE ? "WhiteTimeMs" : "BlackTimeMs", text);
	}
}

#define SAVED_CLOCK_MS_MAX (INT64_C(1000) * 3600 * 1000) /* a thousand hours: more is not a clock we wrote */

/* A clock's milliseconds as the tags keep them; false when they are not a number we could have written. */
static bool read_ms(const char *text, int64_t *out)
{
	char *end;
	if (!text)
		return false;
	errno = 0;
	long long v = strtoll(text, &end, 10);
	if (errno || end == text || *end || v > SAVED_CLOCK_MS_MAX || v < -SAVED_CLOCK_MS_MAX)
		return false;
	*out = v;
	return true;
}

/* The TimeControl tag ("300+3": seconds, and seconds added a move), within the time setting's range. */
static bool read_time_control(const char *tc, int *time_ms, int *inc_ms)
{
	char text[64];
	const char *plus = tc ? strchr(tc, '+') : NULL;
	if (!tc || !*tc || strspn(tc, "0123456789+") != strlen(tc) || strlen(tc) > 20 || (plus && strchr(plus + 1, '+')))
		return false;
	/* The time setting reads seconds written "300s". */
	snprintf(text, sizeof text, "%.*ss%s", plus ? (int)(plus - tc) : (int)strlen(tc), tc, plus ? plus : "");
	return settings_parse_time(text, time_ms, inc_ms) && *time_ms > 0;
}

int persist_read_tags(struct tui *t, struct game *g, bool *clocks)
{
	const char *white = game_tag(g, "White"), *black = game_tag(g, "Black");
	bool white_engine = white && !strncmp(white, "Outpost", 7), black_engine = black && !strncmp(black, "Outpost", 7);
	int64_t left[COLOR_NB];
	int time_ms, inc_ms;
	*clocks = read_ms(game_tag(g, "WhiteTimeMs"), &left[WHITE]) && read_ms(game_tag(g, "BlackTimeMs"), &left[BLACK]) &&
	          read_time_control(game_tag(g, "TimeControl"), &time_ms, &inc_ms);
	if (*clocks) {
		for (int c = WHITE; c <= BLACK; c++)
			game_clock_set(g, c, left[c] > 0 ? left[c] : 1, inc_ms);
		t->cfg.set.time_ms = time_ms;
		t->cfg.set.inc_ms = inc_ms;
	}
	if (white_engine == black_engine)
		return -1;
	return white_engine ? BLACK : WHITE;
}

bool persist_autosave(struct tui *t)
{
	char path[TUI_PATH_MAX], err[512];
	if (t->match.autosave_held) {
		t->match.autosave_due = true;
		return true;
	}
	if (game_is_over(t->match.game) && t->match.archived)
		return true; /* the archive holds it, and the autosave went when it took it */
	if (!data_path(t, PERSIST_CURRENT, path, sizeof path))
		return false;
	persist_tag_game(t);
	char *text = pgn_game_to_string(t->match.game);
	if (!text || !files_make_dir(t->match.data_dir, err, sizeof err) ||
	    !files_write_atomic(path, text, strlen(text), err, sizeof err)) {
		if (!text)
			snprintf(err, sizeof err, "out of memory");
		tui_status(t, MSG_ERROR, "Autosave failed: %s", err);
		free(text);
		return false;
	}
	free(text);
	return true;
}

void persist_release_autosave(struct tui *t)
{
	t->match.autosave_held = false;
	if (t->match.autosave_due)
		persist_autosave(t);
	t->match.autosave_due = false;
}

void persist_discard_autosave(const struct tui *t)
{
	char path[TUI_PATH_MAX];
	if (data_path(t, PERSIST_CURRENT, path, sizeof path))
		unlink(path);
}

/* Does text end with tail? */
static bool ends_with(const char *text, size_t len, const char *tail, size_t n)
{
	return n <= len && !memcmp(text + len - n, tail, n);
}

/*
 * Adds text at the end of the archive: the archive with it is written beside it and renamed over it, under the
 * data directory's lock (another game may be archiving too), so that a full disk or a kill leaves the archive as
 * it was or whole with the game, never half of it.  With once, text already at its end is not added again.  *at
 * gets where it begins.
 */
static bool archive_add(const struct tui *t, const char *text, bool once, long *at, char *err, size_t errlen)
{
	char path[TUI_PATH_MAX];
	if (!data_path(t, PERSIST_ARCHIVE, path, sizeof path) || !files_make_dir(t->match.data_dir, err, errlen)) {
		if (!t->match.data_dir[0])
			snprintf(err, errlen, "no data directory");
		return false;
	}
	int lock = files_lock(t->match.data_dir);
	size_t len = 0, n = strlen(text);
	char *archive = text_file_read(path, &len), *whole = NULL;
	bool ok = archive || errno == ENOENT;
	if (!ok)
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
	if (!archive)
		len = 0;
	if (ok && once && archive && ends_with(archive, len, text, n)) {
		*at = (long)(len - n);
	} else if (ok) {
		whole = malloc(len + n + 1);
		ok = whole != NULL;
		if (!ok)
			snprintf(err, errlen, "out of memory");
		if (ok) {
			memcpy(whole, archive ? archive : "", len);
			memcpy(whole + len, text, n);
			ok = files_write_atomic(path, whole, len + n, err, errlen);
		}
		*at = (long)len;
	}
	files_unlock(lock);
	free(whole);
	free(archive);
	return ok;
}

/* What persist_unarchive needs to take the game out again: the text archived (taken over) and where; ok false: none. */
static bool remember_archived(struct tui *t, bool ok, char *text, long at)
{
	free(t->match.archive_text);
	t->match.archive_text = ok ? text : NULL;
	t->match.archive_at = ok ? at : -1;
	if (!ok)
		free(text);
	return ok;
}

bool persist_archive(struct tui *t)
{
	char err[TUI_PATH_MAX + 100];
	long at = -1;
	persist_tag_game(t);
	char *text = pgn_game_to_string(t->match.game);
	bool ok = text && archive_add(t, text, false, &at, err, sizeof err);
	if (!ok)
		tui_status(t, MSG_ERROR, "Could not archive the game: %s", text ? err : "out of memory");
	return remember_archived(t, ok, text, at);
}

bool persist_finish_game(struct tui *t)
{
	char path[TUI_PATH_MAX], err[TUI_PATH_MAX + 100], why[TUI_PATH_MAX + 100] = "out of memory";
	long at = -1;
	persist_tag_game(t);
	char *text = pgn_game_to_string(t->match.game);
	/* The finished game replaces the autosave first: should the archive fail, or a kill come next, it is kept. */
	bool kept = text && data_path(t, PERSIST_CURRENT, path, sizeof path) &&
	            files_make_dir(t->match.data_dir, err, sizeof err) &&
	            files_write_atomic(path, text, strlen(text), err, sizeof err);
	bool ok = text && archive_add(t, text, false, &at, why, sizeof why);
	if (ok)
		persist_discard_autosave(t);
	else if (kept)
		tui_status(t, MSG_ERROR, "Could not archive the game: %s; it is kept in %s until it can be.", why, path);
	else
		tui_status(t, MSG_ERROR, "Could not archive the game, nor keep it: %s", why);
	return remember_archived(t, ok, text, at);
}

/* Renames the autosave to current.pgn.SUFFIX: kept gets its path, or why it could not be renamed (false). */
static bool set_aside(const struct tui *t, const char *suffix, char *kept, size_t len)
{
	char path[TUI_PATH_MAX];
	kept[0] = '\0';
	if (!data_path(t, PERSIST_CURRENT, path, sizeof path))
		return false;
	snprintf(kept, len, "%s.%s", path, suffix);
	if (rename(path, kept) == 0)
		return true;
	snprintf(kept, len, "%s (could not rename it: %s)", path, strerror(errno));
	return false;
}

void persist_archive_leaving(struct tui *t)
{
	char kept[TUI_PATH_MAX + 100], why[sizeof t->msg.text];
	if (persist_archive(t)) {
		persist_discard_autosave(t); /* the next game's autosave comes next: a kill between finds no copy */
		return;
	}
	snprintf(why, sizeof why, "%s", t->msg.text);
	if (set_aside(t, "unarchived", kept, sizeof kept)) /* else there was no autosave to keep */
		tui_status(t, MSG_ERROR, "%s; its last save was kept as %s.", why, kept);
}

void persist_archive_leftover(struct tui *t)
{
	char path[TUI_PATH_MAX], err[TUI_PATH_MAX + 100], kept[TUI_PATH_MAX + 100];
	size_t len;
	long at;
	char *text = data_path(t, PERSIST_CURRENT, path, sizeof path) ? text_file_read(path, &len) : NULL;
	struct game *g = text ? persist_last_game_of(text, len, path, err, sizeof err) : NULL;
	if (g && game_is_over(g) && strlen(text) == len) {
		/* Once: a kill after the archive took it, before the autosave went, left it in both. */
		if (archive_add(t, text, true, &at, err, sizeof err)) {
			persist_discard_autosave(t);
		} else {
			set_aside(t, "unarchived", kept, sizeof kept);
			tui_status(t, MSG_ERROR, "Could not archive your last game: %s; it was kept as %s.", err, kept);
		}
	}
	if (g)
		game_free(g);
	free(text);
}

/* Where the text we appended stands in the archive: at its byte if still there, else its last copy; NULL if gone. */
static const char *find_archived(const char *archive, size_t len, const char *text, long at)
{
	size_t n = strlen(text);
	if (at >= 0 && (size_t)at + n <= len && !memcmp(archive + at, text, n))
		return archive + at;
	const char *last = NULL;
	for (size_t i = 0; i + n <= len; i++)
		if (archive[i] == text[0] && !memcmp(archive + i, text, n))
			last = archive + i;
	return last;
}

void persist_unarchive(struct tui *t)
{
	struct tui_match *m = &t->match;
	char path[TUI_PATH_MAX], err[512];
	size_t len;
	int lock = m->archive_text ? files_lock(m->data_dir) : -1;
	char *archive = m->archive_text && data_path(t, PERSIST_ARCHIVE, path, sizeof path) ? text_file_read(path, &len)
	                                                                                      : NULL;
	const char *at = archive ? find_archived(archive, len, m->archive_text, m->archive_at) : NULL;
	if (at) {
		size_t before = (size_t)(at - archive), n = strlen(m->archive_text);
		memmove(archive + before, at + n, len - before - n);
		if (!files_write_atomic(path, archive, len - n, err, sizeof err))
			tui_status(t, MSG_ERROR, "The reopened game stays in the archive: %s", err);
	}
	files_unlock(lock);
	free(archive);
	free(m->archive_text);
	m->archive_text = NULL;
	m->archive_at = -1;
}

void persist_rate_player(struct tui *t)
{
	char path[TUI_PATH_MAX];
	size_t len = 0;
	char *text = data_path(t, PERSIST_ARCHIVE, path, sizeof path) ? text_file_read(path, &len) : NULL;
	player_rating_from_pgn(&t->match.player, text ? text : "", text ? len : 0);
	free(text);
	/* The puzzle rating, shown beside it once a puzzle has been tried (a broken trainer file shows none). */
	struct train_session s;
	char err[TUI_PATH_MAX + 200];
	t->match.puzzles_rated = train_open(&s, t->match.data_dir, err, sizeof err) && s.t.nhistory > 0;
	if (t->match.puzzles_rated)
		t->match.puzzle_rating = s.t.rating;
	train_close(&s);
}

/* The whole file, or NULL with "cannot read FILE: why" in err. */
static char *read_text(const char *path, size_t *len, char *err, size_t errlen)
{
	char *text = text_file_read(path, len);
	if (!text)
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
	return text;
}

struct game *persist_last_game_of(const char *text, size_t len, const char *name, char *err, size_t errlen)
{
	struct pgn_reader *r = pgn_reader_new(text, len, name);
	struct game *last = NULL, *g;
	struct pgn_error perr;
	int got;
	bool last_bad = false;
	while (r && (got = pgn_read_game(r, &g, &perr)) != 0) {
		last_bad = got < 0;
		if (last_bad) {
			pgn_error_text(&perr, err, errlen);
			continue;
		}
		if (last)
			game_free(last);
		last = g;
	}
	if (!r)
		snprintf(err, errlen, "out of memory reading %s", name);
	else if (!last && !last_bad)
		snprintf(err, errlen, "%s: no game in the file", name);
	pgn_reader_free(r);
	if (last_bad) {
		/* The last game is the one wanted, and it is broken: say so rather than take an older one. */
		if (last)
			game_free(last);
		return NULL;
	}
	return last;
}

struct game *persist_read_last_game(const char *path, char *err, size_t errlen)
{
	size_t len;
	char *text = read_text(path, &len, err, errlen);
	if (!text)
		return NULL;
	struct game *g = persist_last_game_of(text, len, path, err, errlen);
	free(text);
	return g;
}

bool persist_list_games(const char *path, struct persist_listing *out, char *err, size_t errlen)
{
	memset(out, 0, sizeof *out);
	out->text = read_text(path, &out->len, err, errlen);
	if (!out->text)
		return false;
	if (!pgn_list_games(out->text, out->len, &out->list))
		snprintf(err, errlen, "out of memory reading %s", path);
	else if (out->list.n == 0)
		snprintf(err, errlen, "%s: no game in the file", path);
	else
		return true;
	persist_listing_free(out);
	return false;
}

void persist_listing_free(struct persist_listing *l)
{
	free(l->text);
	l->text = NULL;
	pgn_list_free(&l->list);
}

struct game *persist_read_nth_game(const char *path, int n, char *err, size_t errlen)
{
	size_t len;
	char *text = read_text(path, &len, err, errlen);
	if (!text)
		return NULL;
	struct pgn_reader *r = pgn_reader_new(text, len, path);
	struct game *g = NULL;
	struct pgn_error perr;
	int got = r ? pgn_read_nth(r, n, &g, &perr) : -2;
	if (got == 0)
		snprintf(err, errlen, "%s holds fewer than %d games", path, n);
	else if (got == -1)
		pgn_error_text(&perr, err, errlen);
	else if (got < 0)
		snprintf(err, errlen, "out of memory reading %s", path);
	pgn_reader_free(r);
	free(text);
	return got == 1 ? g : NULL;
}

void persist_save_as(struct tui *t, const char *name, const char *path)
{
	char err[TUI_PATH_MAX + 100];
	persist_tag_game(t);
	if (persist_write_game(t->match.game, path, err, sizeof err))
		tui_status(t, MSG_INFO, "Saved the game to %s.", name);
	else
		tui_status(t, MSG_ERROR, "Not saved: %s", err);
}

bool persist_write_game(const struct game *g, const char *path, char *err, size_t errlen)
{
	char *text = pgn_game_to_string(g);
	if (!text) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	bool ok = files_write_atomic(path, text, strlen(text), err, errlen);
	free(text);
	return ok;
}

void persist_take_back_undone(struct game *g)
{
	const char *tag = g ? game_tag(g, PERSIST_UNDONE_TAG) : NULL;
	char *end;
	if (!tag)
		return;
	errno = 0;
	long n = strtol(tag, &end, 10);
	if (errno || end == tag || *end || n <= 0)
		return; /* not a count we wrote: the game resumes at its end */
	for (; n > 0 && game_ply_count(g) > 0; n--)
		game_undo(g);
}

struct game *persist_resume(const struct tui *t, char *msg, size_t len)
{
	char path[TUI_PATH_MAX];
	msg[0] = '\0';
	if (!data_path(t, PERSIST_CURRENT, path, sizeof path) || access(path, F_OK) != 0)
		return NULL;
	struct game *g = persist_read_last_game(path, msg, len);
	if (g && (game_is_over(g) || (game_ply_count(g) == 0 && game_is_standard_start(g) && !game_is_chess960(g)))) {
		/* A finished game already went to the archive, and an empty one holds nothing to resume (a start of
		   Chess960's, even the standard one, was chosen: it is resumed). */
		game_free(g);
		return NULL;
	}
	persist_take_back_undone(g);
	return g;
}

void persist_set_aside(const struct tui *t, char *kept, size_t len) { (void)set_aside(t, "broken", kept, len); }
