/*
 * Reading PGN into the game's tree, one game at a time: tag pairs, then
 * movetext up to the result.  Each move is checked and added where its line
 * stands; '(' steps back to the position before the last move and ')' back
 * to where the line was.  Comments, NAGs and [%clk]/[%eval] go on the moves.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "notation/notation.h"
#include "notation/pgn.h"
#include "notation/pgn_comment.h"
#include "notation/pgn_lex.h"

struct pending_tag {
	char *name, *value;
	int line, column;
};

/* A variation being read: where its line will go on after ')', and where its '(' stands. */
struct frame {
	int resume, line_start;
	int line, column;
};

struct pgn_reader {
	struct pgn_lexer lx;
	struct pending_tag *tags;
	int ntags, tagcap;
	bool lexical; /* the last error came from the tokenizer */
	bool in_moves;

	/* The game being read: its variations, where its current line started, a comment waiting for a move. */
	struct game *g;
	struct frame frames[PGN_VARIATION_DEPTH_MAX];
	int depth, line_start;
	char *before;
	bool any_clock;
	char *scratch;
	size_t scratch_cap;
};

struct pgn_reader *pgn_reader_new(const char *text, size_t len, const char *name)
{
	struct pgn_reader *r = calloc(1, sizeof *r);
	if (r)
		lex_init(&r->lx, text, len, name);
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
	free(r->before);
	free(r->scratch);
	free(r);
}

void pgn_error_text(const struct pgn_error *err, char *buf, size_t len)
{
	snprintf(buf, len, "%s:%d:%d: %s (game %d)", err->file, err->line, err->column, err->message, err->game);
}

static bool next(struct pgn_reader *r)
{
	r->lexical = !lex_next(&r->lx);
	return !r->lexical;
}

#define FAIL(r, t, ...) lex_fail_at(&(r)->lx, (t)->line, (t)->column, __VA_ARGS__)

static bool add_pending_tag(void *ctx, const char *name, const char *value, int line, int column)
{
	struct pgn_reader *r = ctx;
	if (r->ntags == r->tagcap) {
		int cap = r->tagcap ? r->tagcap * 2 : 16;
		struct pending_tag *t = realloc(r->tags, (size_t)cap * sizeof *t);
		if (!t)
			return lex_fail_at(&r->lx, line, column, "out of memory");
		r->tags = t;
		r->tagcap = cap;
	}
	struct pending_tag *p = &r->tags[r->ntags];
	*p = (struct pending_tag){ strdup(name), strdup(value), line, column };
	if (!p->name || !p->value) {
		free(p->name);
		free(p->value);
		return lex_fail_at(&r->lx, line, column, "out of memory");
	}
	r->ntags++;
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
			lex_fail_at(&r->lx, fen->line, fen->column, "bad FEN tag: %s", msg);
		else
			FAIL(r, &r->lx.tok, "%s", msg);
		return NULL;
	}
	for (int i = 0; i < r->ntags; i++) {
		const struct pending_tag *t = &r->tags[i];
		if (!strcmp(t->name, "FEN") || !strcmp(t->name, "SetUp") || !strcmp(t->name, "Result"))
			continue;
		if (!game_set_tag(g, t->name, t->value)) {
			lex_fail_at(&r->lx, t->line, t->column, "tag %s cannot be stored (bad name, or out of memory)",
			            t->name);
			game_free(g);
			return NULL;
		}
	}
	return g;
}

/* The comment text of the current token, NUL-terminated in the scratch buffer (commands taken out when c). */
static const char *comment_text(struct pgn_reader *r, struct pgn_commands *c)
{
	const struct pgn_token *t = &r->lx.tok;
	if (t->span_len + 1 > r->scratch_cap) {
		char *p = realloc(r->scratch, t->span_len + 1);
		if (!p)
			return NULL;
		r->scratch = p;
		r->scratch_cap = t->span_len + 1;
	}
	if (c) {
		pgn_commands_take(t->span, t->span_len, c, r->scratch);
	} else {
		memcpy(r->scratch, t->span, t->span_len);
		r->scratch[t->span_len] = '\0';
	}
	return r->scratch;
}

