/* Polyglot books: the key, reading and checking the file, probing by binary search, choosing by weight. */
#include "engine/book.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine/book_random.h"
#include "engine/skill.h"
#include "rules/uci_move.h"

struct book_entry {
	uint64_t key;
	uint16_t move;
	uint16_t weight;
};

struct book {
	struct book_entry *entries;
	size_t count;
	char name[256];
};

/* ---------------------------------------------------------------- the key */

/* Polyglot's piece kinds: black pawn 0, white pawn 1, black knight 2, ... white king 11. */
static int polyglot_kind(int piece) { return 2 * (piece_type(piece) - PAWN) + (piece_color(piece) == WHITE); }

/*
 * Polyglot counts an en passant file when the last move was a double step and
 * a pawn of the side to move stands beside it, legal capture or not.  The
 * rules keep the square only when the capture is legal, so where the history
 * is known the last move is looked at; from a bare FEN only the rules' square
 * is there (a pawn pinned against a double step is the one rare difference).
 */
static int en_passant_file(const struct position *pos)
{
	const struct state *st = pos->st;
	if (st->ep != SQ_NONE)
		return square_file(st->ep);
	if (!st->prev || st->move == MOVE_NONE || st->move == MOVE_NULL)
		return -1;
	int from = move_from(st->move), to = move_to(st->move), them = !pos->side;
	if (piece_on(pos, to) != make_piece(them, PAWN) || (to - from != 16 && from - to != 16))
		return -1;
	int file = square_file(to), ours = make_piece(pos->side, PAWN);
	if ((file > 0 && piece_on(pos, to - 1) == ours) || (file < 7 && piece_on(pos, to + 1) == ours))
		return file;
	return -1;
}

uint64_t book_key(const struct position *pos)
{
	uint64_t key = 0;
	for (bitboard_t b = occupied(pos); b; b &= b - 1) {
		int sq = lsb(b);
		key ^= book_random[64 * polyglot_kind(piece_on(pos, sq)) + sq];
	}
	for (int right = 0; right < 4; right++)
		if (pos->st->castling & (1 << right))
			key ^= book_random[BOOK_RANDOM_CASTLING + right];
	int ep = en_passant_file(pos);
	if (ep >= 0)
		key ^= book_random[BOOK_RANDOM_EN_PASSANT + ep];
	if (pos->side == WHITE)
		key ^= book_random[BOOK_RANDOM_TURN];
	return key;
}

/* ---------------------------------------------------------------- reading */

static uint64_t read_be(const unsigned char *p, int bytes)
{
	uint64_t v = 0;
	for (int i = 0; i < bytes; i++)
		v = v << 8 | p[i];
	return v;
}

struct book *book_from_bytes(const unsigned char *data, size_t len, const char *name, char *err, size_t errlen)
{
	if (len == 0) {
		snprintf(err, errlen, "%s: the book is empty", name);
		return NULL;
	}
	if (len % BOOK_ENTRY_BYTES) {
		snprintf(err, errlen,
		         "%s: truncated or not a Polyglot book (%zu bytes is not a whole number of %d-byte "
		         "entries)",
		         name, len, BOOK_ENTRY_BYTES);
		return NULL;
	}
	struct book *b = calloc(1, sizeof *b);
	if (b)
		b->entries = malloc(len / BOOK_ENTRY_BYTES * sizeof *b->entries);
	if (!b || !b->entries) {
		snprintf(err, errlen, "%s: out of memory", name);
		book_free(b);
		return NULL;
	}
	b->count = len / BOOK_ENTRY_BYTES;
	snprintf(b->name, sizeof b->name, "%s", name);
	for (size_t i = 0; i < b->count; i++) {
		const unsigned char *p = data + i * BOOK_ENTRY_BYTES;
		b->entries[i] =
			(struct book_entry){ read_be(p, 8), (uint16_t)read_be(p + 8, 2), (uint16_t)read_be(p + 10, 2) };
		/* The binary search needs keys in order: a file without it is not a book. */
		if (i > 0 && b->entries[i].key < b->entries[i - 1].key) {
			snprintf(err, errlen, "%s: not a Polyglot book (entry %zu, at byte %zu, is out of key order)",
			         name, i + 1, i * BOOK_ENTRY_BYTES);
			book_free(b);
			return NULL;
		}
	}
	return b;
}

