/*
 * Legal move generation.  Checks, double checks and pins are resolved while
 * generating, so every move written is legal and perft can count the last
 * ply without making it.
 */
#include "movegen.h"

/* What the generator needs to know once per call. */
struct gen_ctx {
	const struct position *pos;
	int us, them, ksq;
	bitboard_t pinned;  /* our pieces pinned to our king */
	bitboard_t target;  /* squares non-king moves may go to (stage and check mask) */
	move_t *out;
};

static inline bool pin_allows(const struct gen_ctx *g, int from, int to)
{
	return !(g->pinned & square_bb(from)) || aligned(g->ksq, from, to);
}

static inline void add_promotions(struct gen_ctx *g, int from, int to, bool under)
{
	*g->out++ = make_promotion(from, to, QUEEN);
	if (under) {
		*g->out++ = make_promotion(from, to, ROOK);
		*g->out++ = make_promotion(from, to, BISHOP);
		*g->out++ = make_promotion(from, to, KNIGHT);
	}
}

/* Moves in `to_set`, each coming from to - delta. */
static void add_pawn_moves(struct gen_ctx *g, bitboard_t to_set, int delta, bool promote)
{
	while (to_set) {
		int to = pop_lsb(&to_set), from = to - delta;
		if (!pin_allows(g, from, to))
			continue;
		if (promote)
			add_promotions(g, from, to, true);
		else
			*g->out++ = make_move(from, to);
	}
}

static void gen_pawn_moves(struct gen_ctx *g, enum gen_type type, bitboard_t check_mask)
{
	const struct position *pos = g->pos;
	int us = g->us;
	bitboard_t pawns = pieces_of(pos, us, PAWN);
	bitboard_t empty = ~occupied(pos);
	bitboard_t enemies = pos->by_color[g->them] & check_mask;
	bitboard_t last = us == WHITE ? RANK_8_BB : RANK_1_BB;
	bitboard_t third = us == WHITE ? rank_bb(2) : rank_bb(5);
	int up = pawn_push(us);
	int up_east = up + 1, up_west = up - 1;

	bitboard_t push1 = shift_forward(us, pawns) & empty;
	if (type != GEN_CAPTURES) {
		bitboard_t push2 = shift_forward(us, push1 & third) & empty & check_mask;
		add_pawn_moves(g, push1 & ~last & check_mask, up, false);
		add_pawn_moves(g, push2, 2 * up, false);
	}
	if (type != GEN_QUIETS) {
		bitboard_t east = shift_east(shift_forward(us, pawns)) & enemies;
		bitboard_t west = shift_west(shift_forward(us, pawns)) & enemies;
		add_pawn_moves(g, push1 & last & check_mask, up, true);
		add_pawn_moves(g, east & last, up_east, true);
		add_pawn_moves(g, west & last, up_west, true);
		add_pawn_moves(g, east & ~last, up_east, false);
		add_pawn_moves(g, west & ~last, up_west, false);
		int ep = pos->st->ep;
		if (ep != SQ_NONE) {
			bitboard_t takers = pawn_attacks[g->them][ep] & pawns;
			while (takers) {
				int from = pop_lsb(&takers);
				if (ep_capture_legal(pos, from, ep))
					*g->out++ = make_move_kind(from, ep, MOVE_EN_PASSANT);
			}
		}
	}
}

static void gen_piece_moves(struct gen_ctx *g, int type)
{
	const struct position *pos = g->pos;
	bitboard_t occ = occupied(pos);
	bitboard_t from_set = pieces_of(pos, g->us, type);
	if (type == KNIGHT)
		from_set &= ~g->pinned; /* a pinned knight can never move */
	while (from_set) {
		int from = pop_lsb(&from_set);
		bitboard_t to_set = piece_attacks(type, from, occ) & g->target;
		if (g->pinned & square_bb(from))
			to_set &= line_bb(g->ksq, from);
		while (to_set)
			*g->out++ = make_move(from, pop_lsb(&to_set));
	}
}

