/* The human model's shallow looks: quiescence and one ply, alpha-beta without a table. */
#include "people/human_probe.h"

#include "engine/eval.h"
#include "engine/see.h"

/* Captures followed this deep at most, so that a long exchange never runs away. */
#define QS_DEPTH_MAX 8
#define PROBE_STACK (QS_DEPTH_MAX + 4)

struct probe {
	struct state st[PROBE_STACK];
	uint64_t nodes;
};

/* Captures of the most valuable victim first, then by the cheapest attacker. */
static void order_captures(const struct position *pos, move_t *list, int n)
{
	int key[MAX_MOVES];
	for (int i = 0; i < n; i++) {
		int victim = move_kind(list[i]) == MOVE_EN_PASSANT ? PAWN : piece_type(piece_on(pos, move_to(list[i])));
		key[i] = see_value[victim] * 8 - piece_type(moved_piece(pos, list[i]));
	}
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && key[j] > key[j - 1]; j--) {
			int k = key[j];
			key[j] = key[j - 1];
			key[j - 1] = k;
			move_t m = list[j];
			list[j] = list[j - 1];
			list[j - 1] = m;
		}
}

static score_t quiesce(struct probe *p, struct position *pos, int ply, score_t alpha, score_t beta);

/* The best of list[0..n) by quiescence after each (st[ply] holds the move's state), from best so far. */
static score_t best_reply(struct probe *p, struct position *pos, const move_t *list, int n, int ply, bool see_prune,
                          score_t best, score_t alpha, score_t beta)
{
	for (int i = 0; i < n; i++) {
		if (see_prune && !see_ge(pos, list[i], 0))
			continue;
		pos_make_move(pos, list[i], &p->st[ply]);
		score_t v = -quiesce(p, pos, ply + 1, -beta, -alpha);
		pos_unmake_move(pos);
		if (v > best) {
			best = v;
			if (v > alpha)
				alpha = v;
			if (v >= beta)
				break;
		}
	}
	return best;
}

static score_t quiesce(struct probe *p, struct position *pos, int ply, score_t alpha, score_t beta)
{
	p->nodes++;
	bool check = in_check(pos);
	move_t list[MAX_MOVES];
	int n = generate(pos, check ? GEN_EVASIONS : GEN_CAPTURES, list);
	if (check && n == 0)
		return mated_in(ply);
	score_t best = -SCORE_INFINITE;
	if (!check) {
		best = evaluate(pos, NULL);
		if (best >= beta || ply >= QS_DEPTH_MAX)
			return best;
		if (best > alpha)
			alpha = best;
	} else if (ply >= QS_DEPTH_MAX) {
		return evaluate(pos, NULL);
	}
	order_captures(pos, list, n);
	return best_reply(p, pos, list, n, ply, !check, best, alpha, beta);
}

/* One ply of every legal move (the opponent's replies), then quiescence. */
static score_t one_ply(struct probe *p, struct position *pos, score_t alpha, score_t beta)
{
	p->nodes++;
	move_t list[MAX_MOVES];
	int n = generate_legal(pos, list);
	if (n == 0)
		return in_check(pos) ? mated_in(1) : SCORE_DRAW;
	int ncap = 0;
	for (int i = 0; i < n; i++)
		if (is_capture(pos, list[i]) || move_kind(list[i]) == MOVE_PROMOTION) {
			move_t m = list[ncap];
			list[ncap++] = list[i];
			list[i] = m;
		}
	order_captures(pos, list, ncap);
	return best_reply(p, pos, list, n, 2, false, -SCORE_INFINITE, alpha, beta);
}

/* A draw by the fifty-move rule or a repetition is not seen by the probe: a person rarely weighs it either. */
uint64_t human_probe_moves(struct position *pos, const move_t *list, int n, score_t *q, score_t *d1)
{
	struct probe p = { .nodes = 0 };
	score_t best_q = -SCORE_INFINITE, best_d1 = -SCORE_INFINITE;
	for (int i = 0; i < n; i++) {
		pos_make_move(pos, list[i], &p.st[0]);
		score_t floor_q = best_q == -SCORE_INFINITE ? -SCORE_INFINITE : best_q - HUMAN_PROBE_CAP;
		score_t floor_d1 = best_d1 == -SCORE_INFINITE ? -SCORE_INFINITE : best_d1 - HUMAN_PROBE_CAP;
		q[i] = -quiesce(&p, pos, 1, -SCORE_INFINITE, -floor_q);
		d1[i] = -one_ply(&p, pos, -SCORE_INFINITE, -floor_d1);
		pos_unmake_move(pos);
		if (q[i] > best_q)
			best_q = q[i];
		if (d1[i] > best_d1)
			best_d1 = d1[i];
	}
	return p.nodes;
}
