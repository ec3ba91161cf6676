/*
 * Every line of a game as the move list shows it.  The tokens are the moves
 * in the order PGN writes them (each with its level, number and NAG suffix),
 * rebuilt when the game changes; the rows lay them out for a width: the main
 * line two moves a row under its move numbers, each variation of it on rows
 * of its own below the move it replaces, the variations inside it in
 * parentheses on the same rows.
 */
#ifndef OUTPOST_TUI_MOVE_TREE_H
#define OUTPOST_TUI_MOVE_TREE_H

#include <stdbool.h>

#include "notation/game.h"
#include "notation/notation.h"

#define MOVE_CELL_MAX 64 /* the longest cell: parentheses, a number, SAN and NAG suffixes */

struct move_token {
	int node;
	int level;          /* 0: the main line; 1: a variation of it; 2: one inside that ... */
	int number;         /* the move's number */
	bool white;         /* White made it */
	bool numbered;      /* it starts its line or follows a variation: numbered even as Black's ("5... Nf6") */
	int opens, closes;  /* variations opening before it, closing after it */
	char san[SAN_MAX + 8]; /* with its NAGs' suffixes: "Nf3?!" */
};

struct move_tree {
	struct move_token *tokens;
	int n, cap;
};

/* Rebuilds the tokens from g; on failure (out of memory) the tree is left empty. */
void move_tree_update(struct move_tree *mt, const struct game *g);
void move_tree_free(struct move_tree *mt);
/* The token of node, -1 when it has none (the root). */
int move_tree_find(const struct move_tree *mt, int node);

struct move_cell {
	int token;
	int x;                     /* columns from the list's left edge */
	char text[MOVE_CELL_MAX];  /* "e4", "(5... Nf6", "exd4))" */
};

struct move_row {
	int number;         /* a main-line row: its move number; 0 for a variation's row */
	int first, ncells;  /* its cells, in the rows' cell array */
};

struct move_rows {
	struct move_row *rows;
	int nrows, rcap;
	struct move_cell *cells;
	int ncells, ccap;
};

/* Lays the tokens out in rows width cells wide.  False if out of memory (out is then empty). */
bool move_rows_layout(const struct move_tree *mt, int width, struct move_rows *out);
void move_rows_free(struct move_rows *r);
/* The row that holds token, -1 for none. */
int move_rows_find(const struct move_rows *r, int token);
/* The column of the main line's second move in a row: the first is at 5 (after "123. "). */
int move_rows_black_x(int width);

#endif
