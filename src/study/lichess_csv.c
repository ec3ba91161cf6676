/* A Lichess puzzle row: split at its commas (no field of the format holds one), each field checked. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study/lichess_csv.h"
#include "rules/line.h"
#include "rules/uci_move.h"

#define ROW_MAX 2048
#define COLUMNS 10
#define COLUMNS_MIN 8 /* through Themes; GameUrl and OpeningTags may be missing */

enum { COL_ID, COL_FEN, COL_MOVES, COL_RATING, COL_DEVIATION, COL_POPULARITY, COL_PLAYS, COL_THEMES };

bool lichess_csv_is_header(const char *row) { return !strncmp(row, LICHESS_CSV_HEADER, strlen(LICHESS_CSV_HEADER)); }

bool lichess_has_theme(const char *themes, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = themes; n && (p = strstr(p, word)) != NULL; p += n)
		if ((p == themes || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return true;
	return false;
}

static bool read_number(const char *text, long lo, long hi, long *out)
{
	char *end;
	if (!*text || strspn(text + (*text == '-'), "0123456789") != strlen(text) - (*text == '-'))
		return false;
	errno = 0;
	long v = strtol(text, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

/* The moves: the opponent's first (played here), then the solution. */
static bool read_moves(char *text, struct puzzle *p, char *err, size_t errlen)
{
	struct pos_line l = POS_LINE_EMPTY;
	char why[160];
	if (!line_set_fen(&l, p->last_fen, why, sizeof why, NULL, 0)) {
		snprintf(err, errlen, "FEN: %s", why);
		return false;
	}
	bool ok = true;
	int n = 0;
	for (char *save = NULL, *w = strtok_r(text, " ", &save); ok && w; w = strtok_r(NULL, " ", &save), n++) {
		move_t m = uci_parse_move(&l.pos, w);
		if (m == MOVE_NONE || n >= PUZZLE_LINE_MAX) {
			snprintf(err, errlen, "Moves: move %d, \"%.10s\", is %s", n + 1, w,
			         m == MOVE_NONE ? "not legal there" : "one too many");
			ok = false;
		} else if (n == 0) {
			p->last = m;
		} else {
			p->line[p->line_len++] = m;
		}
		if (ok && !line_play(&l, m)) {
			snprintf(err, errlen, "out of memory");
			ok = false;
		}
		if (ok && n == 0)
			pos_get_fen(&l.pos, p->fen, sizeof p->fen);
	}
	line_free(&l);
	if (ok && (p->line_len < 1 || p->line_len % 2 == 0)) {
		snprintf(err, errlen, "Moves: %d moves after the first; the solution needs an odd number", p->line_len);
		ok = false;
	}
	return ok;
}

static void read_themes(const char *text, struct lichess_puzzle *out)
{
	snprintf(out->themes, sizeof out->themes, "%s", text);
	for (int t = 0; t < THEME_NB; t++)
		if (lichess_has_theme(out->themes, puzzle_theme_name(t)))
			out->p.themes |= 1u << t;
}

bool lichess_csv_parse(const char *row, struct lichess_puzzle *out, char *err, size_t errlen)
{
	char buf[ROW_MAX], *col[COLUMNS];
	int n = 0;
	long rating, popularity;
	memset(out, 0, sizeof *out);
	if (strlen(row) >= sizeof buf) {
		snprintf(err, errlen, "the row is longer than %d bytes", ROW_MAX - 1);
		return false;
	}
	strcpy(buf, row);
	buf[strcspn(buf, "\r\n")] = '\0';
	for (char *p = buf; n < COLUMNS; n++) {
		col[n] = p;
		p = strchr(p, ',');
		if (!p) {
			n++;
			break;
		}
		*p++ = '\0';
	}
	if (n < COLUMNS_MIN) {
		snprintf(err, errlen, "%d columns; a puzzle has at least %d", n, COLUMNS_MIN);
		return false;
	}
	size_t idlen = strlen(col[COL_ID]);
	if (!idlen || idlen >= PUZZLE_ID_MAX ||
	    strspn(col[COL_ID], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != idlen) {
		snprintf(err, errlen, "PuzzleId: \"%.30s\" is not an id", col[COL_ID]);
		return false;
	}
	snprintf(out->p.id, sizeof out->p.id, "%s", col[COL_ID]);
	if (strlen(col[COL_FEN]) >= sizeof out->p.last_fen) {
		snprintf(err, errlen, "FEN: too long");
		return false;
	}
	snprintf(out->p.last_fen, sizeof out->p.last_fen, "%s", col[COL_FEN]);
	if (!read_number(col[COL_RATING], 0, 4000, &rating) || !read_number(col[COL_POPULARITY], -100, 100, &popularity)) {
		snprintf(err, errlen, "Rating (0-4000) or Popularity (-100-100) is not a number in range");
		return false;
	}
	out->p.rating = (int)rating;
	out->popularity = (int)popularity;
	if (!read_moves(col[COL_MOVES], &out->p, err, errlen))
		return false;
	/* The position after the first move must read back too (a FEN's clocks near their limits may not). */
	char why[200];
	if (!puzzle_check(&out->p, why, sizeof why)) {
		snprintf(err, errlen, "FEN and Moves: %s", why);
		return false;
	}
	read_themes(col[COL_THEMES], out);
	snprintf(out->p.source, sizeof out->p.source, "Lichess puzzle %s", out->p.id);
	return true;
}
