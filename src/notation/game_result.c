/* Results: what the rules say of a position, what the players declare, draw claims, and how each is told. */
#include <stdio.h>
#include <string.h>

#include "notation/game_internal.h"
#include "rules/material.h"
#include "rules/movegen.h"

/* How many times the position at the end of a line has stood on it, itself included (FIDE's count). */
static int line_repetitions(const struct pos_line *l)
{
	/* Nothing before the last capture or pawn move can repeat; the start FEN's counter may reach further back. */
	const struct state *states = l->states;
	int ply = l->ply, rule50 = states[ply].rule50, window = rule50 < ply ? rule50 : ply;
	int count = 1;
	for (int i = ply - 2; i >= ply - window; i -= 2)
		count += states[i].key == states[ply].key;
	return count;
}

int game_repetitions(const struct game *g) { return line_repetitions(&g->line); }

/* What the rules say of the position at the end of line; the order matters (mate before the 75-move rule). */
void node_judge(struct game_node *n, const struct pos_line *line)
{
	move_t list[MAX_MOVES];
	const struct position *pos = &line->pos;
	n->rule_result = RESULT_DRAW;
	if (generate_legal(pos, list) == 0) {
		n->rule_reason = in_check(pos) ? REASON_CHECKMATE : REASON_STALEMATE;
		if (in_check(pos))
			n->rule_result = pos->side == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS;
	} else if (pos->st->rule50 >= 150) {
		n->rule_reason = REASON_SEVENTY_FIVE;
	} else if (line_repetitions(line) >= 5) {
		n->rule_reason = REASON_FIVEFOLD;
	} else if (pos_is_dead_material(pos)) {
		n->rule_reason = REASON_DEAD_POSITION;
	} else {
		n->rule_result = RESULT_NONE;
		n->rule_reason = REASON_NONE;
	}
}

void game_judge_position(struct game *g) { node_judge(cur_node(g), &g->line); }

enum game_result game_node_result(const struct game *g, int node, enum game_reason *why)
{
	if (!game_node_valid(g, node)) {
		if (why)
			*why = REASON_NONE;
		return RESULT_NONE;
	}
	const struct game_node *n = &g->nodes[node];
	bool declared = n->declared != RESULT_NONE;
	if (why)
		*why = declared ? n->declared_reason : n->rule_reason;
	return declared ? n->declared : n->rule_result;
}

enum game_result game_result(const struct game *g) { return game_node_result(g, game_current(g), NULL); }

enum game_reason game_reason(const struct game *g)
{
	enum game_reason why;
	game_node_result(g, game_current(g), &why);
	return why;
}

enum game_result game_main_result(const struct game *g)
{
	return game_node_result(g, game_line_end(g, GAME_ROOT), NULL);
}

enum game_reason game_main_reason(const struct game *g)
{
	enum game_reason why;
	game_node_result(g, game_line_end(g, GAME_ROOT), &why);
	return why;
}

void game_declare(struct game *g, enum game_result r, enum game_reason why)
{
	clock_charge(&g->clock);
	struct game_node *n = cur_node(g);
	n->declared = r;
	n->declared_reason = why;
	while (n->child != GAME_NODE_NONE) { /* nothing follows a result */
		int c = n->child;
		node_unlink(g, c);
		node_free_subtree(g, c);
	}
}

void game_flag_fell(struct game *g, int side)
{
	bool can_mate = pos_can_mate(&g->line.pos, !side);
	game_declare(g, can_mate ? (side == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS) : RESULT_DRAW,
	             can_mate ? REASON_TIME_FORFEIT : REASON_TIMEOUT_DRAW);
	cur_node(g)->flagged = (int8_t)side;
}

/* The claim a legal move would bring about once played: the third repetition or the hundredth quiet ply. */
static enum game_reason claim_by_move(const struct game *g, move_t m)
{
	struct position after;
	struct state now, next;
	move_t list[MAX_MOVES];
	pos_copy(&after, &now, &g->line.pos);
	pos_make_move(&after, m, &next);
	enum game_reason why = REASON_NONE;
	int rule50 = next.rule50, ply = g->ply + 1;
	int window = rule50 < ply ? rule50 : ply, count = 1;
	for (int i = ply - 2; i >= ply - window; i -= 2)
		count += g->line.states[i].key == next.key;
	if (generate_legal(&after, list) == 0 && in_check(&after))
		why = REASON_NONE; /* a mating move wins; there is nothing to claim */
	else if (count >= 3)
		why = REASON_THREEFOLD;
	else if (rule50 >= 100)
		why = REASON_FIFTY_MOVES;
	return why;
}

