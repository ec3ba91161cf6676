/* The board in sentences for a screen reader. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "spoken.h"
#include "rules/movegen.h"

static const char *const type_names[PIECE_TYPE_NB] = { "", "pawn", "knight", "bishop", "rook", "queen", "king" };
static const char *const color_names[COLOR_NB] = { "white", "black" };
static const char *const side_names[COLOR_NB] = { "White", "Black" };

/* Appends to out, cut at len (snprintf's way: never past the end). */
__attribute__((format(printf, 3, 4))) static void add(char *out, size_t len, const char *fmt, ...)
{
	size_t used = strlen(out);
	if (used + 1 >= len)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(out + used, len - used, fmt, ap);
	va_end(ap);
}

/* ", " between the items of a list, " and " before its last; i counts from 0 of n. */
static const char *joiner(int i, int n) { return i == 0 ? "" : i == n - 1 ? " and " : ", "; }
/* The same between clauses that hold lists themselves: ", and " before the last. */
static const char *clause_joiner(int i, int n) { return i == 0 ? "" : i == n - 1 ? ", and " : ", "; }

static void square_name(int sq, char name[3])
{
	name[0] = (char)('a' + square_file(sq));
	name[1] = (char)('1' + square_rank(sq));
	name[2] = '\0';
}

/* The squares of a set as "b1, c3 and g1". */
static void add_squares(char *out, size_t len, bitboard_t set)
{
	int n = popcount(set), i = 0;
	while (set) {
		char name[3];
		square_name(pop_lsb(&set), name);
		add(out, len, "%s%s", joiner(i++, n), name);
	}
}

int spoken_piece_type(const char *word)
{
	static const char letters[] = " pnbrqk";
	if (strlen(word) == 1) {
		const char *p = strchr(letters + 1, tolower((unsigned char)word[0]));
		return p ? (int)(p - letters) : PIECE_TYPE_NONE;
	}
	for (int type = PAWN; type <= KING; type++) {
		size_t n = strlen(type_names[type]);
		if (!strncasecmp(word, type_names[type], n) && (!word[n] || (!strcasecmp(word + n, "s"))))
			return type;
	}
	return PIECE_TYPE_NONE;
}

int spoken_color(const char *word)
{
	for (int c = WHITE; c <= BLACK; c++) {
		size_t n = strlen(color_names[c]);
		if (!strcasecmp(word, color_names[c]) || (!strncasecmp(word, color_names[c], n) && !strcasecmp(word + n, "s")) ||
		    (word[0] && !word[1] && tolower((unsigned char)word[0]) == color_names[c][0]))
			return c;
	}
	return -1;
}

/* "White knights: b1 and g1." or "White has no knights." */
static void add_kind(const struct position *pos, int color, int type, char *out, size_t len)
{
	bitboard_t set = pieces_of(pos, color, type);
	int n = popcount(set);
	if (out[0])
		add(out, len, " ");
	if (n == 0) {
		add(out, len, "%s has no %ss.", side_names[color], type_names[type]);
		return;
	}
	add(out, len, "%s %s%s: ", side_names[color], type_names[type], n > 1 ? "s" : "");
	add_squares(out, len, set);
	add(out, len, ".");
}

/* "White: king on e1; queen on d1; rooks on a1 and h1; ...; pawns on a2, ... and h2." */
static void add_army(const struct position *pos, int color, char *out, size_t len)
{
	static const int order[] = { KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN };
	bool first = true;
	add(out, len, "%s%s: ", out[0] ? " " : "", side_names[color]);
	for (int i = 0; i < 6; i++) {
		bitboard_t set = pieces_of(pos, color, order[i]);
		if (!set)
			continue;
		add(out, len, "%s%s%s on ", first ? "" : "; ", type_names[order[i]], popcount(set) > 1 ? "s" : "");
		add_squares(out, len, set);
		first = false;
	}
	add(out, len, ".");
}

void spoken_pieces(const struct position *pos, int type, unsigned colors, char *out, size_t len)
{
	out[0] = '\0';
	for (int c = WHITE; c <= BLACK; c++) {
		if (!(colors & 1u << c))
			continue;
		if (type == PIECE_TYPE_NONE)
			add_army(pos, c, out, len);
		else
			add_kind(pos, c, type, out, len);
	}
}

/* The squares given, said in order after the line's name: "File e: white pawn on e2 and black king on e8." */
static void say_line(const struct position *pos, const char *name, const int *squares, char *out, size_t len)
{
	int n = 0, i = 0;
	for (int k = 0; k < 8; k++)
		n += piece_on(pos, squares[k]) != NO_PIECE;
	if (n == 0) {
		snprintf(out, len, "%s is empty.", name);
		return;
	}
	snprintf(out, len, "%s: ", name);
	for (int k = 0; k < 8; k++) {
		int piece = piece_on(pos, squares[k]);
		char sq[3];
		if (piece == NO_PIECE)
			continue;
		square_name(squares[k], sq);
		add(out, len, "%s%s %s on %s", joiner(i++, n), color_names[piece_color(piece)],
		    type_names[piece_type(piece)], sq);
	}
	add(out, len, n < 8 ? ". The rest is empty." : ".");
}