static bool square_attacked(const struct position *pos, int sq, int by, bitboard_t occ)
{
	return (attackers_to(pos, sq, occ) & pos->by_color[by]) != 0;
}

static void gen_king_moves(struct gen_ctx *g, bitboard_t to_mask)
{
	const struct position *pos = g->pos;
	/* The king leaves its square, so sliders see through it to the squares behind. */
	bitboard_t occ = occupied(pos) ^ square_bb(g->ksq);
	bitboard_t to_set = king_attacks[g->ksq] & to_mask;
	while (to_set) {
		int to = pop_lsb(&to_set);
		if (!square_attacked(pos, to, g->them, occ))
			*g->out++ = make_move(g->ksq, to);
	}
}

static void gen_castling(struct gen_ctx *g)
{
	const struct position *pos = g->pos;
	int us = g->us;
	int rights = pos->st->castling & (us == WHITE ? WHITE_OO | WHITE_OOO : BLACK_OO | BLACK_OOO);
	int base = relative_square(us, SQ_A1);
	if (!rights)
		return;
	if ((rights & (WHITE_OO | BLACK_OO)) && !(between_bb(base + 4, base + 7) & occupied(pos)) &&
	    !square_attacked(pos, base + 5, g->them, occupied(pos)) &&
	    !square_attacked(pos, base + 6, g->them, occupied(pos)))
		*g->out++ = make_move_kind(base + 4, base + 6, MOVE_CASTLING);
	if ((rights & (WHITE_OOO | BLACK_OOO)) && !(between_bb(base + 4, base) & occupied(pos)) &&
	    !square_attacked(pos, base + 3, g->them, occupied(pos)) &&
	    !square_attacked(pos, base + 2, g->them, occupied(pos)))
		*g->out++ = make_move_kind(base + 4, base + 2, MOVE_CASTLING);
}

int generate(const struct position *pos, enum gen_type type, move_t *list)
{
	struct gen_ctx g;
	g.pos = pos;
	g.us = pos->side;
	g.them = !pos->side;
	g.ksq = king_square(pos, g.us);
	g.pinned = pos->st->blockers[g.us] & pos->by_color[g.us];
	g.out = list;

	bitboard_t checkers = pos->st->checkers;
	bitboard_t stage_mask = type == GEN_CAPTURES ? pos->by_color[g.them]
	                        : type == GEN_QUIETS ? ~occupied(pos)
	                                             : ~pos->by_color[g.us];
	if (type == GEN_EVASIONS)
		type = GEN_ALL;
	if (!more_than_one(checkers)) {
		bitboard_t check_mask = checkers ? between_bb(g.ksq, lsb(checkers)) | checkers : ~0ULL;
		g.target = stage_mask & check_mask;
		gen_pawn_moves(&g, type, check_mask);
		for (int pt = KNIGHT; pt <= QUEEN; pt++)
			gen_piece_moves(&g, pt);
		if (type != GEN_CAPTURES && !checkers)
			gen_castling(&g);
	}
	gen_king_moves(&g, stage_mask);
	return (int)(g.out - list);
}

bool move_is_legal(const struct position *pos, move_t m)
{
	move_t list[MAX_MOVES];
	int n = generate_legal(pos, list);
	for (int i = 0; i < n; i++)
		if (list[i] == m)
			return true;
	return false;
}

uint64_t perft(struct position *pos, int depth)
{
	move_t list[MAX_MOVES];
	if (depth <= 0)
		return 1;
	int n = generate_legal(pos, list);
	if (depth == 1)
		return (uint64_t)n;
	uint64_t nodes = 0;
	for (int i = 0; i < n; i++) {
		pos_make_move(pos, list[i]);
		nodes += perft(pos, depth - 1);
		pos_unmake_move(pos);
	}
	return nodes;
}
