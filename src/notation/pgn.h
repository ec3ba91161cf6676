/*
 * PGN in and out.  Reading takes any number of games from one text (tag
 * pairs, SetUp/FEN, move numbers, comments, NAGs, suffix annotations,
 * variations, % escape lines, CRLF, a UTF-8 BOM) and checks every move;
 * variations and comments are read and skipped.  Writing follows the
 * standard's export format.
 */
#ifndef OUTPOST_PGN_H
#define OUTPOST_PGN_H

#include <stdio.h>

#include "notation/game.h"

/* Where and why reading failed: "file:line:column: message" once formatted. */
struct pgn_error {
	char file[256];
	int line, column;     /* 1-based */
	int game;             /* 1-based number of the game being read */
	char message[256];
};

struct pgn_reader;

/*
 * A reader over text[0..len) (not copied: keep it alive while reading).
 * name is used in error messages (a file name, "<stdin>").  NULL if out of memory.
 */
struct pgn_reader *pgn_reader_new(const char *text, size_t len, const char *name);
void pgn_reader_free(struct pgn_reader *r);

/*
 * Reads the next game.  Returns 1 with a new game in *out (the caller frees
 * it), 0 at the end of the text, -1 on an error described in *err.  After an
 * error the reader has skipped to the next game, so reading may go on; the
 * games before the bad one were already returned intact.  The game's result
 * is the Result token at its end (or its tag); its moves are the main line.
 */
int pgn_read_game(struct pgn_reader *r, struct game **out, struct pgn_error *err);

/* Formats an error as "file:line:column: message (game N)". */
void pgn_error_text(const struct pgn_error *err, char *buf, size_t len);


/*
 * The game in export format: the seven tag roster, then the other tags
 * (SetUp and FEN for a game from a position), a blank line, movetext with
 * move numbers in lines of at most 80 characters, the result, a blank line.
 * A malloc'ed string, NULL if out of memory.
 */
char *pgn_game_to_string(const struct game *g);
/* The same, written to f; false on a write error. */
bool pgn_write_game(FILE *f, const struct game *g);

#endif
