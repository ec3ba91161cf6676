/* The position: Zobrist keys, make and unmake, checks and pins, the consistency check. */
#include "rules/position.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "rules/psqt.h"

struct zobrist zobrist;

/* A fixed-seed xorshift generator: the same keys on every run and machine. */
static uint64_t next_random(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

/* The tables every position needs; run once by position_init. */
static void init_tables(void)
{
	attacks_init();
	uint64_t seed = 1070372ULL;
	for (int p = 0; p < PIECE_NB; p++)
		for (int sq = 0; sq < SQ_NB; sq++)
			zobrist.piece_square[p][sq] = next_random(&seed);
	for (int f = 0; f < 8; f++)
		zobrist.ep_file[f] = next_random(&seed);
	/* Each right gets a key; a set of rights hashes to the xor of its members. */
	uint64_t right[4];
	for (int i = 0; i < 4; i++)
		right[i] = next_random(&seed);
	for (int cr = 0; cr < 16; cr++) {
		zobrist.castling[cr] = 0;
		for (int i = 0; i < 4; i++)
			if (cr & (1 << i))
				zobrist.castling[cr] ^= right[i];
	}
	zobrist.side = next_random(&seed);
}

void position_init(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, init_tables);
}

/* The three board edits; each keeps mailbox, bitboards and material in step (not the key). */
static inline void put_piece(struct position *pos, int piece, int sq)
{
	bitboard_t b = square_bb(sq);
	pos->board[sq] = (uint8_t)piece;
	pos->by_type[0] |= b;
	pos->by_type[piece_type(piece)] |= b;
	pos->by_color[piece_color(piece)] |= b;
	pos->psq += psq_table[piece][sq];
	if (piece_type(piece) != PAWN && piece_type(piece) != KING)
		pos->non_pawn_material[piece_color(piece)] += piece_value[piece_type(piece)];
}

static inline void remove_piece(struct position *pos, int sq)
{
	int piece = pos->board[sq];
	bitboard_t b = square_bb(sq);
	pos->board[sq] = NO_PIECE;
	pos->by_type[0] ^= b;
	pos->by_type[piece_type(piece)] ^= b;
	pos->by_color[piece_color(piece)] ^= b;
	pos->psq -= psq_table[piece][sq];
	if (piece_type(piece) != PAWN && piece_type(piece) != KING)
		pos->non_pawn_material[piece_color(piece)] -= piece_value[piece_type(piece)];
}

static inline void move_piece(struct position *pos, int from, int to)
{
	int piece = pos->board[from];
	bitboard_t b = square_bb(from) | square_bb(to);
	pos->board[from] = NO_PIECE;
	pos->board[to] = (uint8_t)piece;
	pos->by_type[0] ^= b;
	pos->by_type[piece_type(piece)] ^= b;
	pos->by_color[piece_color(piece)] ^= b;
	pos->psq += psq_table[piece][to] - psq_table[piece][from];
}

/* Pieces of either colour standing alone between a slider of the other colour and the king. */
static bitboard_t slider_blockers(const struct position *pos, int color, bitboard_t *pinners)
{
	int ksq = king_square(pos, color);
	int them = !color;
	bitboard_t snipers = ((rook_attacks(ksq, 0) & (pieces(pos, ROOK) | pieces(pos, QUEEN))) |
	                      (bishop_attacks(ksq, 0) & (pieces(pos, BISHOP) | pieces(pos, QUEEN)))) &
	                     pos->by_color[them];
	bitboard_t occ = occupied(pos) ^ snipers;
	bitboard_t blockers = 0;
	*pinners = 0;
	while (snipers) {
		int s = pop_lsb(&snipers);
		bitboard_t b = between_bb(ksq, s) & occ;
		if (b && !more_than_one(b)) {
			blockers |= b;
			if (b & pos->by_color[color])
				*pinners |= square_bb(s);
		}
	}
	return blockers;
}

/* The squares from which each piece type of the side to move would give check (struct state). */
static void update_check_squares(struct position *pos)
{
	struct state *st = pos->st;
	int them = !pos->side, ksq = king_square(pos, them);
	bitboard_t occ = occupied(pos);
	st->check_squares[PIECE_TYPE_NONE] = st->check_squares[KING] = 0;
	st->check_squares[PAWN] = pawn_attacks[them][ksq];
	st->check_squares[KNIGHT] = knight_attacks[ksq];
	st->check_squares[BISHOP] = bishop_attacks(ksq, occ);
	st->check_squares[ROOK] = rook_attacks(ksq, occ);
	st->check_squares[QUEEN] = st->check_squares[BISHOP] | st->check_squares[ROOK];
}

