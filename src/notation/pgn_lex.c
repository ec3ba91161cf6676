/* The PGN tokenizer: white space, % escape lines, brace and line comments, strings, symbols, NAGs, suffixes. */
#include "notation/pgn_lex.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void lex_init(struct pgn_lexer *lx, const char *text, size_t len, const char *name)
{
	memset(lx, 0, sizeof *lx);
	lx->text = text;
	lx->len = len;
	lx->line = lx->column = 1;
	snprintf(lx->name, sizeof lx->name, "%s", name ? name : "<pgn>");
	if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
		lx->at = 3; /* a UTF-8 byte order mark: not part of the text, not a column */
}

bool lex_fail_at(struct pgn_lexer *lx, int line, int column, const char *fmt, ...)
{
	struct pgn_error *e = lx->err;
	snprintf(e->file, sizeof e->file, "%s", lx->name);
	e->line = line;
	e->column = column;
	e->game = lx->game_no;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->message, sizeof e->message, fmt, ap);
	va_end(ap);
	return false;
}

static int peek(const struct pgn_lexer *lx, size_t ahead)
{
	return lx->at + ahead < lx->len ? (unsigned char)lx->text[lx->at + ahead] : -1;
}

static void advance(struct pgn_lexer *lx)
{
	if (lx->at >= lx->len)
		return;
	if (lx->text[lx->at++] == '\n') {
		lx->line++;
		lx->column = 1;
	} else {
		lx->column++;
	}
}

static void skip_line(struct pgn_lexer *lx)
{
	while (peek(lx, 0) >= 0 && peek(lx, 0) != '\n')
		advance(lx);
}

static bool is_symbol_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c > 0 && strchr("_+#=:-/", c));
}

/* Skips white space and % escape lines. */
static void skip_blank(struct pgn_lexer *lx)
{
	for (;;) {
		int c = peek(lx, 0);
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f')
			advance(lx);
		else if (c == '%' && lx->column == 1)
			skip_line(lx);
		else
			return;
	}
}

/* {...} (no nesting in PGN) or ; to the end of the line; the span is the text inside. */
static bool read_comment(struct pgn_lexer *lx, struct pgn_token *t)
{
	int c = peek(lx, 0);
	advance(lx);
	t->type = T_COMMENT;
	t->span = lx->text + lx->at;
	if (c == ';') {
		skip_line(lx);
		t->span_len = (size_t)(lx->text + lx->at - t->span);
		return true;
	}
	while (peek(lx, 0) >= 0 && peek(lx, 0) != '}')
		advance(lx);
	if (peek(lx, 0) < 0) {
		lex_rewind(lx); /* so that the games after it can still be found */
		return lex_fail_at(lx, t->line, t->column, "this comment is never closed: expected '}'");
	}
	t->span_len = (size_t)(lx->text + lx->at - t->span);
	advance(lx);
	return true;
}

/* A tag value: "..." with \" and \\ escapes, on one line; control characters read as spaces. */
static bool read_string(struct pgn_lexer *lx, struct pgn_token *t)
{
	size_t n = 0;
	advance(lx);
	for (;;) {
		int c = peek(lx, 0);
		if (c < 0 || c == '\n' || c == '\r')
			return lex_fail_at(lx, t->line, t->column,
			                   "this string is never closed: expected '\"' on the same line");
		advance(lx);
		if (c == '"')
			break;
		if (c == '\\' && (peek(lx, 0) == '"' || peek(lx, 0) == '\\')) {
			c = peek(lx, 0);
			advance(lx);
		}
		if (n == PGN_STRING_MAX)
			return lex_fail_at(lx, t->line, t->column, "string longer than %d characters", PGN_STRING_MAX);
		t->text[n++] = c < 0x20 || c == 0x7f ? ' ' : (char)c; /* as the writer must write them */
	}
	t->text[n] = '\0';
	return true;
}

