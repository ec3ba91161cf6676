/* The move list's text, rebuilt from a copy of the game redone to its end, so undone moves keep their SAN. */
#include <stdlib.h>

#include "san_list.h"
#include "rules/line.h"

void san_list_free(struct san_list *l)
{
	free(l->san);
	l->san = NULL;
	l->cap = l->played = l->total = 0;
}

static bool reserve(struct san_list *l, int n)
{
	if (n <= l->cap)
		return true;
	int cap = l->cap ? l->cap * 2 : 256;
	while (cap < n)
		cap *= 2;
	char(*grown)[SAN_MAX] = realloc(l->san, (size_t)cap * sizeof *grown);
	if (!grown)
		return false;
	l->san = grown;
	l->cap = cap;
	return true;
}

/* The played moves, then the undone ones, read off a copy of the game redone to its end. */
static int collect_moves(const struct game *g, move_t **out)
{
	struct game *copy = game_clone(g);
	if (!copy)
		return -1;
	while (game_redo(copy))
		;
	int n = game_ply_count(copy);
	move_t *moves = malloc((size_t)(n > 0 ? n : 1) * sizeof *moves);
	for (int i = 0; moves && i < n; i++)
		moves[i] = game_move(copy, i);
	game_free(copy);
	*out = moves;
	return moves ? n : -1;
}

void san_list_update(struct san_list *l, const struct game *g)
{
	char err[128];
	move_t *moves;
	int n = collect_moves(g, &moves);
	struct pos_line line = POS_LINE_EMPTY;
	l->total = l->played = 0;
	if (n < 0 || !reserve(l, n + 1) || !line_set_fen(&line, game_start_fen(g), err, sizeof err, NULL, 0)) {
		if (n >= 0)
			free(moves);
		return;
	}
	l->black_first = line.pos.side == BLACK;
	l->first_number = line.pos.fullmove;
	for (int i = 0; i < n; i++) {
		move_to_san(&line.pos, moves[i], l->san[i]);
		if (!line_play(&line, moves[i]))
			n = i + 1; /* out of memory: the list stops here rather than lie */
	}
	line_free(&line);
	free(moves);
	l->total = n;
	l->played = game_ply_count(g) < n ? game_ply_count(g) : n;
}

int san_list_row(const struct san_list *l, int ply) { return (ply + (l->black_first ? 1 : 0)) / 2; }

int san_list_rows(const struct san_list *l) { return l->total == 0 ? 0 : san_list_row(l, l->total - 1) + 1; }

int san_list_follow_top(const struct san_list *l, int rows)
{
	int cur = l->played > 0 ? san_list_row(l, l->played - 1) : 0;
	return cur >= rows ? cur - rows + 1 : 0;
}
