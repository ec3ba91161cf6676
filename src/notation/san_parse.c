/*
 * Reading SAN as people type it: lenient about the form (O-O or 0-0, e8Q,
 * a missing x, a wrong + or #, !?, e.p., coordinates), strict about the
 * meaning: the text must name exactly one legal move, and when it does not,
 * the message says why in a player's words.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rules/movegen.h"
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
	char shown[SAN_INPUT_MAX]; /* the input as typed, trimmed, controls replaced: for messages */
	char core[SAN_INPUT_MAX];  /* without annotations (+ # ! ? e.p.) */
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

static bool is_file(char ch) { return ch >= 'a' && ch <= 'h'; }
static bool is_rank(char ch) { return ch >= '1' && ch <= '8'; }
static bool is_space(char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n'; }
static int type_of_letter(char ch)
{
	const char *l = ch ? strchr(" PNBRQK", ch) : NULL;
	return l && ch != ' ' ? (int)(l - " PNBRQK") : PIECE_TYPE_NONE;
}

/* Fills shown and core from the raw text; false if it is too long to be a move. */
static bool trim_input(struct san_ctx *c, const char *text)
{
	while (is_space(*text))
		text++;
	size_t n = strlen(text);
	while (n && is_space(text[n - 1]))
		n--;
	if (n >= SAN_INPUT_MAX) {
		snprintf(c->shown, sizeof c->shown, "%.16s...", text);
		n = 19;
	} else {
		memcpy(c->shown, text, n);
		c->shown[n] = '\0';
	}
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)c->shown[i] < 0x20 || c->shown[i] == 0x7f)
			c->shown[i] = '?';
	if (n >= SAN_INPUT_MAX)
		return false;
	/* Annotations carry no meaning for the move: check and mate signs (often wrong in real files), !, ?, e.p. */
	memcpy(c->core, c->shown, n + 1);
	for (;;) {
		while (n && is_space(c->core[n - 1]))
			n--;
		if (n >= 4 && !memcmp(c->core + n - 4, "e.p.", 4))
			n -= 4;
		else if (n >= 3 && !memcmp(c->core + n - 2, "ep", 2) && (is_rank(c->core[n - 3]) || is_space(c->core[n - 3])))
			n -= 2;
		else if (n && strchr("+#!?", c->core[n - 1]))
			n--;
		else
			break;
	}
	c->core[n] = '\0';
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
	size_t n = *end;
	char ch;
	if (n >= 5 && s[n - 1] == ')' && s[n - 3] == '(') {
		ch = s[n - 2];
		n -= 3;
	} else if (n >= 3 && ((s[n - 2] == '=' || s[n - 2] == '/') ||
	                      (is_rank(s[n - 2]) && strchr("NBRQKnbrqk", s[n - 1])))) {
		ch = s[n - 1];
		n -= 1;
	} else {
		return SAN_OK;
	}
	if (n && (s[n - 1] == '=' || s[n - 1] == '/'))
		n--;
	char up = ch >= 'a' && ch <= 'z' ? (char)(ch - 32) : ch;
	if (up == 'K')
		return say(c, SAN_INVALID, "%s is not a move: a pawn cannot become a king", c->shown);
	if (!up || !strchr("NBRQ", up))
		return say(c, SAN_INVALID, "%s is not a move: a pawn becomes a Q, R, B or N, not '%c'", c->shown,
		           ch);
	f->promo = type_of_letter(up);
	*end = n;
	return SAN_OK;
}