/* Appends text to the comment waiting for the first move of a variation. */
static bool add_before(struct pgn_reader *r, const char *text)
{
	size_t a = r->before ? strlen(r->before) : 0, b = strlen(text);
	char *p = realloc(r->before, a + b + 2);
	if (!p)
		return false;
	if (a)
		p[a++] = ' ';
	memcpy(p + a, text, b + 1);
	r->before = p;
	return true;
}

/*
 * A [%clk] before the first move stays text, put at the front of the start's comment: written back, the comments
 * there are one, and reading that one takes its first [%clk] to the front again (the same game, read twice).
 */
static bool root_clock_first(struct game *g, const struct pgn_commands *c)
{
	char clock[PGN_COMMAND_MAX];
	pgn_clock_command(c->clock_ms, clock, sizeof clock);
	const char *old = game_comment(g, GAME_ROOT, COMMENT_AFTER);
	size_t a = strlen(clock), b = strlen(old);
	char *joined = malloc(a + b + 2);
	if (!joined)
		return false;
	snprintf(joined, a + b + 2, "%s%s%s", clock, b ? " " : "", old);
	bool ok = game_set_comment(g, GAME_ROOT, COMMENT_AFTER, joined);
	free(joined);
	return ok;
}

/* A comment: before the first move of the game or of a variation, else after the last move. */
static bool read_comment(struct pgn_reader *r)
{
	struct game *g = r->g;
	int node = game_current(g);
	struct pgn_commands c;
	bool root = node == r->line_start && r->depth == 0;
	const char *text = comment_text(r, node == r->line_start && !root ? NULL : &c);
	bool ok = text != NULL;
	if (ok && node != r->line_start) {
		if (c.has_clock)
			r->any_clock = game_set_node_clock(g, node, c.clock_ms);
		if (c.has_eval)
			game_set_eval(g, node, &c.eval);
		ok = game_add_comment(g, node, COMMENT_AFTER, text);
	} else if (ok && root) {
		/* The start position's [%eval] (annotate's) is the root's; a [%clk] there belongs to no move and stays. */
		if (c.has_eval)
			game_set_eval(g, GAME_ROOT, &c.eval);
		ok = game_add_comment(g, GAME_ROOT, COMMENT_AFTER, text) && (!c.has_clock || root_clock_first(g, &c));
	} else if (ok) {
		ok = add_before(r, text);
	}
	return ok || FAIL(r, &r->lx.tok, "out of memory");
}

/* One move, with r->lx.tok on its symbol: added where the line stands. */
static bool read_move(struct pgn_reader *r)
{
	const struct pgn_token *t = &r->lx.tok;
	const struct position *pos = game_position(r->g);
	char msg[200];
	move_t m;
	if (san_parse(pos, t->text, &m, msg, sizeof msg) != SAN_OK)
		return FAIL(r, t, "move %d%s %s", pos->fullmove, pos->side == WHITE ? "." : "...", msg); /* msg names the move */
	if (!game_append(r->g, m))
		return FAIL(r, t, "out of memory");
	if (r->before) {
		game_set_comment(r->g, game_current(r->g), COMMENT_BEFORE, r->before);
		free(r->before);
		r->before = NULL;
	}
	lex_skip_ep_mark(&r->lx);
	return true;
}

/* '(': an alternative to the last move, read from the position before it. */
static bool open_variation(struct pgn_reader *r)
{
	const struct pgn_token *t = &r->lx.tok;
	int node = game_current(r->g);
	if (node == r->line_start)
		return FAIL(r, t, "a variation before any move: it must follow the move it replaces");
	if (r->depth == PGN_VARIATION_DEPTH_MAX)
		return FAIL(r, t, "variations nested more than %d deep", PGN_VARIATION_DEPTH_MAX);
	r->frames[r->depth++] = (struct frame){ node, r->line_start, t->line, t->column };
	r->line_start = game_parent(r->g, node);
	return game_goto(r->g, r->line_start) || FAIL(r, t, "out of memory");
}

