/* The data generator's opening book: one FEN or EPD position a line, each checked by the rules. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/text_file.h"
#include "protocol/datagen_internal.h"

static bool all_digits(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return n > 0;
}

/*
 * The position fields of one line into fen: four fields, and the two counters
 * when the next two words are numbers (EPD operations such as `bm e4;` are not).
 * False when the line has fewer than four fields or is too long.
 */
static bool line_fen(const char *line, char *fen, size_t len)
{
	const char *p = line;
	size_t n = 0;
	for (int field = 0; field < 6; field++) {
		while (*p == ' ' || *p == '\t')
			p++;
		size_t w = strcspn(p, " \t;");
		if (!w || (field >= 4 && !all_digits(p, w)))
			return field >= 4;
		if (n + w + 2 > len)
			return false;
		if (n)
			fen[n++] = ' ';
		memcpy(fen + n, p, w);
		fen[n += w] = '\0';
		p += w;
	}
	return true;
}

static bool book_add(struct opening_book *book, const char *fen, int *capacity)
{
	if (book->count == *capacity) {
		int grown = *capacity ? *capacity * 2 : 1024;
		char(*more)[FEN_MAX] = realloc(book->fens, (size_t)grown * sizeof *more);
		if (!more)
			return false;
		book->fens = more;
		*capacity = grown;
	}
	snprintf(book->fens[book->count++], FEN_MAX, "%s", fen);
	return true;
}

bool opening_book_load(struct opening_book *book, const char *path, char *err, size_t errlen)
{
	book->fens = NULL;
	book->count = 0;
	char *text = text_file_read(path, NULL);
	if (!text) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return false;
	}
	struct position pos;
	struct state st;
	int capacity = 0, lineno = 0;
	bool ok = true;
	for (char *save = NULL, *line = strtok_r(text, "\n", &save); ok && line; line = strtok_r(NULL, "\n", &save)) {
		lineno++;
		line[strcspn(line, "\r")] = '\0';
		const char *s = line + strspn(line, " \t");
		if (!*s || *s == '#')
			continue;
		char fen[FEN_MAX], why[160];
		if (!line_fen(s, fen, sizeof fen) || !pos_set_fen(&pos, &st, fen, why, sizeof why, NULL, 0)) {
			snprintf(err, errlen, "%s:%d: not a position: %s", path, lineno,
			         line_fen(s, fen, sizeof fen) ? why : "fewer than four FEN fields, or too long");
			ok = false;
		} else if (!count_legal(&pos)) {
			snprintf(err, errlen, "%s:%d: the side to move has no legal move", path, lineno);
			ok = false;
		} else if (!book_add(book, fen, &capacity)) {
			snprintf(err, errlen, "%s: out of memory", path);
			ok = false;
		}
	}
	if (ok && !book->count) {
		snprintf(err, errlen, "%s: no positions in it", path);
		ok = false;
	}
	free(text);
	if (!ok)
		opening_book_free(book);
	return ok;
}

void opening_book_free(struct opening_book *book)
{
	free(book->fens);
	book->fens = NULL;
	book->count = 0;
}