/* Piece letter, origin file and rank, x or -, in s[0..end). */
static enum san_status read_prefix(struct san_ctx *c, size_t end, struct san_form *f)
{
	const char *s = c->core;
	size_t i = 0;
	if (i < end && type_of_letter(s[i])) {
		f->type = type_of_letter(s[i++]);
		f->letter = true;
	} else if (i < end && strchr("kqrnp", s[i])) {
		return say(c, SAN_INVALID, "%s is not a move: piece letters are capitals (K Q R B N), and b is a file",
		           c->shown);
	}
	if (i < end && is_file(s[i]))
		f->from_file = s[i++] - 'a';
	if (i < end && is_rank(s[i]))
		f->from_rank = s[i++] - '1';
	if (i < end && (s[i] == 'x' || s[i] == ':' || s[i] == '-'))
		f->capture = s[i++] != '-';
	if (i == end)
		return SAN_OK;
	if (i == 0 && s[0] >= 'A' && s[0] <= 'Z')
		return say(c, SAN_INVALID, "%s is not a move: %c is not a piece (K Q R B N) or a file (a-h)", c->shown,
		           s[0]);
	return say(c, SAN_INVALID, "%s is not a move: '%c' is out of place", c->shown, s[i]);
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
	if (f->type == PIECE_TYPE_NONE) /* coordinates; castling also as king takes rook (e1h1) */
		return from == make_square(f->from_file, f->from_rank) &&
		       (move_to(m) == f->to ||
		        (castling && f->to == (square_file(move_to(m)) == 6 ? move_to(m) + 1 : move_to(m) - 2)));
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

static bool attacked(const struct position *pos, int sq)
{
	return (attackers_to(pos, sq, occupied(pos)) & pos->by_color[!pos->side]) != 0;
}

/* Why O-O or O-O-O cannot be played here. */
static enum san_status explain_castling(struct san_ctx *c, int king_file)
{
	const struct position *pos = c->pos;
	int us = pos->side, base = us == WHITE ? 0 : 56;
	int kfrom = base + 4, kto = base + king_file, rfrom = base + (king_file == 6 ? 7 : 0);
	int right = king_file == 6 ? (us == WHITE ? WHITE_OO : BLACK_OO) : (us == WHITE ? WHITE_OOO : BLACK_OOO);
	const char *wing = king_file == 6 ? "kingside" : "queenside";