/* Checkers, blockers, pinners and checking squares: everything derived that movegen and the search need. */
static void update_check_info(struct position *pos)
{
	struct state *st = pos->st;
	int us = pos->side;
	st->checkers = attackers_to(pos, king_square(pos, us), occupied(pos)) & pos->by_color[!us];
	st->blockers[WHITE] = slider_blockers(pos, WHITE, &st->pinners[BLACK]);
	st->blockers[BLACK] = slider_blockers(pos, BLACK, &st->pinners[WHITE]);
	update_check_squares(pos);
}

/*
 * Can the side to move capture en passant on ep, with a pawn from `from`?  Only
 * then does the square count for the key, as FIDE's repetition rule wants.
 */
bool ep_capture_legal(const struct position *pos, int from, int ep)
{
	int us = pos->side, them = !us;
	int ksq = king_square(pos, us);
	int capsq = ep - pawn_push(us);
	bitboard_t occ = (occupied(pos) ^ square_bb(from) ^ square_bb(capsq)) | square_bb(ep);
	bitboard_t enemies = pos->by_color[them] & ~square_bb(capsq);
	bitboard_t attackers =
		(bishop_attacks(ksq, occ) & (pieces(pos, BISHOP) | pieces(pos, QUEEN))) |
		(rook_attacks(ksq, occ) & (pieces(pos, ROOK) | pieces(pos, QUEEN))) |
		(knight_attacks[ksq] & pieces(pos, KNIGHT)) |
		(pawn_attacks[us][ksq] & pieces(pos, PAWN));
	return (attackers & enemies) == 0;
}

/* Keeps st->ep only if some pawn of the side to move can legally take there. */
static void settle_ep(struct position *pos)
{
	struct state *st = pos->st;
	if (st->ep == SQ_NONE)
		return;
	bitboard_t takers = pawn_attacks[!pos->side][st->ep] & pieces_of(pos, pos->side, PAWN);
	while (takers)
		if (ep_capture_legal(pos, pop_lsb(&takers), st->ep)) {
			st->key ^= zobrist.ep_file[square_file(st->ep)];
			return;
		}
	st->ep = SQ_NONE;
}

void pos_make_move(struct position *pos, move_t m, struct state *st)
{
	struct state *prev = pos->st;
	pos->st = st;
	st->prev = prev;
	int us = pos->side, them = !us;
	int from = move_from(m), to = move_to(m), kind = move_kind(m);
	int piece = pos->board[from];
	int captured = kind == MOVE_EN_PASSANT ? make_piece(them, PAWN) : pos->board[to];
	uint64_t key = prev->key ^ zobrist.side;

	st->pawn_key = prev->pawn_key;
	st->rule50 = (uint16_t)(prev->rule50 + 1);
	st->plies_from_null = (uint16_t)(prev->plies_from_null + 1);
	st->move = m;
	if (prev->ep != SQ_NONE)
		key ^= zobrist.ep_file[square_file(prev->ep)];
	st->ep = SQ_NONE;

	if (kind == MOVE_CASTLING) {
		/* Both leave before either lands: in Chess960 one may land where the other stood. */
		int rfrom = castling_rook_from(pos, to), rto = castling_rook_to(to), rook = make_piece(us, ROOK);
		remove_piece(pos, from);
		remove_piece(pos, rfrom);
		put_piece(pos, piece, to);
		put_piece(pos, rook, rto);
		key ^= zobrist.piece_square[rook][rfrom] ^ zobrist.piece_square[rook][rto];
		captured = NO_PIECE;
	} else {
		if (captured != NO_PIECE) {
			int capsq = kind == MOVE_EN_PASSANT ? to - pawn_push(us) : to;
			remove_piece(pos, capsq);
			key ^= zobrist.piece_square[captured][capsq];
			if (piece_type(captured) == PAWN)
				st->pawn_key ^= zobrist.piece_square[captured][capsq];
			st->rule50 = 0;
		}
		move_piece(pos, from, to);
	}
	key ^= zobrist.piece_square[piece][from] ^ zobrist.piece_square[piece][to];

	st->castling = prev->castling & pos->castling_mask[from] & pos->castling_mask[to];
	key ^= zobrist.castling[prev->castling] ^ zobrist.castling[st->castling];

	if (piece_type(piece) == PAWN) {
		st->pawn_key ^= zobrist.piece_square[piece][from];
		if (kind == MOVE_PROMOTION) {
			int promoted = make_piece(us, move_promotion(m));
			remove_piece(pos, to);
			put_piece(pos, promoted, to);
			key ^= zobrist.piece_square[piece][to] ^ zobrist.piece_square[promoted][to];
		} else {
			st->pawn_key ^= zobrist.piece_square[piece][to];
			if ((to ^ from) == 16)
				st->ep = (uint8_t)(to - pawn_push(us));
		}
		st->rule50 = 0;
	} else if (piece_type(piece) == KING) {
		st->pawn_key ^= zobrist.piece_square[piece][from] ^ zobrist.piece_square[piece][to];
	}

	st->captured = (uint8_t)captured;
	st->piece = (uint8_t)piece;
	st->key = key;
	pos->side = them;
	if (us == BLACK)
		pos->fullmove++;
	update_check_info(pos);
	settle_ep(pos);
}