/* ')': back to where the line stood before the variation; a comment with no move after it is dropped. */
static bool close_variation(struct pgn_reader *r)
{
	if (r->depth == 0)
		return FAIL(r, &r->lx.tok, "')' without a '(' before it");
	const struct frame *f = &r->frames[--r->depth];
	free(r->before);
	r->before = NULL;
	r->line_start = f->line_start;
	return game_goto(r->g, f->resume) || FAIL(r, &r->lx.tok, "out of memory");
}

/* A NAG or a suffix on the last move; one with no move before it in its line is dropped. */
static void read_nag(struct pgn_reader *r)
{
	int node = game_current(r->g);
	if (node != r->line_start)
		game_add_nag(r->g, node, r->lx.tok.nag);
}

/* The end of the game's text: a result, the next game's tags or the end of the text; none in a variation. */
static bool game_ends(struct pgn_reader *r)
{
	const struct pgn_token *t = &r->lx.tok;
	if (r->depth == 0)
		return true;
	if (t->type == T_EOF) {
		const struct frame *f = &r->frames[r->depth - 1];
		return lex_fail_at(&r->lx, f->line, f->column, "this variation is never closed: expected ')'");
	}
	if (t->type == T_LBRACKET)
		return FAIL(r, t, "'[' inside a variation: expected ')' first");
	return FAIL(r, t, "a result inside a variation: expected ')' first");
}

/* Movetext up to the termination marker (or, leniently, the next tag section or the end). */
static bool read_movetext(struct pgn_reader *r, enum game_result *result, bool *terminated)
{
	for (;;) {
		const struct pgn_token *t = &r->lx.tok;
		bool ok = true;
		switch (t->type) {
		case T_EOF:
			return game_ends(r);
		case T_LBRACKET: /* the next game's tags: a game without a result marker ends here */
			if (game_ends(r))
				lex_rewind(&r->lx);
			return r->depth == 0;
		case T_STAR:
			*result = RESULT_NONE;
			return (*terminated = game_ends(r));
		case T_SYMBOL:
			if (lex_result(t->text, result))
				return (*terminated = game_ends(r));
			ok = lex_all_digits(t->text) || read_move(r);
			break;
		case T_LPAREN: ok = open_variation(r); break;
		case T_RPAREN: ok = close_variation(r); break;
		case T_COMMENT: ok = read_comment(r); break;
		case T_NAG:
		case T_ANNOTATION: read_nag(r); break;
		case T_PERIOD: break;
		case T_STRING: return FAIL(r, t, "a string in the moves: expected a move, a comment or a result");
		case T_RBRACKET: return FAIL(r, t, "']' in the moves: expected a move, a comment or a result");
		case T_BAD:
			return FAIL(r, t, "unexpected %s: expected a move, a move number, a comment or a result", t->text);
		}
		if (!ok || !next(r))
			return false;
	}
}

/* "300+2" (seconds): the base and increment in milliseconds; false for any other form. */
static bool time_control(const char *tc, int64_t *base_ms, int64_t *inc_ms)
{
	char *end;
	long base = strtol(tc, &end, 10), inc = 0;
	if (end == tc || base <= 0 || base > 1000000)
		return false;
	if (*end == '+') {
		const char *s = end + 1;
		inc = strtol(s, &end, 10);
		if (end == s || inc < 0 || inc > 100000)
			return false;
	}
	*base_ms = base * 1000L;
	*inc_ms = inc * 1000L;
	return *end == '\0';
}

