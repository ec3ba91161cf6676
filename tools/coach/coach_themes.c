/*
 * tools/coach/coach-themes: the coach's words measured on Lichess's puzzles (`make tools/coach/coach-themes`; not
 * installed).
 *
 *   tools/coach/coach-themes FILE.csv[.zst] [EVERY [LIMIT]]
 *
 * A Lichess puzzle starts with the opponent's move that sets it up: that move is the mistake the solver
 * punishes, and the solution is its refutation.  Each puzzle (every EVERY-th row, at most LIMIT) has its setup
 * move explained (study/explain.h) with the solution as the refutation and no better line, and for each theme
 * Lichess tags among those the coach should name, the table counts the puzzles, those whose sentence names it,
 * those whose sentence names another tactic that Lichess does not tag (wrong), and those whose sentence names
 * another of the puzzle's tags instead (other: a mate that takes a hanging piece is told as the mate); then, for
 * each theme, how often the coach names it in all (said) and where Lichess does not tag it (untagged).  -v prints
 * each sentence after the puzzle's id and tags.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study/lichess_csv.h"
#include "rules/line.h"
#include "study/explain.h"
#include "tui/base/text_lines.h"

static const char *const measured[] = { "fork",         "pin",     "skewer",  "hangingPiece", "discoveredAttack",
	                                "backRankMate", "mateIn1", "mateIn2", "mateIn3" };
#define MEASURED_NB (int)(sizeof measured / sizeof *measured)

/* Does the sentence name a tactic (a theme of Lichess's vocabulary) that the puzzle's tags lack? */
static bool names_wrong(const struct explanation *e, const char *tags)
{
	for (int t = EXPLAIN_MATE; t < EXPLAIN_MATERIAL; t++)
		if ((e->themes & 1u << t) && !lichess_has_theme(tags, explain_theme_name((enum explain_theme)t, e->mate_in)))
			return true;
	return false;
}

/* Does the sentence name a tactic that the puzzle's tags hold? */
static bool names_tagged(const struct explanation *e, const char *tags)
{
	for (int t = EXPLAIN_MATE; t < EXPLAIN_MATERIAL; t++)
		if ((e->themes & 1u << t) && lichess_has_theme(tags, explain_theme_name((enum explain_theme)t, e->mate_in)))
			return true;
	return false;
}

static bool names(const struct explanation *e, const char *theme)
{
	for (int t = 0; t < EXPLAIN_THEME_NB; t++)
		if ((e->themes & 1u << t) && !strcmp(explain_theme_name((enum explain_theme)t, e->mate_in), theme))
			return true;
	return false;
}

static bool explain_puzzle(const struct lichess_puzzle *lp, struct explanation *e)
{
	struct pos_line l = POS_LINE_EMPTY;
	bool ok = line_set_fen(&l, lp->p.last_fen, NULL, 0, NULL, 0);
	if (ok) {
		struct explain_input in = { .pos = &l.pos, .played = lp->p.last, .refutation = lp->p.line,
			                    .refutation_len = lp->p.line_len };
		ok = explain_move(&in, e);
	}
	line_free(&l);
	return ok;
}

/* The counts of the table. */
struct tally {
	long rows, total[MEASURED_NB], named[MEASURED_NB], wrong[MEASURED_NB], other[MEASURED_NB];
	long said[MEASURED_NB], untagged[MEASURED_NB];
	long any, any_named, any_wrong;
};

/* One puzzle's explanation counted against its tags. */
static void count(struct tally *c, const struct lichess_puzzle *lp, const struct explanation *e)
{
	bool tagged = false, hit = false, bad = names_wrong(e, lp->themes);
	c->rows++;
	for (int t = 0; t < MEASURED_NB; t++) {
		bool ours = names(e, measured[t]), theirs = lichess_has_theme(lp->themes, measured[t]);
		c->said[t] += ours;
		c->untagged[t] += ours && !theirs;
		if (!theirs)
			continue;
		tagged = true;
		c->total[t]++;
		c->named[t] += ours;
		hit |= ours;
		c->wrong[t] += !ours && bad;
		c->other[t] += !ours && !bad && names_tagged(e, lp->themes);
	}
	c->any += tagged;
	c->any_named += tagged && hit;
	c->any_wrong += tagged && !hit && bad;
}

static double percent(long part, long whole) { return whole ? 100.0 * part / whole : 0.0; }

static void print_table(const struct tally *c)
{
	printf("%ld Lichess puzzles explained, %ld with a theme below\n", c->rows, c->any);
	printf("%-17s %7s %7s %7s %7s %7s %7s %7s %8s\n", "theme", "count", "named", "%", "wrong", "%", "other",
	       "said", "untagged");
	for (int t = 0; t < MEASURED_NB; t++)
		printf("%-17s %7ld %7ld %6.1f%% %7ld %6.1f%% %7ld %7ld %8ld\n", measured[t], c->total[t], c->named[t],
		       percent(c->named[t], c->total[t]), c->wrong[t], percent(c->wrong[t], c->total[t]), c->other[t],
		       c->said[t], c->untagged[t]);
	printf("%-17s %7ld %7ld %6.1f%% %7ld %6.1f%%\n", "puzzles", c->any, c->any_named, percent(c->any_named, c->any),
	       c->any_wrong, percent(c->any_wrong, c->any));
}

int main(int argc, char **argv)
{
	bool verbose = argc > 1 && !strcmp(argv[1], "-v");
	argc -= verbose;
	argv += verbose;
	if (argc < 2) {
		fprintf(stderr, "usage: tools/coach/coach-themes [-v] FILE.csv[.zst] [EVERY [LIMIT]]\n");
		return 2;
	}
	position_init();
	char err[300];
	struct text_lines *f = text_lines_open(argv[1], err, sizeof err);
	long every = argc > 2 ? atol(argv[2]) : 1, limit = argc > 3 ? atol(argv[3]) : 0, row_no = 0;
	struct tally c = { 0 };
	const char *row;
	if (!f) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	while ((row = text_lines_next(f, err, sizeof err)) != NULL && (!limit || c.rows < limit)) {
		struct lichess_puzzle lp;
		struct explanation e;
		if (lichess_csv_is_header(row) || row_no++ % (every > 0 ? every : 1) != 0)
			continue;
		if (!lichess_csv_parse(row, &lp, err, sizeof err) || !explain_puzzle(&lp, &e))
			continue;
		count(&c, &lp, &e);
		if (verbose)
			printf("%s [%s] %s\n", lp.p.id, lp.themes, e.text);
	}
	text_lines_close(f);
	if (!row && err[0])
		fprintf(stderr, "%s: %s (the table is of the rows before it)\n", argv[1], err);
	print_table(&c);
	return 0;
}
