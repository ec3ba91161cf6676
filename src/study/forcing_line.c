/*
 * The forcing line: an alpha-beta search in material alone, scores from the
 * attacker's view, where the attacker plays forcing moves and may stop, the
 * defender plays anything, and captures are played out at the end.
 */
#include "study/forcing_line.h"

#include <string.h>

#include "engine/see.h"
#include "rules/movegen.h"

#define PLY_MAX 40
#define INF (FORCING_MATE + 1)

static const int worth[PIECE_TYPE_NB] = { 0, 100, 300, 300, 500, 900, 0 };

struct forcing {
	struct position pos;
	struct state states[PLY_MAX + 2];
	int attacker, start;  /* the attacker's material lead at the root */
	uint64_t nodes, budget;
	bool out;             /* the budget is spent: the search in progress is thrown away */
	move_t pv[PLY_MAX + 1][PLY_MAX + 1];
	int pv_len[PLY_MAX + 1];
};

static int material(const struct position *pos, int color)
{
	int sum = 0;
	for (int type = PAWN; type < KING; type++)
		sum += worth[type] * popcount(pieces_of(pos, color, type));
	return sum;
}

/* The attacker's material lead now, less the root's. */
static int balance(const struct forcing *f)
{
	return material(&f->pos, f->attacker) - material(&f->pos, !f->attacker) - f->start;
}

static bitboard_t attacks_by(const struct position *pos, int sq, int color)
{
	return attackers_to(pos, sq, occupied(pos)) & pos->by_color[color];
}

/* The cheapest worth among the pieces of b (b not empty; a king counts as the dearest). */
static int cheapest(const struct position *pos, bitboard_t b)
{
	int least = INF;
	while (b) {
		int type = piece_type(piece_on(pos, pop_lsb(&b)));
		int v = type == KING ? FORCING_MATE : worth[type];
		least = v < least ? v : least;
	}
	return least;
}

/* The color's pieces (not the king; pawns only undefended) that the other side attacks where they are lost. */
static bitboard_t lost_pieces(const struct position *pos, int color)
{
	bitboard_t out = 0, b = pos->by_color[color] & ~pieces(pos, KING);
	while (b) {
		int sq = pop_lsb(&b), v = worth[piece_type(piece_on(pos, sq))];
		bitboard_t enemies = attacks_by(pos, sq, !color);
		if (!enemies)
			continue;
		bool guarded = attacks_by(pos, sq, color) != 0;
		if (!guarded || (v > worth[PAWN] && cheapest(pos, enemies) < v))
			out |= square_bb(sq);
	}
	return out;
}

/* Where the budget runs out, every search above is cut short and thrown away. */
static bool spent(struct forcing *f)
{
	if (++f->nodes >= f->budget)
		f->out = true;
	return f->out;
}

static void pv_set(struct forcing *f, int ply, move_t m)
{
	f->pv[ply][0] = m;
	int n = ply + 1 <= PLY_MAX ? f->pv_len[ply + 1] : 0;
	memcpy(&f->pv[ply][1], f->pv[ply + 1], (size_t)n * sizeof(move_t));
	f->pv_len[ply] = n + 1;
}

/* Move ordering: a capture by what it takes less what takes it, then the rest in the generator's order. */
static int order_score(const struct position *pos, move_t m)
{
	int victim = piece_on(pos, move_to(m));
	if (move_kind(m) == MOVE_EN_PASSANT)
		return 10 * worth[PAWN];
	if (victim == NO_PIECE)
		return move_kind(m) == MOVE_PROMOTION ? 9 * worth[PAWN] : 0;
	return 10 * worth[piece_type(victim)] - worth[piece_type(moved_piece(pos, m))] / 10;
}

static void sort_moves(const struct position *pos, move_t *list, int *score, int n)
{
	for (int i = 1; i < n; i++) {
		move_t m = list[i];
		int s = score[i], j = i;
		for (; j > 0 && score[j - 1] < s; j--) {
			list[j] = list[j - 1];
			score[j] = score[j - 1];
		}
		list[j] = m;
		score[j] = s;
	}
	(void)pos;
}

/* A quiet move that leaves a piece of the defender's lost that was not before: a threat. */
static bool threatens(struct forcing *f, move_t m, bitboard_t lost_before, int ply)
{
	struct position *pos = &f->pos;
	pos_make_move(pos, m, &f->states[ply + 1]);
	bitboard_t now = lost_pieces(pos, !f->attacker) & ~lost_before;
	/* The piece that moved must not simply be lost itself for less than the threat. */
	bool threat = now != 0;
	pos_unmake_move(pos);
	return threat;
}

static int quiesce(struct forcing *f, int alpha, int beta, int ply);

/* Every legal move of the side to move scored for the order, the forcing ones alone where only is set. */
static int moves_to_try(struct forcing *f, int ply, bool only_forcing, move_t *list, int *score)
{
	struct position *pos = &f->pos;
	move_t all[MAX_MOVES];
	int n = generate_legal(pos, all), k = 0;
	bitboard_t mine_lost = lost_pieces(pos, pos->side);
	bitboard_t theirs_lost = only_forcing ? lost_pieces(pos, !pos->side) : 0;
	for (int i = 0; i < n; i++) {
		move_t m = all[i];
		int s = order_score(pos, m);
		bool capture = is_capture(pos, m) || move_kind(m) == MOVE_PROMOTION;
		if (only_forcing && !in_check(pos)) {
			if (capture)
				s += see_ge(pos, m, 0) ? 20000 : 0;
			else if (pos_gives_check(pos, m))
				s = 5000;
			else if (threatens(f, m, theirs_lost, ply))
				s = 1000;
			else
				continue;
		} else if (!capture) {
			/* The defender's moves: a piece that is lost where it stands steps away first. */
			s = (square_bb(move_from(m)) & mine_lost) ? 2000 + worth[piece_type(moved_piece(pos, m))] : 0;
		} else {
			s += 20000;
		}
		list[k] = m;
		score[k++] = s;
	}
	sort_moves(pos, list, score, k);
	return k;
}

