/*
 * The game: its start, the current line through the tree (the position, its
 * nodes and moves), stepping to any node, and playing moves.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/game_internal.h"
#include "rules/castling.h"
#include "rules/chess960.h"
#include "rules/movegen.h"

/* Room for a current line of `ply` plies. */
static bool reserve_path(struct game *g, int ply)
{
	if (ply < g->path_cap)
		return true;
	int cap = g->path_cap ? g->path_cap : 64;
	while (cap <= ply)
		cap *= 2;
	int *path = realloc(g->path, (size_t)cap * sizeof *path);
	if (path)
		g->path = path;
	move_t *moves = realloc(g->moves, (size_t)cap * sizeof *moves);
	if (moves)
		g->moves = moves;
	if (!path || !moves)
		return false;
	g->path_cap = cap;
	return true;
}

struct game *game_new(const char *fen, char *err, size_t errlen)
{
	struct game *g = calloc(1, sizeof *g);
	if (g) {
		g->line = POS_LINE_EMPTY;
		g->free_list = GAME_NODE_NONE;
	}
	if (!g || !reserve_path(g, 64) || !tag_list_init(&g->tags) ||
	    node_add(g, GAME_NODE_NONE, MOVE_NONE, false) != GAME_ROOT) {
		if (err && errlen)
			snprintf(err, errlen, "out of memory");
		game_free(g);
		return NULL;
	}
	if (!line_set_fen(&g->line, fen ? fen : FEN_START, err, errlen, NULL, 0)) {
		game_free(g);
		return NULL;
	}
	g->path[0] = GAME_ROOT;
	pos_get_fen(&g->line.pos, g->start_fen, sizeof g->start_fen);
	g->standard = !strcmp(g->start_fen, FEN_START);
	g->chess960 = g->chess960_forced = !castling_is_standard(&g->line.pos);
	g->start_number = chess960_number(&g->line.pos);
	g->start_side = g->line.pos.side;
	clock_init(&g->clock);
	game_judge_position(g);
	return g;
}

void game_free(struct game *g)
{
	if (!g)
		return;
	for (int i = 0; i < g->nnodes; i++)
		node_free_notes(&g->nodes[i]);
	free(g->nodes);
	line_free(&g->line);
	free(g->path);
	free(g->moves);
	tag_list_free(&g->tags);
	free(g);
}

struct game *game_clone(const struct game *src)
{
	struct game *g = calloc(1, sizeof *g);
	if (!g)
		return NULL;
	*g = *src;
	g->line = POS_LINE_EMPTY;
	g->nodes = malloc((size_t)src->node_cap * sizeof *g->nodes);
	g->path = NULL;
	g->moves = NULL;
	g->path_cap = 0;
	g->tags = (struct tag_list){ 0 };
	if (g->nodes) {
		memcpy(g->nodes, src->nodes, (size_t)src->nnodes * sizeof *g->nodes);
		for (int i = 0; i < g->nnodes; i++)
			g->nodes[i].comment[0] = g->nodes[i].comment[1] = NULL;
	} else {
		g->nnodes = 0;
	}
	bool ok = g->nodes && reserve_path(g, src->ply) && line_copy(&g->line, &src->line) &&
	          tag_list_copy(&g->tags, &src->tags);
	for (int i = 0; ok && i < g->nnodes; i++)
		ok = node_copy_notes(&g->nodes[i], &src->nodes[i]);
	if (!ok) {
		game_free(g);
		return NULL;
	}
	memcpy(g->path, src->path, (size_t)(src->ply + 1) * sizeof *g->path);
	memcpy(g->moves, src->moves, (size_t)src->ply * sizeof *g->moves);
	return g;
}

const struct position *game_position(const struct game *g) { return &g->line.pos; }
const struct pos_line *game_line(const struct game *g) { return &g->line; }
const char *game_start_fen(const struct game *g) { return g->start_fen; }
bool game_is_standard_start(const struct game *g) { return g->standard; }
bool game_is_chess960(const struct game *g) { return g->chess960; }
int game_start_number(const struct game *g) { return g->start_number; }

struct game *game_new_chess960(int number, char *err, size_t errlen)
{
	char fen[FEN_MAX];
	if (number < 0 || number >= CHESS960_COUNT) {
		if (err && errlen)
			snprintf(err, errlen, "%d is no Chess960 start position's number (0 to %d)", number,
			         CHESS960_COUNT - 1);
		return NULL;
	}
	chess960_fen(number, fen, sizeof fen);
	struct game *g = game_new(fen, err, errlen);
	if (g)
		g->chess960 = true;
	return g;
}

bool game_set_chess960(struct game *g, bool on)
{
	if (!on && g->chess960_forced)
		return false;
	g->chess960 = on;
	/* The Variant tag is read off the flag now (game_tags.c): no stored one besides it. */
	return !on || tag_list_set(&g->tags, "Variant", NULL);
}
int game_ply_count(const struct game *g) { return g->ply; }
const move_t *game_moves(const struct game *g) { return g->moves; }

move_t game_move(const struct game *g, int i)
{
	if (i < 0)
		return MOVE_NONE;
	if (i < g->ply)
		return g->moves[i];
	int n = g->nodes[game_current(g)].child;
	for (; n != GAME_NODE_NONE && i > g->ply; i--)
		n = g->nodes[n].child;
	return n == GAME_NODE_NONE ? MOVE_NONE : g->nodes[n].move;
}

