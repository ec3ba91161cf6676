/*
 * Reading PGN: a tokenizer that knows lines and columns, then a reader for
 * one game at a time (tag pairs, then movetext up to the result).  Comments,
 * NAGs, suffix annotations and variations are read and skipped; every
 * main-line move is checked against the position.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/notation.h"
#include "notation/pgn.h"

#define SYMBOL_MAX 255
#define STRING_MAX 4095

enum tok {
	T_EOF, T_LBRACKET, T_RBRACKET, T_STRING, T_SYMBOL, T_PERIOD, T_STAR,
	T_LPAREN, T_RPAREN, T_NAG, T_ANNOTATION, T_BAD
};

struct token {
	enum tok type;
	size_t at;        /* where it starts, to step back to */
	int line, column;
	char text[STRING_MAX + 1]; /* a symbol or an unescaped string */
};

struct pending_tag {
	char *name, *value;
	int line, column;
};

struct pgn_reader {
	const char *text;
	size_t len, at; /* at: the next byte */
	int line, column;
	char name[256];
	int game_no;
	struct token tok;
	struct pending_tag *tags;
	int ntags, tagcap;
	struct pgn_error *err; /* where the current call reports */
};

struct pgn_reader *pgn_reader_new(const char *text, size_t len, const char *name)
{
	struct pgn_reader *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->text = text;
	r->len = len;
	r->line = r->column = 1;
	snprintf(r->name, sizeof r->name, "%s", name ? name : "<pgn>");
	if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
		r->at = 3; /* a UTF-8 byte order mark: not part of the text, not a column */
	return r;
}

static void clear_tags(struct pgn_reader *r)
{
	for (int i = 0; i < r->ntags; i++) {
		free(r->tags[i].name);
		free(r->tags[i].value);
	}
	r->ntags = 0;
}

void pgn_reader_free(struct pgn_reader *r)
{
	if (!r)
		return;
	clear_tags(r);
	free(r->tags);
	free(r);
}

static bool fail_at(struct pgn_reader *r, int line, int column, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static bool fail_at(struct pgn_reader *r, int line, int column, const char *fmt, ...)
{
	struct pgn_error *e = r->err;
	snprintf(e->file, sizeof e->file, "%s", r->name);
	e->line = line;
	e->column = column;
	e->game = r->game_no;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->message, sizeof e->message, fmt, ap);
	va_end(ap);
	return false;
}

void pgn_error_text(const struct pgn_error *err, char *buf, size_t len)
{
	snprintf(buf, len, "%s:%d:%d: %s (game %d)", err->file, err->line, err->column, err->message, err->game);
}

static int peek(const struct pgn_reader *r, size_t ahead)
{
	return r->at + ahead < r->len ? (unsigned char)r->text[r->at + ahead] : -1;
}

static void advance(struct pgn_reader *r)
{
	if (r->at >= r->len)
		return;
	if (r->text[r->at++] == '\n') {
		r->line++;
		r->column = 1;
	} else {
		r->column++;
	}
}

static bool is_symbol_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c && strchr("_+#=:-/", c));
}

/* Skips white space, comments and % escape lines; false on an unclosed brace comment. */
static bool skip_blank(struct pgn_reader *r)
{
	for (;;) {
		int c = peek(r, 0);
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') {
			advance(r);
		} else if (c == ';' || (c == '%' && r->column == 1)) {
			while (peek(r, 0) >= 0 && peek(r, 0) != '\n')
				advance(r);
		} else if (c == '{') {
			int line = r->line, column = r->column;
			while (peek(r, 0) >= 0 && peek(r, 0) != '}')
				advance(r);
			if (peek(r, 0) < 0)
				return fail_at(r, line, column, "this comment is never closed: expected '}'");
			advance(r);
		} else {
			return true;
		}
	}
}

