/* The trainer's file: read strictly (a broken file is refused whole, with its line), written whole. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study/trainer_file.h"
#include "rules/line.h"
#include "rules/uci_move.h"

#define FIELDS_MAX 16
#define RECORD_MAX 4096

static const int64_t box_days[TRAINER_BOX_MAX + 1] = { 0, 1, 3, 7, 21, 60 };

int64_t trainer_interval(int box)
{
	if (box < 1)
		return TRAINER_MISSED_DELAY;
	return box_days[box > TRAINER_BOX_MAX ? TRAINER_BOX_MAX : box] * 86400;
}

void trainer_init(struct trainer *t)
{
	memset(t, 0, sizeof *t);
	t->rating = glicko_new();
}

void trainer_free(struct trainer *t)
{
	free(t->items);
	free(t->history);
	free(t->games);
	trainer_init(t);
}

/* Room for one more of n elements of size in *arr (capacity *cap); false if out of memory. */
static bool grow(void **arr, int n, int *cap, size_t size)
{
	if (n < *cap)
		return true;
	int want = *cap ? *cap * 2 : 16;
	void *p = realloc(*arr, (size_t)want * size);
	if (!p)
		return false;
	*arr = p;
	*cap = want;
	return true;
}

struct trainer_item *trainer_find(struct trainer *t, const char *id)
{
	for (int i = 0; i < t->n; i++)
		if (!strcmp(t->items[i].p.id, id))
			return &t->items[i];
	return NULL;
}

bool trainer_add(struct trainer *t, const struct puzzle *p, int64_t now)
{
	if (trainer_find(t, p->id))
		return true;
	if (!grow((void **)&t->items, t->n, &t->cap, sizeof *t->items))
		return false;
	t->items[t->n++] = (struct trainer_item){ .p = *p, .box = 0, .due = now };
	return true;
}

struct trainer_item *trainer_next_due(struct trainer *t, int64_t now)
{
	struct trainer_item *best = NULL;
	for (int i = 0; i < t->n; i++) {
		struct trainer_item *it = &t->items[i];
		if (it->due > now)
			continue;
		if (!best || it->box < best->box || (it->box == best->box && it->due < best->due))
			best = it;
	}
	return best;
}

static bool add_history(struct trainer *t, const char *id, bool solved, int64_t now)
{
	if (!grow((void **)&t->history, t->nhistory, &t->caphistory, sizeof *t->history))
		return false;
	struct trainer_result *r = &t->history[t->nhistory++];
	snprintf(r->id, sizeof r->id, "%s", id);
	r->when = now;
	r->solved = solved;
	return true;
}

/* A puzzle's rating and how sure it is: Lichess's deviation is not kept, so a middling one (75) stands for it. */
#define PUZZLE_DEVIATION 75.0
#define TRAINER_TAU 0.5           /* Glicko-2's usual volatility constraint */
#define TRAINER_MIN_DEVIATION 45.0 /* never surer than this, so that the rating keeps following the player */

/* The player's rating after one puzzle, a rating period of its own: a game against the puzzle, won when solved. */
static void rate(struct trainer *t, int rating, bool solved)
{
	struct glicko_result r = { rating, PUZZLE_DEVIATION, solved ? 1.0 : 0.0 };
	if (rating <= 0)
		return;
	t->rating = glicko_update(t->rating, &r, 1, TRAINER_TAU);
	if (t->rating.deviation < TRAINER_MIN_DEVIATION)
		t->rating.deviation = TRAINER_MIN_DEVIATION;
}

bool trainer_record(struct trainer *t, struct trainer_item *it, bool solved, int64_t now)
{
	it->seen++;
	it->solved += solved;
	it->box = solved ? (it->box < TRAINER_BOX_MAX ? it->box + 1 : TRAINER_BOX_MAX) : 0;
	it->due = now + trainer_interval(it->box);
	rate(t, it->p.rating, solved);
	return add_history(t, it->p.id, solved, now);
}

bool trainer_record_other(struct trainer *t, const char *id, int rating, bool solved, int64_t now)
{
	rate(t, rating, solved);
	return add_history(t, id, solved, now);
}

bool trainer_has_game(const struct trainer *t, uint64_t key)
{
	for (int i = 0; i < t->ngames; i++)
		if (t->games[i] == key)
			return true;
	return false;
}

bool trainer_add_game(struct trainer *t, uint64_t key)
{
	if (trainer_has_game(t, key))
		return true;
	if (!grow((void **)&t->games, t->ngames, &t->capgames, sizeof *t->games))
		return false;
	t->games[t->ngames++] = key;
	return true;
}

