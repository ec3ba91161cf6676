/*
 * tools/coach-themes: the coach's words measured on Lichess's puzzles (`make tools/coach-themes`; not installed).
 *
 *   tools/coach-themes FILE.csv[.zst] [EVERY [LIMIT]]
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

int main(int argc, char **argv)
{
	bool verbose = argc > 1 && !strcmp(argv[1], "-v");
	argc -= verbose;
	argv += verbose;
	if (argc < 2) {
		fprintf(stderr, "usage: tools/coach-themes [-v] FILE.csv[.zst] [EVERY [LIMIT]]\n");
		return 2;
	}
	position_init();
	char err[300];
	struct text_lines *f = text_lines_open(argv[1], err, sizeof err);
	long every = argc > 2 ? atol(argv[2]) : 1, limit = argc > 3 ? atol(argv[3]) : 0, row_no = 0, rows = 0;
	long total[MEASURED_NB] = { 0 }, named[MEASURED_NB] = { 0 }, wrong[MEASURED_NB] = { 0 };
	long said[MEASURED_NB] = { 0 }, untagged[MEASURED_NB] = { 0 }, other[MEASURED_NB] = { 0 };
	long any = 0, any_named = 0, any_wrong = 0;
	const char *row;
	if (!f) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	while ((row = text_lines_next(f, err, sizeof err)) != NULL && (!limit || rows < limit)) {
		struct lichess_puzzle lp;
		struct explanation e;
		if (lichess_csv_is_header(row) || row_no++ % (every > 0 ? every : 1) != 0)
			continue;
		if (!lichess_csv_parse(row, &lp, err, sizeof err) || !explain_puzzle(&lp, &e))
			continue;
		rows++;
		bool tagged = false, hit = false, bad = names_wrong(&e, lp.themes);
		for (int t = 0; t < MEASURED_NB; t++) {
			bool ours = names(&e, measured[t]), theirs = lichess_has_theme(lp.themes, measured[t]);
			said[t] += ours;
			untagged[t] += ours && !theirs;
			if (!lichess_has_theme(lp.themes, measured[t]))
				continue;
			tagged = true;
			total[t]++;
			bool yes = names(&e, measured[t]);
			named[t] += yes;
			hit |= yes;
			wrong[t] += !yes && bad;
			other[t] += !yes && !bad && names_tagged(&e, lp.themes);
		}
		any += tagged;
		any_named += tagged && hit;
		any_wrong += tagged && !hit && bad;
		if (verbose)
			printf("%s [%s] %s\n", lp.p.id, lp.themes, e.text);
	}
	text_lines_close(f);
	printf("%ld Lichess puzzles explained, %ld with a theme below\n", rows, any);
	printf("%-17s %7s %7s %7s %7s %7s %7s %7s %8s\n", "theme", "count", "named", "%", "wrong", "%", "other",
	       "said", "untagged");
	for (int t = 0; t < MEASURED_NB; t++)
		printf("%-17s %7ld %7ld %6.1f%% %7ld %6.1f%% %7ld %7ld %8ld\n", measured[t], total[t], named[t],
		       total[t] ? 100.0 * named[t] / total[t] : 0.0, wrong[t], total[t] ? 100.0 * wrong[t] / total[t] : 0.0,
		       other[t], said[t], untagged[t]);
	printf("%-17s %7ld %7ld %6.1f%% %7ld %6.1f%%\n", "puzzles", any, any_named, any ? 100.0 * any_named / any : 0.0,
	       any_wrong, any ? 100.0 * any_wrong / any : 0.0);
	return 0;
}