/* A tag value: "..." with \" and \\ escapes, on one line. */
static bool read_string(struct pgn_reader *r, struct token *t)
{
	size_t n = 0;
	advance(r);
	for (;;) {
		int c = peek(r, 0);
		if (c < 0 || c == '\n' || c == '\r')
			return fail_at(r, t->line, t->column, "this string is never closed: expected '\"' on the same line");
		advance(r);
		if (c == '"')
			break;
		if (c == '\\' && (peek(r, 0) == '"' || peek(r, 0) == '\\')) {
			c = peek(r, 0);
			advance(r);
		}
		if (n == STRING_MAX)
			return fail_at(r, t->line, t->column, "string longer than %d characters", STRING_MAX);
		t->text[n++] = (char)c;
	}
	t->text[n] = '\0';
	return true;
}

static bool read_symbol(struct pgn_reader *r, struct token *t)
{
	size_t n = 0;
	while (is_symbol_char(peek(r, 0))) {
		if (n == SYMBOL_MAX)
			return fail_at(r, t->line, t->column, "symbol longer than %d characters", SYMBOL_MAX);
		t->text[n++] = (char)peek(r, 0);
		advance(r);
	}
	t->text[n] = '\0';
	return true;
}

/* The next token into r->tok; false (with the error set) on a lexical error. */
static bool next_token(struct pgn_reader *r)
{
	struct token *t = &r->tok;
	if (!skip_blank(r))
		return false;
	t->at = r->at;
	t->line = r->line;
	t->column = r->column;
	t->text[0] = '\0';
	int c = peek(r, 0);
	static const char singles[] = "[]().*";
	static const enum tok single_types[] = { T_LBRACKET, T_RBRACKET, T_LPAREN, T_RPAREN, T_PERIOD, T_STAR };
	if (c < 0) {
		t->type = T_EOF;
	} else if (c && strchr(singles, c)) {
		t->type = single_types[strchr(singles, c) - singles];
		t->text[0] = (char)c;
		t->text[1] = '\0';
		advance(r);
	} else if (c == '"') {
		t->type = T_STRING;
		return read_string(r, t);
	} else if (is_symbol_char(c)) {
		t->type = T_SYMBOL;
		return read_symbol(r, t);
	} else if (c == '$') {
		advance(r);
		if (peek(r, 0) < '0' || peek(r, 0) > '9')
			return fail_at(r, t->line, t->column, "expected a number after '$' (a NAG such as $1)");
		while (peek(r, 0) >= '0' && peek(r, 0) <= '9')
			advance(r);
		t->type = T_NAG;
	} else if (c == '!' || c == '?') {
		while (peek(r, 0) == '!' || peek(r, 0) == '?')
			advance(r);
		t->type = T_ANNOTATION;
	} else {
		t->type = T_BAD;
		if (c >= 0x20 && c < 0x7f)
			snprintf(t->text, sizeof t->text, "'%c'", c);
		else
			snprintf(t->text, sizeof t->text, "byte 0x%02X", (unsigned)c);
	}
	return true;
}

static bool add_pending_tag(struct pgn_reader *r, const char *name, const char *value, int line, int column)
{
	if (r->ntags == r->tagcap) {
		int cap = r->tagcap ? r->tagcap * 2 : 16;
		struct pending_tag *t = realloc(r->tags, (size_t)cap * sizeof *t);
		if (!t)
			return fail_at(r, line, column, "out of memory");
		r->tags = t;
		r->tagcap = cap;
	}
	struct pending_tag *p = &r->tags[r->ntags];
	p->name = strdup(name);
	p->value = strdup(value);
	p->line = line;
	p->column = column;
	if (!p->name || !p->value) {
		free(p->name);
		free(p->value);
		return fail_at(r, line, column, "out of memory");
	}
	r->ntags++;
	return true;
}