enum game_reason game_can_claim(const struct game *g, move_t intended)
{
	if (game_is_over(g))
		return REASON_NONE;
	if (game_repetitions(g) >= 3)
		return REASON_THREEFOLD;
	if (g->line.pos.st->rule50 >= 100)
		return REASON_FIFTY_MOVES;
	if (intended != MOVE_NONE && move_is_legal(&g->line.pos, intended))
		return claim_by_move(g, intended);
	return REASON_NONE;
}

bool game_resign(struct game *g, int color)
{
	if (game_is_over(g) || (color != WHITE && color != BLACK))
		return false;
	game_declare(g, color == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS, REASON_RESIGNATION);
	return true;
}

bool game_agree_draw(struct game *g)
{
	if (game_is_over(g))
		return false;
	game_declare(g, RESULT_DRAW, REASON_AGREEMENT);
	return true;
}

void game_set_result(struct game *g, enum game_result r, enum game_reason why)
{
	struct game_node *n = cur_node(g);
	n->declared = RESULT_NONE;
	n->declared_reason = REASON_NONE;
	n->flagged = -1;
	if (r == RESULT_NONE || r == n->rule_result) /* the rules already say so, and say why */
		return;
	game_declare(g, r, why);
}

const char *game_result_text(enum game_result r)
{
	switch (r) {
	case RESULT_WHITE_WINS: return "1-0";
	case RESULT_BLACK_WINS: return "0-1";
	case RESULT_DRAW: return "1/2-1/2";
	default: return "*";
	}
}

const char *game_reason_text(enum game_reason r)
{
	static const char *const text[] = {
		[REASON_NONE] = "",
		[REASON_CHECKMATE] = "checkmate",
		[REASON_STALEMATE] = "stalemate",
		[REASON_FIVEFOLD] = "fivefold repetition",
		[REASON_SEVENTY_FIVE] = "the seventy-five-move rule",
		[REASON_DEAD_POSITION] = "dead position",
		[REASON_THREEFOLD] = "threefold repetition",
		[REASON_FIFTY_MOVES] = "the fifty-move rule",
		[REASON_RESIGNATION] = "resignation",
		[REASON_AGREEMENT] = "agreement",
		[REASON_TIME_FORFEIT] = "time forfeit",
		[REASON_TIMEOUT_DRAW] = "time out against a side that cannot mate",
		[REASON_RECORDED] = "the recorded result",
		[REASON_ADJUDICATION] = "adjudication",
	};
	return r >= REASON_NONE && r <= REASON_ADJUDICATION ? text[r] : "";
}

/*
 * PGN's Termination values are "abandoned", "adjudication", "death",
 * "emergency", "normal", "rules infraction", "time forfeit" and
 * "unterminated".  Every end the game itself knows (the rules', a
 * resignation, an agreement, a claim) is "normal"; a fallen flag is "time
 * forfeit" even when it only draws.
 */
const char *game_reason_termination(enum game_reason r)
{
	switch (r) {
	case REASON_NONE:
	case REASON_RECORDED: return NULL;
	case REASON_TIME_FORFEIT:
	case REASON_TIMEOUT_DRAW: return "time forfeit";
	case REASON_ADJUDICATION: return "adjudication";
	default: return r > REASON_NONE && r < REASON_RECORDED ? "normal" : NULL;
	}
}

void game_status_text(const struct game *g, char *buf, size_t len)
{
	static const char *const names[] = { "White", "Black" };
	enum game_result r = game_result(g);
	enum game_reason why = game_reason(g);
	int winner = r == RESULT_WHITE_WINS ? WHITE : BLACK, flagged = cur_node_c(g)->flagged;
	if (r == RESULT_NONE)
		snprintf(buf, len, "%s", "");
	else if (why == REASON_RESIGNATION)
		snprintf(buf, len, "%s wins: %s resigned.", names[winner], names[!winner]);
	else if (why == REASON_TIME_FORFEIT)
		snprintf(buf, len, "%s wins on time.", names[winner]);
	else if (why == REASON_TIMEOUT_DRAW && flagged >= 0)
		snprintf(buf, len, "Draw: %s ran out of time, but %s cannot mate.", names[flagged], names[!flagged]);
	else if (why == REASON_RECORDED || why == REASON_NONE)
		snprintf(buf, len, "%s", r == RESULT_DRAW ? "Draw." : winner == WHITE ? "White wins." : "Black wins.");
	else if (r == RESULT_DRAW)
		snprintf(buf, len, "Draw by %s.", game_reason_text(why));
	else
		snprintf(buf, len, "%s wins by %s.", names[winner], game_reason_text(why));
}