void trainer_count(const struct trainer *t, int64_t now, struct trainer_counts *c)
{
	memset(c, 0, sizeof *c);
	for (int i = 0; i < t->n; i++) {
		const struct trainer_item *it = &t->items[i];
		c->total++;
		c->due += it->due <= now;
		c->solved += it->box > 0;
		c->learned += it->box >= TRAINER_LEARNED_BOX;
	}
}

void trainer_theme_counts(const struct trainer *t, struct trainer_theme_count out[THEME_NB])
{
	memset(out, 0, THEME_NB * sizeof *out);
	for (int i = 0; i < t->n; i++)
		for (int th = 0; th < THEME_NB; th++)
			if (t->items[i].p.themes & 1u << th) {
				out[th].puzzles++;
				out[th].solved += t->items[i].box > 0;
			}
}

/* ---------------------------------------------------------------- writing */

struct out {
	char *buf;
	size_t len, cap;
	bool failed;
};

static void put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (o->failed || n < 0)
		return;
	if (o->len + (size_t)n + 1 > o->cap) {
		size_t cap = (o->cap + (size_t)n + 1) * 2;
		char *p = realloc(o->buf, cap);
		if (!p) {
			o->failed = true;
			return;
		}
		o->buf = p;
		o->cap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(o->buf + o->len, o->cap - o->len, fmt, ap);
	va_end(ap);
	o->len += (size_t)n;
}

/*
 * m in UCI as read_move reads it back in the position of fen: castling as the king's move, or (Chess960, where
 * that move would be a step or none) as the king taking its rook, whose square the position knows.
 */
static void move_text(const char *fen, move_t m, char *uci)
{
	struct position pos;
	struct state st;
	if (move_kind(m) == MOVE_CASTLING && pos_set_fen(&pos, &st, fen, NULL, 0, NULL, 0))
		move_to_uci_in(&pos, m, false, uci);
	else
		move_to_uci(m, uci);
}

static void put_move(struct out *o, const char *fen, move_t m)
{
	char uci[UCI_MOVE_MAX];
	move_text(fen, m, uci);
	put(o, "\t%s", m == MOVE_NONE ? "-" : uci);
}

/* A source with no tab or line break in it (they would break the record), nor an empty one. */
static void put_source(struct out *o, const char *s)
{
	char clean[PUZZLE_SOURCE_MAX];
	snprintf(clean, sizeof clean, "%s", *s ? s : "-");
	for (char *c = clean; *c; c++)
		if (*c == '\t' || *c == '\n' || *c == '\r')
			*c = ' ';
	put(o, "\t%s", clean);
}

static void put_item(struct out *o, const struct trainer_item *it)
{
	const struct puzzle *p = &it->p;
	char themes[256];
	put(o, "puzzle\t%s\t%d\t%" PRId64 "\t%d\t%d\t%d\t%s\t", p->id, it->box, it->due, it->seen, it->solved,
	    p->rating, p->fen);
	/* Every move of the line castles, if at all, with a rook the puzzle's FEN gives its right. */
	for (int i = 0; i < p->line_len; i++) {
		char uci[UCI_MOVE_MAX];
		move_text(p->fen, p->line[i], uci);
		put(o, "%s%s", i ? " " : "", uci);
	}
	put_move(o, p->fen, p->played);
	put_move(o, p->last_fen, p->last);
	put(o, "\t%s", p->last != MOVE_NONE && p->last_fen[0] ? p->last_fen : "-");
	puzzle_themes_text(p->themes, themes, sizeof themes);
	put(o, "\t%s", themes[0] ? themes : "-");
	put_source(o, p->source);
	put(o, "\n");
}

char *trainer_format(const struct trainer *t)
{
	struct out o = { 0 };
	put(&o, "%s\n", TRAINER_HEADER);
	/* The volatility at six places, never below what the reader takes back (a file that will not read is lost). */
	double volatility = t->rating.volatility < 0.000001 ? 0.000001 : t->rating.volatility;
	put(&o, "rating\t%.1f\t%.1f\t%.6f\n", t->rating.rating, t->rating.deviation, volatility);
	for (int i = 0; i < t->ngames; i++)
		put(&o, "game\t%016" PRIx64 "\n", t->games[i]);
	for (int i = 0; i < t->n; i++)
		put_item(&o, &t->items[i]);
	for (int i = 0; i < t->nhistory; i++)
		put(&o, "result\t%s\t%" PRId64 "\t%s\n", t->history[i].id, t->history[i].when,
		    t->history[i].solved ? "solved" : "missed");
	if (o.failed || !o.buf) {
		free(o.buf);
		return NULL;
	}
	return o.buf;
}

/* ---------------------------------------------------------------- reading */