int game_redo_count(const struct game *g)
{
	int count = 0;
	for (int n = g->nodes[game_current(g)].child; n != GAME_NODE_NONE; n = g->nodes[n].child)
		count++;
	return count;
}

bool game_enter(struct game *g, int child)
{
	if (!reserve_path(g, g->ply + 1) || !line_play(&g->line, g->nodes[child].move))
		return false;
	g->moves[g->ply] = g->nodes[child].move;
	g->path[++g->ply] = child;
	return true;
}

bool game_goto(struct game *g, int node)
{
	if (!game_node_valid(g, node) || !reserve_path(g, g->nodes[node].ply))
		return false;
	/* Back along the current line to where it meets the way to node, then down that way. */
	int fork = node;
	while (g->nodes[fork].ply > g->ply)
		fork = g->nodes[fork].parent;
	while (g->path[g->nodes[fork].ply] != fork)
		fork = g->nodes[fork].parent;
	while (g->ply > g->nodes[fork].ply) {
		line_undo(&g->line);
		g->ply--;
	}
	int target = g->nodes[node].ply;
	for (int x = node; x != fork; x = g->nodes[x].parent)
		g->path[g->nodes[x].ply] = x;
	bool ok = true;
	while (ok && g->ply < target)
		ok = game_enter(g, g->path[g->ply + 1]);
	game_restore_clocks(g);
	return ok;
}

/* Where game_play_as puts the move among the current node's children; GAME_NODE_NONE if out of memory. */
static int branch_to(struct game *g, move_t m, enum game_branch how, bool *fresh)
{
	int here = game_current(g), old = g->nodes[here].child, child = game_find_child(g, here, m);
	if (how == BRANCH_REPLACE && old != GAME_NODE_NONE && old != child) {
		node_unlink(g, old);
		node_free_subtree(g, old);
	}
	*fresh = child == GAME_NODE_NONE;
	if (*fresh)
		return node_add(g, here, m, how != BRANCH_VARIATION);
	if (how != BRANCH_VARIATION && g->nodes[here].child != child) {
		node_unlink(g, child);
		node_link_first(g, here, child);
	}
	return child;
}

bool game_play_as(struct game *g, move_t m, enum game_branch how)
{
	if (game_is_over(g) || !move_is_legal(&g->line.pos, m))
		return false;
	int us = g->line.pos.side;
	if (!clock_press(&g->clock, us)) {
		game_flag_fell(g, us);
		return false;
	}
	bool fresh;
	int child = branch_to(g, m, how, &fresh);
	if (child == GAME_NODE_NONE || !game_enter(g, child))
		return false;
	if (fresh)
		game_judge_position(g);
	struct game_node *n = cur_node(g);
	n->clock_at[WHITE] = g->clock.time[WHITE];
	n->clock_at[BLACK] = g->clock.time[BLACK];
	if (g->clock.timed) {
		n->has_clock = true;
		n->clock_ms = g->clock.time[us] > 0 ? g->clock.time[us] : 0;
	}
	if (game_is_over(g))
		clock_charge(&g->clock);
	return true;
}

bool game_play(struct game *g, move_t m) { return game_play_as(g, m, BRANCH_REPLACE); }

bool game_append(struct game *g, move_t m)
{
	if (cur_node(g)->declared != RESULT_NONE || !move_is_legal(&g->line.pos, m))
		return false;
	int child = node_add(g, game_current(g), m, false);
	if (child == GAME_NODE_NONE || !game_enter(g, child))
		return false;
	game_judge_position(g);
	return true;
}

bool game_undo(struct game *g)
{
	struct game_node *n = cur_node(g);
	if (n->declared != RESULT_NONE) {
		n->declared = RESULT_NONE;
		n->declared_reason = REASON_NONE;
		n->flagged = -1;
		return true;
	}
	if (g->ply == 0)
		return false;
	g->ply--;
	line_undo(&g->line);
	game_restore_clocks(g);
	return true;
}

bool game_redo(struct game *g)
{
	const struct game_node *n = cur_node(g);
	if (n->declared != RESULT_NONE || n->child == GAME_NODE_NONE || !game_enter(g, n->child))
		return false;
	game_restore_clocks(g);
	return true;
}

bool game_claim_draw(struct game *g, move_t intended)
{
	enum game_reason why = game_can_claim(g, MOVE_NONE);
	if (why == REASON_NONE && intended != MOVE_NONE) {
		why = game_can_claim(g, intended);
		if (why == REASON_NONE || !game_play(g, intended))
			return false;
		if (game_is_over(g)) /* the move itself ended the game (fivefold, 75 moves): that stands */
			return true;
	}
	if (why == REASON_NONE)
		return false;
	game_declare(g, RESULT_DRAW, why);
	return true;
}

/* Counted on from the start FEN's fullmove number: a game from move 31 has its first move numbered 31. */
int game_node_number(const struct game *g, int node)
{
	int fullmove = 1, ply = game_node_ply(g, node);
	if (sscanf(game_start_fen(g), "%*s %*s %*s %*s %*d %d", &fullmove) != 1 || fullmove < 1)
		fullmove = 1;
	return g->start_side == WHITE ? fullmove + (ply - 1) / 2 : fullmove + ply / 2;
}
