/*
 * The Lichess puzzle database as Lichess publishes it: a CSV file with a
 * header, a puzzle a row:
 *
 *   PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags
 *
 * FEN is the position before the opponent's move that sets the puzzle;
 * Moves are UCI, that move first, then the solver's, the reply and so on;
 * Themes are words separated by blanks.  A row becomes a puzzle from the
 * solver's position (the opponent's move kept as the move before it), its
 * rating, and of its themes those Outpost also names (puzzle.h).
 */
#ifndef OUTPOST_LICHESS_CSV_H
#define OUTPOST_LICHESS_CSV_H

#include <stdbool.h>
#include <stddef.h>

#include "study/puzzle.h"

#define LICHESS_CSV_HEADER "PuzzleId,FEN,Moves,Rating"
#define LICHESS_POPULAR 50 /* below this Popularity, the players who met a puzzle disliked it */

struct lichess_puzzle {
	struct puzzle p;       /* p.themes: Lichess's themes that Outpost names too */
	int popularity;        /* -100 .. 100 */
	char themes[256];      /* all of Lichess's theme words, as written */
};

/*
 * One row (without its line break) into out.  False with why in err (the
 * column named) for a row that is not a puzzle: a bad FEN, an illegal or
 * missing move, a solution of even length, a bad number.  The header row
 * is refused too; lichess_csv_is_header tells it.
 */
bool lichess_csv_parse(const char *row, struct lichess_puzzle *out, char *err, size_t errlen);
bool lichess_csv_is_header(const char *row);

/* Does a theme word list (blank-separated) hold word? */
bool lichess_has_theme(const char *themes, const char *word);

#endif