struct reader {
	const char *name;
	int line;
	char *err;
	size_t errlen;
};

static bool fail(struct reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(struct reader *r, const char *fmt, ...)
{
	char why[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	snprintf(r->err, r->errlen, "%s:%d: %s", r->name, r->line, why);
	return false;
}

/* A whole number in lo .. hi, written in decimal digits (a leading '-' allowed when lo < 0). */
static bool read_int(const char *text, long long lo, long long hi, long long *out)
{
	char *end;
	if (!*text || (text[0] == '-' && lo >= 0) || strspn(text + (text[0] == '-'), "0123456789") != strlen(text) -
	                                                                                          (text[0] == '-'))
		return false;
	errno = 0;
	long long v = strtoll(text, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

static bool read_double(const char *text, double lo, double hi, double *out)
{
	char *end;
	if (!*text || strspn(text, "0123456789.-") != strlen(text))
		return false;
	double v = strtod(text, &end);
	if (*end || !(v >= lo && v <= hi))
		return false;
	*out = v;
	return true;
}

static bool valid_id(const char *id)
{
	size_t n = strlen(id);
	return n > 0 && n < PUZZLE_ID_MAX &&
	       strspn(id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") == n;
}

/* A move in UCI legal in the position of fen, or "-" for none when dash is allowed. */
static bool read_move(const char *text, const char *fen, move_t *out)
{
	struct pos_line l = POS_LINE_EMPTY;
	*out = MOVE_NONE;
	if (!strcmp(text, "-"))
		return true;
	bool ok = line_set_fen(&l, fen, NULL, 0, NULL, 0);
	if (ok)
		*out = uci_parse_move(&l.pos, text);
	line_free(&l);
	return ok && *out != MOVE_NONE;
}

/* The solution's UCI moves, each legal after the ones before it. */
static bool read_line(struct reader *r, char *text, struct puzzle *p)
{
	struct pos_line l = POS_LINE_EMPTY;
	if (!line_set_fen(&l, p->fen, NULL, 0, NULL, 0))
		return fail(r, "bad FEN");
	bool ok = true;
	p->line_len = 0;
	for (char *save = NULL, *w = strtok_r(text, " ", &save); ok && w; w = strtok_r(NULL, " ", &save)) {
		move_t m = uci_parse_move(&l.pos, w);
		if (p->line_len >= PUZZLE_LINE_MAX - 1)
			ok = fail(r, "the solution is longer than %d moves", PUZZLE_LINE_MAX - 1);
		else if (m == MOVE_NONE)
			ok = fail(r, "move %d of the solution, \"%.10s\", is not legal there", p->line_len + 1, w);
		else if (!line_play(&l, m))
			ok = fail(r, "out of memory");
		else
			p->line[p->line_len++] = m;
	}
	line_free(&l);
	return ok;
}

static bool read_themes(struct reader *r, char *text, unsigned *themes)
{
	*themes = 0;
	if (!strcmp(text, "-"))
		return true;
	for (char *save = NULL, *w = strtok_r(text, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		int th = puzzle_theme_find(w);
		if (th < 0)
			return fail(r, "unknown theme \"%.40s\"", w);
		*themes |= 1u << th;
	}
	return true;
}

static bool read_puzzle(struct reader *r, struct trainer *t, char **f, int n)
{
	struct trainer_item it = { 0 };
	struct puzzle *p = &it.p;
	long long box, due, seen, solved, rating;
	char why[300];
	if (n != 14)
		return fail(r, "a puzzle has 13 fields, this one %d", n - 1);
	if (!valid_id(f[1]))
		return fail(r, "bad puzzle id \"%.40s\"", f[1]);
	if (trainer_find(t, f[1]))
		return fail(r, "puzzle %s is there twice", f[1]);
	snprintf(p->id, sizeof p->id, "%s", f[1]);
	if (!read_int(f[2], 0, TRAINER_BOX_MAX, &box))
		return fail(r, "bad box \"%.20s\" (0 to %d)", f[2], TRAINER_BOX_MAX);
	if (!read_int(f[3], 0, INT64_C(1) << 40, &due) || !read_int(f[4], 0, 1 << 30, &seen) ||
	    !read_int(f[5], 0, 1 << 30, &solved) || solved > seen)
		return fail(r, "bad due time or counts");
	if (!read_int(f[6], 0, 4000, &rating))
		return fail(r, "bad rating \"%.20s\" (0 to 4000)", f[6]);
	if (strlen(f[7]) >= sizeof p->fen)
		return fail(r, "the FEN is too long");
	snprintf(p->fen, sizeof p->fen, "%s", f[7]);
	struct pos_line l = POS_LINE_EMPTY;
	bool fen_ok = line_set_fen(&l, p->fen, why, sizeof why, NULL, 0);
	line_free(&l);
	if (!fen_ok)
		return fail(r, "bad FEN: %s", why);
	if (!read_line(r, f[8], p))
		return false;
	if (!read_move(f[9], p->fen, &p->played))
		return fail(r, "the played move \"%.10s\" is not legal there", f[9]);
	if (strcmp(f[11], "-") && strlen(f[11]) < sizeof p->last_fen)
		snprintf(p->last_fen, sizeof p->last_fen, "%s", f[11]);
	if (strcmp(f[10], "-") && (!p->last_fen[0] || !read_move(f[10], p->last_fen, &p->last)))
		return fail(r, "the move before, \"%.10s\", is not legal in the position before", f[10]);
	if (!read_themes(r, f[12], &p->themes))
		return false;
	snprintf(p->source, sizeof p->source, "%s", strcmp(f[13], "-") ? f[13] : "");
	if (!puzzle_check(p, why, sizeof why))
		return fail(r, "%s", why);
	p->rating = (int)rating;
	it.box = (int)box;
	it.due = due;
	it.seen = (int)seen;
	it.solved = (int)solved;
	if (!grow((void **)&t->items, t->n, &t->cap, sizeof *t->items))
		return fail(r, "out of memory");
	t->items[t->n++] = it;
	return true;
}

static bool read_record(struct reader *r, struct trainer *t, char **f, int n)
{
	long long v;
	if (!strcmp(f[0], "puzzle"))
		return read_puzzle(r, t, f, n);
	if (!strcmp(f[0], "rating")) {
		struct glicko g;
		if (n != 4 || !read_double(f[1], 0, 5000, &g.rating) || !read_double(f[2], 1, 1000, &g.deviation) ||
		    !read_double(f[3], 0.000001, 1, &g.volatility)) /* what the writer's six places keep */
			return fail(r, "a rating is three numbers: rating (0-5000), deviation (1-1000), volatility (0-1)");
		t->rating = g;
		return true;
	}
	if (!strcmp(f[0], "game")) {
		char *end;
		if (n != 2 || strlen(f[1]) != 16 || strspn(f[1], "0123456789abcdef") != 16)
			return fail(r, "a game is 16 hexadecimal digits");
		uint64_t key = strtoull(f[1], &end, 16);
		return trainer_add_game(t, key) || fail(r, "out of memory");
	}
	if (!strcmp(f[0], "result")) {
		if (n != 4 || !valid_id(f[1]) || !read_int(f[2], 0, INT64_C(1) << 40, &v) ||
		    (strcmp(f[3], "solved") && strcmp(f[3], "missed")))
			return fail(r, "a result is an id, a time and \"solved\" or \"missed\"");
		return add_history(t, f[1], !strcmp(f[3], "solved"), v) || fail(r, "out of memory");
	}
	return fail(r, "unknown record \"%.20s\"", f[0]);
}

/* Splits a record at its tabs; returns the fields' count, or -1 for more than FIELDS_MAX. */
static int split(char *rec, char **f)
{
	int n = 0;
	for (char *p = rec;; p++) {
		if (n == FIELDS_MAX)
			return -1;
		f[n++] = p;
		p = strchr(p, '\t');
		if (!p)
			return n;
		*p = '\0';
	}
}

bool trainer_parse(struct trainer *t, const char *text, size_t len, const char *name, char *err, size_t errlen)
{
	struct reader r = { name, 0, err, errlen };
	char rec[RECORD_MAX], *f[FIELDS_MAX];
	bool ok = true;
	trainer_init(t);
	for (size_t at = 0; ok && at < len;) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
		r.line++;
		if (n >= sizeof rec || memchr(text + at, '\0', n))
			ok = fail(&r, n >= sizeof rec ? "the line is too long" : "a NUL byte in the line");
		if (ok) {
			memcpy(rec, text + at, n);
			rec[n] = '\0';
			if (n && rec[n - 1] == '\r')
				rec[n - 1] = '\0';
		}
		at += n + 1;
		if (!ok)
			break;
		if (r.line == 1) {
			if (strcmp(rec, TRAINER_HEADER))
				ok = fail(&r, "not a trainer file (the first line is not \"%s\")", TRAINER_HEADER);
			continue;
		}
		if (!rec[0])
			continue;
		int fields = split(rec, f);
		ok = fields < 0 ? fail(&r, "too many fields") : read_record(&r, t, f, fields);
	}
	if (ok && r.line == 0)
		ok = fail(&r, "empty file (the first line should be \"%s\")", TRAINER_HEADER);
	if (!ok)
		trainer_free(t);
	return ok;
}