static bool read_symbol(struct pgn_lexer *lx, struct pgn_token *t)
{
	size_t n = 0;
	while (is_symbol_char(peek(lx, 0))) {
		if (n == PGN_SYMBOL_MAX)
			return lex_fail_at(lx, t->line, t->column, "symbol longer than %d characters", PGN_SYMBOL_MAX);
		t->text[n++] = (char)peek(lx, 0);
		advance(lx);
	}
	t->text[n] = '\0';
	return true;
}

/* $ and a number from 0 to 255. */
static bool read_nag(struct pgn_lexer *lx, struct pgn_token *t)
{
	advance(lx);
	if (peek(lx, 0) < '0' || peek(lx, 0) > '9')
		return lex_fail_at(lx, t->line, t->column, "expected a number after '$' (a NAG such as $1)");
	int value = 0;
	while (peek(lx, 0) >= '0' && peek(lx, 0) <= '9') {
		value = value > 1000 ? value : value * 10 + (peek(lx, 0) - '0');
		advance(lx);
	}
	if (value > 255)
		return lex_fail_at(lx, t->line, t->column, "NAG out of range: NAGs go from $0 to $255");
	t->type = T_NAG;
	t->nag = value;
	return true;
}

/* !, ?, !!, ??, !? and ?! are NAGs 1 to 6; a longer run is kept as text with no NAG. */
static void read_annotation(struct pgn_lexer *lx, struct pgn_token *t)
{
	static const char *const suffixes[] = { "!", "?", "!!", "??", "!?", "?!" };
	size_t n = 0;
	while ((peek(lx, 0) == '!' || peek(lx, 0) == '?') && n < PGN_SYMBOL_MAX) {
		t->text[n++] = (char)peek(lx, 0);
		advance(lx);
	}
	while (peek(lx, 0) == '!' || peek(lx, 0) == '?')
		advance(lx);
	t->text[n] = '\0';
	t->type = T_ANNOTATION;
	t->nag = 0;
	for (int i = 0; i < 6; i++)
		if (!strcmp(t->text, suffixes[i]))
			t->nag = i + 1;
}

bool lex_next(struct pgn_lexer *lx)
{
	struct pgn_token *t = &lx->tok;
	skip_blank(lx);
	t->at = lx->at;
	t->line = lx->line;
	t->column = lx->column;
	t->text[0] = '\0';
	int c = peek(lx, 0);
	static const char singles[] = "[]().*";
	static const enum pgn_tok single_types[] = { T_LBRACKET, T_RBRACKET, T_LPAREN, T_RPAREN, T_PERIOD, T_STAR };
	if (c < 0) {
		t->type = T_EOF;
	} else if (c > 0 && strchr(singles, c)) {
		t->type = single_types[strchr(singles, c) - singles];
		t->text[0] = (char)c;
		t->text[1] = '\0';
		advance(lx);
	} else if (c == '{' || c == ';') {
		return read_comment(lx, t);
	} else if (c == '"') {
		t->type = T_STRING;
		return read_string(lx, t);
	} else if (is_symbol_char(c)) {
		t->type = T_SYMBOL;
		return read_symbol(lx, t);
	} else if (c == '$') {
		return read_nag(lx, t);
	} else if (c == '!' || c == '?') {
		read_annotation(lx, t);
	} else {
		t->type = T_BAD;
		if (c >= 0x20 && c < 0x7f)
			snprintf(t->text, sizeof t->text, "'%c'", c);
		else
			snprintf(t->text, sizeof t->text, "byte 0x%02X", (unsigned)c);
		advance(lx);
	}
	return true;
}

void lex_rewind(struct pgn_lexer *lx)
{
	lx->at = lx->tok.at;
	lx->line = lx->tok.line;
	lx->column = lx->tok.column;
}

