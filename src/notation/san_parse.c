/*
 * Reading SAN as people type it: lenient about the form (O-O or 0-0, e8Q,
 * a missing x, a wrong + or #, !?, e.p., coordinates, figurines, n q r k in
 * lower case, a move typed in capitals), strict about the meaning: the text
 * must name exactly one legal move, and when it does not, the message says
 * why in a player's words.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/uci_move.h"
#include "notation/notation.h"

#define SAN_INPUT_MAX 32 /* longer input is not a move: "Qh4xe1=Q+!?" is far shorter */

static const char *const piece_names[] = { "piece", "pawn", "knight", "bishop", "rook", "queen", "king" };
static const char *const side_names[] = { "White", "Black" };

/* What the text says, before it is matched against the legal moves. */
struct san_form {
	int type;                 /* PAWN .. KING; PIECE_TYPE_NONE for coordinates (whatever stands there) */
	bool letter;              /* a piece letter was written */
	int castle;               /* 0, or the king's destination file: 6 for O-O, 2 for O-O-O */
	int from_file, from_rank; /* -1 when not written */
	bool capture;             /* x or : was written */
	int to;
	int promo;                /* KNIGHT .. QUEEN, or PIECE_TYPE_NONE */
};

struct san_ctx {
	const struct position *pos;
	char shown[SAN_INPUT_MAX + 8]; /* the input as typed, trimmed, controls replaced: for messages */
	char core[SAN_INPUT_MAX];      /* the reading being tried: letters for figurines, no annotations (+ # ! ? e.p.) */
	char *msg;
	size_t msglen;
};

static enum san_status say(struct san_ctx *c, enum san_status st, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static enum san_status say(struct san_ctx *c, enum san_status st, const char *fmt, ...)
{
	if (c->msg && c->msglen) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(c->msg, c->msglen, fmt, ap);
		va_end(ap);
	}
	return st;
}