/* The whole regular file in a malloc'ed buffer; NULL with a message in err. */
static unsigned char *read_book_file(const char *path, size_t *len, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	struct stat st;
	if (!f || fstat(fileno(f), &st) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		if (f)
			fclose(f);
		return NULL;
	}
	unsigned char *data = NULL;
	if (!S_ISREG(st.st_mode))
		snprintf(err, errlen, "%s: not a regular file", path);
	else if ((uint64_t)st.st_size > BOOK_MAX_BYTES)
		snprintf(err, errlen, "%s: too large for a book (%lld bytes; at most %zu)", path, (long long)st.st_size,
		         BOOK_MAX_BYTES);
	else if (!(data = malloc(st.st_size ? (size_t)st.st_size : 1)))
		snprintf(err, errlen, "%s: out of memory", path);
	/* The size read counts, not the size stat saw: the file may change between the two. */
	else if ((*len = fread(data, 1, (size_t)st.st_size, f)) != (size_t)st.st_size || ferror(f)) {
		snprintf(err, errlen, "%s: read error or the file changed while read", path);
		free(data);
		data = NULL;
	}
	fclose(f);
	return data;
}

struct book *book_open(const char *path, char *err, size_t errlen)
{
	size_t len = 0;
	unsigned char *data = read_book_file(path, &len, err, errlen);
	if (!data)
		return NULL;
	struct book *b = book_from_bytes(data, len, path, err, errlen);
	free(data);
	return b;
}

void book_free(struct book *b)
{
	if (!b)
		return;
	free(b->entries);
	free(b);
}

size_t book_entries(const struct book *b) { return b->count; }
const char *book_name(const struct book *b) { return b->name; }

/* ---------------------------------------------------------------- probing */

/* The first entry with this key or a greater one (count when none). */
static size_t lower_bound(const struct book *b, uint64_t key)
{
	size_t lo = 0, hi = b->count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (b->entries[mid].key < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* A Polyglot move (to file, to rank, from file, from rank, promotion: 3 bits each) as the legal move it names. */
static move_t decode_move(const struct position *pos, unsigned pm)
{
	char uci[UCI_MOVE_MAX];
	unsigned promo = pm >> 12 & 7;
	if (promo > 4)
		return MOVE_NONE;
	uci[0] = (char)('a' + (pm >> 6 & 7));
	uci[1] = (char)('1' + (pm >> 9 & 7));
	uci[2] = (char)('a' + (pm & 7));
	uci[3] = (char)('1' + (pm >> 3 & 7));
	uci[4] = promo ? " nbrq"[promo] : '\0';
	uci[5] = '\0';
	/* Castling is written as the king taking its own rook (e1h1), which the UCI reader also takes. */
	return uci_parse_move(pos, uci);
}

static void sort_by_weight(struct book_move *m, int n)
{
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && m[j].weight > m[j - 1].weight; j--) {
			struct book_move t = m[j];
			m[j] = m[j - 1];
			m[j - 1] = t;
		}
}

int book_probe(const struct book *b, const struct position *pos, struct book_move *out, int max)
{
	uint64_t key = book_key(pos);
	unsigned long total = 0;
	int n = 0;
	for (size_t i = lower_bound(b, key); i < b->count && b->entries[i].key == key && n < max; i++) {
		move_t m = decode_move(pos, b->entries[i].move);
		bool seen = false;
		for (int k = 0; k < n && !seen; k++)
			seen = out[k].move == m;
		if (m == MOVE_NONE || seen)
			continue;
		out[n++] = (struct book_move){ m, b->entries[i].weight, 0 };
		total += b->entries[i].weight;
	}
	for (int i = 0; i < n; i++)
		out[i].permille = total ? (int)((out[i].weight * 1000UL + total / 2) / total) : 0;
	sort_by_weight(out, n);
	return n;
}

/* ---------------------------------------------------------------- choosing */

/* The power the weights are raised to: 1 at full strength, 1/4 at level 0. */
static double flattening(double level)
{
	double l = level < 0 ? 0 : level > SKILL_MAX ? SKILL_MAX : level;
	return 0.25 + 0.75 * l / SKILL_MAX;
}

int book_pick(const struct book_move *moves, int n, double level, uint64_t random)
{
	double p = flattening(level), total = 0, share[BOOK_MOVES_MAX];
	if (n > BOOK_MOVES_MAX)
		n = BOOK_MOVES_MAX;
	for (int i = 0; i < n; i++)
		total += share[i] = moves[i].weight ? pow(moves[i].weight, p) : 0;
	if (total <= 0)
		return -1;
	/* 53 random bits make a uniform number in [0, total). */
	double x = (double)(random >> 11) / 9007199254740992.0 * total;
	int last = -1;
	for (int i = 0; i < n; i++) {
		if (share[i] <= 0)
			continue;
		last = i;
		if (x < share[i])
			return i;
		x -= share[i];
	}
	return last; /* rounding left x a hair past the end */
}
