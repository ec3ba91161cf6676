/*
 * libFuzzer harness for the Polyglot book reader.  Any bytes: refused with a
 * message, or taken only when they are whole entries in key order; a book
 * taken is probed in a few positions, where every move given must be legal
 * and the shares must add up; choosing never picks a move of weight 0.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/book.h"
#include "fuzz_input.h"
#include "rules/line.h"
#include "rules/movegen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const fens[] = {
	FEN_START,
	"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
	"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
	"8/P6k/8/8/8/8/8/K7 w - - 0 1",
};

/* Every move given is legal, heaviest first, the shares add up, and a pick never falls on weight 0. */
static void probe(const struct book *b, const struct position *pos)
{
	struct book_move m[BOOK_MOVES_MAX];
	int n = book_probe(b, pos, m, BOOK_MOVES_MAX), total = 0;
	if (n < 0 || n > BOOK_MOVES_MAX)
		abort();
	for (int i = 0; i < n; i++) {
		if (!move_is_legal(pos, m[i].move) || m[i].permille < 0 || m[i].permille > 1000 ||
		    (i > 0 && m[i].weight > m[i - 1].weight))
			abort();
		total += m[i].permille;
	}
	if (n > 0 && total > 0 && (total < 1000 - n || total > 1000 + n))
		abort(); /* rounded shares still add up to about a whole */
	for (uint64_t r = 1; r < (1ULL << 63); r <<= 7) {
		int k = book_pick(m, n, (double)(r % 21), r * 0x9E3779B97F4A7C15ULL);
		if (k >= n || (k >= 0 && m[k].weight == 0))
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *copy = fuzz_input(data, size, 1 << 16);
	if (!copy)
		return 0;
	/* The first byte, when odd, keys every entry to the start position, so that probes have moves to check. */
	if (size >= BOOK_ENTRY_BYTES && (copy[0] & 1)) {
		struct pos_line l = POS_LINE_EMPTY;
		char err[128];
		if (!line_set_fen(&l, FEN_START, err, sizeof err, NULL, 0))
			abort();
		uint64_t key = book_key(&l.pos);
		for (size_t e = 0; e + BOOK_ENTRY_BYTES <= size; e += BOOK_ENTRY_BYTES)
			for (int i = 0; i < 8; i++)
				copy[e + (size_t)i] = (unsigned char)(key >> (56 - 8 * i));
		line_free(&l);
	}
	char err[512] = "";
	struct book *b = book_from_bytes(copy, size, "fuzz", err, sizeof err);
	if (!b) {
		if (!err[0] || (size > 0 && size % BOOK_ENTRY_BYTES == 0 && !strstr(err, "key order")))
			abort();
	} else {
		if (size == 0 || size % BOOK_ENTRY_BYTES || book_entries(b) != size / BOOK_ENTRY_BYTES)
			abort();
		for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
			struct pos_line l = POS_LINE_EMPTY;
			if (!line_set_fen(&l, fens[i], err, sizeof err, NULL, 0))
				abort();
			probe(b, &l.pos);
			line_free(&l);
		}
	}
	book_free(b);
	free(copy);
	return 0;
}
