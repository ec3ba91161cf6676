/* The people's policy network: inputs, moves and the forward pass (see policy.h). */
#include "people/policy.h"

#include <stdlib.h>
#include <string.h>

#include "engine/see.h"
#include "rules/bitboard.h"

#if defined(__GNUC__) && !defined(__clang__)
/* The loops run over the hidden units: let GCC vectorise them. */
#pragma GCC optimize("O3")
#endif

size_t pp_count(int hidden)
{
	size_t h = (size_t)hidden;
	return PP_INPUTS * h + h + PP_MOVE_ROWS * h + PP_MOVE_ROWS + 64 * 64 + PP_RATING_INPUTS * PP_MOVE_FACTS;
}

void pp_views(struct pp_net *net, int hidden, float *p)
{
	size_t h = (size_t)hidden;
	net->hidden = hidden;
	net->count = pp_count(hidden);
	net->p = p;
	net->w1 = p;
	net->b1 = net->w1 + PP_INPUTS * h;
	net->rows = net->b1 + h;
	net->row_bias = net->rows + PP_MOVE_ROWS * h;
	net->pair_bias = net->row_bias + PP_MOVE_ROWS;
	net->facts = net->pair_bias + 64 * 64;
}

int pp_rating_bucket(int rating)
{
	int b = (rating - (PP_BUCKET_CENTRE_0 - PP_BUCKET_WIDTH / 2)) / PP_BUCKET_WIDTH;
	return b < 0 ? 0 : b >= PP_RATING_INPUTS ? PP_RATING_INPUTS - 1 : b;
}

/* A square as the mover sees it: the board turned over (rank 1 to 8) for Black. */
static inline int seen(int us, int sq) { return sq ^ (us * 56); }

/* Every square that color's pieces attack. */
static bitboard_t attacks_of(const struct position *pos, int color)
{
	bitboard_t occ = occupied(pos), att = pawns_attacks_bb(color, pieces_of(pos, color, PAWN));
	bitboard_t b = pos->by_color[color] & ~pieces(pos, PAWN);
	while (b) {
		int sq = pop_lsb(&b);
		att |= piece_attacks(piece_type(piece_on(pos, sq)), sq, occ);
	}
	return att;
}

/* Is the piece on sq (not a king) en prise: attacked, and undefended or attacked by a cheaper piece? */
static bool en_prise(const struct position *pos, int sq, bitboard_t occ)
{
	int pc = piece_on(pos, sq), color = piece_color(pc);
	bitboard_t all = attackers_to(pos, sq, occ), att = all & pos->by_color[!color];
	if (!att)
		return false;
	if (!(all & pos->by_color[color]))
		return true;
	int cheapest = see_value[KING];
	while (att) {
		int v = see_value[piece_type(piece_on(pos, pop_lsb(&att)))];
		cheapest = v < cheapest ? v : cheapest;
	}
	return cheapest < see_value[piece_type(pc)];
}

/* The threat inputs of one side's pieces (theirs: 0 for the mover's own) into feat from n; returns n. */
static int threat_inputs(const struct position *pos, int us, int theirs, int16_t *feat, int n)
{
	int side = theirs ? !us : us;
	int base = PP_PIECE_INPUTS + PP_RATING_INPUTS + PP_CASTLE_INPUTS + PP_LAST_INPUTS + theirs * (64 + 5 * 64);
	bitboard_t occ = occupied(pos), hit = pos->by_color[side] & attacks_of(pos, !side) & ~pieces(pos, KING);
	while (hit) {
		int sq = pop_lsb(&hit);
		feat[n++] = (int16_t)(base + seen(us, sq));
		if (en_prise(pos, sq, occ))
			feat[n++] = (int16_t)(base + 64 + (piece_type(piece_on(pos, sq)) - 1) * 64 + seen(us, sq));
	}
	return n;
}

int pp_inputs(const struct position *pos, move_t last, int rating, int16_t feat[PP_MAX_ACTIVE])
{
	int us = pos->side, n = 0;
	bitboard_t occ = occupied(pos);
	while (occ && n < 32) {
		int sq = pop_lsb(&occ), pc = piece_on(pos, sq);
		int theirs = piece_color(pc) != us;
		feat[n++] = (int16_t)((theirs * 6 + piece_type(pc) - 1) * 64 + seen(us, sq));
	}
	feat[n++] = (int16_t)(PP_PIECE_INPUTS + pp_rating_bucket(rating));
	int base = PP_PIECE_INPUTS + PP_RATING_INPUTS, rights = pos->st->castling;
	int own = us == WHITE ? rights & 3 : rights >> 2 & 3, other = us == WHITE ? rights >> 2 & 3 : rights & 3;
	for (int i = 0; i < 2; i++) {
		if (own >> i & 1)
			feat[n++] = (int16_t)(base + i);
		if (other >> i & 1)
			feat[n++] = (int16_t)(base + 2 + i);
	}
	base += PP_CASTLE_INPUTS;
	if (last != MOVE_NONE && last != MOVE_NULL) {
		feat[n++] = (int16_t)(base + seen(us, move_from(last)));
		feat[n++] = (int16_t)(base + 64 + seen(us, move_to(last)));
	}
	/* At most 15 pieces of a side besides its king, two inputs each: 32 + 1 + 4 + 2 + 60 stays within PP_MAX_ACTIVE. */
	n = threat_inputs(pos, us, 0, feat, n);
	return threat_inputs(pos, us, 1, feat, n);
}

