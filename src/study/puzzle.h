/*
 * A puzzle: a position, the side to move there (the solver), and the line
 * that solves it (the solver's move, the reply, the solver's next move ...,
 * always ending on a solver's move).  Where it came from (a game of the
 * player's, our own data, the Lichess database) and the move the player
 * made there are kept beside it.
 *
 * Themes are named by simple tests on the position and the line, with the
 * names Lichess gives the same ideas where it has one (hangingPiece, fork,
 * pin, backRankMate, mate, mateIn1 .. mateIn5, endgame, promotion), so that
 * the two can be compared on Lichess's own puzzles; `recapture` (the best
 * move takes back on the square the opponent just captured on) is ours.
 */
#ifndef OUTPOST_PUZZLE_H
#define OUTPOST_PUZZLE_H

#include <stdbool.h>
#include <stddef.h>

#include "rules/position.h"

#define PUZZLE_LINE_MAX 32   /* moves of a solution kept (Lichess's longest have about 20) */
#define PUZZLE_ID_MAX 24
#define PUZZLE_SOURCE_MAX 160

enum puzzle_theme {
	THEME_HANGING_PIECE,
	THEME_FORK,
	THEME_PIN,
	THEME_BACK_RANK_MATE,
	THEME_MATE,
	THEME_MATE_IN_1,
	THEME_MATE_IN_2,
	THEME_MATE_IN_3,
	THEME_MATE_IN_4,
	THEME_MATE_IN_5,
	THEME_RECAPTURE,
	THEME_ENDGAME,
	THEME_PROMOTION,
	THEME_NB
};

struct puzzle {
	char id[PUZZLE_ID_MAX];          /* letters, digits, '-' and '_' only */
	char fen[FEN_MAX];               /* the position the solver faces */
	move_t last;                     /* the opponent's move that led there (MOVE_NONE: unknown), for recapture */
	char last_fen[FEN_MAX];          /* the position before it ("" when last is MOVE_NONE) */
	move_t line[PUZZLE_LINE_MAX];    /* the solution: solver, reply, solver, ...; odd length */
	int line_len;
	move_t played;                   /* the move the player made there (MOVE_NONE: not from their game) */
	unsigned themes;                 /* bits 1 << enum puzzle_theme */
	int rating;                      /* how hard: Lichess's rating, or ours by the depth that sees it */
	char source[PUZZLE_SOURCE_MAX];  /* "games.pgn, game 3, 14. Nf3" */
};

/* "hangingPiece", "fork", ... as Lichess writes them; "recapture" ours. */
const char *puzzle_theme_name(enum puzzle_theme t);
/* The theme called name, or -1. */
int puzzle_theme_find(const char *name);
/* The themes' names, space-separated, into buf ("" for none). */
void puzzle_themes_text(unsigned themes, char *buf, size_t len);
/* The first theme in the order of enum puzzle_theme, as a heading names it ("" for none). */
const char *puzzle_main_theme(unsigned themes);

/*
 * Checks a puzzle: its FEN reads, every move of its line (and the last and
 * played moves) is legal where it stands, the line is of odd length.  False
 * with why in err.
 */
bool puzzle_check(const struct puzzle *p, char *err, size_t errlen);

/*
 * The themes of a puzzle found by simple tests on the position and the line
 * (the position after the whole line tells a mate).  Needs p's fen, line and,
 * for recapture, last.
 */
unsigned puzzle_find_themes(const struct puzzle *p);

/* The side to move in the puzzle's position (the solver). */
int puzzle_solver(const struct puzzle *p);

/*
 * Does the move m, played at step (an even index into the line) in pos, solve that step: the line's move, or any
 * move that mates at once.  No other move is within a small margin of the best: a step of a line is kept only
 * when the engine's second choice there loses much more (puzzle_find.h), so the line's move is the one answer.
 */
bool puzzle_step_ok(const struct puzzle *p, int step, const struct position *pos, move_t m);

/* A stable id from the position and the solution ("p" and 12 hex digits of a hash). */
void puzzle_make_id(const struct puzzle *p, char *buf, size_t len);

#endif