/* [Name "value"] pairs, with r->tok on the first '['. Leaves r->tok on the first token after them. */
static bool read_tags(struct pgn_reader *r)
{
	while (r->tok.type == T_LBRACKET) {
		int line = r->tok.line, column = r->tok.column;
		char name[SYMBOL_MAX + 1];
		if (!next_token(r))
			return false;
		if (r->tok.type != T_SYMBOL)
			return fail_at(r, r->tok.line, r->tok.column, "expected a tag name after '['");
		memcpy(name, r->tok.text, sizeof name - 1); /* a symbol is at most SYMBOL_MAX long */
		name[SYMBOL_MAX] = '\0';
		if (!next_token(r))
			return false;
		if (r->tok.type != T_STRING)
			return fail_at(r, r->tok.line, r->tok.column, "expected the value of tag %s in double quotes", name);
		if (!add_pending_tag(r, name, r->tok.text, line, column) || !next_token(r))
			return false;
		if (r->tok.type != T_RBRACKET)
			return fail_at(r, r->tok.line, r->tok.column, "expected ']' to close tag %s", name);
		if (!next_token(r))
			return false;
	}
	return true;
}

static const struct pending_tag *pending(const struct pgn_reader *r, const char *name)
{
	for (int i = 0; i < r->ntags; i++)
		if (!strcmp(r->tags[i].name, name))
			return &r->tags[i];
	return NULL;
}

/* The game from the pending tags: its start position (FEN tag) and its other tags. */
static struct game *game_from_tags(struct pgn_reader *r)
{
	const struct pending_tag *fen = pending(r, "FEN");
	char msg[160];
	struct game *g = game_new(fen ? fen->value : NULL, msg, sizeof msg);
	if (!g) {
		if (fen)
			fail_at(r, fen->line, fen->column, "bad FEN tag: %s", msg);
		else
			fail_at(r, r->tok.line, r->tok.column, "%s", msg);
		return NULL;
	}
	for (int i = 0; i < r->ntags; i++) {
		const struct pending_tag *t = &r->tags[i];
		if (!strcmp(t->name, "FEN") || !strcmp(t->name, "SetUp") || !strcmp(t->name, "Result"))
			continue;
		if (!game_set_tag(g, t->name, t->value)) {
			fail_at(r, t->line, t->column, "tag %s cannot be stored (bad name, or out of memory)", t->name);
			game_free(g);
			return NULL;
		}
	}
	return g;
}

/* A game termination marker, or RESULT_NONE with false. "1/2" is an old shorthand some files use. */
static bool result_token(const char *s, enum game_result *out)
{
	if (!strcmp(s, "1-0"))
		*out = RESULT_WHITE_WINS;
	else if (!strcmp(s, "0-1"))
		*out = RESULT_BLACK_WINS;
	else if (!strcmp(s, "1/2-1/2") || !strcmp(s, "1/2"))
		*out = RESULT_DRAW;
	else
		return false;
	return true;
}

/* A variation ( ... ), nested ones too, with r->tok on its '('; skipped token by token. */
static bool skip_variation(struct pgn_reader *r)
{
	int line = r->tok.line, column = r->tok.column, depth = 1;
	while (depth > 0) {
		if (!next_token(r))
			return false;
		switch (r->tok.type) {
		case T_LPAREN: depth++; break;
		case T_RPAREN: depth--; break;
		case T_EOF: return fail_at(r, line, column, "this variation is never closed: expected ')'");
		case T_BAD:
			return fail_at(r, r->tok.line, r->tok.column, "unexpected %s in a variation", r->tok.text);
		case T_LBRACKET:
			return fail_at(r, r->tok.line, r->tok.column, "'[' inside a variation: expected ')' first");
		default: break;
		}
	}
	return true;
}