static int defend(struct forcing *f, int depth, int alpha, int beta, int ply);

/* The attacker to move with depth forcing moves left: it may stop, or play one. */
static int attack(struct forcing *f, int depth, int alpha, int beta, int ply)
{
	struct position *pos = &f->pos;
	f->pv_len[ply] = 0;
	if (depth <= 0 || ply >= PLY_MAX - 1)
		return quiesce(f, alpha, beta, ply);
	if (spent(f))
		return 0;
	bool check = in_check(pos);
	int best = check ? -INF : balance(f);
	if (best >= beta)
		return best;
	alpha = best > alpha ? best : alpha;
	move_t list[MAX_MOVES];
	int score[MAX_MOVES], n = moves_to_try(f, ply, true, list, score);
	if (check && n == 0)
		return count_legal(pos) ? 0 : -(FORCING_MATE - ply);
	for (int i = 0; i < n; i++) {
		pos_make_move(pos, list[i], &f->states[ply + 1]);
		int v = defend(f, depth - 1, alpha, beta, ply + 1);
		pos_unmake_move(pos);
		if (f->out)
			return 0;
		if (v > best) {
			best = v;
			pv_set(f, ply, list[i]);
		}
		alpha = v > alpha ? v : alpha;
		if (alpha >= beta)
			break;
	}
	return best;
}

/* The defender to move: every legal move, the attacker's best answer to each. */
static int defend(struct forcing *f, int depth, int alpha, int beta, int ply)
{
	struct position *pos = &f->pos;
	f->pv_len[ply] = 0;
	if (spent(f))
		return 0;
	move_t list[MAX_MOVES];
	int score[MAX_MOVES], n = moves_to_try(f, ply, false, list, score);
	if (n == 0)
		return in_check(pos) ? FORCING_MATE - ply : 0;
	int best = INF;
	for (int i = 0; i < n; i++) {
		pos_make_move(pos, list[i], &f->states[ply + 1]);
		int v = attack(f, depth, alpha, beta, ply + 1);
		pos_unmake_move(pos);
		if (f->out)
			return 0;
		if (v < best) {
			best = v;
			pv_set(f, ply, list[i]);
		}
		beta = v < beta ? v : beta;
		if (alpha >= beta)
			break;
	}
	return best;
}

/*
 * The captures played out, either side to move, each free to stop (but not in check); scores are still the
 * attacker's, so the attacker takes the larger and the defender the smaller.
 */
static int quiesce(struct forcing *f, int alpha, int beta, int ply)
{
	struct position *pos = &f->pos;
	f->pv_len[ply] = 0;
	if (spent(f))
		return 0;
	bool ours = pos->side == f->attacker, check = in_check(pos);
	int stand = balance(f);
	if (ply >= PLY_MAX - 1)
		return stand;
	int best = check ? (ours ? -INF : INF) : stand;
	if (!check) {
		if (ours ? best >= beta : best <= alpha)
			return best;
		if (ours)
			alpha = best > alpha ? best : alpha;
		else
			beta = best < beta ? best : beta;
	}
	move_t list[MAX_MOVES];
	int score[MAX_MOVES], n = moves_to_try(f, ply, false, list, score), tried = 0;
	for (int i = 0; i < n; i++) {
		bool capture = is_capture(pos, list[i]) || move_kind(list[i]) == MOVE_PROMOTION;
		if (!check && (!capture || !see_ge(pos, list[i], 0)))
			continue;
		tried++;
		pos_make_move(pos, list[i], &f->states[ply + 1]);
		int v = quiesce(f, alpha, beta, ply + 1);
		pos_unmake_move(pos);
		if (f->out)
			return 0;
		if (ours ? v > best : v < best) {
			best = v;
			pv_set(f, ply, list[i]);
		}
		if (ours)
			alpha = v > alpha ? v : alpha;
		else
			beta = v < beta ? v : beta;
		if (alpha >= beta)
			break;
	}
	if (check && tried == 0) /* mated */
		return ours ? -(FORCING_MATE - ply) : FORCING_MATE - ply;
	return best;
}

bool forcing_line(const struct position *pos, uint64_t node_budget, struct forcing_result *out)
{
	static _Thread_local struct forcing f;
	memset(out, 0, sizeof *out);
	if (count_legal(pos) == 0)
		return false;
	pos_copy(&f.pos, &f.states[0], pos);
	f.attacker = pos->side;
	f.start = material(pos, f.attacker) - material(pos, !f.attacker);
	f.nodes = 0;
	f.budget = node_budget;
	f.out = false;
	for (int depth = 1; depth <= FORCING_ATTACKS_MAX; depth++) {
		int v = attack(&f, depth, -INF, INF, 0);
		if (f.out)
			break;
		out->gain = v;
		out->len = f.pv_len[0] < FORCING_LINE_MAX ? f.pv_len[0] : FORCING_LINE_MAX;
		memcpy(out->line, f.pv[0], (size_t)out->len * sizeof(move_t));
		out->attacks = depth;
		if (v >= FORCING_MATE - PLY_MAX)
			break;
	}
	out->nodes = f.nodes;
	return true;
}
