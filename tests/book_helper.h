/* Small Polyglot books written by the tests themselves: no third-party book is needed. */
#ifndef OUTPOST_TEST_BOOK_HELPER_H
#define OUTPOST_TEST_BOOK_HELPER_H

/* One entry: the position after `moves` (UCI, space-separated; "" for none) from fen (NULL: the start). */
struct test_book_entry {
	const char *fen;
	const char *moves;
	const char *move;   /* the book's move in UCI; castling as UCI writes it (e1g1) */
	unsigned weight;
};

/* Writes the entries as a Polyglot book, sorted by key as the format wants, to path; the test fails on error. */
void test_write_book(const char *path, const struct test_book_entry *entries, int n);
/* A temporary file name of the test's own ("/tmp/outpost-test-PID-NAME"). */
void test_temp_path(char *buf, size_t len, const char *name);

#endif
