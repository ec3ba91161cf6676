/* Writing Polyglot books for the tests: each entry's key from its position, its move in Polyglot's encoding. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "book_helper.h"
#include "engine/book.h"
#include "helpers.h"
#include "rules/uci_move.h"

struct raw_entry {
	uint64_t key;
	unsigned move, weight;
};

void test_temp_path(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "/tmp/outpost-test-%ld-%s", (long)getpid(), name);
}

/* Polyglot's move: to file, to rank, from file, from rank, promotion, 3 bits each; castling as king takes rook. */
static unsigned encode_move(move_t m)
{
	int from = move_from(m), to = move_to(m);
	if (move_kind(m) == MOVE_CASTLING)
		to = square_file(to) == 6 ? to + 1 : to - 2;
	unsigned promo = move_kind(m) == MOVE_PROMOTION ? (unsigned)(move_promotion(m) - KNIGHT + 1) : 0;
	return (unsigned)square_file(to) | (unsigned)square_rank(to) << 3 | (unsigned)square_file(from) << 6 |
	       (unsigned)square_rank(from) << 9 | promo << 12;
}

static struct raw_entry make_entry(const struct test_book_entry *e)
{
	struct position *pos = test_position(e->fen ? e->fen : FEN_START);
	char moves[512], *save = NULL;
	snprintf(moves, sizeof moves, "%s", e->moves ? e->moves : "");
	for (char *tok = strtok_r(moves, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		move_t m = uci_parse_move(pos, tok);
		cr_assert_neq(m, MOVE_NONE, "book helper: %s is not legal", tok);
		test_play(pos, m);
	}
	move_t m = uci_parse_move(pos, e->move);
	cr_assert_neq(m, MOVE_NONE, "book helper: the book move %s is not legal", e->move);
	struct raw_entry r = { book_key(pos), encode_move(m), e->weight };
	test_free(pos);
	return r;
}

static int by_key(const void *a, const void *b)
{
	const struct raw_entry *x = a, *y = b;
	return x->key < y->key ? -1 : x->key > y->key;
}

static void put_be(FILE *f, uint64_t v, int bytes)
{
	for (int i = bytes - 1; i >= 0; i--)
		fputc((int)(v >> (8 * i) & 0xff), f);
}

void test_write_book(const char *path, const struct test_book_entry *entries, int n)
{
	struct raw_entry *raw = calloc((size_t)n, sizeof *raw);
	cr_assert_not_null(raw);
	for (int i = 0; i < n; i++)
		raw[i] = make_entry(&entries[i]);
	qsort(raw, (size_t)n, sizeof *raw, by_key);
	FILE *f = fopen(path, "wb");
	cr_assert_not_null(f, "cannot write %s", path);
	for (int i = 0; i < n; i++) {
		put_be(f, raw[i].key, 8);
		put_be(f, raw[i].move, 2);
		put_be(f, raw[i].weight, 2);
		put_be(f, 0, 4); /* learning data */
	}
	cr_assert_eq(fclose(f), 0);
	free(raw);
}