void lex_skip_to_next_game(struct pgn_lexer *lx)
{
	size_t start = lx->at;
	while (start > 0 && lx->text[start - 1] != '\n')
		start--;
	bool prev_was_tag = start < lx->len && lx->text[start] == '[';
	skip_line(lx);
	while (peek(lx, 0) >= 0) {
		advance(lx); /* the newline */
		int c = peek(lx, 0);
		if (c == '[' && !prev_was_tag)
			return;
		if (c != '\n' && c != '\r' && c >= 0)
			prev_was_tag = c == '[';
		skip_line(lx);
	}
}

void lex_skip_ep_mark(struct pgn_lexer *lx)
{
	size_t i = 0;
	while (peek(lx, i) == ' ' || peek(lx, i) == '\t')
		i++;
	size_t mark = 0;
	if (lx->at + i + 4 <= lx->len && !memcmp(lx->text + lx->at + i, "e.p.", 4))
		mark = 4;
	else if (lx->at + i + 2 <= lx->len && !memcmp(lx->text + lx->at + i, "ep", 2) && !is_symbol_char(peek(lx, i + 2)))
		mark = 2;
	if (mark)
		for (i += mark; i > 0; i--)
			advance(lx);
}

bool lex_all_digits(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

bool lex_result(const char *s, enum game_result *out)
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

/*
 * With the current token a comment: passes over it and those after it when
 * a tag section follows (comments between games, or between tags), else
 * steps back to the first, which belongs to the movetext.
 */
static bool comments_before_tags(struct pgn_lexer *lx)
{
	struct pgn_token first = lx->tok;
	while (lx->tok.type == T_COMMENT)
		if (!lex_next(lx))
			return false;
	if (lx->tok.type == T_LBRACKET || lx->tok.type == T_EOF)
		return true;
	lx->tok = first;
	lex_rewind(lx);
	return lex_next(lx);
}

int lex_game_start(struct pgn_lexer *lx)
{
	if (!lex_next(lx) || (lx->tok.type == T_COMMENT && !comments_before_tags(lx)))
		return -1;
	return lx->tok.type != T_EOF;
}

bool lex_read_tags(struct pgn_lexer *lx, bool (*add)(void *ctx, const char *name, const char *value, int line,
                                                     int column),
                   void *ctx)
{
	struct pgn_token *t = &lx->tok;
	while (t->type == T_LBRACKET) {
		int line = t->line, column = t->column;
		char name[PGN_SYMBOL_MAX + 1];
		if (!lex_next(lx))
			return false;
		if (t->type != T_SYMBOL)
			return lex_fail_at(lx, t->line, t->column, "expected a tag name after '['");
		memcpy(name, t->text, sizeof name); /* a symbol is at most PGN_SYMBOL_MAX long */
		if (!lex_next(lx))
			return false;
		if (t->type != T_STRING)
			return lex_fail_at(lx, t->line, t->column, "expected the value of tag %s in double quotes", name);
		if (!add(ctx, name, t->text, line, column) || !lex_next(lx))
			return false;
		if (t->type != T_RBRACKET)
			return lex_fail_at(lx, t->line, t->column, "expected ']' to close tag %s", name);
		if (!lex_next(lx) || (t->type == T_COMMENT && !comments_before_tags(lx)))
			return false;
	}
	return true;
}

bool lex_skim_movetext(struct pgn_lexer *lx, int depth, int *plies)
{
	struct pgn_token *t = &lx->tok;
	enum game_result result;
	*plies = 0;
	for (;;) {
		switch (t->type) {
		case T_EOF:
			return true;
		case T_LBRACKET:
			lex_rewind(lx);
			return true;
		case T_STAR:
			if (depth == 0)
				return true;
			break;
		case T_SYMBOL:
			if (depth == 0 && lex_result(t->text, &result))
				return true;
			if (!lex_all_digits(t->text) && !lex_result(t->text, &result)) {
				*plies += depth == 0;
				lex_skip_ep_mark(lx);
			}
			break;
		case T_LPAREN: depth++; break;
		case T_RPAREN: depth -= depth > 0; break;
		default: break;
		}
		if (!lex_next(lx))
			return false;
	}
}
