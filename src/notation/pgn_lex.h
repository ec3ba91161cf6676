/*
 * The PGN tokenizer, shared by the reader (pgn_read.c) and the lister
 * (pgn_list.c): tokens with their line and column, comments as spans of the
 * text, errors as "file:line:column: message".
 */
#ifndef OUTPOST_PGN_LEX_H
#define OUTPOST_PGN_LEX_H

#include <stddef.h>

#include "notation/pgn.h"

#define PGN_SYMBOL_MAX 255
#define PGN_STRING_MAX 4095

enum pgn_tok {
	T_EOF, T_LBRACKET, T_RBRACKET, T_STRING, T_SYMBOL, T_PERIOD, T_STAR,
	T_LPAREN, T_RPAREN, T_NAG, T_ANNOTATION, T_COMMENT, T_BAD
};

struct pgn_token {
	enum pgn_tok type;
	size_t at;        /* where it starts, to step back to */
	int line, column;
	char text[PGN_STRING_MAX + 1]; /* a symbol, an unescaped string, a suffix annotation, what was bad */
	const char *span; /* T_COMMENT: its text in the source, without the braces or the ';' */
	size_t span_len;
	int nag;          /* T_NAG: its number; T_ANNOTATION: the NAG of the suffix (1-6), 0 for another */
};

struct pgn_lexer {
	const char *text;
	size_t len, at; /* at: the next byte */
	int line, column;
	char name[256];
	int game_no;           /* 1-based number of the game being read, for messages */
	struct pgn_error *err; /* where errors go */
	struct pgn_token tok;  /* the current token */
};

void lex_init(struct pgn_lexer *lx, const char *text, size_t len, const char *name);
/* The next token into lx->tok; false (with the error set) on a lexical error. */
bool lex_next(struct pgn_lexer *lx);
/* Back to the start of the current token, to read it again. */
void lex_rewind(struct pgn_lexer *lx);
/* Sets the error at line:column and returns false. */
bool lex_fail_at(struct pgn_lexer *lx, int line, int column, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* After an error: on to the start of the next tag section (a '[' line after a line that is not a tag). */
void lex_skip_to_next_game(struct pgn_lexer *lx);
/* Skips "e.p." (or "ep") after a move, as some files write it after an en passant capture. */
void lex_skip_ep_mark(struct pgn_lexer *lx);

/*
 * The start of the next game: the lexer on its first token, past comments
 * that stand before a tag section (between games; a comment before movetext
 * with no tags stays, as the game's first comment).  1, 0 at the end of the
 * text, -1 on a lexical error.
 */
int lex_game_start(struct pgn_lexer *lx);
/*
 * The [Name "value"] pairs from the current token ('[') on, each given to
 * add (with the place of its '['), comments between them passed over; the
 * lexer is left on the first token after them.  False on an error (set).
 */
bool lex_read_tags(struct pgn_lexer *lx, bool (*add)(void *ctx, const char *name, const char *value, int line,
                                                     int column),
                   void *ctx);
/*
 * Movetext from the current token to the end of the game (a result out of
 * the variations, the next tag section, the end of the text) without
 * replaying it, `depth` variations deep at the start; *plies gets the moves
 * of the main line (counted, not checked).  False on a lexical error.
 */
bool lex_skim_movetext(struct pgn_lexer *lx, int depth, int *plies);

bool lex_all_digits(const char *s);
/* A game termination marker ("1/2" too, an old shorthand); false for anything else. */
bool lex_result(const char *s, enum game_result *out);

#endif
