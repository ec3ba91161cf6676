/*
 * Legal move generation.  Checks, double checks and pins are resolved while
 * generating, so every move written is legal.  The same code, specialised at
 * compile time, counts the moves without writing them: perft's last ply is a
 * handful of popcounts.
 */
#include "rules/movegen.h"

/* What the generator needs to know once per call. */
struct gen_ctx {
	const struct position *pos;
	int us, them, ksq;
	bitboard_t pinned; /* our pieces pinned to our king */
	bitboard_t target; /* squares non-king moves may go to (stage and check mask) */
	move_t *out;       /* where moves go, when writing */
	int count;         /* how many, when counting */
};

#define ALWAYS_INLINE inline __attribute__((always_inline))

/*
 * Counting is all popcounts.  A portable x86-64 build lacks the POPCNT
 * instruction, so the counters are compiled twice and perft picks the POPCNT
 * copy at its root on every CPU that has it (all since 2008); the builtins
 * become the instruction there.  The pick is a plain test at run time, not
 * target_clones: their ifunc resolver runs before a sanitizer's runtime is up,
 * and ThreadSanitizer crashed in it before main.
 */
#if defined(__x86_64__) && !defined(__POPCNT__) && defined(__GNUC__)
#define POPCNT_TARGET __attribute__((target("popcnt")))
#define CPU_HAS_POPCNT() __builtin_cpu_supports("popcnt")
#else
#define POPCNT_TARGET
#define CPU_HAS_POPCNT() false
#endif

/* Moves from one square to each square of to_set. */
static ALWAYS_INLINE void emit_moves(struct gen_ctx *g, bool counting, int from, bitboard_t to_set)
{
	if (counting) {
		g->count += __builtin_popcountll(to_set);
		return;
	}
	while (to_set)
		*g->out++ = make_move(from, pop_lsb(&to_set));
}

/* Pawn moves onto each square of to_set, each from to - delta; four each when promoting. */
static ALWAYS_INLINE void emit_pawn_moves(struct gen_ctx *g, bool counting, bitboard_t to_set, int delta,
                                          bool promote)
{
	if (counting) {
		g->count += __builtin_popcountll(to_set) * (promote ? 4 : 1);
		return;
	}
	while (to_set) {
		int to = pop_lsb(&to_set), from = to - delta;
		if (promote) {
			*g->out++ = make_promotion(from, to, QUEEN);
			*g->out++ = make_promotion(from, to, ROOK);
			*g->out++ = make_promotion(from, to, BISHOP);
			*g->out++ = make_promotion(from, to, KNIGHT);
		} else {
			*g->out++ = make_move(from, to);
		}
	}
}

/* One colour's pawns from `pawns`, all of which may move to any square of `allowed`. */
static ALWAYS_INLINE void gen_pawn_set(struct gen_ctx *g, bool counting, enum gen_type type, bitboard_t pawns,
                                       bitboard_t allowed)
{
	const struct position *pos = g->pos;
	int us = g->us, up = pawn_push(us);
	bitboard_t empty = ~occupied(pos);
	bitboard_t last = us == WHITE ? RANK_8_BB : RANK_1_BB;
	bitboard_t third = us == WHITE ? rank_bb(2) : rank_bb(5);
	bitboard_t push1 = shift_forward(us, pawns) & empty;

	if (type != GEN_CAPTURES) {
		bitboard_t push2 = shift_forward(us, push1 & third) & empty & allowed;
		emit_pawn_moves(g, counting, push1 & ~last & allowed, up, false);
		emit_pawn_moves(g, counting, push2, 2 * up, false);
	}
	if (type != GEN_QUIETS) {
		bitboard_t enemies = pos->by_color[g->them] & allowed;
		bitboard_t east = shift_east(shift_forward(us, pawns)) & enemies;
		bitboard_t west = shift_west(shift_forward(us, pawns)) & enemies;
		emit_pawn_moves(g, counting, push1 & last & allowed, up, true);
		emit_pawn_moves(g, counting, east & last, up + 1, true);
		emit_pawn_moves(g, counting, west & last, up - 1, true);
		emit_pawn_moves(g, counting, east & ~last, up + 1, false);
		emit_pawn_moves(g, counting, west & ~last, up - 1, false);
	}
}

