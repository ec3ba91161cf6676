/*
 * The coach's labelled set of real blunders (tests/data/coach/blunders.tsv, its README says how it was made): every
 * row is one a reader can follow and tools/coach/blunder-set can check.  Its columns as the tool writes them; the
 * position, the opponent's last move and the blunder legal in turn; a label of a known kind; for a concrete reason
 * a key move in SAN that the engine's lines hold and a square.  How well the coach names the labels is a
 * benchmark's (the tool's check), not a test's.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "notation/notation.h"
#include "rules/position.h"

#define COLUMNS 16

static const char *const columns[COLUMNS] = { "id",   "site",  "ply",        "elo",  "fen",    "last",
	                                      "move", "before", "after",     "best", "refutation", "kind",
	                                      "key",  "square", "material", "note" };
static const char *const kinds[] = { "mate-allowed", "mate-missed", "tactic-allowed", "hanging",
	                             "win-missed",   "result-thrown", "positional" };

/* Splits line at its tabs into cells (line is changed); returns how many. */
static int split_cells(char *line, char *cells[], int max)
{
	int n = 0;
	for (char *p = line; n < max; p++) {
		cells[n++] = p;
		p = strchr(p, '\t');
		if (!p)
			break;
		*p = '\0';
	}
	return n;
}

static bool known_kind(const char *k)
{
	for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
		if (!strcmp(k, kinds[i]))
			return true;
	return false;
}

/* The row's last move and blunder, legal in turn from its position. */
static void expect_moves_legal(char *cells[], int row)
{
	struct position pos;
	struct state st[3];
	char err[160], warn[160], msg[160];
	cr_assert(pos_set_fen(&pos, &st[0], cells[4], err, sizeof err, warn, sizeof warn), "row %d: %s", row, err);
	move_t m;
	cr_expect_eq(san_parse(&pos, cells[5], &m, msg, sizeof msg), SAN_OK, "row %d: last move %s: %s", row, cells[5],
	             msg);
	pos_make_move(&pos, m, &st[1]);
	cr_expect_eq(san_parse(&pos, cells[6], &m, msg, sizeof msg), SAN_OK, "row %d: blunder %s: %s", row, cells[6], msg);
}

Test(coach_set, every_row_is_whole_and_labelled)
{
	position_init();
	size_t len;
	char *text = test_data_read("coach/blunders.tsv", &len);
	char *save = NULL, *line = strtok_r(text, "\n", &save);
	cr_assert_not_null(line, "the set is empty");
	char *cells[COLUMNS + 1];
	cr_assert_eq(split_cells(line, cells, COLUMNS + 1), COLUMNS, "the header has not %d columns", COLUMNS);
	for (int i = 0; i < COLUMNS; i++)
		cr_expect_str_eq(cells[i], columns[i]);
	int rows = 0, concrete = 0;
	while ((line = strtok_r(NULL, "\n", &save))) {
		rows++;
		cr_assert_eq(split_cells(line, cells, COLUMNS + 1), COLUMNS, "row %d has not %d columns", rows, COLUMNS);
		expect_moves_legal(cells, rows);
		cr_expect(known_kind(cells[11]), "row %d (%s): kind '%s'", rows, cells[0], cells[11]);
		int elo = atoi(cells[3]);
		cr_expect(elo >= 800 && elo <= 1999, "row %d: a mover rated %d", rows, elo);
		if (!strcmp(cells[11], "positional"))
			continue;
		concrete++;
		char key[16];
		snprintf(key, sizeof key, "%.*s", (int)strcspn(cells[12], "+#"), cells[12]);
		cr_expect(key[0] && (strstr(cells[9], key) || strstr(cells[10], key)),
		          "row %d (%s): key move '%s' in neither line", rows, cells[0], cells[12]);
		const char *sq = cells[13];
		cr_expect(strlen(sq) == 2 && sq[0] >= 'a' && sq[0] <= 'h' && sq[1] >= '1' && sq[1] <= '8',
		          "row %d (%s): square '%s'", rows, cells[0], sq);
	}
	cr_expect(rows >= 200, "the set has %d rows, the issue asks 200", rows);
	cr_expect(concrete >= 150, "%d concrete reasons", concrete);
	free(text);
}
