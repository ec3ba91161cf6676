/* The graph's columns and heights: pure arithmetic for graph_view.c and the tests. */
#include "eval_graph.h"

int eval_graph_columns(int plies, int width)
{
	if (width <= 0 || plies <= 0)
		return 0;
	return plies < width ? plies : width;
}

int eval_graph_column_of(int ply, int plies, int columns)
{
	if (columns <= 0 || plies <= 0)
		return -1;
	if (ply < 1)
		ply = 1;
	if (ply > plies)
		ply = plies;
	/* Spread the moves evenly: column c holds the plies from c * plies / columns + 1 to (c + 1) * plies / columns. */
	return (int)(((long)(ply - 1) * columns) / plies);
}

int eval_graph_last_ply(int column, int plies, int columns)
{
	if (columns <= 0)
		return 0;
	return (int)(((long)(column + 1) * plies + columns - 1) / columns);
}

int eval_graph_eighths(double white_score, int rows)
{
	if (white_score < 0)
		white_score = 0;
	if (white_score > 1)
		white_score = 1;
	return (int)(white_score * rows * 8 + 0.5);
}

const char *eval_graph_cell(int eighths, bool unicode)
{
	static const char *const blocks[9] = { " ", "\u2581", "\u2582", "\u2583", "\u2584",
		                               "\u2585", "\u2586", "\u2587", "\u2588" };
	if (eighths <= 0)
		return " ";
	if (eighths > 8)
		eighths = 8;
	return unicode ? blocks[eighths] : eighths >= 4 ? "#" : " ";
}