void pos_unmake_move(struct position *pos)
{
	struct state *st = pos->st;
	move_t m = st->move;
	int them = pos->side, us = !them;
	int from = move_from(m), to = move_to(m), kind = move_kind(m);

	pos->side = us;
	if (us == BLACK)
		pos->fullmove--;
	if (kind == MOVE_PROMOTION) {
		remove_piece(pos, to);
		put_piece(pos, make_piece(us, PAWN), to);
	}
	if (kind == MOVE_CASTLING) {
		int rfrom = castling_rook_from(pos, to), rto = castling_rook_to(to), king = pos->board[to];
		remove_piece(pos, to);
		remove_piece(pos, rto);
		put_piece(pos, king, from);
		put_piece(pos, make_piece(us, ROOK), rfrom);
		pos->st = st->prev;
		return;
	}
	move_piece(pos, to, from);
	if (st->captured != NO_PIECE) {
		int capsq = kind == MOVE_EN_PASSANT ? to - pawn_push(us) : to;
		put_piece(pos, st->captured, capsq);
	}
	pos->st = st->prev;
}

void pos_make_null(struct position *pos, struct state *st)
{
	struct state *prev = pos->st;
	*st = *prev;
	st->prev = prev;
	pos->st = st;
	st->key ^= zobrist.side;
	if (prev->ep != SQ_NONE)
		st->key ^= zobrist.ep_file[square_file(prev->ep)];
	st->ep = SQ_NONE;
	st->move = MOVE_NULL;
	st->captured = NO_PIECE;
	st->piece = NO_PIECE;
	st->rule50++;
	st->plies_from_null = 0;
	pos->side = !pos->side;
	/* Nobody is in check after a null move (it is never made in check), and pins stay; the checking squares turn
	   to the other king. */
	st->checkers = 0;
	update_check_squares(pos);
}

void pos_unmake_null(struct position *pos)
{
	pos->st = pos->st->prev;
	pos->side = !pos->side;
}

void pos_copy(struct position *dst, struct state *st, const struct position *src)
{
	*st = *src->st;
	*dst = *src;
	dst->st = st;
}

bool pos_gives_check(const struct position *pos, move_t m)
{
	int us = pos->side, them = !us;
	int from = move_from(m), to = move_to(m);
	int ksq = king_square(pos, them);
	int type = piece_type(pos->board[from]);
	bitboard_t occ = occupied(pos) ^ square_bb(from);

	switch (move_kind(m)) {
	case MOVE_PROMOTION:
		return (piece_attacks(move_promotion(m), to, occ | square_bb(to)) & square_bb(ksq)) != 0 ||
		       ((pos->st->blockers[them] & square_bb(from)) && !aligned(from, to, ksq));
	case MOVE_CASTLING: {
		/* The rook from its new square, or (Chess960) a slider of ours whose line the king or rook left. */
		int rfrom = castling_rook_from(pos, to), rto = castling_rook_to(to);
		occ = (occ ^ square_bb(rfrom)) | square_bb(to) | square_bb(rto);
		bitboard_t rooks = ((pieces_of(pos, us, ROOK) ^ square_bb(rfrom)) | square_bb(rto)) | pieces_of(pos, us, QUEEN);
		bitboard_t bishops = pieces_of(pos, us, BISHOP) | pieces_of(pos, us, QUEEN);
		return ((rook_attacks(ksq, occ) & rooks) | (bishop_attacks(ksq, occ) & bishops)) != 0;
	}
	case MOVE_EN_PASSANT: {
		int capsq = to - pawn_push(us);
		occ = (occ ^ square_bb(capsq)) | square_bb(to);
		if (pawn_attacks[us][to] & square_bb(ksq))
			return true;
		return ((bishop_attacks(ksq, occ) & (pieces_of(pos, us, BISHOP) | pieces_of(pos, us, QUEEN))) |
		        (rook_attacks(ksq, occ) & (pieces_of(pos, us, ROOK) | pieces_of(pos, us, QUEEN)))) != 0;
	}
	default:
		break;
	}
	/* Read on the board before the move: the square the piece leaves could block only a line through it from
	   `to` to the king, which would mean the king stood in check with us to move. */
	if (pos->st->check_squares[type] & square_bb(to))
		return true;
	/* A discovered check: the piece steps off a line from one of our sliders to their king. */
	return (pos->st->blockers[them] & pos->by_color[us] & square_bb(from)) && !aligned(from, to, ksq);
}

