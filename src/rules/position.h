/* The position: mailbox and bitboards in step, the state stack, make and unmake, FEN. */
#ifndef OUTPOST_POSITION_H
#define OUTPOST_POSITION_H

#include <stddef.h>

#include "rules/bitboard.h"
#include "rules/types.h"

/*
 * What make_move changes and unmake_move must restore, one per ply.  The
 * caller owns these: a search thread keeps an array of them, one per ply of
 * its tree; a game or a replayed line keeps one per move (struct pos_line,
 * rules/line.h); a scratch board keeps one or two on the C stack.  Each state
 * points to the one before it, so that repetitions can be found across the
 * game and the search alike.  Per-ply incremental data that later parts need
 * (an evaluation network's accumulators) belongs beside these, in the owner's
 * per-ply array, so that the position itself stays small enough to copy.
 */
struct state {
	uint64_t key;       /* Zobrist key of the whole position */
	uint64_t pawn_key;  /* Zobrist key of the pawns (and kings) alone */
	bitboard_t checkers;          /* enemy pieces giving check to the side to move */
	bitboard_t blockers[COLOR_NB]; /* pieces (either colour) shielding that colour's king from a slider */
	bitboard_t pinners[COLOR_NB];  /* sliders of that colour pinning a piece to the enemy king */
	/* By piece type, the squares from which a piece of the side to move would attack the enemy king: a move's
	 * direct check is one lookup (pos_gives_check is asked of nearly every move the search tries). */
	bitboard_t check_squares[PIECE_TYPE_NB];
	struct state *prev;            /* the state before the last move, or NULL where the known history begins */
	move_t move;        /* the move that led here */
	uint8_t captured;   /* the piece it captured, or NO_PIECE */
	uint8_t piece;      /* the piece that made it (a pawn for a promotion), or NO_PIECE: what an evaluation
	                     * network needs to replay the move on its accumulators (engine/nnue.h) */
	uint8_t castling;   /* castling rights, WHITE_OO | ... */
	uint8_t ep;         /* en passant square, SQ_NONE unless a legal capture exists */
	uint16_t rule50;    /* plies since the last capture or pawn move */
	uint16_t plies_from_null; /* plies since the last null move (or the start of the known history) */
};

/* The board: small (under 300 bytes), so that a copy is cheap; its states live with the caller. */
struct position {
	uint8_t board[SQ_NB];              /* the mailbox: a piece or NO_PIECE on each square */
	bitboard_t by_type[PIECE_TYPE_NB]; /* [0] holds every occupied square */
	bitboard_t by_color[COLOR_NB];
	int side;          /* the side to move */
	int fullmove;      /* the FEN's fullmove number */
	score_pair_t psq;  /* material plus piece-square values, White's view, kept incrementally (rules/psqt.h) */
	int non_pawn_material[COLOR_NB]; /* middlegame values of knights .. queens, for the phase */
	struct state *st;  /* the current state, owned by the caller */
	/*
	 * Castling by Chess960's rules, the standard game's being one case of them (rules/castling.h): each right
	 * is tied to its rook's square, set once where the position is read and kept by every move after it.
	 */
	uint8_t castling_rook[4];      /* by right (White's short, White's long, Black's short, Black's long): the
	                                * rook's square, SQ_NONE for a right the position was read without */
	uint8_t castling_mask[SQ_NB];  /* the rights that survive a move from or to the square */
	bitboard_t castling_path[4];   /* by right: the squares that must be empty, the king's and rook's aside */
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
 * Reads a FEN into pos, with st as its first state (no history before it).
 * On error returns false, leaves pos and st untouched and writes a message
 * naming what is wrong and at which column into err.  The castling field may
 * be a standard FEN's (KQkq), X-FEN's or Shredder-FEN's (HAha): Chess960's
 * positions read as the standard game's do (rules/castling.h).  A K or Q
 * right that finds no rook is dropped and, when warn is not NULL, reported
 * there (empty when nothing was dropped); a file letter naming no rook, or a
 * second right on one side of the king, is an error.
 */
bool pos_set_fen(struct position *pos, struct state *st, const char *fen, char *err, size_t errlen, char *warn,
                 size_t warnlen);
/* The FEN, its castling field X-FEN's: KQkq where the rook is the outermost on its side, else the rook's file. */
void pos_get_fen(const struct position *pos, char *buf, size_t len);
/*
 * The one way to copy a position: dst gets the board and its own copy of the
 * current state in st; the states before it are shared with src, read-only,
 * so they must outlive dst's use of them.
 */
void pos_copy(struct position *dst, struct state *st, const struct position *src);

/* Makes m (legal here), writing the new state into st, which must stay put until the move is unmade. */
void pos_make_move(struct position *pos, move_t m, struct state *st);
void pos_unmake_move(struct position *pos);
void pos_make_null(struct position *pos, struct state *st);
void pos_unmake_null(struct position *pos);

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
/*
 * The key after m, near enough to fetch the table's bucket before the move is made (so that the fetch overlaps
 * making it): castling rights, en passant, the castling rook and promotions are left out.
 */
static inline uint64_t pos_key_after(const struct position *pos, move_t m)
{
	int from = move_from(m), to = move_to(m), piece = pos->board[from], captured = pos->board[to];
	uint64_t key = pos->st->key ^ zobrist.side ^ zobrist.piece_square[piece][from] ^ zobrist.piece_square[piece][to];
	return captured != NO_PIECE && move_kind(m) != MOVE_CASTLING ? key ^ zobrist.piece_square[captured][to] : key;
}

/*
 * A castling move is the king's, to its destination on the g or c file, which names the right (castling_rook's
 * index); the rook comes from the square the right is tied to and lands beside the king, on f or d.  In Chess960
 * the king may already stand on its destination (from == to) or the rook on the king's.
 */
static inline int castling_index(int king_to) { return (king_to >= SQ_A8) * 2 + (square_file(king_to) == 2); }
static inline int castling_rook_from(const struct position *pos, int king_to)
{
	return pos->castling_rook[castling_index(king_to)];
}
static inline int castling_rook_to(int king_to) { return square_file(king_to) == 6 ? king_to - 1 : king_to + 1; }

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
