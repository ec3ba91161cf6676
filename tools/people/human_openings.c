/*
 * level-fit openings: the opening table of people/opening_likelihood.h, counted from the fitting part of rated
 * games (the report part is left out by the same Site hash as extract's), and written as C.
 */
#include <stdlib.h>
#include <string.h>

#include "people/opening_likelihood.h"
#include "rules/line.h"
#include "tools/people/human_fit.h"
#include "tools/people/human_games.h"

/* One opening move of one game: its position, the move (MOVE_NONE: the position's own count), the mover's band. */
struct seen {
	uint64_t key;
	move_t move;
	uint8_t band;
};

struct counting {
	struct seen *s;
	size_t n, cap;
	long games;
};

static void note(struct counting *c, uint64_t key, move_t move, int band)
{
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 1 << 16;
		c->s = realloc(c->s, c->cap * sizeof *c->s);
		if (!c->s) {
			fprintf(stderr, "level-fit: out of memory\n");
			exit(1);
		}
	}
	c->s[c->n++] = (struct seen){ .key = key, .move = move, .band = (uint8_t)band };
}

static bool count_game(void *ctx, const struct game *g, int number)
{
	struct counting *c = ctx;
	int ratings[COLOR_NB] = { human_tag_rating(g, "WhiteElo"), human_tag_rating(g, "BlackElo") };
	if (!ratings[WHITE] || !ratings[BLACK] || !game_is_standard_start(g) ||
	    human_is_report_game(human_game_hash(g, number), HUMAN_REPORT_SHARE))
		return true;
	struct pos_line line = POS_LINE_EMPTY;
	char err[160];
	if (!line_set_fen(&line, FEN_START, err, sizeof err, NULL, 0))
		return true;
	int plies = game_ply_count(g);
	for (int ply = 0; ply < plies && ply < OPENING_PLIES; ply++) {
		move_t m = game_move(g, ply);
		int band = opening_band(ratings[line.pos.side]);
		note(c, pos_key(&line.pos), MOVE_NONE, band);
		note(c, pos_key(&line.pos), m, band);
		if (!line_play(&line, m))
			break;
	}
	line_free(&line);
	c->games++;
	return true;
}

static int by_key_move(const void *a, const void *b)
{
	const struct seen *x = a, *y = b;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (x->move > y->move) - (x->move < y->move);
}

/* The entries from c->s[*i] on with its key and move, summed into r; *i moves past them; how many there were. */
static long sum_row(const struct counting *c, size_t *i, struct opening_row *r)
{
	memset(r, 0, sizeof *r);
	r->key = c->s[*i].key, r->move = c->s[*i].move;
	long n = 0;
	for (; *i < c->n && c->s[*i].key == r->key && c->s[*i].move == r->move; (*i)++, n++)
		if (r->count[c->s[*i].band] < UINT16_MAX)
			r->count[c->s[*i].band]++;
	return n;
}

static void write_row(FILE *fp, const struct opening_row *r)
{
	if (!fp)
		return;
	fprintf(fp, "\t{ 0x%016llxULL, 0x%04x, {", (unsigned long long)r->key, (unsigned)r->move);
	for (int b = 0; b < OPENING_BANDS; b++)
		fprintf(fp, "%s%u", b ? "," : " ", (unsigned)r->count[b]);
	fprintf(fp, " } },\n");
}

/* Each position reached min_games times, with its moves played twice or more, into fp (NULL: counts only). */
static long write_rows(FILE *fp, const struct counting *c, long min_games)
{
	long rows = 0;
	for (size_t i = 0; i < c->n;) {
		struct opening_row pos, mv;
		long reached = sum_row(c, &i, &pos); /* MOVE_NONE sorts first: the position's own row */
		if (reached >= min_games)
			write_row(fp, &pos), rows++;
		while (i < c->n && c->s[i].key == pos.key)
			if (sum_row(c, &i, &mv) >= 2 && reached >= min_games)
				write_row(fp, &mv), rows++;
	}
	return rows;
}

int human_openings(char **pgns, int n, const char *out, long min_games)
{
	struct counting c = { 0 };
	for (int i = 0; i < n; i++)
		if (!human_games_read(pgns[i], 0, count_game, &c)) {
			free(c.s);
			return 1;
		}
	if (c.n)
		qsort(c.s, c.n, sizeof *c.s, by_key_move);
	FILE *fp = fopen(out, "w");
	if (!fp) {
		perror(out);
		free(c.s);
		return 1;
	}
	long rows = write_rows(NULL, &c, min_games);
	fprintf(fp, "/*\n * The opening table (opening_likelihood.h), counted by `tools/people/level-fit openings --write`\n"
	            " * from the first %d plies of %ld games of the fitting part of the rated games, the positions %ld\n"
	            " * of them reached: do not edit by hand.\n */\n#include \"people/opening_likelihood.h\"\n\n",
	        OPENING_PLIES, c.games, min_games);
	if (rows) { /* C has no empty array */
		fprintf(fp, "static const struct opening_row rows[] = {\n");
		write_rows(fp, &c, min_games);
		fprintf(fp, "};\n\n");
	}
	fprintf(fp, "const struct opening_table opening_table_fitted = { %s, %ld };\n", rows ? "rows" : "NULL", rows);
	free(c.s);
	if (fclose(fp) != 0) {
		perror(out);
		return 1;
	}
	fprintf(stderr, "level-fit: %ld games, %ld rows into %s\n", c.games, rows, out);
	return 0;
}