static ALWAYS_INLINE void gen_pawn_moves(struct gen_ctx *g, bool counting, enum gen_type type,
                                         bitboard_t check_mask)
{
	const struct position *pos = g->pos;
	bitboard_t pawns = pieces_of(pos, g->us, PAWN);
	bitboard_t pinned = pawns & g->pinned;

	/* Free pawns in bulk; a pinned pawn alone, along its pin line. */
	gen_pawn_set(g, counting, type, pawns & ~pinned, check_mask);
	while (pinned) {
		int from = pop_lsb(&pinned);
		gen_pawn_set(g, counting, type, square_bb(from), check_mask & line_bb(g->ksq, from));
	}
	int ep = pos->st->ep;
	if (type != GEN_QUIETS && ep != SQ_NONE) {
		/* Whether it answers a check or uncovers one is settled by ep_capture_legal. */
		bitboard_t takers = pawn_attacks[g->them][ep] & pawns;
		while (takers) {
			int from = pop_lsb(&takers);
			if (!ep_capture_legal(pos, from, ep))
				continue;
			if (counting)
				g->count++;
			else
				*g->out++ = make_move_kind(from, ep, MOVE_EN_PASSANT);
		}
	}
}

static ALWAYS_INLINE void gen_piece_moves(struct gen_ctx *g, bool counting, int type)
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
		emit_moves(g, counting, from, to_set);
	}
}

static inline bool square_attacked(const struct position *pos, int sq, int by, bitboard_t occ)
{
	return (attackers_to(pos, sq, occ) & pos->by_color[by]) != 0;
}

static ALWAYS_INLINE void gen_king_moves(struct gen_ctx *g, bool counting, bitboard_t to_mask)
{
	const struct position *pos = g->pos;
	/* The king leaves its square, so sliders see through it to the squares behind. */
	bitboard_t occ = occupied(pos) ^ square_bb(g->ksq);
	bitboard_t to_set = king_attacks[g->ksq] & to_mask, safe = 0;
	while (to_set) {
		int to = pop_lsb(&to_set);
		if (!square_attacked(pos, to, g->them, occ))
			safe |= square_bb(to);
	}
	emit_moves(g, counting, g->ksq, safe);
}

/*
 * Castling by Chess960's rules (rules/castling.h), short first.  The squares both pieces cross and land on must be
 * empty but for the two; the king may not pass through or land on an attacked square, which the rook may (b1 on
 * the long side).  Attacks are seen without the rook, which no longer stands where it did: in Chess960 it can
 * shield the king's destination from a rook or queen behind it on the rank.
 */
static ALWAYS_INLINE void gen_one_castling(struct gen_ctx *g, bool counting, int index, bitboard_t occ)
{
	const struct position *pos = g->pos;
	if (!(pos->st->castling & 1 << index) || (pos->castling_path[index] & occ))
		return;
	int king_to = relative_square(g->us, index % 2 ? SQ_C1 : SQ_G1);
	bitboard_t seen = occ ^ square_bb(pos->castling_rook[index]);
	bitboard_t path = between_bb(g->ksq, king_to) | square_bb(king_to);
	while (path)
		if (square_attacked(pos, pop_lsb(&path), g->them, seen))
			return;
	if (counting)
		g->count++;
	else
		*g->out++ = make_move_kind(g->ksq, king_to, MOVE_CASTLING);
}

static ALWAYS_INLINE void gen_castling(struct gen_ctx *g, bool counting)
{
	int index = g->us * 2;
	if (!(g->pos->st->castling & 3 << index))
		return;
	bitboard_t occ = occupied(g->pos);
	gen_one_castling(g, counting, index, occ);
	gen_one_castling(g, counting, index + 1, occ);
}

static ALWAYS_INLINE int gen_legal(const struct position *pos, enum gen_type type, move_t *list, bool counting)
{
	struct gen_ctx g;
	g.pos = pos;
	g.us = pos->side;
	g.them = !pos->side;
	g.ksq = king_square(pos, g.us);
	g.pinned = pos->st->blockers[g.us] & pos->by_color[g.us];
	g.out = list;
	g.count = 0;

	bitboard_t checkers = pos->st->checkers;
	bitboard_t stage_mask = type == GEN_CAPTURES ? pos->by_color[g.them]
	                        : type == GEN_QUIETS ? ~occupied(pos)
	                                             : ~pos->by_color[g.us];
	if (type == GEN_EVASIONS)
		type = GEN_ALL;
	/* In double check only the king can move. */
	if (!more_than_one(checkers)) {
		bitboard_t check_mask = checkers ? between_bb(g.ksq, lsb(checkers)) | checkers : ~0ULL;
		g.target = stage_mask & check_mask;
		gen_pawn_moves(&g, counting, type, check_mask);
		gen_piece_moves(&g, counting, KNIGHT);
		gen_piece_moves(&g, counting, BISHOP);
		gen_piece_moves(&g, counting, ROOK);
		gen_piece_moves(&g, counting, QUEEN);
		if (type != GEN_CAPTURES && !checkers)
			gen_castling(&g, counting);
	}
	gen_king_moves(&g, counting, stage_mask);
	return counting ? g.count : (int)(g.out - list);
}

