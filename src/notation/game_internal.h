/*
 * The game's insides, in layers: each file calls only the ones below it.
 *
 *   game_tree.c, game_notes.c, game_tags.c, game_walk.c, game_compare.c
 *       working on the whole tree; comments, NAGs, readings; tags; PGN order; comparison
 *   game.c          the current line: stepping anywhere, playing moves, undo and redo
 *   game_clock.c    the clocks the moves drive, and those on each node
 *   game_result.c   what the rules say of a position, declared results, claims
 *   game_nodes.c    the nodes: storage, links, comments kept on them
 *
 * Below them all sit chess_clock.c and tag_list.c, which know nothing of games.
 */
#ifndef OUTPOST_GAME_INTERNAL_H
#define OUTPOST_GAME_INTERNAL_H

#include "notation/chess_clock.h"
#include "notation/game.h"
#include "notation/tag_list.h"
#include "rules/line.h"

#define NODE_FREE (-2) /* the parent of a deleted node, on the free list */

/* A move of the tree (the root: the start position).  Links are node numbers, GAME_NODE_NONE for none. */
struct game_node {
	move_t move;
	int parent, child, next; /* child: the first (main) continuation; next: the next sibling */
	int ply;
	/* What the rules say of the position here (fixed once the node exists), and a result declared here. */
	uint8_t rule_result, rule_reason, declared, declared_reason;
	int8_t flagged;       /* the colour whose flag fell, for the status text; -1 if none */
	uint8_t nnags;
	uint8_t nags[GAME_NAG_MAX];
	bool has_clock, has_eval;
	int64_t clock_ms;     /* the mover's reading (%clk) when has_clock */
	int64_t clock_at[COLOR_NB]; /* both clocks when this position arose, for stepping back to it */
	struct game_eval eval;
	char *comment[2];     /* [COMMENT_BEFORE], [COMMENT_AFTER]; NULL when none */
};

struct game {
	struct game_node *nodes;
	int nnodes, node_cap, free_list; /* deleted nodes are chained through `next` for reuse */

	/* The current line: path[0..ply] are its nodes from the root, moves[0..ply) its moves. */
	struct pos_line line; /* the position, with a state for each ply: keys for repetitions */
	int *path;
	move_t *moves;
	int ply, path_cap;

	char start_fen[FEN_MAX];
	bool standard;
	bool chess960, chess960_forced; /* forced: the start's castling is Chess960's alone */
	int start_number;               /* the start among Chess960's, or -1 */
	int start_side;
	struct chess_clock clock;
	struct tag_list tags;
};

static inline struct game_node *cur_node(struct game *g) { return &g->nodes[g->path[g->ply]]; }
static inline const struct game_node *cur_node_c(const struct game *g) { return &g->nodes[g->path[g->ply]]; }
/* The side that played node's move (the side to move at the start plays the odd plies). */
static inline int mover_of(const struct game *g, int node)
{
	return g->nodes[node].ply % 2 == 1 ? g->start_side : !g->start_side;
}

/* game_nodes.c: a new node under parent, first or last among its children; GAME_NODE_NONE if out of memory. */
int node_add(struct game *g, int parent, move_t m, bool first);
/* Unlinks node from its parent's children (it stays allocated). */
void node_unlink(struct game *g, int node);
/* Links node (unlinked) in as parent's first child. */
void node_link_first(struct game *g, int parent, int node);
/* Frees node and everything under it (already unlinked). */
void node_free_subtree(struct game *g, int node);
/* Sets or appends to a node's comment, kept on one line; false if out of memory. */
bool node_set_comment(struct game *g, int node, enum game_comment_place where, const char *text);
bool node_add_comment(struct game *g, int node, enum game_comment_place where, const char *text);
/* A first child's "before" comment is the comment after its parent: moves it there. */
void node_merge_before(struct game *g, int node);
void node_free_notes(struct game_node *n);
/* Copies a node's comments (the rest is plain data); false if out of memory (the copy's comments are NULL then). */
bool node_copy_notes(struct game_node *dst, const struct game_node *src);

/* game_result.c: the rules' verdict on the position at the end of line, stored in n; on the current node's. */
void node_judge(struct game_node *n, const struct pos_line *line);
void game_judge_position(struct game *g);
/* Ends the game at the current node with a declared result: stops the clock and deletes what follows. */
void game_declare(struct game *g, enum game_result r, enum game_reason why);
/* side's flag fell: a loss, or a draw when the opponent could not mate (FIDE 6.9). */
void game_flag_fell(struct game *g, int side);

/* game_clock.c: after a step, the clocks as they were at the current node, the side to move's running if one was. */
void game_restore_clocks(struct game *g);

/* game.c: enters child (a child of the current node) as the new current node; false if out of memory. */
bool game_enter(struct game *g, int child);

#endif
