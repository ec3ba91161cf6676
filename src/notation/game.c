/* The game: start position, moves with undo and redo, and the result the rules or the players give it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/game_internal.h"
#include "rules/material.h"
#include "rules/movegen.h"

/* Room for `need` plies in every per-ply array. */
static bool reserve(struct game *g, int need)
{
	if (need <= g->cap)
		return true;
	int cap = g->cap ? g->cap : 64;
	while (cap < need)
		cap *= 2;
	move_t *moves = realloc(g->moves, (size_t)cap * sizeof *moves);
	if (moves)
		g->moves = moves;
	int64_t(*clocks)[COLOR_NB] = realloc(g->clock_at, (size_t)(cap + 1) * sizeof *clocks);
	if (clocks)
		g->clock_at = clocks;
	if (!moves || !clocks)
		return false;
	g->cap = cap;
	return true;
}

/* What the rules say of the current position; the order matters (mate before the 75-move rule). */
static void update_rule_result(struct game *g)
{
	move_t list[MAX_MOVES];
	const struct position *pos = &g->line.pos;
	g->rule_result = RESULT_DRAW;
	if (generate_legal(pos, list) == 0) {
		g->rule_reason = in_check(pos) ? REASON_CHECKMATE : REASON_STALEMATE;
		if (in_check(pos))
			g->rule_result = pos->side == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS;
	} else if (pos->st->rule50 >= 150) {
		g->rule_reason = REASON_SEVENTY_FIVE;
	} else if (game_repetitions(g) >= 5) {
		g->rule_reason = REASON_FIVEFOLD;
	} else if (pos_is_dead_material(pos)) {
		g->rule_reason = REASON_DEAD_POSITION;
	} else {
		g->rule_result = RESULT_NONE;
		g->rule_reason = REASON_NONE;
	}
}

struct game *game_new(const char *fen, char *err, size_t errlen)
{
	struct game *g = calloc(1, sizeof *g);
	if (g)
		g->line = POS_LINE_EMPTY;
	if (!g || !reserve(g, 64) || !tag_list_init(&g->tags)) {
		if (err && errlen)
			snprintf(err, errlen, "out of memory");
		game_free(g);
		return NULL;
	}
	if (!line_set_fen(&g->line, fen ? fen : FEN_START, err, errlen, NULL, 0)) {
		game_free(g);
		return NULL;
	}
	pos_get_fen(&g->line.pos, g->start_fen, sizeof g->start_fen);
	g->standard = !strcmp(g->start_fen, FEN_START);
	clock_init(&g->clock);
	g->flagged = -1;
	update_rule_result(g);
	return g;
}

void game_free(struct game *g)
{
	if (!g)
		return;
	line_free(&g->line);
	free(g->moves);
	free(g->clock_at);
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
	g->moves = NULL;
	g->clock_at = NULL;
	g->cap = 0;
	g->tags = (struct tag_list){ 0 };
	if (!line_copy(&g->line, &src->line) || !reserve(g, src->cap) || !tag_list_copy(&g->tags, &src->tags)) {
		game_free(g);
		return NULL;
	}
	memcpy(g->moves, src->moves, (size_t)src->nmoves * sizeof *g->moves);
	memcpy(g->clock_at, src->clock_at, (size_t)(src->nmoves + 1) * sizeof *g->clock_at);
	return g;
}

const struct position *game_position(const struct game *g) { return &g->line.pos; }
const struct pos_line *game_line(const struct game *g) { return &g->line; }
const char *game_start_fen(const struct game *g) { return g->start_fen; }
bool game_is_standard_start(const struct game *g) { return g->standard; }
int game_ply_count(const struct game *g) { return g->ply; }
const move_t *game_moves(const struct game *g) { return g->moves; }
int game_redo_count(const struct game *g) { return g->nmoves - g->ply; }

move_t game_move(const struct game *g, int i)
{
	return i >= 0 && i < g->nmoves ? g->moves[i] : MOVE_NONE;
}

/* Plays a move known to be legal; drops the redo line unless it is the redo move itself. */
static bool push_move(struct game *g, move_t m, bool redo)
{
	if (!reserve(g, g->ply + 1) || !line_play(&g->line, m))
		return false;
	g->moves[g->ply++] = m;
	if (!redo)
		g->nmoves = g->ply;
	update_rule_result(g);
	return true;
}

bool game_play(struct game *g, move_t m)
{
	if (game_is_over(g) || !move_is_legal(&g->line.pos, m))
		return false;
	int us = g->line.pos.side;
	if (!clock_press(&g->clock, us)) {
		game_flag_fell(g, us);
		return false;
	}
	if (!push_move(g, m, false))
		return false;
	g->clock_at[g->ply][WHITE] = g->clock.time[WHITE];
	g->clock_at[g->ply][BLACK] = g->clock.time[BLACK];
	if (game_is_over(g))
		clock_charge(&g->clock);
	return true;
}