void spoken_file(const struct position *pos, int file, char *out, size_t len)
{
	int squares[8];
	char name[8];
	for (int r = 0; r < 8; r++)
		squares[r] = make_square(file, r);
	snprintf(name, sizeof name, "File %c", (char)('a' + file));
	say_line(pos, name, squares, out, len);
}

void spoken_rank(const struct position *pos, int rank, char *out, size_t len)
{
	int squares[8];
	char name[8];
	for (int f = 0; f < 8; f++)
		squares[f] = make_square(f, rank);
	snprintf(name, sizeof name, "Rank %c", (char)('1' + rank));
	say_line(pos, name, squares, out, len);
}

void spoken_square(const struct position *pos, int sq, char *out, size_t len)
{
	int piece = piece_on(pos, sq);
	char name[3];
	square_name(sq, name);
	if (piece == NO_PIECE)
		snprintf(out, len, "%s is empty.", name);
	else
		snprintf(out, len, "%s: %s %s.", name, color_names[piece_color(piece)], type_names[piece_type(piece)]);
}

void spoken_move(const struct position *before, move_t m, char *out, size_t len)
{
	int us = before->side, piece = piece_on(before, move_from(m)), kind = move_kind(m);
	char from[3], to[3];
	square_name(move_from(m), from);
	square_name(move_to(m), to);
	if (kind == MOVE_CASTLING) {
		snprintf(out, len, "%s castled %s", side_names[us], square_file(move_to(m)) == 6 ? "kingside" : "queenside");
	} else {
		snprintf(out, len, "%s played %s from %s to %s", side_names[us], type_names[piece_type(piece)], from, to);
		if (kind == MOVE_EN_PASSANT)
			add(out, len, ", takes pawn en passant");
		else if (piece_on(before, move_to(m)) != NO_PIECE)
			add(out, len, ", takes %s", type_names[piece_type(piece_on(before, move_to(m)))]);
		if (kind == MOVE_PROMOTION)
			add(out, len, ", promotes to %s", type_names[move_promotion(m)]);
	}
	struct position after;
	struct state st, next;
	move_t replies[MAX_MOVES];
	pos_copy(&after, &st, before);
	pos_make_move(&after, m, &next);
	if (in_check(&after))
		add(out, len, generate_legal(&after, replies) == 0 ? ", checkmate" : ", check");
	else if (generate_legal(&after, replies) == 0)
		add(out, len, ", stalemate");
	add(out, len, ".");
}

void spoken_piece_moves(const struct position *pos, int sq, char *out, size_t len)
{
	int piece = piece_on(pos, sq);
	char name[3];
	square_name(sq, name);
	if (piece == NO_PIECE) {
		snprintf(out, len, "%s is empty.", name);
		return;
	}
	char what[32];
	snprintf(what, sizeof what, "%s on %s", type_names[piece_type(piece)], name);
	what[0] = (char)toupper((unsigned char)what[0]);
	if (piece_color(piece) != pos->side) {
		snprintf(out, len, "%s is %s's: it is %s's turn.", what, side_names[piece_color(piece)],
		         side_names[pos->side]);
		return;
	}
	move_t list[MAX_MOVES];
	int n = generate_legal(pos, list);
	bitboard_t goes = 0, takes = 0;
	bool promotes = false, castles[2] = { false, false };
	for (int i = 0; i < n; i++) {
		move_t m = list[i];
		if (move_from(m) != sq)
			continue;
		if (move_kind(m) == MOVE_CASTLING)
			castles[square_file(move_to(m)) == 2] = true; /* the king's destination names the side (Chess960 too) */
		else if (is_capture(pos, m))
			takes |= 1ull << move_to(m);
		else
			goes |= 1ull << move_to(m);
		promotes |= move_kind(m) == MOVE_PROMOTION;
	}
	if (!goes && !takes && !castles[0] && !castles[1]) {
		snprintf(out, len, "%s cannot move.", what);
		return;
	}
	snprintf(out, len, "%s can ", what);
	int parts = (goes != 0) + (takes != 0) + castles[0] + castles[1], i = 0;
	if (goes) {
		add(out, len, "%sgo to ", clause_joiner(i++, parts));
		add_squares(out, len, goes);
	}
	if (takes) {
		add(out, len, "%stake on ", clause_joiner(i++, parts));
		add_squares(out, len, takes);
	}
	if (castles[0])
		add(out, len, "%scastle kingside", clause_joiner(i++, parts));
	if (castles[1])
		add(out, len, "%scastle queenside", clause_joiner(i++, parts));
	add(out, len, promotes ? ". It promotes there." : ".");
}

