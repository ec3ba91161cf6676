/* EPD suites: reading bm/am operations and running the engine over them. */
#include "protocol/epd.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "notation/notation.h"
#include "notation/score_text.h"
#include "protocol/one_search.h"

/* The next operand of an operation: a quoted string or a bare word, up to ';'. */
static const char *next_operand(const char *p, char *out, size_t outlen)
{
	size_t n = 0;
	/* Any white space: a line break left before an operand, with no ';' after it, must not stop the reader. */
	while (isspace((unsigned char)*p))
		p++;
	if (*p == '"') {
		for (p++; *p && *p != '"'; p++)
			if (n + 1 < outlen)
				out[n++] = *p;
		if (*p == '"')
			p++;
	} else {
		for (; *p && !isspace((unsigned char)*p) && *p != ';'; p++)
			if (n + 1 < outlen)
				out[n++] = *p;
	}
	out[n] = '\0';
	return p;
}

/* bm or am: SAN moves, each checked against the position. */
static bool read_moves(const struct position *pos, const char **pp, move_t *moves, int *count, const char *op,
                       char *err, size_t errlen)
{
	const char *p = *pp;
	char word[64], msg[128];
	while (*p && *p != ';') {
		p = next_operand(p, word, sizeof word);
		if (!word[0])
			continue;
		move_t m;
		if (san_parse(pos, word, &m, msg, sizeof msg) != SAN_OK) {
			snprintf(err, errlen, "%s move %s", op, msg); /* msg names the move */
			return false;
		}
		if (*count < EPD_MAX_MOVES)
			moves[(*count)++] = m;
	}
	*pp = p;
	return true;
}

/* The four position fields and, if present, two counters; the rest is left at *rest. */
static bool read_fields(const char *line, struct epd_entry *entry, const char **rest, char *err, size_t errlen)
{
	const char *p = line;
	char field[128];
	size_t len = 0;
	entry->fen[0] = '\0';
	for (int i = 0; i < 4; i++) {
		p = next_operand(p, field, sizeof field);
		if (!field[0]) {
			snprintf(err, errlen, "expected 4 position fields, found %d", i);
			return false;
		}
		int wrote = snprintf(entry->fen + len, sizeof entry->fen - len, "%s%s", i ? " " : "", field);
		if (wrote < 0 || (size_t)wrote >= sizeof entry->fen - len) {
			snprintf(err, errlen, "position field %d is too long", i + 1);
			return false;
		}
		len += (size_t)wrote;
	}
	char *end;
	long half = strtol(p, &end, 10);
	long full = end != p ? strtol(end, &end, 10) : 0;
	if (end != p && full > 0) {
		snprintf(entry->fen + len, sizeof entry->fen - len, " %ld %ld", half, full);
		p = end;
	} else {
		snprintf(entry->fen + len, sizeof entry->fen - len, " 0 1");
	}
	*rest = p;
	return true;
}

bool epd_parse(const char *line, struct epd_entry *entry, char *err, size_t errlen)
{
	memset(entry, 0, sizeof *entry);
	err[0] = '\0';
	const char *p = line + strspn(line, " \t\r\n");
	if (!*p || *p == '#')
		return false;
	if (!read_fields(p, entry, &p, err, errlen))
		return false;
	struct position pos_, *pos = &pos_;
	struct state st;
	char why[160];
	if (!pos_set_fen(pos, &st, entry->fen, why, sizeof why, NULL, 0)) {
		snprintf(err, errlen, "bad position: %s", why);
		return false;
	}
	bool ok = true;
	while (ok && *p) {
		char op[32];
		p = next_operand(p, op, sizeof op);
		if (!strcmp(op, "bm"))
			ok = read_moves(pos, &p, entry->bm, &entry->nbm, op, err, errlen);
		else if (!strcmp(op, "am"))
			ok = read_moves(pos, &p, entry->am, &entry->nam, op, err, errlen);
		else if (!strcmp(op, "id"))
			p = next_operand(p, entry->id, sizeof entry->id);
		/* Any other operation is skipped up to its ';'. */
		while (*p && *p != ';') {
			if (*p == '"') {
				p = strchr(p + 1, '"');
				p = p ? p + 1 : "";
				continue;
			}
			p++;
		}
		if (*p == ';')
			p++;
		while (isspace((unsigned char)*p))
			p++;
	}
	if (ok && entry->nbm == 0 && entry->nam == 0) {
		snprintf(err, errlen, "no bm or am operation");
		ok = false;
	}
	return ok;
}