/* A legal-move refusal: the move as read, then why ("Qxd8: no queen can move to d8"); SAN_ILLEGAL. */
static enum san_status refuse(struct san_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static enum san_status refuse(struct san_ctx *c, const char *fmt, ...)
{
	if (c->msg && c->msglen) {
		int used = snprintf(c->msg, c->msglen, "%s: ", c->core);
		if (used >= 0 && (size_t)used < c->msglen) {
			va_list ap;
			va_start(ap, fmt);
			vsnprintf(c->msg + used, c->msglen - (size_t)used, fmt, ap);
			va_end(ap);
		}
	}
	return SAN_ILLEGAL;
}

static bool is_file(char ch) { return ch >= 'a' && ch <= 'h'; }
static bool is_rank(char ch) { return ch >= '1' && ch <= '8'; }
static bool is_space(char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n'; }
static bool is_lower(char ch) { return ch >= 'a' && ch <= 'z'; }
static int type_of_letter(char ch)
{
	const char *l = ch ? strchr(" PNBRQK", ch) : NULL;
	return l && ch != ' ' ? (int)(l - " PNBRQK") : PIECE_TYPE_NONE;
}

/* Bytes in the UTF-8 character that starts at s (1 for a byte that starts none, so text always moves on). */
static size_t char_len(const char *s)
{
	unsigned char b = (unsigned char)s[0];
	size_t n = b >= 0xf0 && b < 0xf8 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
	for (size_t i = 1; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			return 1;
	return n;
}

/* The whole character at s, for a message: a control, or a byte that starts no character, as \xNN. */
static const char *char_text(const char *s, char out[8])
{
	size_t n = char_len(s);
	if (n == 1 && ((unsigned char)s[0] >= 0x80 || (unsigned char)s[0] < 0x20 || s[0] == 0x7f))
		snprintf(out, 8, "\\x%02X", (unsigned char)s[0]);
	else
		snprintf(out, 8, "%.*s", (int)n, s);
	return out;
}

/* The letter a chess figurine (U+2654 to U+265F, either colour) stands for, or 0. */
static char figurine_letter(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	if (u[0] != 0xe2 || u[1] != 0x99 || u[2] < 0x94 || u[2] > 0x9f)
		return 0;
	return "KQRBNP"[(u[2] - 0x94) % 6];
}

size_t san_typed_form(const char *text, char *out, size_t len)
{
	size_t n = 0;
	if (!len)
		return 0;
	for (const char *p = text; *p && n + 1 < len; p += char_len(p)) {
		char letter = figurine_letter(p);
		out[n++] = letter ? letter : *p;
		for (size_t k = 1; !letter && k < char_len(p) && n + 1 < len; k++)
			out[n++] = p[k];
	}
	out[n] = '\0';
	/* n, q, r and k name no file: in lower case they can only be pieces (b can be both: see san_parse). */
	if (n && strchr("nqrk", out[0]))
		out[0] = (char)(out[0] - 32);
	return n;
}

/* The length of a move number before the move ("12.", "12...", "1. "), which says nothing the position does not. */
static size_t move_number_len(const char *text, size_t n)
{
	size_t skip = strspn(text, "0123456789"), dots = skip ? strspn(text + skip, ".") : 0;
	if (!dots || skip + dots >= n)
		return 0;
	skip += dots;
	while (skip < n && is_space(text[skip]))
		skip++;
	return skip;
}

/* Drops what carries no meaning for the move from the end of s: check and mate signs (often wrong), !, ?, e.p. */
static void drop_annotations(char *s)
{
	size_t n = strlen(s);
	for (;;) {
		while (n && is_space(s[n - 1]))
			n--;
		if (n >= 4 && !memcmp(s + n - 4, "e.p.", 4))
			n -= 4;
		else if (n >= 3 && !memcmp(s + n - 2, "ep", 2) && (is_rank(s[n - 3]) || is_space(s[n - 3])))
			n -= 2;
		else if (n && strchr("+#!?", s[n - 1]))
			n--;
		else
			break;
	}
	s[n] = '\0';
}

/* Fills shown and core from the raw text; false if it is too long to be a move. */
static bool trim_input(struct san_ctx *c, const char *text)
{
	while (is_space(*text))
		text++;
	size_t n = strlen(text);
	while (n && is_space(text[n - 1]))
		n--;
	bool too_long = n >= SAN_INPUT_MAX;
	size_t keep = too_long ? 16 : n;
	while (keep > 0 && keep < n && ((unsigned char)text[keep] & 0xc0) == 0x80)
		keep--; /* never half a character */
	snprintf(c->shown, sizeof c->shown, "%.*s%s", (int)keep, text, too_long ? "..." : "");
	/* Controls, and bytes that start no UTF-8 character, would garble a message: they show as '?'. */
	for (char *p = c->shown; *p; p += char_len(p))
		if ((unsigned char)*p < 0x20 || *p == 0x7f || (char_len(p) == 1 && (unsigned char)*p >= 0x80))
			*p = '?';
	if (too_long)
		return false;
	size_t skip = move_number_len(text, n);
	char raw[SAN_INPUT_MAX];
	snprintf(raw, sizeof raw, "%.*s", (int)(n - skip), text + skip);
	san_typed_form(raw, c->core, sizeof c->core);
	drop_annotations(c->core);
	return true;
}

/* O-O, 0-0, o-o, OO and the long forms; sets f->castle. */
static bool read_castling(const char *s, struct san_form *f)
{
	char norm[8];
	size_t n = strlen(s);
	if (n > 5)
		return false;
	for (size_t i = 0; i <= n; i++)
		norm[i] = s[i] == '0' || s[i] == 'o' ? 'O' : s[i];
	if (!strcmp(norm, "O-O") || !strcmp(norm, "OO"))
		f->castle = 6;
	else if (!strcmp(norm, "O-O-O") || !strcmp(norm, "OOO"))
		f->castle = 2;
	return f->castle != 0;
}

/* The promotion at the end of s[0..*end): =Q, Q (after the rank), /Q, (Q); lowers *end past it. */
static enum san_status read_promotion(struct san_ctx *c, size_t *end, struct san_form *f)
{
	const char *s = c->core;
	size_t n = *end, at; /* at: the promotion letter */
	if (n >= 5 && s[n - 1] == ')' && s[n - 3] == '(') {
		at = n - 2;
		n -= 3;
	} else if (n >= 3 && ((s[n - 2] == '=' || s[n - 2] == '/') ||
	                      (is_rank(s[n - 2]) && strchr("NBRQKnbrqk", s[n - 1])))) {
		at = n - 1;
		n -= 1;
	} else {
		return SAN_OK;
	}
	if (n && (s[n - 1] == '=' || s[n - 1] == '/'))
		n--;
	char ch = s[at], up = ch >= 'a' && ch <= 'z' ? (char)(ch - 32) : ch, text[8];
	if (up == 'K')
		return say(c, SAN_INVALID, "%s is not a move: a pawn cannot become a king", c->shown);
	if (!up || !strchr("NBRQ", up))
		return say(c, SAN_INVALID, "%s is not a move: a pawn becomes a Q, R, B or N, not '%s'", c->shown,
		           char_text(s + at, text));
	f->promo = type_of_letter(up);
	*end = n;
	return SAN_OK;
}

/* Piece letter, origin file and rank, x or -, in s[0..end). */
static enum san_status read_prefix(struct san_ctx *c, size_t end, struct san_form *f)
{
	const char *s = c->core;
	size_t i = 0;
	char text[8];
	if (i < end && type_of_letter(s[i])) {
		f->type = type_of_letter(s[i++]);
		f->letter = true;
	}
	if (i < end && is_file(s[i]))
		f->from_file = s[i++] - 'a';
	if (i < end && is_rank(s[i]))
		f->from_rank = s[i++] - '1';
	if (i < end && (s[i] == 'x' || s[i] == ':' || s[i] == '-'))
		f->capture = s[i++] != '-';
	if (i == end)
		return SAN_OK;
	if (i == 0)
		return say(c, SAN_INVALID, "%s is not a move: %s is not a piece (K Q R B N) or a file (a-h)", c->shown,
		           char_text(s, text));
	if (strchr(s, ' '))
		return say(c, SAN_INVALID, "%s is not one move: type one move at a time", c->shown);
	return say(c, SAN_INVALID, "%s is not a move: '%s' is out of place", c->shown, char_text(s + i, text));
}

/* Reads the form of a move from c->core, without looking at the position. */
static enum san_status read_form(struct san_ctx *c, struct san_form *f)
{
	const char *s = c->core;
	size_t end = strlen(s);
	*f = (struct san_form){ .from_file = -1, .from_rank = -1, .to = SQ_NONE };
	if (!end && !c->shown[0])
		return say(c, SAN_INVALID, "no move given");
	if (!end)
		return say(c, SAN_INVALID, "%s is not a move", c->shown);
	if (!strcmp(s, "--") || !strcmp(s, "Z0") || !strcmp(s, "0000"))
		return say(c, SAN_INVALID, "%s is a null move (a pass), which the rules do not allow", c->shown);
	if (read_castling(s, f))
		return SAN_OK;
	enum san_status st = read_promotion(c, &end, f);
	if (st != SAN_OK)
		return st;
	if (end < 2 || !is_file(s[end - 2]) || !is_rank(s[end - 1])) {
		if (end >= 2 && is_file(s[end - 2]) && s[end - 1] >= '0' && s[end - 1] <= '9')
			return say(c, SAN_INVALID, "%s is not a move: there is no rank %c", c->shown, s[end - 1]);
		return say(c, SAN_INVALID, "%s is not a move: a move ends with the square it goes to, such as e4",
		           c->shown);
	}
	f->to = make_square(s[end - 2] - 'a', s[end - 1] - '1');
	if ((st = read_prefix(c, end - 2, f)) != SAN_OK)
		return st;
	if (!f->letter && f->from_file >= 0 && f->from_rank >= 0)
		return SAN_OK; /* coordinates: e2e4, g1-f3, e7e8q */
	if (!f->letter)
		f->type = PAWN;
	if (f->type == PAWN && !f->letter && f->capture && f->from_file < 0)
		return say(c, SAN_INVALID, "%s is not a move: a pawn capture names the pawn's file, as in exd5",
		           c->shown);
	if (f->promo && f->type != PAWN)
		return say(c, SAN_INVALID, "%s is not a move: only a pawn is promoted", c->shown);
	return SAN_OK;
}

/* Does the legal move m fit the form, all but the capture mark and the promotion piece? */
static bool fits_squares(const struct position *pos, const struct san_form *f, move_t m)
{
	int from = move_from(m), type = piece_type(pos->board[from]);
	bool castling = move_kind(m) == MOVE_CASTLING;
	if (f->castle)
		return castling && square_file(move_to(m)) == f->castle;
	if (f->type == PIECE_TYPE_NONE) { /* coordinates; castling as UCI reads it (e1g1, or the king taking its rook) */
		int named = make_square(f->from_file, f->from_rank);
		return castling ? uci_names_castling(pos, m, named, f->to) : from == named && move_to(m) == f->to;
	}
	if (castling || type != f->type || move_to(m) != f->to)
		return false;
	if (f->from_file >= 0 && square_file(from) != f->from_file)
		return false;
	if (f->from_rank >= 0 && square_rank(from) != f->from_rank)
		return false;
	/* A pawn written without its file moves straight ahead: "d5" is never a capture. */
	if (type == PAWN && f->from_file < 0 && !f->capture && square_file(from) != square_file(f->to))
		return false;
	return true;
}

static bool fits_promotion(const struct san_form *f, move_t m)
{
	if (move_kind(m) == MOVE_PROMOTION)
		return f->promo == move_promotion(m);
	return f->promo == PIECE_TYPE_NONE;
}

/* "Nbd2 or Nfd2", "Qee1, Qh4e1 or Q1e1". */
static enum san_status say_ambiguous(struct san_ctx *c, const move_t *cands, int n)
{
	char list[256] = "";
	size_t used = 0;
	for (int i = 0; i < n && used < sizeof list - SAN_MAX - 8; i++) {
		char san[SAN_MAX];
		move_to_san(c->pos, cands[i], san);
		used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ",
		                         san);
	}
	return say(c, SAN_AMBIGUOUS, "%s is ambiguous: %s", c->core, list);
}

/* Why O-O or O-O-O cannot be played here (Chess960's castlings too: rules/castling.h). */
static enum san_status explain_castling(struct san_ctx *c, int king_file)
{
	const struct position *pos = c->pos;
	int us = pos->side, index = us * 2 + (king_file == 2);
	int kfrom = king_square(pos, us), kto = relative_square(us, king_file == 6 ? SQ_G1 : SQ_C1);
	const char *wing = king_file == 6 ? "kingside" : "queenside";

	if (!(pos->st->castling & 1 << index))
		return refuse(c, "%s may no longer castle %s (the king or that rook has moved)", side_names[us], wing);
	if (in_check(pos))
		return refuse(c, "you cannot castle out of check");
	int rfrom = pos->castling_rook[index];
	bitboard_t blocked = pos->castling_path[index] & occupied(pos);
	if (blocked) {
		bitboard_t between = between_bb(kfrom, rfrom) & blocked;
		int sq = lsb(between ? between : blocked);
		if (between)
			return refuse(c, "%c%d stands between king and rook", 'a' + square_file(sq), square_rank(sq) + 1);
		return refuse(c, "%c%d must be empty for the king and rook to land", 'a' + square_file(sq),
		              square_rank(sq) + 1);
	}
	/* The squares the king crosses, in its order; where it lands, seen without its rook, which has moved on. */
	int step = kto > kfrom ? 1 : -1;
	for (int sq = kfrom == kto ? kto : kfrom + step;; sq += step) {
		bitboard_t seen = sq == kto ? occupied(pos) ^ square_bb(rfrom) : occupied(pos);
		bool hit = (attackers_to(pos, sq, seen) & pos->by_color[!us]) != 0;
		if (hit && sq == kto)
			return refuse(c, "your king would land in check on %c%d", 'a' + square_file(sq), square_rank(sq) + 1);
		if (hit)
			return refuse(c, "your king would cross %c%d, which is attacked", 'a' + square_file(sq), square_rank(sq) + 1);
		if (sq == kto)
			break;
	}
	return refuse(c, "you cannot castle %s here", wing);
}

/* Our pieces of the form's kind that could reach its square if king safety did not matter. */
static bitboard_t pseudo_origins(const struct position *pos, const struct san_form *f, int type)
{
	int us = pos->side, to = f->to;
	bitboard_t occ = occupied(pos), b;
	if (pos->by_color[us] & square_bb(to))
		return 0;
	if (type == PAWN) {
		bitboard_t pawns = pieces_of(pos, us, PAWN);
		if (relative_rank(us, to) == 0)
			return 0;
		int back = to - pawn_push(us);
		b = 0;
		if (!(occ & square_bb(to))) {
			if (pawns & square_bb(back))
				b |= square_bb(back);
			else if (relative_rank(us, to) == 3 && !(occ & square_bb(back)) &&
			         (pawns & square_bb(back - pawn_push(us))))
				b |= square_bb(back - pawn_push(us));
		}
		if ((pos->by_color[!us] & square_bb(to)) || to == pos->st->ep)
			b |= pawn_attacks[!us][to] & pawns;
		if (f->from_file < 0 && !f->capture)
			b &= file_bb(square_file(to));
	} else {
		b = piece_attacks(type, to, occ) & pieces_of(pos, us, type);
	}
	if (f->from_file >= 0)
		b &= file_bb(f->from_file);
	if (f->from_rank >= 0)
		b &= rank_bb(f->from_rank);
	return b;
}

/* Why a well-formed move with a known piece kind has no legal match. */
static enum san_status explain_unreachable(struct san_ctx *c, const struct san_form *f, int type)
{
	const struct position *pos = c->pos;
	int us = pos->side, to = f->to, own = pos->board[to];
	char dest[3] = { (char)('a' + square_file(to)), (char)('1' + square_rank(to)), '\0' };
	bitboard_t origins = pseudo_origins(pos, f, type);

	if (own != NO_PIECE && piece_color(own) == us)
		return refuse(c, "your own %s stands on %s", piece_names[piece_type(own)], dest);
	if (origins) {
		int from = lsb(origins);
		if (type != KING && (pos->st->blockers[us] & pos->by_color[us] & square_bb(from)) &&
		    !aligned(from, to, king_square(pos, us)))
			return refuse(c, "your %s on %c%d is pinned", piece_names[type], 'a' + square_file(from),
			              square_rank(from) + 1);
		return say(c, SAN_ILLEGAL, "%s would leave your king in check", c->core);
	}
	if (!pieces_of(pos, us, type))
		return refuse(c, "you have no %s", piece_names[type]);
	int named = f->from_file >= 0 && f->from_rank >= 0 ? make_square(f->from_file, f->from_rank) : SQ_NONE;
	if (named != SQ_NONE && pos->board[named] == make_piece(us, type))
		return refuse(c, "the %s on %c%d cannot move to %s", piece_names[type], 'a' + f->from_file,
		              f->from_rank + 1, dest);
	if (type == PAWN && (f->capture || f->from_file >= 0)) {
		int behind = to - pawn_push(us);
		if (relative_rank(us, to) == 5 && own == NO_PIECE && pos->board[behind] == make_piece(!us, PAWN))
			return refuse(c, "en passant on %s is not possible now", dest);
		return refuse(c, "no pawn can capture on %s", dest);
	}
	char where[24] = "";
	if (f->from_file >= 0 && f->from_rank >= 0)
		snprintf(where, sizeof where, " on %c%d", 'a' + f->from_file, f->from_rank + 1);
	else if (f->from_file >= 0)
		snprintf(where, sizeof where, " on the %c-file", 'a' + f->from_file);
	else if (f->from_rank >= 0)
		snprintf(where, sizeof where, " on rank %d", f->from_rank + 1);
	return refuse(c, "no %s%s can move to %s", piece_names[type], where, dest);
}

/* Why nothing matched; the form itself was good. */
static enum san_status explain(struct san_ctx *c, const struct san_form *f, const move_t *list, int n)
{
	const struct position *pos = c->pos;
	int us = pos->side;
	if (n == 0)
		return refuse(c, "%s is %s, no move can be played", side_names[us],
		              in_check(pos) ? "checkmated" : "stalemated");
	if (f->castle)
		return explain_castling(c, f->castle);
	for (int i = 0; i < n; i++) {
		if (!fits_squares(pos, f, list[i]))
			continue;
		if (move_kind(list[i]) == MOVE_PROMOTION && !f->promo)
			return refuse(c, "say what the pawn becomes: =Q, =R, =B or =N");
		if (fits_promotion(f, list[i]) && f->capture && !is_capture(pos, list[i]))
			return refuse(c, "there is nothing to take on %c%d", 'a' + square_file(f->to), square_rank(f->to) + 1);
	}
	if (f->promo && relative_rank(us, f->to) != 7)
		return refuse(c, "a pawn is promoted only on the last rank");
	int type = f->type;
	if (type == PIECE_TYPE_NONE) {
		int from = make_square(f->from_file, f->from_rank), piece = pos->board[from];
		if (piece == NO_PIECE)
			return refuse(c, "there is no piece on %c%d", 'a' + f->from_file, f->from_rank + 1);
		if (piece_color(piece) != us)
			return refuse(c, "the %s on %c%d is %s's", piece_names[piece_type(piece)], 'a' + f->from_file,
			              f->from_rank + 1, side_names[!us]);
		type = piece_type(piece);
		/* The king's move onto g or c of its first rank, two squares or more, or onto its own rook: castling. */
		int own = pos->board[f->to];
		if (type == KING && square_rank(f->to) == relative_rank(us, SQ_A1) && square_rank(from) == square_rank(f->to)) {
			if (own == make_piece(us, ROOK))
				return explain_castling(c, f->to > from ? 6 : 2);
			if ((square_file(f->to) == 6 || square_file(f->to) == 2) && square_distance(from, f->to) >= 2)
				return explain_castling(c, square_file(f->to));
		}
	}
	if (f->promo && type != PAWN)
		return refuse(c, "only a pawn is promoted");
	return explain_unreachable(c, f, type);
}

/* One reading of the text, c->core: the one legal move it names, or why there is none. */
static enum san_status read_one(struct san_ctx *c, move_t *move)
{
	struct san_form f;
	move_t list[MAX_MOVES], found[MAX_MOVES];
	int nfound = 0;
	enum san_status st = read_form(c, &f);
	if (st != SAN_OK)
		return st;
	int n = generate_legal(c->pos, list);
	for (int i = 0; i < n; i++)
		if (fits_squares(c->pos, &f, list[i]) && fits_promotion(&f, list[i]) &&
		    (!f.capture || is_capture(c->pos, list[i])))
			found[nfound++] = list[i];
	if (nfound == 1) {
		*move = found[0];
		return SAN_OK;
	}
	if (nfound > 1)
		return say_ambiguous(c, found, nfound);
	return explain(c, &f, list, n);
}

static bool has_lower(const char *s)
{
	while (*s && !is_lower(*s))
		s++;
	return *s != '\0';
}

/*
 * The other readings of what was typed, tried when the text as it stands
 * names no move.  1: a move typed in capitals (E2E4, EXD5) with its files and
 * x in lower case, a first piece letter kept (NF3); a first letter that can
 * only be a file lowered anyway (Exd5).  2: the b that no pawn move fits read
 * as a bishop (bc4 as Bc4), or the B of a move typed in capitals as the b-file
 * (B4, B2B4).  False when the reading is no different.
 */
static bool other_reading(const char *core, int which, char *out, size_t len)
{
	bool caps = !has_lower(core);
	snprintf(out, len, "%s", core);
	if (which == 2 && out[0] == 'b') {
		out[0] = 'B';
		return true;
	}
	if (which == 2 && !(out[0] == 'B' && caps))
		return false;
	for (size_t i = 0; out[i]; i++) {
		char ch = out[i];
		bool file_like = (ch >= 'A' && ch <= 'H') || ch == 'X';
		if (i == 0 && which == 1 && type_of_letter(ch))
			continue; /* K Q R B N P first stay pieces */
		if (file_like && (caps || i == 0))
			out[i] = (char)(ch + 32);
	}
	return strcmp(out, core) != 0;
}

/*
 * "bb3" is no pawn move of standard notation (a pawn's non-capture names no
 * file), so when the bishop could go there too the player more likely meant
 * it: neither is played, and the message names both.
 */
static bool pawn_or_bishop(const struct san_ctx *c, const char *typed, move_t pawn_move)
{
	if (strlen(typed) != 3 || typed[0] != 'b' || typed[1] != 'b' || !is_rank(typed[2]) ||
	    piece_type(moved_piece(c->pos, pawn_move)) != PAWN)
		return false;
	char quiet[256];
	struct san_ctx b = *c; /* the bishop's reading, its message unused */
	snprintf(b.core, sizeof b.core, "B%s", typed + 1);
	b.msg = quiet;
	b.msglen = sizeof quiet;
	move_t bishop;
	return read_one(&b, &bishop) == SAN_OK;
}

/*
 * Reads the text as typed, then its other readings; the first that names a
 * move (or several) wins.  When none does, the message is the first
 * reading's, unless that one was not a move at all and a later one is a
 * move that cannot be played here: then why it cannot.
 */
enum san_status san_parse(const struct position *pos, const char *text, move_t *move, char *msg, size_t msglen)
{
	struct san_ctx c = { .pos = pos, .msg = msg, .msglen = msglen };
	*move = MOVE_NONE;
	if (msg && msglen)
		msg[0] = '\0';
	if (!trim_input(&c, text))
		return say(&c, SAN_INVALID, "%s is too long to be a move", c.shown);
	char typed[SAN_INPUT_MAX], said[3][256] = { "" };
	snprintf(typed, sizeof typed, "%s", c.core);
	c.msg = said[0];
	c.msglen = sizeof said[0];
	enum san_status best = read_one(&c, move);
	const char *best_msg = said[0];
	if (best == SAN_OK && pawn_or_bishop(&c, typed, *move)) {
		*move = MOVE_NONE;
		c.msg = msg;
		c.msglen = msglen;
		return say(&c, SAN_AMBIGUOUS, "%s is ambiguous: b%c or Bb%c", typed, typed[2], typed[2]);
	}
	for (int which = 1; which <= 2 && best != SAN_OK && best != SAN_AMBIGUOUS; which++) {
		if (!other_reading(typed, which, c.core, sizeof c.core))
			continue;
		c.msg = said[which];
		enum san_status st = read_one(&c, move);
		if (st == SAN_OK || st == SAN_AMBIGUOUS || (best == SAN_INVALID && st == SAN_ILLEGAL)) {
			best = st;
			best_msg = said[which];
		}
	}
	if (msg && msglen && best != SAN_OK)
		snprintf(msg, msglen, "%s", best_msg);
	return best;
}
