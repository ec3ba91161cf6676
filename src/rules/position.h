/* The position: mailbox and bitboards in step, the state stack, make and unmake, FEN. */
#ifndef OUTPOST_POSITION_H
#define OUTPOST_POSITION_H

#include <stddef.h>

#include "rules/bitboard.h"
#include "rules/types.h"

/*
 * The states a position can stack: a game's moves since the last pawn move or
 * capture plus the search's own plies.  pos_rebase() drops older ones when a
 * long game is replayed.
 */
#define MAX_STATES 1024

/* What make_move changes and unmake_move must restore, one per ply. */
struct state {
	uint64_t key;       /* Zobrist key of the whole position */
	uint64_t pawn_key;  /* Zobrist key of the pawns (and kings) alone */
	bitboard_t checkers;          /* enemy pieces giving check to the side to move */
	bitboard_t blockers[COLOR_NB]; /* pieces (either colour) shielding that colour's king from a slider */
	bitboard_t pinners[COLOR_NB];  /* sliders of that colour pinning a piece to the enemy king */
	move_t move;        /* the move that led here */
	uint8_t captured;   /* the piece it captured, or NO_PIECE */
	uint8_t castling;   /* castling rights, WHITE_OO | ... */
	uint8_t ep;         /* en passant square, SQ_NONE unless a legal capture exists */
	uint16_t rule50;    /* plies since the last capture or pawn move */
	uint16_t plies_from_null; /* plies since the last null move (or the stack's bottom) */
};

struct position {
	uint8_t board[SQ_NB];              /* the mailbox: a piece or NO_PIECE on each square */
	bitboard_t by_type[PIECE_TYPE_NB]; /* [0] holds every occupied square */
	bitboard_t by_color[COLOR_NB];
	int side;          /* the side to move */
	int fullmove;      /* the FEN's fullmove number */
	score_pair_t psq;  /* material plus piece-square values, White's view, kept incrementally */
	int non_pawn_material[COLOR_NB]; /* middlegame values of knights .. queens, for the phase */
	struct state *st;  /* the current state: &states[depth] */
	struct state states[MAX_STATES];
};

/* Zobrist random numbers, shared by the position and the transposition table's users. */
struct zobrist {
	uint64_t piece_square[PIECE_NB][SQ_NB];
	uint64_t castling[16];
	uint64_t ep_file[8];
	uint64_t side;
};
extern struct zobrist zobrist;

#define FEN_START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define FEN_MAX 96 /* longer than any FEN pos_get_fen writes */

/* Fills the attack tables and the Zobrist keys, once: safe to call from any thread, any number of times. */
void position_init(void);

/*
 * Reads a FEN.  On error returns false, leaves pos untouched and writes a
 * message naming what is wrong and at which column into err.  A castling right
 * the pieces cannot have is dropped and, when warn is not NULL, reported there
 * (empty when nothing was dropped).
 */
bool pos_set_fen(struct position *pos, const char *fen, char *err, size_t errlen, char *warn,
                 size_t warnlen);
void pos_get_fen(const struct position *pos, char *buf, size_t len);
/* A copy that only carries the current state, for a thread or a scratch board. */
void pos_copy(struct position *dst, const struct position *src);

void pos_make_move(struct position *pos, move_t m);
void pos_unmake_move(struct position *pos);
void pos_make_null(struct position *pos);
void pos_unmake_null(struct position *pos);
/* Drops states older than the last irreversible move, so that a long game fits. */
void pos_rebase(struct position *pos);
/*
 * Keeps room for `headroom` more moves on the state stack, for replaying a
 * game of any length: drops the states before the last irreversible move,
 * and if a record ran on past every rule (hundreds of reversible plies), all
 * but the current one.  The game's own record keeps the full history.
 */
void pos_make_room(struct position *pos, int headroom);
/* How many moves were made on this position since it was set up (or rebased). */
static inline int pos_depth(const struct position *pos) { return (int)(pos->st - pos->states); }

/* Recomputes everything from the mailbox and compares; writes what differs into err. */
bool pos_is_consistent(const struct position *pos, char *err, size_t errlen);

static inline bitboard_t pieces(const struct position *pos, int type) { return pos->by_type[type]; }
static inline bitboard_t pieces_of(const struct position *pos, int color, int type)
{
	return pos->by_type[type] & pos->by_color[color];
}
static inline bitboard_t occupied(const struct position *pos) { return pos->by_type[0]; }
static inline int piece_on(const struct position *pos, int sq) { return pos->board[sq]; }
static inline int king_square(const struct position *pos, int color)
{
	return lsb(pieces_of(pos, color, KING));
}
static inline bool in_check(const struct position *pos) { return pos->st->checkers != 0; }
static inline uint64_t pos_key(const struct position *pos) { return pos->st->key; }
static inline bool is_capture(const struct position *pos, move_t m)
{
	return (pos->board[move_to(m)] != NO_PIECE && move_kind(m) != MOVE_CASTLING) ||
	       move_kind(m) == MOVE_EN_PASSANT;
}
static inline int moved_piece(const struct position *pos, move_t m) { return pos->board[move_from(m)]; }

/* Every piece of either colour that attacks sq, given the occupancy. */
static inline bitboard_t attackers_to(const struct position *pos, int sq, bitboard_t occ)
{
	return (pawn_attacks[BLACK][sq] & pieces_of(pos, WHITE, PAWN)) |
	       (pawn_attacks[WHITE][sq] & pieces_of(pos, BLACK, PAWN)) |
	       (knight_attacks[sq] & pieces(pos, KNIGHT)) |
	       (bishop_attacks(sq, occ) & (pieces(pos, BISHOP) | pieces(pos, QUEEN))) |
	       (rook_attacks(sq, occ) & (pieces(pos, ROOK) | pieces(pos, QUEEN))) |
	       (king_attacks[sq] & pieces(pos, KING));
}

/* For the FEN reader: place a piece with full bookkeeping, then derive keys, checks and en passant. */
void pos_put_piece(struct position *pos, int piece, int sq);
void pos_finish_setup(struct position *pos);

/* Is the en passant capture from `from` onto ep legal (no check left or uncovered)? */
bool ep_capture_legal(const struct position *pos, int from, int ep);

/* Does the move (legal in this position) give check?  Cheap: no make needed. */
bool pos_gives_check(const struct position *pos, move_t m);

#endif