bool pos_is_consistent(const struct position *pos, char *err, size_t errlen)
{
	struct position fresh;
	bitboard_t by_type[PIECE_TYPE_NB] = { 0 }, by_color[COLOR_NB] = { 0 };
	score_pair_t psq = 0;
	int npm[COLOR_NB] = { 0 };
	uint64_t key = 0, pawn_key = 0;
	const struct state *st = pos->st;

	for (int sq = 0; sq < SQ_NB; sq++) {
		int p = pos->board[sq];
		if (p == NO_PIECE)
			continue;
		by_type[0] |= square_bb(sq);
		by_type[piece_type(p)] |= square_bb(sq);
		by_color[piece_color(p)] |= square_bb(sq);
		psq += psq_table[p][sq];
		key ^= zobrist.piece_square[p][sq];
		if (piece_type(p) == PAWN || piece_type(p) == KING)
			pawn_key ^= zobrist.piece_square[p][sq];
		if (piece_type(p) != PAWN && piece_type(p) != KING)
			npm[piece_color(p)] += piece_value[piece_type(p)];
	}
	if (pos->side == BLACK)
		key ^= zobrist.side;
	key ^= zobrist.castling[st->castling];
	if (st->ep != SQ_NONE)
		key ^= zobrist.ep_file[square_file(st->ep)];

	const char *what = NULL;
	if (memcmp(by_type, pos->by_type, sizeof by_type) || memcmp(by_color, pos->by_color, sizeof by_color))
		what = "bitboards differ from the mailbox";
	else if (psq != pos->psq || npm[WHITE] != pos->non_pawn_material[WHITE] ||
	         npm[BLACK] != pos->non_pawn_material[BLACK])
		what = "material or piece-square sum differs";
	else if (key != st->key)
		what = "Zobrist key differs";
	else if (pawn_key != st->pawn_key)
		what = "pawn key differs";
	if (!what) {
		struct state fresh_st;
		pos_copy(&fresh, &fresh_st, pos);
		update_check_info(&fresh);
		if (fresh.st->checkers != st->checkers || fresh.st->blockers[WHITE] != st->blockers[WHITE] ||
		    fresh.st->blockers[BLACK] != st->blockers[BLACK] ||
		    memcmp(fresh.st->check_squares, st->check_squares, sizeof st->check_squares))
			what = "checkers, pins or checking squares differ";
	}
	if (what && err)
		snprintf(err, errlen, "%s", what);
	return what == NULL;
}

void pos_finish_setup(struct position *pos)
{
	struct state *st = pos->st;
	uint64_t key = 0, pawn_key = 0;
	for (int sq = 0; sq < SQ_NB; sq++) {
		int p = pos->board[sq];
		if (p == NO_PIECE)
			continue;
		key ^= zobrist.piece_square[p][sq];
		if (piece_type(p) == PAWN || piece_type(p) == KING)
			pawn_key ^= zobrist.piece_square[p][sq];
	}
	if (pos->side == BLACK)
		key ^= zobrist.side;
	key ^= zobrist.castling[st->castling];
	st->key = key;
	st->pawn_key = pawn_key;
	st->move = MOVE_NONE;
	st->captured = NO_PIECE;
	st->piece = NO_PIECE;
	st->plies_from_null = 0;
	update_check_info(pos);
	settle_ep(pos);
}

void pos_put_piece(struct position *pos, int piece, int sq) { put_piece(pos, piece, sq); }
