/* FEN in and out, with validation that says what is wrong and where. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Castling rights; a right the king and rook positions contradict is dropped with a warning. */
static bool read_castling(struct fen_reader *r, struct position *pos, char *warn, size_t warnlen)
{
	static const struct { char letter; int right, king, rook, piece; } rights[4] = {
		{ 'K', WHITE_OO, SQ_E1, SQ_H1, W_ROOK },  { 'Q', WHITE_OOO, SQ_E1, SQ_A1, W_ROOK },
		{ 'k', BLACK_OO, SQ_E8, SQ_H8, B_ROOK },  { 'q', BLACK_OOO, SQ_E8, SQ_A8, B_ROOK },
	};
	int cr = 0;
	skip_spaces(r);
	if (*r->p == '-') {
		r->p++;
	} else {
		if (*r->p == ' ' || *r->p == '\0')
			return fail(r, "missing castling field (use '-' for none)");
		for (; *r->p && *r->p != ' '; r->p++) {
			int i = 0;
			while (i < 4 && rights[i].letter != *r->p)
				i++;
			if (i == 4)
				return fail(r, "'%c' is not a castling right (KQkq or -)", *r->p);
			if (cr & rights[i].right)
				return fail(r, "castling right '%c' appears twice", *r->p);
			cr |= rights[i].right;
		}
	}
	char dropped[8] = "";
	size_t ndropped = 0;
	for (int i = 0; i < 4; i++) {
		if (!(cr & rights[i].right))
			continue;
		int king = rights[i].piece == W_ROOK ? W_KING : B_KING;
		if (pos->board[rights[i].king] != king || pos->board[rights[i].rook] != rights[i].piece) {
			cr &= ~rights[i].right;
			dropped[ndropped++] = rights[i].letter;
		}
	}
	dropped[ndropped] = '\0';
	if (warn && dropped[0])
		snprintf(warn, warnlen, "castling right%s '%s' dropped: king or rook not on its square",
		         dropped[1] ? "s" : "", dropped);
	pos->st->castling = (uint8_t)cr;
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

void pos_get_fen(const struct position *pos, char *buf, size_t len)
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
	int cr = pos->st->castling;
	if (!cr)
		s[n++] = '-';
	if (cr & WHITE_OO)
		s[n++] = 'K';
	if (cr & WHITE_OOO)
		s[n++] = 'Q';
	if (cr & BLACK_OO)
		s[n++] = 'k';
	if (cr & BLACK_OOO)
		s[n++] = 'q';
	s[n] = '\0';
	if (pos->st->ep == SQ_NONE)
		snprintf(buf, len, "%s - %d %d", s, pos->st->rule50, pos->fullmove);
	else
		snprintf(buf, len, "%s %c%d %d %d", s, 'a' + square_file(pos->st->ep), square_rank(pos->st->ep) + 1,
		         pos->st->rule50, pos->fullmove);
}
