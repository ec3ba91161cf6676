/*
 * Writing PGN in the standard's export format: the seven tag roster in its
 * order, the other tags sorted by name, a blank line, movetext with a move
 * number before each White move (and before a Black move that starts a line
 * or follows a comment or a variation), lines of at most 80 characters broken
 * between tokens (never between a move number and its move), the result, a
 * blank line.  NAGs are written as $n, as the
 * export format asks, never as ! or ? suffixes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/pgn.h"
#include "notation/pgn_comment.h"

#define LINE_MAX_CHARS 80

struct text_buf {
	char *p;
	size_t len, cap;
	bool failed;
	size_t line_len;    /* characters on the current movetext line */
	const char *prefix; /* glued to the front of the next token: "(" */
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
	const char **names = malloc(((size_t)n + 4) * sizeof *names);
	if (!names) {
		b->failed = true;
		return;
	}
	for (int i = 0; i < TAG_ROSTER_SIZE; i++) {
		const char *v = game_tag(g, tag_roster[i]);
		put_tag(b, tag_roster[i], v ? v : "?");
	}
	bool termination = false;
	for (int i = 0; i < n; i++) {
		const char *name, *value;
		if (game_tag_at(g, i, &name, &value) && !tag_in_roster(name) && value) {
			names[others++] = name;
			termination |= !strcmp(name, "Termination");
		}
	}
	if (!game_is_standard_start(g) || game_is_chess960(g)) {
		names[others++] = "FEN";
		names[others++] = "SetUp";
	}
	if (game_is_chess960(g))
		names[others++] = "Variant";
	if (!termination && game_tag(g, "Termination"))
		names[others++] = "Termination"; /* what the game knows of its end, though no tag was set */
	qsort(names, (size_t)others, sizeof *names, by_name);
	for (int i = 0; i < others; i++)
		put_tag(b, names[i], game_tag(g, names[i]));
	free(names);
	puts_buf(b, "\n");
}

/*
 * A movetext token: after a space (none when glued to the one before), or
 * at the start of a new line when it would pass the limit, or when `keep`
 * more characters after it would (a move number stays on its move's line).
 */
static void put_token_kept(struct text_buf *b, const char *tok, size_t n, bool glued, size_t keep)
{
	const char *prefix = b->prefix ? b->prefix : "";
	size_t width = strlen(prefix) + n;
	b->prefix = NULL;
	if (b->line_len && b->line_len + !glued + width + keep > LINE_MAX_CHARS) {
		puts_buf(b, "\n");
		b->line_len = 0;
	} else if (b->line_len && !glued) {
		puts_buf(b, " ");
		b->line_len++;
	}
	puts_buf(b, prefix);
	put(b, tok, n);
	b->line_len += width;
}

static void put_token(struct text_buf *b, const char *tok, size_t n, bool glued)
{
	put_token_kept(b, tok, n, glued, 0);
}

static void put_word(struct text_buf *b, const char *tok) { put_token(b, tok, strlen(tok), false); }

/* {text}, its words as tokens so that lines break between them (the reader takes any white space as one space). */
static void put_comment(struct text_buf *b, const char *commands, const char *text)
{
	size_t a = strlen(commands), n = strlen(text);
	char *c = malloc(a + n + 4);
	if (!c) {
		b->failed = true;
		return;
	}
	snprintf(c, a + n + 4, "{%s%s%s}", commands, a && n ? " " : "", text);
	for (char *word = c, *end; *word; word = end + (*end == ' ')) {
		end = word + strcspn(word, " ");
		put_token(b, word, (size_t)(end - word), false);
	}
	free(c);
}

struct writer {
	struct text_buf *b;
	const struct game *g;
	bool need_number; /* a Black move needs its number: it starts a line or follows a comment or a variation */
};

/* A move's number, SAN, NAGs, and its comment with [%eval] and [%clk] first. */
static void put_move(struct writer *w, const struct game_walk_step *s)
{
	char text[PGN_COMMAND_MAX * 2 + 8] = "", command[PGN_COMMAND_MAX];
	uint8_t nags[GAME_NAG_MAX];
	struct game_eval eval;
	int64_t ms;
	if (s->pos->side == WHITE || w->need_number) {
		snprintf(text, sizeof text, "%d.%s", s->pos->fullmove, s->pos->side == WHITE ? "" : "..");
		put_token_kept(w->b, text, strlen(text), false, 1 + strlen(s->san));
	}
	put_word(w->b, s->san);
	for (int i = 0, n = game_nags(w->g, s->node, nags); i < n; i++) {
		snprintf(text, sizeof text, "$%d", nags[i]);
		put_word(w->b, text);
	}
	text[0] = '\0';
	if (game_node_eval(w->g, s->node, &eval)) {
		pgn_eval_command(&eval, command, sizeof command);
		strcat(text, command);
	}
	if (game_node_clock(w->g, s->node, &ms)) {
		pgn_clock_command(ms, command, sizeof command);
		strcat(strcat(text, *text ? " " : ""), command);
	}
	const char *after = game_comment(w->g, s->node, COMMENT_AFTER);
	w->need_number = *text || *after;
	if (w->need_number)
		put_comment(w->b, text, after);
}

static bool put_step(const struct game_walk_step *s, void *ctx)
{
	struct writer *w = ctx;
	const char *before = game_comment(w->g, s->node, COMMENT_BEFORE);
	switch (s->event) {
	case WALK_ENTER:
		w->b->prefix = "(";
		if (*before)
			put_comment(w->b, "", before);
		w->need_number = true;
		break;
	case WALK_LEAVE:
		put_token(w->b, ")", 1, true);
		w->need_number = true;
		break;
	case WALK_MOVE:
		put_move(w, s);
		break;
	}
	return !w->b->failed;
}

static void put_movetext(struct text_buf *b, const struct game *g)
{
	struct writer w = { b, g, true };
	const char *first = game_comment(g, GAME_ROOT, COMMENT_AFTER);
	char command[PGN_COMMAND_MAX] = "";
	struct game_eval eval;
	if (game_node_eval(g, GAME_ROOT, &eval))
		pgn_eval_command(&eval, command, sizeof command);
	if (*first || *command)
		put_comment(b, command, first);
	if (!game_walk(g, put_step, &w))
		b->failed = true;
	put_word(b, game_result_text(game_main_result(g)));
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