static bool all_digits(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

/* "e.p." after an en passant capture, as some files write it. */
static void skip_ep_mark(struct pgn_reader *r)
{
	size_t i = 0;
	while (peek(r, i) == ' ' || peek(r, i) == '\t')
		i++;
	size_t mark = 0;
	if (r->at + i + 4 <= r->len && !memcmp(r->text + r->at + i, "e.p.", 4))
		mark = 4;
	else if (r->at + i + 2 <= r->len && !memcmp(r->text + r->at + i, "ep", 2) && !is_symbol_char(peek(r, i + 2)))
		mark = 2;
	if (mark)
		for (i += mark; i > 0; i--)
			advance(r);
}

/* One move of the main line, with r->tok on its symbol. */
static bool play_symbol(struct pgn_reader *r, struct game *g)
{
	const struct position *pos = game_position(g);
	char msg[200];
	move_t m;
	if (san_parse(pos, r->tok.text, &m, msg, sizeof msg) != SAN_OK)
		return fail_at(r, r->tok.line, r->tok.column, "move %d%s %s: %s", pos->fullmove,
		               pos->side == WHITE ? "." : "...", r->tok.text, msg);
	if (!game_append(g, m))
		return fail_at(r, r->tok.line, r->tok.column, "out of memory");
	skip_ep_mark(r);
	return true;
}

/* Movetext up to the termination marker (or, leniently, the next tag section or the end). */
static bool read_movetext(struct pgn_reader *r, struct game *g, enum game_result *result, bool *terminated)
{
	for (;;) {
		struct token *t = &r->tok;
		switch (t->type) {
		case T_EOF:
			return true;
		case T_LBRACKET: /* the next game's tags: a game without a result marker ends here */
			r->at = t->at;
			r->line = t->line;
			r->column = t->column;
			return true;
		case T_STAR:
			*result = RESULT_NONE;
			*terminated = true;
			return true;
		case T_SYMBOL:
			if (result_token(t->text, result)) {
				*terminated = true;
				return true;
			}
			if (!all_digits(t->text) && !play_symbol(r, g))
				return false;
			break;
		case T_LPAREN:
			if (!skip_variation(r))
				return false;
			break;
		case T_PERIOD:
		case T_NAG:
		case T_ANNOTATION:
			break;
		case T_RPAREN:
			return fail_at(r, t->line, t->column, "')' without a '(' before it");
		case T_STRING:
			return fail_at(r, t->line, t->column, "a string in the moves: expected a move, a comment or a result");
		case T_RBRACKET:
			return fail_at(r, t->line, t->column, "']' in the moves: expected a move, a comment or a result");
		case T_BAD:
			return fail_at(r, t->line, t->column, "unexpected %s: expected a move, a move number, a comment or a result",
			               t->text);
		}
		if (!next_token(r))
			return false;
	}
}

/* After an error: on to the start of the next tag section (a '[' line after a line that is not a tag). */
static void skip_to_next_game(struct pgn_reader *r)
{
	size_t start = r->at;
	while (start > 0 && r->text[start - 1] != '\n')
		start--;
	bool prev_was_tag = start < r->len && r->text[start] == '[';
	while (peek(r, 0) >= 0 && peek(r, 0) != '\n')
		advance(r);
	while (peek(r, 0) >= 0) {
		advance(r); /* the newline */
		int c = peek(r, 0);
		if (c == '[' && !prev_was_tag)
			return;
		if (c != '\n' && c != '\r' && c >= 0)
			prev_was_tag = c == '[';
		while (peek(r, 0) >= 0 && peek(r, 0) != '\n')
			advance(r);
	}
}

static int read_game(struct pgn_reader *r, struct game **out)
{
	clear_tags(r);
	if (!next_token(r))
		return -1;
	if (r->tok.type == T_EOF)
		return 0;
	r->game_no++;
	if (!read_tags(r))
		return -1;
	struct game *g = game_from_tags(r);
	if (!g)
		return -1;
	enum game_result result = RESULT_NONE;
	bool terminated = false;
	if (!read_movetext(r, g, &result, &terminated)) {
		game_free(g);
		return -1;
	}
	const struct pending_tag *tag = pending(r, "Result");
	if (!terminated && tag && !result_token(tag->value, &result))
		result = RESULT_NONE;
	game_set_result(g, result, REASON_RECORDED);
	*out = g;
	return 1;
}

int pgn_read_game(struct pgn_reader *r, struct game **out, struct pgn_error *err)
{
	struct pgn_error scratch;
	r->err = err ? err : &scratch;
	*out = NULL;
	int status = read_game(r, out);
	if (status < 0)
		skip_to_next_game(r);
	return status;
}