void spoken_time(int64_t ms, char *out, size_t len)
{
	if (ms < 0)
		ms = 0;
	int64_t s = ms / 1000;
	int h = (int)(s / 3600), m = (int)(s / 60 % 60), sec = (int)(s % 60);
	out[0] = '\0';
	if (ms < 20000) {
		snprintf(out, len, "%d.%d seconds", sec, (int)(ms / 100 % 10));
		return;
	}
	if (h)
		add(out, len, "%d hour%s", h, h == 1 ? "" : "s");
	if (m)
		add(out, len, "%s%d minute%s", out[0] ? " " : "", m, m == 1 ? "" : "s");
	if (sec || !out[0])
		add(out, len, "%s%d second%s", out[0] ? " " : "", sec, sec == 1 ? "" : "s");
}

/* ---------------------------------------------------------------- SAN in a sentence, in words */

/* A move number as a line writes it: "12." or "12...". */
static bool is_move_number(const char *w, size_t n)
{
	size_t d = 0;
	while (d < n && isdigit((unsigned char)w[d]))
		d++;
	return d > 0 && d < n && (n - d == 1 || n - d == 3) && strspn(w + d, ".") == n - d;
}

/* The letters of a SAN move at w (n characters): piece, origin, x, square, =piece, castling; 0 if it is none. */
static size_t san_length(const char *w, size_t n)
{
	if (n >= 3 && !strncmp(w, "O-O", 3))
		return n >= 5 && !strncmp(w, "O-O-O", 5) ? 5 : 3;
	size_t i = w[0] && strchr("KQRBN", w[0]) ? 1 : 0;
	while (i < n && w[i] && strchr("abcdefgh12345678x", w[i]))
		i++;
	/* It ends on a square: a file letter and a rank digit. */
	if (i < 2 || w[i - 2] < 'a' || w[i - 2] > 'h' || w[i - 1] < '1' || w[i - 1] > '8')
		return 0;
	if (i + 1 < n && w[i] == '=' && w[i + 1] && strchr("QRBN", w[i + 1]))
		i += 2;
	return i;
}

static const char *piece_word(char c)
{
	switch (c) {
	case 'K': return "king";
	case 'Q': return "queen";
	case 'R': return "rook";
	case 'B': return "bishop";
	case 'N': return "knight";
	default: return "pawn";
	}
}

/* One SAN move (its n letters, as san_length found them) in words: "pawn e takes d5", "knight to f3". */
static void add_san_words(char *out, size_t len, const char *w, size_t n)
{
	if (n == 3 || n == 5) {
		if (!strncmp(w, "O-O-O", n) || !strncmp(w, "O-O", n)) {
			add(out, len, "castles %s", n == 5 ? "queenside" : "kingside");
			return;
		}
	}
	size_t i = strchr("KQRBN", w[0]) ? 1 : 0;
	const char *eq = memchr(w, '=', n);
	size_t end = eq ? (size_t)(eq - w) : n, square = end - 2, from = square;
	bool takes = from > i && w[from - 1] == 'x';
	if (takes)
		from--;
	add(out, len, "%s", piece_word(i ? w[0] : 'P'));
	if (from > i)
		add(out, len, " %.*s", (int)(from - i), w + i);
	add(out, len, " %s %.2s", takes ? "takes" : "to", w + square);
	if (eq)
		add(out, len, " promotes to %s", piece_word(eq[1]));
}

void spoken_san_text(const char *text, char *out, size_t len)
{
	static const struct {
		const char *mark, *words;
	} marks[] = { { "??", ", a blunder" }, { "?!", ", an inaccuracy" }, { "!?", ", an interesting move" },
		      { "!!", ", a brilliant move" }, { "?", ", a mistake" }, { "!", ", a good move" } };
	if (len)
		out[0] = '\0';
	const char *p = text;
	bool first = true, in_line = false; /* after a move number or a move: a bare square is a pawn's move */
	while (*p) {
		size_t gap = strspn(p, " ");
		p += gap;
		size_t n = strcspn(p, " ");
		if (n == 0)
			break;
		if (is_move_number(p, n)) {
			p += n;
			in_line = true;
			continue;
		}
		if (!first)
			add(out, len, " ");
		first = false;
		size_t m = san_length(p, n);
		/* A square alone ("the bishop on d5") is a move only in a line or with a sign after it. */
		bool bare = m == 2 && (n == 2 || !strchr("+#?!", p[2]));
		if (!m || (bare && !in_line)) {
			add(out, len, "%.*s", (int)n, p);
			p += n;
			in_line = false;
			continue;
		}
		in_line = p[n - 1] != '.' && p[n - 1] != ':' && p[n - 1] != ',';
		add_san_words(out, len, p, m);
		const char *rest = p + m;
		size_t left = n - m;
		if (left && (*rest == '+' || *rest == '#')) {
			add(out, len, "%s", *rest == '#' ? ", mate" : ", check");
			rest++;
			left--;
		}
		for (size_t k = 0; k < sizeof marks / sizeof *marks && left; k++)
			if (!strncmp(rest, marks[k].mark, strlen(marks[k].mark))) {
				add(out, len, "%s", marks[k].words);
				rest += strlen(marks[k].mark);
				left -= strlen(marks[k].mark);
				break;
			}
		add(out, len, "%.*s", (int)left, rest);
		p += n;
	}
}
