/* The player's mistakes with one clearly best answer, from a search the caller hands in. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "study/annotate.h"
#include "study/puzzle_find.h"
#include "rules/movegen.h"
#include "rules/uci_move.h"

double puzzle_pv_score(const struct puzzle_pv *pv)
{
	if (pv->is_mate)
		return pv->mate_moves > 0 ? 1.0 : 0.0;
	return annotate_expected_score(pv->score_cp);
}

unsigned puzzle_finder_sides(const struct puzzle_finder *f, const struct game *g)
{
	const char *name[COLOR_NB] = { game_tag(g, "White"), game_tag(g, "Black") };
	unsigned sides = 0;
	for (int c = WHITE; c <= BLACK; c++) {
		if (f->player && name[c] && !strcasecmp(name[c], f->player))
			sides |= 1u << c;
	}
	if (f->player)
		return sides;
	for (int c = WHITE; c <= BLACK; c++)
		if (name[c] && !strncmp(name[c], "Outpost", 7))
			sides |= 1u << !c;
	/* Outpost against itself, or no Outpost at all: both sides. */
	return sides == 0 || sides == 3 ? 3 : sides;
}

/* The search of the position at node, as annotate.h takes it; false when it failed. */
static bool search_for_annotation(const struct puzzle_finder *f, const struct game *g, int node,
                                  struct annotate_search *out)
{
	struct pos_line line = POS_LINE_EMPTY;
	bool ok = game_node_line(g, node, &line);
	if (ok && !annotate_terminal(&line.pos, out)) {
		struct puzzle_pv pv;
		ok = f->search(f->ctx, &line, 1, f->quick_depth, &pv) == 1;
		if (ok)
			annotate_from_search(out, line.pos.side, f->quick_depth, pv.score_cp, pv.is_mate, pv.mate_moves,
			                     pv.pv, pv.pv_len);
	}
	line_free(&line);
	return ok;
}

/* Does every move of the main line have an evaluation (or end the game)? */
static bool annotated(const struct game *g, const int *nodes, int n)
{
	for (int i = 1; i < n; i++) {
		struct game_eval ev;
		if (!game_node_eval(g, nodes[i], &ev) && i < n - 1)
			return false;
	}
	return n > 1;
}

static bool annotate_all(const struct puzzle_finder *f, struct game *g, const int *nodes, int n)
{
	struct annotate_tally tally[COLOR_NB] = { { 0 } };
	struct annotate_search before, after;
	for (int i = 0; i < n; i++) {
		if (!search_for_annotation(f, g, nodes[i], &after))
			return false;
		if (i > 0)
			annotate_mark(g, nodes[i], &before, &after, tally);
		before = after;
	}
	return true;
}

/* White's expected score after the move at node: its evaluation, or the result when the game ends there. */
static bool white_score_at(const struct game *g, int node, double *score)
{
	struct game_eval ev;
	if (game_node_eval(g, node, &ev)) {
		*score = ev.mate ? (ev.value > 0 ? 1.0 : 0.0) : annotate_expected_score(ev.value);
		return true;
	}
	struct pos_line line = POS_LINE_EMPTY;
	struct annotate_search s;
	bool known = game_node_line(g, node, &line) && annotate_terminal(&line.pos, &s);
	if (known)
		*score = s.white_score;
	line_free(&line);
	return known;
}

/* The mover's loss by the move at node: the evaluation before it (the parent's) less that after it. */
static bool move_loss(const struct game *g, int node, double *loss)
{
	int parent = game_parent(g, node);
	double before, after;
	if (parent == GAME_ROOT || !white_score_at(g, parent, &before) || !white_score_at(g, node, &after))
		return false;
	*loss = game_node_side(g, parent) == WHITE ? before - after : after - before;
	return true;
}

/* Is the position's best move clearly best?  Its two best lines into two[] (the first always, when true). */
static int unique_best(const struct puzzle_finder *f, const struct pos_line *line, struct puzzle_pv two[2])
{
	memset(two, 0, 2 * sizeof *two);
	int got = f->search(f->ctx, line, 2, f->deep_depth, two);
	if (got < 0)
		return -1;
	if (got < 2 || two[0].pv_len == 0)
		return 0; /* one legal move is no puzzle */
	return puzzle_pv_score(&two[0]) - puzzle_pv_score(&two[1]) >= PUZZLE_UNIQUE_GAP;
}

/*
 * The solution from line's position, best its first step: extended while each solver's step stays forced.  The
 * line is left where the solution ends (the caller takes its moves back).
 */
