/*
 * Writing PGN in the standard's export format: the seven tag roster in its
 * order, the other tags sorted by name, a blank line, movetext with a move
 * number before each White move (and before Black's first when Black starts),
 * lines of at most 80 characters broken between tokens, the result, a blank line.
 */
#include <stdlib.h>
#include <string.h>

#include "notation/notation.h"
#include "rules/line.h"
#include "notation/pgn.h"

#define LINE_MAX_CHARS 80

struct text_buf {
	char *p;
	size_t len, cap;
	bool failed;
	size_t line_len; /* characters on the current movetext line */
};

static void put(struct text_buf *b, const char *s, size_t n)
{
	if (b->failed)
		return;
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 1024;
		while (b->len + n + 1 > cap)
			cap *= 2;
		char *p = realloc(b->p, cap);
		if (!p) {
			b->failed = true;
			return;
		}
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

static void puts_buf(struct text_buf *b, const char *s) { put(b, s, strlen(s)); }

/* [Name "value"], the value escaped; control characters, which export format forbids, become spaces. */
static void put_tag(struct text_buf *b, const char *name, const char *value)
{
	puts_buf(b, "[");
	puts_buf(b, name);
	puts_buf(b, " \"");
	for (const char *s = value; *s; s++) {
		char c = (unsigned char)*s < 0x20 || *s == 0x7f ? ' ' : *s;
		if (c == '"' || c == '\\')
			put(b, "\\", 1);
		put(b, &c, 1);
	}
	puts_buf(b, "\"]\n");
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void put_tags(struct text_buf *b, const struct game *g)
{
	int n = game_tag_count(g), others = 0;
	const char **names = malloc(((size_t)n + 2) * sizeof *names);
	if (!names) {
		b->failed = true;
		return;
	}
	for (int i = 0; i < TAG_ROSTER_SIZE; i++) {
		const char *v = game_tag(g, tag_roster[i]);
		put_tag(b, tag_roster[i], v ? v : "?");
	}
	for (int i = 0; i < n; i++) {
		const char *name, *value;
		if (game_tag_at(g, i, &name, &value) && !tag_in_roster(name))
			names[others++] = name;
	}
	if (!game_is_standard_start(g)) {
		names[others++] = "FEN";
		names[others++] = "SetUp";
	}
	qsort(names, (size_t)others, sizeof *names, by_name);
	for (int i = 0; i < others; i++)
		put_tag(b, names[i], game_tag(g, names[i]));
	free(names);
	puts_buf(b, "\n");
}

/* A movetext token, after a space or at the start of a new line when it would pass the limit. */
static void put_token(struct text_buf *b, const char *tok)
{
	size_t n = strlen(tok);
	if (b->line_len && b->line_len + 1 + n > LINE_MAX_CHARS) {
		puts_buf(b, "\n");
		b->line_len = 0;
	}
	if (b->line_len) {
		puts_buf(b, " ");
		b->line_len++;
	}
	put(b, tok, n);
	b->line_len += n;
}

static void put_movetext(struct text_buf *b, const struct game *g)
{
	struct pos_line line = POS_LINE_EMPTY;
	const struct position *p = &line.pos;
	char err[128];
	if (!line_set_fen(&line, game_start_fen(g), err, sizeof err, NULL, 0)) {
		b->failed = true;
		return;
	}
	for (int i = 0; i < game_ply_count(g); i++) {
		char number[24], san[SAN_MAX];
		move_t m = game_move(g, i);
		if (p->side == WHITE || i == 0) {
			snprintf(number, sizeof number, "%d.%s", p->fullmove, p->side == WHITE ? "" : "..");
			put_token(b, number);
		}
		move_to_san(p, m, san);
		put_token(b, san);
		if (!line_play(&line, m)) {
			b->failed = true;
			break;
		}
	}
	line_free(&line);
	put_token(b, game_result_text(game_result(g)));
	puts_buf(b, "\n\n");
}

char *pgn_game_to_string(const struct game *g)
{
	struct text_buf b = { 0 };
	put_tags(&b, g);
	put_movetext(&b, g);
	if (b.failed) {
		free(b.p);
		return NULL;
	}
	return b.p;
}

bool pgn_write_game(FILE *f, const struct game *g)
{
	char *s = pgn_game_to_string(g);
	if (!s)
		return false;
	bool ok = fputs(s, f) >= 0;
	free(s);
	return ok;
}