	if (!(pos->st->castling & right))
		return say(c, SAN_ILLEGAL, "%s may not castle %s: the king or that rook has moved", side_names[us], wing);
	if (in_check(pos))
		return say(c, SAN_ILLEGAL, "you cannot castle out of check");
	bitboard_t blocked = between_bb(kfrom, rfrom) & occupied(pos);
	if (blocked) {
		int sq = lsb(blocked);
		return say(c, SAN_ILLEGAL, "you cannot castle %s: %c%d stands between king and rook", wing,
		           'a' + square_file(sq), square_rank(sq) + 1);
	}
	int step = kto > kfrom ? 1 : -1;
	for (int sq = kfrom + step;; sq += step) {
		if (attacked(pos, sq) && sq == kto)
			return say(c, SAN_ILLEGAL, "you cannot castle %s: your king would land in check on %c%d", wing,
			           'a' + square_file(sq), square_rank(sq) + 1);
		if (attacked(pos, sq))
			return say(c, SAN_ILLEGAL, "you cannot castle %s: your king would cross %c%d, which is attacked",
			           wing, 'a' + square_file(sq), square_rank(sq) + 1);
		if (sq == kto)
			break;
	}
	return say(c, SAN_ILLEGAL, "you cannot castle %s here", wing);
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
		return say(c, SAN_ILLEGAL, "%s: your own %s stands on %s", c->core, piece_names[piece_type(own)], dest);
	if (origins) {
		int from = lsb(origins);
		if (type != KING && (pos->st->blockers[us] & pos->by_color[us] & square_bb(from)) &&
		    !aligned(from, to, king_square(pos, us)))
			return say(c, SAN_ILLEGAL, "your %s on %c%d is pinned", piece_names[type], 'a' + square_file(from),
			           square_rank(from) + 1);
		return say(c, SAN_ILLEGAL, "%s would leave your king in check", c->core);
	}
	if (!pieces_of(pos, us, type))
		return say(c, SAN_ILLEGAL, "%s: you have no %s", c->core, piece_names[type]);
	if (type == PAWN && (f->capture || f->from_file >= 0)) {
		int behind = to - pawn_push(us);
		if (relative_rank(us, to) == 5 && own == NO_PIECE && pos->board[behind] == make_piece(!us, PAWN))
			return say(c, SAN_ILLEGAL, "en passant on %s is not possible now", dest);
		return say(c, SAN_ILLEGAL, "no pawn can capture on %s", dest);
	}
	char where[24] = "";
	if (f->from_file >= 0 && f->from_rank >= 0)
		snprintf(where, sizeof where, " on %c%d", 'a' + f->from_file, f->from_rank + 1);
	else if (f->from_file >= 0)
		snprintf(where, sizeof where, " on the %c-file", 'a' + f->from_file);
	else if (f->from_rank >= 0)
		snprintf(where, sizeof where, " on rank %d", f->from_rank + 1);
	return say(c, SAN_ILLEGAL, "no %s%s can move to %s", piece_names[type], where, dest);
}

/* Why nothing matched; the form itself was good. */
static enum san_status explain(struct san_ctx *c, const struct san_form *f, const move_t *list, int n)
{
	const struct position *pos = c->pos;
	int us = pos->side;
	if (n == 0)
		return say(c, SAN_ILLEGAL, "%s is %s: no move can be played", side_names[us],
		           in_check(pos) ? "checkmated" : "stalemated");
	if (f->castle)
		return explain_castling(c, f->castle);
	for (int i = 0; i < n; i++) {
		if (!fits_squares(pos, f, list[i]))
			continue;
		if (move_kind(list[i]) == MOVE_PROMOTION && !f->promo)
			return say(c, SAN_ILLEGAL, "%s: say what the pawn becomes: =Q, =R, =B or =N", c->core);
		if (fits_promotion(f, list[i]) && f->capture && !is_capture(pos, list[i]))
			return say(c, SAN_ILLEGAL, "%s: there is nothing to take on %c%d", c->core,
			           'a' + square_file(f->to), square_rank(f->to) + 1);
	}
	if (f->promo && relative_rank(us, f->to) != 7)
		return say(c, SAN_ILLEGAL, "%s: a pawn is promoted only on the last rank", c->core);
	int type = f->type;
	if (type == PIECE_TYPE_NONE) {
		int from = make_square(f->from_file, f->from_rank), piece = pos->board[from];
		if (piece == NO_PIECE)
			return say(c, SAN_ILLEGAL, "%s: there is no piece on %c%d", c->core, 'a' + f->from_file,
			           f->from_rank + 1);
		if (piece_color(piece) != us)
			return say(c, SAN_ILLEGAL, "%s: the %s on %c%d is %s's", c->core, piece_names[piece_type(piece)],
			           'a' + f->from_file, f->from_rank + 1, side_names[!us]);
		type = piece_type(piece);
		if (type == KING && from == relative_square(us, SQ_E1) &&
		    square_rank(f->to) == square_rank(from) && (square_file(f->to) == 6 || square_file(f->to) == 2))
			return explain_castling(c, square_file(f->to));
	}
	if (f->promo && type != PAWN)
		return say(c, SAN_ILLEGAL, "%s: only a pawn is promoted", c->core);
	return explain_unreachable(c, f, type);
}

enum san_status san_parse(const struct position *pos, const char *text, move_t *move, char *msg, size_t msglen)
{
	struct san_ctx c = { .pos = pos, .msg = msg, .msglen = msglen };
	struct san_form f;
	move_t list[MAX_MOVES], found[MAX_MOVES];
	int nfound = 0;

	*move = MOVE_NONE;
	if (msg && msglen)
		msg[0] = '\0';
	if (!trim_input(&c, text))
		return say(&c, SAN_INVALID, "%s is too long to be a move", c.shown);
	enum san_status st = read_form(&c, &f);
	if (st != SAN_OK)
		return st;
	int n = generate_legal(pos, list);
	for (int i = 0; i < n; i++)
		if (fits_squares(pos, &f, list[i]) && fits_promotion(&f, list[i]) &&
		    (!f.capture || is_capture(pos, list[i])))
			found[nfound++] = list[i];
	if (nfound == 1) {
		*move = found[0];
		return SAN_OK;
	}
	if (nfound > 1)
		return say_ambiguous(&c, found, nfound);
	return explain(&c, &f, list, n);
}