static int build_line(const struct puzzle_finder *f, struct pos_line *line, const struct puzzle_pv *best,
                      struct puzzle *p)
{
	struct puzzle_pv cur = *best, two[2];
	bool mating = best->is_mate && best->mate_moves > 0;
	int limit = mating ? PUZZLE_MATE_MOVES_MAX : PUZZLE_SOLVER_MOVES_MAX;
	p->line[0] = cur.pv[0];
	p->line_len = 1;
	for (int solver_moves = 1; solver_moves < limit && cur.pv_len >= 2 && p->line_len + 2 < PUZZLE_LINE_MAX;
	     solver_moves++) {
		move_t reply = cur.pv[1];
		if (!line_play(line, p->line[p->line_len - 1]))
			return -1;
		if (!move_is_legal(&line->pos, reply))
			break;
		if (!line_play(line, reply))
			return -1;
		int unique = unique_best(f, line, two);
		if (unique < 0)
			return -1;
		bool mate_now = two[0].is_mate && two[0].mate_moves == 1 && two[0].pv_len > 0;
		if (!unique && !mate_now)
			break;
		p->line[p->line_len++] = reply;
		p->line[p->line_len++] = two[0].pv[0];
		cur = two[0];
		if (mate_now)
			break;
	}
	return 0;
}

/* The puzzle at the position before node (where the mover erred), if one move was clearly best there. */
static int puzzle_at(const struct puzzle_finder *f, const struct game *g, int node, int game_no, struct puzzle *p)
{
	int parent = game_parent(g, node);
	struct pos_line line = POS_LINE_EMPTY;
	struct puzzle_pv two[2];
	memset(p, 0, sizeof *p);
	if (!game_node_line(g, parent, &line))
		return -1;
	int unique = unique_best(f, &line, two);
	int found = 0;
	if (unique > 0 && two[0].pv[0] != game_node_move(g, node)) {
		pos_get_fen(&line.pos, p->fen, sizeof p->fen);
		p->played = game_node_move(g, node);
		int start = line.ply;
		found = build_line(f, &line, &two[0], p) < 0 ? -1 : 1;
		while (line.ply > start)
			line_undo(&line);
		if (found > 0 && line.ply > 0) {
			p->last = game_node_move(g, parent);
			line_undo(&line);
			pos_get_fen(&line.pos, p->last_fen, sizeof p->last_fen);
		}
	}
	line_free(&line);
	if (found > 0) {
		/* The move number, not the move: the player sees the position before being shown what they played. */
		snprintf(p->source, sizeof p->source, "%.100s, game %d, move %d", f->source ? f->source : "a game",
		         game_no, game_node_number(g, node));
		p->themes = puzzle_find_themes(p);
		puzzle_make_id(p, p->id, sizeof p->id);
		int depth = puzzle_depth_needed(f, p, f->deep_depth);
		if (depth < 0)
			return -1;
		p->rating = puzzle_rating_of_depth(depth);
	}
	return unique < 0 ? -1 : found;
}

int puzzle_find_in_game(const struct puzzle_finder *f, struct game *g, int game_no, struct puzzle *out, int max)
{
	int n;
	int *nodes = annotate_main_line(g, &n);
	if (!nodes)
		return -1;
	unsigned sides = puzzle_finder_sides(f, g);
	int added = 0;
	bool ok = annotated(g, nodes, n) || annotate_all(f, g, nodes, n);
	for (int i = 1; ok && i < n && added < max; i++) {
		double loss;
		int mover = game_node_side(g, game_parent(g, nodes[i]));
		if (!(sides & 1u << mover) || !move_loss(g, nodes[i], &loss) || loss < ANNOTATE_MISTAKE_LOSS)
			continue;
		int got = puzzle_at(f, g, nodes[i], game_no, &out[added]);
		ok = got >= 0;
		added += got > 0;
	}
	free(nodes);
	return ok ? added : -1;
}

int puzzle_depth_needed(const struct puzzle_finder *f, const struct puzzle *p, int limit)
{
	struct pos_line line = POS_LINE_EMPTY;
	if (!line_set_fen(&line, p->fen, NULL, 0, NULL, 0))
		return -1;
	int needed = limit + 1;
	for (int depth = limit; depth >= 1; depth--) {
		struct puzzle_pv pv;
		if (f->search(f->ctx, &line, 1, depth, &pv) != 1) {
			needed = -1;
			break;
		}
		if (pv.pv_len == 0 || !puzzle_step_ok(p, 0, &line.pos, pv.pv[0]))
			break;
		needed = depth;
	}
	line_free(&line);
	return needed;
}

int puzzle_rating_of_depth(int depth) { return 500 + 100 * (depth < 1 ? 1 : depth); }
