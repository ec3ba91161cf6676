/*
 * The evaluation graph's arithmetic: which moves fall in which column, and
 * how high each column stands.  A column's height is White's expected score
 * after its move (study/annotate.h: the logistic curve of the
 * centipawns), so that half the column is a level game, a pawn up reads
 * clearly, and a mate or a twenty-pawn lead fills the column and stops
 * there instead of flattening the rest of the game.
 */
#ifndef OUTPOST_TUI_EVAL_GRAPH_H
#define OUTPOST_TUI_EVAL_GRAPH_H

#include <stdbool.h>

/* Columns the graph takes: a column a move when the moves fit in width, else every column. */
int eval_graph_columns(int plies, int width);
/* The column (0-based) of move `ply` (1-based) when plies moves share `columns` columns in order. */
int eval_graph_column_of(int ply, int plies, int columns);
/* The last move (1-based) that falls in column; a column stands for the position after it. */
int eval_graph_last_ply(int column, int plies, int columns);
/* White's part of a column `rows` tall, in eighths of a row, for White's expected score (0 .. 1). */
int eval_graph_eighths(double white_score, int rows);
/* A cell filled `eighths` (0-8) from its bottom: " ", then the block elements up to a full block; ASCII: "#". */
const char *eval_graph_cell(int eighths, bool unicode);

#endif