/* The first row of each kind of a move's rows. */
enum { ROW_FROM = 0, ROW_TO = 64, ROW_PIECE_TO = 128, ROW_PROMO = 128 + 6 * 64, ROW_PIECE_FROM = ROW_PROMO + 4,
       ROW_CAPTURED = ROW_PIECE_FROM + 6 * 64 };

void pp_move_of(const struct position *pos, move_t last, move_t m, struct pp_move *out)
{
	int us = pos->side, from = seen(us, move_from(m)), to = seen(us, move_to(m));
	int type = piece_type(moved_piece(pos, m));
	bool capture = is_capture(pos, m);
	out->nrows = 0;
	out->rows[out->nrows++] = ROW_FROM + from;
	out->rows[out->nrows++] = ROW_TO + to;
	out->rows[out->nrows++] = ROW_PIECE_TO + (type - 1) * 64 + to;
	out->rows[out->nrows++] = ROW_PIECE_FROM + (type - 1) * 64 + from;
	if (move_kind(m) == MOVE_PROMOTION)
		out->rows[out->nrows++] = ROW_PROMO + move_promotion(m) - KNIGHT;
	if (capture) {
		int taken = move_kind(m) == MOVE_EN_PASSANT ? PAWN : piece_type(piece_on(pos, move_to(m)));
		out->rows[out->nrows++] = ROW_CAPTURED + taken - PAWN;
	}
	out->pair = from * 64 + to;
	bitboard_t theirs = pos->by_color[!us], occ = occupied(pos);
	bool loses = !see_ge(pos, m, 0);
	bool flees = (attackers_to(pos, move_from(m), occ) & theirs) != 0;
	out->fact[PP_CAPTURE] = capture;
	out->fact[PP_CHECK] = pos_gives_check(pos, m);
	out->fact[PP_LOSES_EXCHANGE] = loses;
	out->fact[PP_RECAPTURE] = capture && last != MOVE_NONE && last != MOVE_NULL && move_to(last) == move_to(m);
	out->fact[PP_FLEES] = flees;
	out->fact[PP_WINS] = capture && see_ge(pos, m, 1);
	out->fact[PP_TO_ATTACKED] = (attackers_to(pos, move_to(m), occ ^ square_bb(move_from(m))) & theirs) != 0;
	out->fact[PP_SAFE_FLIGHT] = flees && !loses;
}

void pp_hidden(const struct pp_net *net, const int16_t *feat, int n, float *acc, float *h)
{
	int hidden = net->hidden;
	memcpy(acc, net->b1, (size_t)hidden * sizeof *acc);
	for (int k = 0; k < n; k++) {
		const float *w = net->w1 + (size_t)feat[k] * (size_t)hidden;
		for (int j = 0; j < hidden; j++)
			acc[j] += w[j];
	}
	for (int j = 0; j < hidden; j++)
		h[j] = acc[j] < 0 ? 0 : acc[j] > 1 ? 1 : acc[j];
}

float pp_move_logit(const struct pp_net *net, const float *h, int bucket, const struct pp_move *mv)
{
	int hidden = net->hidden;
	float z = net->pair_bias[mv->pair];
	/* Eight running sums, so that the compiler may keep them in one vector (hidden is a multiple of 8). */
	float part[8] = { 0 };
	for (int r = 0; r < mv->nrows; r++) {
		const float *w = net->rows + (size_t)mv->rows[r] * (size_t)hidden;
		for (int j = 0; j < hidden; j += 8)
			for (int k = 0; k < 8; k++)
				part[k] += h[j + k] * w[j + k];
		z += net->row_bias[mv->rows[r]];
	}
	for (int k = 0; k < 8; k++)
		z += part[k];
	const float *u = net->facts + bucket * PP_MOVE_FACTS;
	for (int k = 0; k < PP_MOVE_FACTS; k++)
		z += u[k] * mv->fact[k];
	return z;
}

void pp_logits(const struct pp_net *net, const struct position *pos, int rating, const move_t *moves, int n,
               float *logit)
{
	int16_t feat[PP_MAX_ACTIVE];
	float acc[PP_HIDDEN_MAX], h[PP_HIDDEN_MAX];
	move_t last = pos->st->move;
	pp_hidden(net, feat, pp_inputs(pos, last, rating, feat), acc, h);
	int bucket = pp_rating_bucket(rating);
	for (int i = 0; i < n; i++) {
		struct pp_move mv;
		pp_move_of(pos, last, moves[i], &mv);
		logit[i] = pp_move_logit(net, h, bucket, &mv);
	}
}
