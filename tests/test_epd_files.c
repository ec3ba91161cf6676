/*
 * The outside position suites read whole: the EPD suites (Win At Chess, its revision by Arasan, Bratko-Kopec),
 * every line an entry with its best moves, each legal where it stands; and the puzzles.  They are not in the tree:
 * shared_epd and shared_puzzles run where the build has them (configure --with-test-data).
 */
#include <stdio.h>
#include <string.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "notation/notation.h"
#include "protocol/epd.h"
#include "rules/movegen.h"
#include "rules/position.h"
#include "rules/uci_move.h"

static void setup(void) { position_init(); }
TestSuite(shared_epd, .init = setup);

/* Every line of the file parses, with at least one bm or am; returns how many. */
static int parse_all(const char *name)
{
	FILE *f = test_shared_open(name);
	char line[1024], err[256];
	int n = 0;
	while (fgets(line, sizeof line, f)) {
		struct epd_entry entry;
		cr_expect(epd_parse(line, &entry, err, sizeof err), "%s: %s: %s", name, line, err);
		cr_expect_gt(entry.nbm + entry.nam, 0, "%s: %s", name, line);
		n++;
	}
	fclose(f);
	cr_log_info("%s: %d positions read", name, n);
	return n;
}

Test(shared_epd, the_suites_read_without_a_complaint)
{
	cr_expect_eq(parse_all("epd/wac.epd"), 300);
	cr_expect_eq(parse_all("epd/wac_revised_arasan.epd"), 300);
	cr_expect_eq(parse_all("epd/bratko_kopec.epd"), 24);
}

/*
 * The puzzles (../shared/data/puzzles, CSV: id, FEN, moves in UCI, rating, ..., themes, ...): from each FEN every
 * move of the solution is legal in turn and reads back from its own SAN, and a puzzle themed "mate" ends in mate.
 * The slow builds (sanitizers, valgrind) check every tenth.
 */
TestSuite(shared_puzzles, .init = setup, .timeout = 300);

Test(shared_puzzles, every_solution_is_legal_and_the_mates_mate)
{
	FILE *f = test_shared_open("puzzles/lichess_puzzles.csv");
	char line[2048];
	/* Every one in a release build; every tenth where the build is slow (sanitizers, valgrind). */
	int puzzles = 0, moves = 0, mates = 0, lines = 0, every = test_time_scale() > 1 ? 10 : 1;
	cr_assert_not_null(fgets(line, sizeof line, f), "no header line");
	while (fgets(line, sizeof line, f)) {
		if (lines++ % every)
			continue;
		char *fields[8];
		int n = 0;
		for (char *t = line; t && n < 8; n++) { /* a field may be empty */
			fields[n] = t;
			t = strchr(t, ',');
			if (t)
				*t++ = '\0';
		}
		cr_assert_eq(n, 8, "puzzle %d: %d fields", puzzles + 1, n);
		struct position *pos = test_position(fields[1]);
		char *msave = NULL;
		for (char *m = strtok_r(fields[2], " ", &msave); m; m = strtok_r(NULL, " ", &msave)) {
			move_t mv = uci_parse_move(pos, m);
			cr_assert(mv != MOVE_NONE && move_is_legal(pos, mv), "%s: %s: %s is not a legal move", fields[0],
			          fields[1], m);
			char san[SAN_MAX], msg[128];
			move_t back;
			move_to_san(pos, mv, san);
			cr_assert_eq(san_parse(pos, san, &back, msg, sizeof msg), SAN_OK, "%s: %s: %s", fields[0], san, msg);
			cr_assert_eq(back, mv, "%s: %s reads back as another move", fields[0], san);
			test_play(pos, mv);
			moves++;
		}
		char themes[512];
		snprintf(themes, sizeof themes, " %s ", fields[7]);
		if (strstr(themes, " mate ")) {
			move_t list[MAX_MOVES];
			cr_expect(in_check(pos) && generate_legal(pos, list) == 0, "%s: themed mate, but no mate at the end",
			          fields[0]);
			mates++;
		}
		test_free(pos);
		puzzles++;
	}
	fclose(f);
	cr_log_info("puzzles: %d read, %d moves played, %d mates checked", puzzles, moves, mates);
	cr_expect_eq(lines, 96467);
	if (every == 1)
		cr_expect_eq(moves, 405098);
}
