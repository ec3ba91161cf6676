/* A marked move of the game, tried again as a puzzle in the trainer. */
#include <stdio.h>
#include <string.h>

#include "retry.h"
#include "trainer.h"
#include "tui/base/game_info.h"

/* The better line annotate put beside node (its parent's other child); how many moves, odd, 0 where none. */
static int better_line(const struct game *g, int node, move_t *out, int max)
{
	int parent = game_parent(g, node), v = game_child(g, parent), n = 0;
	while (v != GAME_NODE_NONE && v == node)
		v = game_next_variation(g, v);
	for (; v != GAME_NODE_NONE && n < max; v = game_child(g, v))
		out[n++] = game_node_move(g, v);
	return n % 2 ? n : n - 1;
}

/* The puzzle of node: the position before it, the better line, the move played there; false with why. */
static bool make_puzzle(const struct game *g, int node, struct puzzle *p, char *why, size_t len)
{
	struct pos_line line = POS_LINE_EMPTY;
	int parent = game_parent(g, node), grand = parent == GAME_NODE_NONE ? GAME_NODE_NONE : game_parent(g, parent);
	memset(p, 0, sizeof *p);
	p->line_len = parent == GAME_NODE_NONE ? 0 : better_line(g, node, p->line, PUZZLE_LINE_MAX);
	if (p->line_len < 1) {
		snprintf(why, len, "Nothing to retry here: step to a move annotate marked (key steps to the key moments).");
		return false;
	}
	bool ok = game_node_line(g, parent, &line);
	if (ok)
		pos_get_fen(&line.pos, p->fen, sizeof p->fen);
	p->last = grand == GAME_NODE_NONE ? MOVE_NONE : game_node_move(g, parent);
	if (ok && p->last != MOVE_NONE && (ok = game_node_line(g, grand, &line)))
		pos_get_fen(&line.pos, p->last_fen, sizeof p->last_fen);
	line_free(&line);
	p->played = game_node_move(g, node);
	p->rating = 1500;
	char san[SAN_MAX];
	game_node_san(g, node, san);
	snprintf(p->source, sizeof p->source, "retry of move %d, %s", game_node_number(g, node), san);
	puzzle_make_id(p, p->id, sizeof p->id);
	return ok && puzzle_check(p, why, len);
}

void retry_shown(struct tui *t, const char *arg)
{
	struct puzzle p;
	char why[300] = "";
	if (*arg) {
		tui_status(t, MSG_ERROR, "retry takes nothing: %s", arg);
		return;
	}
	if (!t->match.data_dir[0]) {
		tui_status(t, MSG_ERROR, "No data directory: the trainer has nowhere to keep the puzzle.");
		return;
	}
	if (!make_puzzle(t->match.game, tui_shown_node(t), &p, why, sizeof why)) {
		tui_status(t, MSG_ERROR, "%s", why);
		return;
	}
	struct train_session s = { 0 };
	bool ok = train_open(&s, t->match.data_dir, why, sizeof why);
	struct trainer_item *it = NULL;
	if (ok && (ok = trainer_add(&s.t, &p, 0)) && (it = trainer_find(&s.t, p.id)) != NULL) {
		it->box = 0; /* first in line, however it stood */
		it->due = 0;
	}
	ok = ok && train_save(&s, why, sizeof why);
	train_close(&s);
	if (!ok) {
		tui_status(t, MSG_ERROR, "Cannot keep the puzzle: %s", why[0] ? why : "out of memory");
		return;
	}
	t->loop.train = true;
}