/* The result with the reason Termination gives, and the clocks the readings give. */
static void finish_game(struct pgn_reader *r, enum game_result result)
{
	const struct pending_tag *term = pending(r, "Termination");
	enum game_reason why = REASON_RECORDED;
	if (term && !strcasecmp(term->value, "time forfeit"))
		why = result == RESULT_DRAW ? REASON_TIMEOUT_DRAW : REASON_TIME_FORFEIT;
	else if (term && !strcasecmp(term->value, "adjudication"))
		why = REASON_ADJUDICATION;
	game_set_result(r->g, result, why);
	if (r->any_clock) {
		const struct pending_tag *tc = pending(r, "TimeControl");
		int64_t base = 0, inc = 0;
		if (!tc || !time_control(tc->value, &base, &inc))
			base = inc = 0;
		game_clock_from_readings(r->g, base, inc);
	}
}

static int read_game(struct pgn_reader *r, struct game **out)
{
	clear_tags(r);
	r->in_moves = false;
	int start = lex_game_start(&r->lx);
	r->lexical = start < 0;
	if (start <= 0)
		return start;
	r->lx.game_no++;
	if (!lex_read_tags(&r->lx, add_pending_tag, r))
		return -1;
	r->in_moves = true;
	r->depth = 0;
	struct game *g = game_from_tags(r);
	if (!g)
		return -1;
	r->g = g;
	r->line_start = GAME_ROOT;
	r->any_clock = false;
	enum game_result result = RESULT_NONE;
	bool terminated = false;
	if (!read_movetext(r, &result, &terminated)) {
		game_free(g);
		return -1;
	}
	const struct pending_tag *tag = pending(r, "Result");
	if (!terminated && tag && !lex_result(tag->value, &result))
		result = RESULT_NONE;
	finish_game(r, result);
	*out = g;
	return 1;
}

/*
 * After an error: a bad move or a misplaced token leaves the rest of the
 * game to pass over token by token from where it stopped, as the lister
 * reads it (comments may hold lines that look like tags); a malformed spot
 * or a bad tag section, line by line.
 */
static void skip_bad_game(struct pgn_reader *r)
{
	int plies;
	if (r->lexical || !r->in_moves || !lex_skim_movetext(&r->lx, r->depth, &plies))
		lex_skip_to_next_game(&r->lx);
}

int pgn_read_game(struct pgn_reader *r, struct game **out, struct pgn_error *err)
{
	struct pgn_error scratch;
	r->lx.err = err ? err : &scratch;
	*out = NULL;
	free(r->before);
	r->before = NULL;
	int status = read_game(r, out);
	if (status < 0)
		skip_bad_game(r);
	r->g = NULL;
	return status;
}

void pgn_reader_seek(struct pgn_reader *r, const struct pgn_entry *e)
{
	r->lx.at = e->offset;
	r->lx.line = e->line;
	r->lx.column = e->column;
	r->lx.game_no = e->number - 1;
}

static bool ignore_tag(void *ctx, const char *name, const char *value, int line, int column)
{
	(void)ctx, (void)name, (void)value, (void)line, (void)column;
	return true;
}

int pgn_read_nth(struct pgn_reader *r, int n, struct game **out, struct pgn_error *err)
{
	struct pgn_error scratch;
	struct pgn_lexer *lx = &r->lx;
	char name[sizeof lx->name];
	memcpy(name, lx->name, sizeof name);
	lex_init(lx, lx->text, lx->len, name);
	lx->err = err ? err : &scratch;
	*out = NULL;
	if (n < 1)
		return 0;
	while (lx->game_no < n - 1) {
		int plies, start = lex_game_start(lx);
		if (start == 0)
			return 0;
		lx->game_no++;
		if (start < 0 || !lex_read_tags(lx, ignore_tag, NULL) || !lex_skim_movetext(lx, 0, &plies))
			lex_skip_to_next_game(lx);
	}
	return pgn_read_game(r, out, err);
}