bool game_append(struct game *g, move_t m)
{
	if (g->declared != RESULT_NONE || !move_is_legal(&g->line.pos, m) || !push_move(g, m, false))
		return false;
	g->clock_at[g->ply][WHITE] = g->clock.time[WHITE];
	g->clock_at[g->ply][BLACK] = g->clock.time[BLACK];
	return true;
}

/* After an undo or redo: clocks as they were at the current ply, the side to move's running if one was. */
static void restore_clocks(struct game *g)
{
	struct chess_clock *c = &g->clock;
	if (!c->timed)
		return;
	bool was_running = c->running >= 0;
	c->running = -1;
	c->time[WHITE] = g->clock_at[g->ply][WHITE];
	c->time[BLACK] = g->clock_at[g->ply][BLACK];
	if (was_running && !game_is_over(g))
		clock_start(c, g->line.pos.side);
}

bool game_undo(struct game *g)
{
	if (g->declared != RESULT_NONE) {
		g->declared = RESULT_NONE;
		g->declared_reason = REASON_NONE;
		g->flagged = -1;
		return true;
	}
	if (g->ply == 0)
		return false;
	g->ply--;
	line_undo(&g->line);
	update_rule_result(g);
	restore_clocks(g);
	return true;
}

bool game_redo(struct game *g)
{
	if (g->declared != RESULT_NONE || g->ply == g->nmoves || !push_move(g, g->moves[g->ply], true))
		return false;
	restore_clocks(g);
	return true;
}

enum game_result game_result(const struct game *g)
{
	return g->declared != RESULT_NONE ? g->declared : g->rule_result;
}

enum game_reason game_reason(const struct game *g)
{
	return g->declared != RESULT_NONE ? g->declared_reason : g->rule_reason;
}

void game_declare(struct game *g, enum game_result r, enum game_reason why)
{
	clock_charge(&g->clock);
	g->declared = r;
	g->declared_reason = why;
	g->nmoves = g->ply;
}

void game_flag_fell(struct game *g, int side)
{
	bool can_mate = pos_can_mate(&g->line.pos, !side);
	game_declare(g, can_mate ? (side == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS) : RESULT_DRAW,
	             can_mate ? REASON_TIME_FORFEIT : REASON_TIMEOUT_DRAW);
	g->flagged = side;
}

int game_repetitions(const struct game *g)
{
	/* Nothing before the last capture or pawn move can repeat; the start FEN's counter may reach further back. */
	const struct state *states = g->line.states;
	int rule50 = states[g->ply].rule50, window = rule50 < g->ply ? rule50 : g->ply;
	int count = 1;
	for (int i = g->ply - 2; i >= g->ply - window; i -= 2)
		count += states[i].key == states[g->ply].key;
	return count;
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
	g->declared = RESULT_NONE;
	g->declared_reason = REASON_NONE;
	g->flagged = -1;
	if (r == RESULT_NONE || r == g->rule_result) /* the rules already say so, and say why */
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
	};
	return r >= REASON_NONE && r <= REASON_RECORDED ? text[r] : "";
}

void game_status_text(const struct game *g, char *buf, size_t len)
{
	static const char *const names[] = { "White", "Black" };
	enum game_result r = game_result(g);
	enum game_reason why = game_reason(g);
	int winner = r == RESULT_WHITE_WINS ? WHITE : BLACK;
	if (r == RESULT_NONE)
		snprintf(buf, len, "%s", "");
	else if (why == REASON_RESIGNATION)
		snprintf(buf, len, "%s wins: %s resigned.", names[winner], names[!winner]);
	else if (why == REASON_TIME_FORFEIT)
		snprintf(buf, len, "%s wins on time.", names[winner]);
	else if (why == REASON_TIMEOUT_DRAW && g->flagged >= 0)
		snprintf(buf, len, "Draw: %s ran out of time, but %s cannot mate.", names[g->flagged],
		         names[!g->flagged]);
	else if (why == REASON_RECORDED || why == REASON_NONE)
		snprintf(buf, len, "%s", r == RESULT_DRAW ? "Draw." : winner == WHITE ? "White wins." : "Black wins.");
	else if (r == RESULT_DRAW)
		snprintf(buf, len, "Draw by %s.", game_reason_text(why));
	else
		snprintf(buf, len, "%s wins by %s.", names[winner], game_reason_text(why));
}