bool epd_solved(const struct epd_entry *entry, move_t move)
{
	bool found = entry->nbm == 0;
	for (int i = 0; i < entry->nbm; i++)
		found |= entry->bm[i] == move;
	for (int i = 0; i < entry->nam; i++)
		found &= entry->am[i] != move;
	return found;
}

/* The expected moves as SAN, "bm Qg6 Rxf7" or "am Kh1". */
static void expected_text(const struct position *pos, const struct epd_entry *entry, char *buf, size_t len)
{
	size_t n = (size_t)snprintf(buf, len, "%s", entry->nbm ? "bm" : "am");
	const move_t *moves = entry->nbm ? entry->bm : entry->am;
	int count = entry->nbm ? entry->nbm : entry->nam;
	for (int i = 0; i < count && n + SAN_MAX + 1 < len; i++) {
		char san[SAN_MAX];
		move_to_san(pos, moves[i], san);
		n += (size_t)snprintf(buf + n, len - n, " %s", san);
	}
}

/* One position: search it and print the verdict; returns whether it was solved. */
static bool run_one(struct engine *e, const struct epd_entry *entry, int number, const struct epd_options *opt,
                    FILE *out)
{
	char err[256], san[SAN_MAX], expected[160], score[SCORE_TEXT_MAX];
	engine_new_game(e);
	if (!engine_set_position(e, entry->fen, NULL, 0, err, sizeof err)) {
		fprintf(out, "%4d %-12s error: %s\n", number, entry->id, err);
		return false;
	}
	struct engine_limits l;
	memset(&l, 0, sizeof l);
	l.depth = opt->depth;
	l.nodes = opt->nodes > 0 ? (uint64_t)opt->nodes : 0;
	l.movetime_ms = l.depth || l.nodes ? 0 : opt->movetime_ms;
	struct one_search done;
	one_search_run(e, &l, &done);
	const struct position *pos = engine_position(e);
	bool ok = epd_solved(entry, done.best);
	move_to_san(pos, done.best, san);
	expected_text(pos, entry, expected, sizeof expected);
	score_text(score, sizeof score, SCORE_WORDS, done.last.score_cp, done.last.is_mate, done.last.mate_moves);
	fprintf(out, "%4d %-12s %-4s %-8s %-20s depth %2d  score %s\n", number, entry->id[0] ? entry->id : "-",
	        ok ? "ok" : "FAIL", san, expected, done.last.depth, score);
	fflush(out);
	return ok;
}

bool epd_run(const char *path, const struct epd_options *opt, FILE *out, int *solved, int *total)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		perror(path);
		return false;
	}
	struct engine *e = engine_new();
	char err[256], value[32];
	bool ok = e != NULL;
	snprintf(value, sizeof value, "%d", opt->threads);
	ok = ok && engine_set_option(e, "Threads", value, err, sizeof err);
	snprintf(value, sizeof value, "%d", opt->hash_mb);
	ok = ok && engine_set_option(e, "Hash", value, err, sizeof err);
	/* Nothing travels between processes here: think for the whole movetime. */
	ok = ok && engine_set_option(e, "Move Overhead", "0", err, sizeof err);
	if (!ok) {
		fprintf(stderr, "outpost epd: %s\n", e ? err : "cannot start the engine");
		engine_free(e);
		fclose(f);
		return false;
	}
	char *line = NULL;
	size_t cap = 0;
	int lineno = 0;
	*solved = *total = 0;
	struct epd_entry entry;
	while (getline(&line, &cap, f) >= 0) {
		lineno++;
		if (!epd_parse(line, &entry, err, sizeof err)) {
			if (err[0])
				fprintf(out, "%s:%d: skipped: %s\n", path, lineno, err);
			continue;
		}
		++*total;
		*solved += run_one(e, &entry, *total, opt, out);
	}
	fprintf(out, "solved %d of %d\n", *solved, *total);
	free(line);
	engine_free(e);
	fclose(f);
	return true;
}
