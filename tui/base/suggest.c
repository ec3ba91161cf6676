/* Suggestions for a mistyped move: the nearest legal moves by edit distance over their SAN. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suggest.h"
#include "notation/notation.h"
#include "rules/movegen.h"

#define WORD_MAX 24

int suggest_distance(const char *a, const char *b)
{
	int n = (int)strlen(a), m = (int)strlen(b);
	if (n >= WORD_MAX || m >= WORD_MAX)
		return WORD_MAX;
	int d[WORD_MAX + 1][WORD_MAX + 1];
	for (int i = 0; i <= n; i++)
		d[i][0] = i;
	for (int j = 0; j <= m; j++)
		d[0][j] = j;
	for (int i = 1; i <= n; i++) {
		for (int j = 1; j <= m; j++) {
			int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	}
	return d[n][m];
}

/* The move's letters that say where it goes, without capture, promotion and check marks. */
static void core_of(const char *text, char *out)
{
	size_t k = 0;
	for (const char *p = text; *p && k < WORD_MAX - 1; p++) {
		if (!strncmp(p, "e.p.", 4))
			break;
		if (!strchr("x=+#!? \t:-", *p) || (*p == '-' && (p[1] == 'O' || p[1] == '0')))
			out[k++] = *p;
	}
	out[k] = '\0';
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * "O-O" or "O-O-O" when text moves the king two squares or more along its first rank to g or c (Kg1, Kc8; in
 * Chess960 from wherever it stands) and that castling is legal.
 */
static bool castling_meant(const struct position *pos, const char *typed, const move_t *list, int n, char *out,
                           size_t len)
{
	int us = pos->side, home = us == WHITE ? 0 : 7;
	if (typed[0] != 'K' || strlen(typed) != 3 || typed[2] - '1' != home || (typed[1] != 'g' && typed[1] != 'c') ||
	    square_distance(king_square(pos, us), make_square(typed[1] - 'a', home)) < 2)
		return false;
	for (int i = 0; i < n; i++)
		if (move_kind(list[i]) == MOVE_CASTLING && square_file(move_to(list[i])) == typed[1] - 'a') {
			snprintf(out, len, "%s", typed[1] == 'g' ? "O-O" : "O-O-O");
			return true;
		}
	return false;
}

int suggest_moves(const struct position *pos, const char *text, char *out, size_t len)
{
	move_t list[MAX_MOVES];
	char typed[WORD_MAX], form[WORD_MAX], san[MAX_MOVES][SAN_MAX];
	int dist[MAX_MOVES], n = generate_legal(pos, list), best = 2 * WORD_MAX + 1;
	out[0] = '\0';
	san_typed_form(text, form, sizeof form);
	core_of(form, typed);
	if (!typed[0])
		return 0;
	if (castling_meant(pos, typed, list, n, out, len))
		return 1;
	for (int i = 0; i < n; i++) {
		char core[WORD_MAX];
		move_to_san(pos, list[i], san[i]);
		core_of(san[i], core);
		/* Twice the edit distance, and one more when the first letter differs: a piece typed stays that piece. */
		dist[i] = 2 * suggest_distance(typed, core) + (core[0] != typed[0]);
		if (dist[i] < best)
			best = dist[i];
	}
	/* One edit for short moves, two for long ones: further than that is a guess, not a suggestion. */
	int allowed = strlen(typed) <= 3 ? 1 : 2;
	if (best / 2 > allowed)
		return 0;
	/* The nearest, in alphabetical order so the message does not depend on the generator's order. */
	const char *near[MAX_MOVES];
	int nnear = 0;
	for (int i = 0; i < n; i++)
		if (dist[i] == best)
			near[nnear++] = san[i];
	/* More moves as near are guesses, and naming some of them would hide the rest. */
	if (nnear > SUGGEST_MAX)
		return 0;
	qsort(near, (size_t)nnear, sizeof near[0], compare_names);
	for (int i = 0; i < nnear; i++) {
		size_t used = strlen(out);
		snprintf(out + used, len - used, "%s%s", i ? " or " : "", near[i]);
	}
	return nnear;
}
