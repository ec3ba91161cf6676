/* FEN in and out, with validation that says what is wrong and where. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/castling.h"
#include "rules/position.h"

static const char piece_letters[] = " PNBRQK  pnbrqk";

struct fen_reader {
	const char *text; /* the whole FEN, for columns */
	const char *p;    /* the next character */
	char *err;
	size_t errlen;
};

/* Records an error at the reader's column (1-based); always returns false. */
static bool fail(struct fen_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(struct fen_reader *r, const char *fmt, ...)
{
	char what[160];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if (r->err)
		snprintf(r->err, r->errlen, "column %d: %s", (int)(r->p - r->text) + 1, what);
	return false;
}

static void skip_spaces(struct fen_reader *r)
{
	while (*r->p == ' ' || *r->p == '\t')
		r->p++;
}

/* The piece placement field, rank 8 first. */
static bool read_placement(struct fen_reader *r, struct position *pos)
{
	int rank = 7, file = 0, slashes = 0;
	/* Count the ranks first, so that a ninth rank is named as such and not as a misplaced pawn. */
	for (const char *q = r->p; *q && *q != ' '; q++)
		if (*q == '/' && ++slashes == 8) {
			r->p = q;
			return fail(r, "more than 8 ranks");
		}
	for (;; r->p++) {
		char c = *r->p;
		if (c == '/' || c == ' ' || c == '\0') {
			if (file != 8)
				return fail(r, "rank %d has %d squares, not 8", rank + 1, file);
			if (c != '/')
				break;
			if (--rank < 0)
				return fail(r, "more than 8 ranks");
			file = 0;
		} else if (c >= '1' && c <= '8') {
			file += c - '0';
			if (file > 8)
				return fail(r, "rank %d has more than 8 squares", rank + 1);
		} else {
			const char *l = c ? strchr(piece_letters, c) : NULL;
			if (!l || c == ' ')
				return fail(r, "'%c' is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8", c);
			if (file >= 8)
				return fail(r, "rank %d has more than 8 squares", rank + 1);
			int piece = (int)(l - piece_letters);
			int sq = make_square(file, rank);
			if (piece_type(piece) == PAWN && (rank == 0 || rank == 7))
				return fail(r, "a pawn on %c%d: pawns never stand on the first or last rank",
				            'a' + file, rank + 1);
			pos_put_piece(pos, piece, sq);
			file++;
		}
	}
	if (rank != 0)
		return fail(r, "only %d ranks, a FEN needs 8", 8 - rank);
	for (int c = WHITE; c <= BLACK; c++) {
		int kings = popcount(pieces_of(pos, c, KING));
		if (kings != 1)
			return fail(r, "%s has %d kings, needs exactly one", c == WHITE ? "White" : "Black", kings);
	}
	return true;
}

static bool read_side(struct fen_reader *r, struct position *pos)
{
	skip_spaces(r);
	if ((r->p[0] != 'w' && r->p[0] != 'b') || (r->p[1] != ' ' && r->p[1] != '\0'))
		return fail(r, "side to move must be 'w' or 'b'");
	pos->side = r->p[0] == 'w' ? WHITE : BLACK;
	r->p++;
	return true;
}

static const char *const color_names[COLOR_NB] = { "white", "black" };

/*
 * The rook a right names, or SQ_NONE: K and Q (k, q) the outermost rook of the king's colour on that side of the
 * king on its first rank (X-FEN, which a standard FEN is), a file letter A-H (a-h) the rook on that file (Shredder-
 * FEN).  A K or Q that finds no rook is dropped (older programs write KQkq regardless), a file that names none is
 * wrong.
 */
static bool castling_rook_named(struct fen_reader *r, struct position *pos, int color, char letter, int *rook)
{
	int king = king_square(pos, color), first = relative_rank(color, SQ_A1);
	char lower = (char)(letter | 0x20);
	bitboard_t rooks = pieces_of(pos, color, ROOK) & rank_bb(first);
	*rook = SQ_NONE;
	if (lower == 'k' || lower == 'q') {
		if (square_rank(king) != first)
			return true;
		bitboard_t side = lower == 'k' ? rooks & ~(square_bb(king) * 2 - 1) : rooks & (square_bb(king) - 1);
		if (side)
			*rook = lower == 'k' ? msb(side) : lsb(side);
		return true;
	}
	int sq = make_square(lower - 'a', first);
	if (square_rank(king) != first)
		return fail(r, "castling right '%c': the %s king is not on its first rank", letter, color_names[color]);
	if (!(rooks & square_bb(sq)))
		return fail(r, "castling right '%c' names %c%d, where no %s rook stands", letter, lower, first + 1,
		            color_names[color]);
	*rook = sq;
	return true;
}

/* Castling rights (KQkq, Shredder's HAha or X-FEN's mix); one right a side, the king between its two rooks. */
static bool read_castling(struct fen_reader *r, struct position *pos, char *warn, size_t warnlen)
{
	char dropped[8] = "";
	size_t ndropped = 0;
	castling_clear(pos);
	skip_spaces(r);
	if (*r->p == '-') {
		r->p++;
	} else {
		if (*r->p == ' ' || *r->p == '\0')
			return fail(r, "missing castling field (use '-' for none)");
		for (; *r->p && *r->p != ' '; r->p++) {
			char c = *r->p, lower = (char)(c | 0x20);
			if (!strchr("kqabcdefgh", lower))
				return fail(r, "'%c' is not a castling right (KQkq, a rook's file A-H or a-h, or -)", c);
			int color = c == lower ? BLACK : WHITE, rook;
			if (!castling_rook_named(r, pos, color, c, &rook))
				return false;
			if (rook == SQ_NONE) {
				if (ndropped < sizeof dropped - 1)
					dropped[ndropped++] = c;
				continue;
			}
			int index = color * 2 + (rook < king_square(pos, color));
			if (pos->st->castling & 1 << index) {
				if (pos->castling_rook[index] == rook)
					return fail(r, "castling right '%c' appears twice", c);
				return fail(r, "castling right '%c': the %s king already castles with the %c%d rook on that "
				               "side (a king castles with one rook each side)",
				            c, color_names[color], 'a' + square_file(pos->castling_rook[index]),
				            square_rank(pos->castling_rook[index]) + 1);
			}
			castling_add(pos, color, rook);
		}
	}
	dropped[ndropped] = '\0';
	if (warn && dropped[0])
		snprintf(warn, warnlen, "castling right%s '%s' dropped: king or rook not on its square",
		         dropped[1] ? "s" : "", dropped);
	return true;
}

/* The en passant square must sit behind a pawn that has just made a double step. */
static bool read_ep(struct fen_reader *r, struct position *pos)
{
	skip_spaces(r);
	pos->st->ep = SQ_NONE;
	if (*r->p == '-') {
		r->p++;
		return true;
	}
	if (r->p[0] < 'a' || r->p[0] > 'h' || r->p[1] < '1' || r->p[1] > '8')
		return fail(r, "en passant square must be '-' or a square such as e3");
	int sq = make_square(r->p[0] - 'a', r->p[1] - '1');
	int us = pos->side, them = !us;
	if (relative_rank(us, sq) != 5)
		return fail(r, "en passant square %.2s is not on the %s rank", r->p, us == WHITE ? "6th" : "3rd");
	if (pos->board[sq - pawn_push(us)] != make_piece(them, PAWN) || pos->board[sq] != NO_PIECE ||
	    pos->board[sq + pawn_push(us)] != NO_PIECE)
		return fail(r, "en passant square %.2s cannot be: no pawn has just moved two squares past it", r->p);
	pos->st->ep = (uint8_t)sq;
	r->p += 2;
	return true;
}

/* A clock field; absent fields default to "0 1", as most programs read them. */
static bool read_number(struct fen_reader *r, const char *name, long lo, long hi, long *out)
{
	skip_spaces(r);
	if (*r->p == '\0')
		return true;
	if (!isdigit((unsigned char)*r->p))
		return fail(r, "%s must be a number", name);
	char *end;
	long v = strtol(r->p, &end, 10);
	if (end - r->p > 6 || v < lo || v > hi)
		return fail(r, "%s %.*s is out of range (%ld to %ld)", name, (int)(end - r->p > 8 ? 8 : end - r->p),
		            r->p, lo, hi);
	if (*end != ' ' && *end != '\0')
		return fail(r, "%s must be a number", name);
	r->p = end;
	*out = v;
	return true;
}

bool pos_set_fen(struct position *out, struct state *out_st, const char *fen, char *err, size_t errlen, char *warn,
                 size_t warnlen)
{
	struct position pos_, *pos = &pos_;
	struct state st;
	struct fen_reader r = { fen, fen, err, errlen };
	long rule50 = 0, fullmove = 1;

	if (warn && warnlen)
		warn[0] = '\0';
	memset(pos, 0, sizeof *pos);
	memset(&st, 0, sizeof st);
	pos->st = &st;
	skip_spaces(&r);
	bool ok = read_placement(&r, pos) && read_side(&r, pos) && read_castling(&r, pos, warn, warnlen) &&
	          read_ep(&r, pos) && read_number(&r, "halfmove clock", 0, 1000, &rule50) &&
	          read_number(&r, "fullmove number", 0, 100000, &fullmove);
	if (ok) {
		skip_spaces(&r);
		if (*r.p)
			ok = fail(&r, "unexpected text after the FEN: '%.20s'", r.p);
	}
	if (ok) {
		int them = !pos->side;
		if (attackers_to(pos, king_square(pos, them), occupied(pos)) & pos->by_color[pos->side])
			ok = fail(&r, "the side not to move (%s) is in check", them == WHITE ? "White" : "Black");
	}
	if (ok) {
		st.rule50 = (uint16_t)rule50;
		pos->fullmove = fullmove < 1 ? 1 : (int)fullmove;
		pos_finish_setup(pos);
		pos_copy(out, out_st, pos);
	}
	return ok;
}

void pos_get_fen_as(const struct position *pos, enum castling_style style, char *buf, size_t len)
{
	char s[FEN_MAX];
	size_t n = 0;
	for (int rank = 7; rank >= 0; rank--) {
		int empty = 0;
		for (int file = 0; file < 8; file++) {
			int p = pos->board[make_square(file, rank)];
			if (p == NO_PIECE) {
				empty++;
				continue;
			}
			if (empty)
				s[n++] = (char)('0' + empty);
			empty = 0;
			s[n++] = piece_letters[p];
		}
		if (empty)
			s[n++] = (char)('0' + empty);
		s[n++] = rank ? '/' : ' ';
	}
	s[n++] = pos->side == WHITE ? 'w' : 'b';
	s[n++] = ' ';
	castling_field(pos, style, s + n);
	n += strlen(s + n);
	s[n] = '\0';
	if (pos->st->ep == SQ_NONE)
		snprintf(buf, len, "%s - %d %d", s, pos->st->rule50, pos->fullmove);
	else
		snprintf(buf, len, "%s %c%d %d %d", s, 'a' + square_file(pos->st->ep), square_rank(pos->st->ep) + 1,
		         pos->st->rule50, pos->fullmove);
}

void pos_get_fen(const struct position *pos, char *buf, size_t len) { pos_get_fen_as(pos, CASTLING_XFEN, buf, len); }
