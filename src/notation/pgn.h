/*
 * PGN in and out, keeping everything a game holds.  Reading takes any
 * number of games from one text: tag pairs (all kept), SetUp/FEN, movetext
 * with variations nested up to PGN_VARIATION_DEPTH_MAX deep, comments {...}
 * and ; to the end of the line, NAGs $1-$255 and the suffixes !, ?, !!, ??,
 * !?, ?! (kept as NAGs 1-6), [%clk] and [%eval] in comments (kept as data;
 * other [%...] commands stay in the comment), % escape lines, CRLF, a UTF-8
 * BOM.  Every move of every line is checked.  Move numbers are not: a wrong
 * one is passed over without a word, as other readers do.  $0, a longer
 * run of ! and ?, a NAG with no move before it in its line and an empty
 * variation are dropped.  A Termination of "time forfeit" or "adjudication"
 * becomes the result's reason.  Writing follows the standard's export format.
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

/* Variations nested deeper than this are refused with a message. */
#define PGN_VARIATION_DEPTH_MAX 100

/*
 * Reads the next game.  Returns 1 with a new game in *out (the caller frees
 * it), 0 at the end of the text, -1 on an error described in *err.  After an
 * error the reader has skipped to the next game, so reading may go on; the
 * games before the bad one were already returned intact.  The game's result
 * is the Result token at its end (or its tag); the game stands at the end
 * of its main line.
 */
int pgn_read_game(struct pgn_reader *r, struct game **out, struct pgn_error *err);

/* A game of a text as listed without replaying its moves, for choosing one among thousands. */
struct pgn_entry {
	int number;           /* 1-based, as pgn_read_game counts the games */
	size_t offset;        /* where it starts in the text */
	int line, column;
	int plies;            /* its main-line moves, counted but not checked */
	bool bad;             /* a malformed spot was met (reading it will say what and where) */
	struct tag_list tags; /* its tags as written, the roster first */
};
struct pgn_list {
	struct pgn_entry *games;
	int n, cap;
};
/* Lists every game of text[0..len) (tens of thousands a second).  False if out of memory (*out holds what was listed). */
bool pgn_list_games(const char *text, size_t len, struct pgn_list *out);
void pgn_list_free(struct pgn_list *list);
/* A tag of a listed game, NULL if it has none. */
const char *pgn_entry_tag(const struct pgn_entry *e, const char *name);
/* Makes pgn_read_game read the game listed as e next (e from a list of the reader's own text). */
void pgn_reader_seek(struct pgn_reader *r, const struct pgn_entry *e);
/*
 * Reads the n-th game (1-based) of the text, passing over the ones before it
 * without replaying them.  Like pgn_read_game: 1 with the game, 0 when the
 * text has fewer games, -1 on an error in game n.
 */
int pgn_read_nth(struct pgn_reader *r, int n, struct game **out, struct pgn_error *err);

/* Formats an error as "file:line:column: message (game N)". */
void pgn_error_text(const struct pgn_error *err, char *buf, size_t len);


/*
 * The game in export format: the seven tag roster, then the other tags
 * sorted (SetUp and FEN for a game from a position, Termination where the
 * game knows it), a blank line, movetext in lines of at most 80 characters
 * (a longer word of a comment alone passes it): the whole tree with move
 * numbers, NAGs as $n, comments, [%eval] and [%clk] on the moves that have
 * them, variations in parentheses; the result, a blank line.  A malloc'ed
 * string, NULL if out of memory.
 */
char *pgn_game_to_string(const struct game *g);
/* The same, written to f; false on a write error. */
bool pgn_write_game(FILE *f, const struct game *g);

#endif
