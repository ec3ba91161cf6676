/* The features of each legal move for the human move model. */
#include "people/human_features.h"

#include <math.h>
#include <string.h>

#include "people/human_probe.h"
#include "engine/see.h"

/* The same logistic curve as the annotator's (study/annotate.h), so that a "blunder" means one thing. */
#define EXPECTED_SCORE_K 0.00368208

double human_expected_score(score_t cp)
{
	if (cp >= SCORE_MATE_IN_MAX)
		return 1.0;
	if (cp <= SCORE_MATED_IN_MAX)
		return 0.0;
	return 1.0 / (1.0 + exp(-EXPECTED_SCORE_K * cp));
}

static int distance(int a, int b)
{
	int df = square_file(a) - square_file(b), dr = square_rank(a) - square_rank(b);
	df = df < 0 ? -df : df;
	dr = dr < 0 ? -dr : dr;
	return df > dr ? df : dr;
}

/* Steps from the nearest of the four centre squares. */
static int centre_distance(int sq)
{
	int f = square_file(sq), r = square_rank(sq);
	int df = f < 4 ? 3 - f : f - 4, dr = r < 4 ? 3 - r : r - 4;
	return df > dr ? df : dr;
}

/* The cheapest enemy piece attacking sq (by see_value), or 0 when none does. */
static int cheapest_attacker(const struct position *pos, int sq, int enemy, bitboard_t occ)
{
	bitboard_t att = attackers_to(pos, sq, occ) & pos->by_color[enemy];
	int best = 0;
	for (; att; att &= att - 1) {
		int v = see_value[piece_type(piece_on(pos, __builtin_ctzll(att)))];
		if (!best || v < best)
			best = v;
	}
	return best;
}

static void loss_features(float *f, score_t v, score_t best, bool q)
{
	double loss = human_expected_score(best) - human_expected_score(v);
	int pawns = best - v;
	f[q ? HF_LOSS_Q : HF_LOSS_D1] = (float)loss;
	f[q ? HF_PAWNS_Q : HF_PAWNS_D1] = (float)(pawns > HUMAN_PROBE_CAP_PAWNS * 100 ? HUMAN_PROBE_CAP_PAWNS
	                                                                         : pawns / 100.0);
	f[q ? HF_BEST_Q : HF_BEST_D1] = v == best;
}

static void move_features(const struct position *pos, move_t m, float *f)
{
	int us = pos->side, them = !us, from = move_from(m), to = move_to(m);
	int piece = piece_type(moved_piece(pos, m));
	const struct state *st = pos->st;
	move_t last = st->prev ? st->move : MOVE_NONE;
	move_t own_last = st->prev && st->prev->prev ? st->prev->move : MOVE_NONE;
	bool opening = pos->fullmove <= 12, queens = pieces(pos, QUEEN) != 0;
	bitboard_t occ = occupied(pos);

	if (is_capture(pos, m)) {
		int victim = move_kind(m) == MOVE_EN_PASSANT ? PAWN : piece_type(piece_on(pos, to));
		f[HF_CAPTURE] = 1;
		f[HF_VICTIM] = (float)see_value[victim] / (float)see_value[QUEEN];
		f[HF_RECAPTURE] = last != MOVE_NONE && move_to(last) == to;
	}
	f[HF_CHECK] = pos_gives_check(pos, m);
	f[HF_PROMOTION] = move_kind(m) == MOVE_PROMOTION && move_promotion(m) == QUEEN;
	f[HF_CASTLING] = move_kind(m) == MOVE_CASTLING;
	f[HF_PAWN + piece - PAWN] = 1;
	int attacker = cheapest_attacker(pos, from, them, occ);
	bool guarded = (attackers_to(pos, from, occ) & pos->by_color[us]) != 0;
	f[HF_ESCAPE] = piece != KING && attacker && (attacker < see_value[piece] || !guarded);
	f[HF_TO_ATTACKED] = move_kind(m) != MOVE_CASTLING && cheapest_attacker(pos, to, them, occ & ~(1ULL << from)) != 0;
	if (piece == PAWN)
		f[HF_PAWN_RANK] = (float)relative_rank(us, to) / 7.0f;
	f[HF_DEVELOP] = opening && (piece == KNIGHT || piece == BISHOP) && relative_rank(us, from) == 0;
	f[HF_EARLY_QUEEN] = pos->fullmove <= 8 && piece == QUEEN;
	f[HF_KING_WALK] = piece == KING && move_kind(m) != MOVE_CASTLING && queens;
	f[HF_RETREAT] = piece != PAWN && relative_rank(us, to) < relative_rank(us, from);
	f[HF_DISTANCE] = move_kind(m) == MOVE_CASTLING ? 0 : (float)distance(from, to) / 7.0f;
	f[HF_SAME_PIECE] = own_last != MOVE_NONE && move_to(own_last) == from;
	f[HF_NEAR_LAST] = last != MOVE_NONE && distance(move_to(last), to) <= 1;
	f[HF_CENTRE] = (float)(centre_distance(from) - centre_distance(to)) / 3.0f;
}

void human_features(const struct position *pos, const move_t *list, int n, const score_t *q, const score_t *d1,
                    move_t search_best, float (*f)[HUMAN_FEATURES])
{
	score_t best_q = -SCORE_INFINITE, best_d1 = -SCORE_INFINITE;
	for (int i = 0; i < n; i++) {
		best_q = q[i] > best_q ? q[i] : best_q;
		best_d1 = d1[i] > best_d1 ? d1[i] : best_d1;
	}
	for (int i = 0; i < n; i++) {
		memset(f[i], 0, sizeof f[i]);
		loss_features(f[i], q[i], best_q, true);
		loss_features(f[i], d1[i], best_d1, false);
		f[i][HF_SEARCH_BEST] = list[i] == search_best;
		move_features(pos, list[i], f[i]);
	}
}