int generate(const struct position *pos, enum gen_type type, move_t *list)
{
	return gen_legal(pos, type, list, false);
}

static int count_plain(const struct position *pos) { return gen_legal(pos, GEN_ALL, NULL, true); }
POPCNT_TARGET static int count_popcnt(const struct position *pos) { return gen_legal(pos, GEN_ALL, NULL, true); }

int count_legal(const struct position *pos) { return CPU_HAS_POPCNT() ? count_popcnt(pos) : count_plain(pos); }

/* The rare kinds (castling, en passant) are checked against the generator itself. */
static bool in_generated_list(const struct position *pos, move_t m)
{
	move_t list[MAX_MOVES];
	int n = generate_legal(pos, list);
	for (int i = 0; i < n; i++)
		if (list[i] == m)
			return true;
	return false;
}

/* Could this piece make this move on this board, ignoring checks and pins? */
static bool pseudo_legal(const struct position *pos, move_t m)
{
	int us = pos->side, from = move_from(m), to = move_to(m);
	int piece = pos->board[from];
	bitboard_t to_bb = square_bb(to);
	if (piece == NO_PIECE || piece_color(piece) != us || (pos->by_color[us] & to_bb))
		return false;
	if (piece_type(piece) != PAWN)
		return move_kind(m) == MOVE_NORMAL && (piece_attacks(piece_type(piece), from, occupied(pos)) & to_bb);
	/* A pawn reaching the last rank must promote, and only a pawn doing so may. */
	if ((relative_rank(us, to) == 7) != (move_kind(m) == MOVE_PROMOTION))
		return false;
	int up = pawn_push(us);
	if (pawn_attacks[us][from] & to_bb)
		return (pos->by_color[!us] & to_bb) != 0;
	if (to == from + up)
		return piece_on(pos, to) == NO_PIECE;
	return to == from + 2 * up && relative_rank(us, from) == 1 && piece_on(pos, from + up) == NO_PIECE &&
	       piece_on(pos, to) == NO_PIECE;
}

bool move_is_legal(const struct position *pos, move_t m)
{
	/* Only a promotion may carry a promotion piece: one encoding per move. */
	if (m == MOVE_NONE || m == MOVE_NULL || (move_kind(m) != MOVE_PROMOTION && (m >> 12 & 3)))
		return false;
	if (move_kind(m) == MOVE_CASTLING || move_kind(m) == MOVE_EN_PASSANT)
		return in_generated_list(pos, m);
	if (!pseudo_legal(pos, m))
		return false;
	int us = pos->side, from = move_from(m), to = move_to(m), ksq = king_square(pos, us);
	bitboard_t checkers = pos->st->checkers;
	if (from == ksq)
		return !square_attacked(pos, to, !us, occupied(pos) ^ square_bb(from));
	if (checkers && (more_than_one(checkers) || !((between_bb(ksq, lsb(checkers)) | checkers) & square_bb(to))))
		return false;
	return !(pos->st->blockers[us] & square_bb(from)) || aligned(ksq, from, to);
}

static uint64_t perft_plain(struct position *pos, int depth);
POPCNT_TARGET static uint64_t perft_popcnt(struct position *pos, int depth);

/* One perft, whose last ply counts with the counter of its kind (inlined: no call per leaf). */
static ALWAYS_INLINE uint64_t perft_with(struct position *pos, int depth, bool popcnt)
{
	move_t list[MAX_MOVES];
	if (depth <= 1)
		return depth <= 0 ? 1 : (uint64_t)(popcnt ? count_popcnt(pos) : count_plain(pos));
	int n = generate_legal(pos, list);
	uint64_t nodes = 0;
	struct state st;
	for (int i = 0; i < n; i++) {
		pos_make_move(pos, list[i], &st);
		nodes += popcnt ? perft_popcnt(pos, depth - 1) : perft_plain(pos, depth - 1);
		pos_unmake_move(pos);
	}
	return nodes;
}

static uint64_t perft_plain(struct position *pos, int depth) { return perft_with(pos, depth, false); }
POPCNT_TARGET static uint64_t perft_popcnt(struct position *pos, int depth) { return perft_with(pos, depth, true); }

uint64_t perft(struct position *pos, int depth)
{
	return CPU_HAS_POPCNT() ? perft_popcnt(pos, depth) : perft_plain(pos, depth);
}
