/* Opening names: an ECO file read with the PGN reader, positions found by key, transpositions and the deepest name. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "notation/eco.h"
#include "notation/notation.h"

static void setup(void) { position_init(); }
TestSuite(eco, .init = setup, .timeout = 60);

/* A small ECO file as pgn-extract writes one: a comment first, then games of tags and moves. */
static const char small_eco[] =
	"{ A comment before the first game, as pgn-extract's own file has. }\n\n"
	"[ECO \"B20\"]\n[Opening \"Sicilian defence\"]\n\n1. e4 c5 *\n\n"
	"[ECO \"B27\"]\n[Opening \"Sicilian defence\"]\n\n1. e4 c5 2. Nf3 *\n\n"
	"[ECO \"B50\"]\n[Opening \"Sicilian\"]\n\n1. e4 c5 2. Nf3 d6 *\n\n"
	"[ECO \"A04\"]\n[Opening \"Reti opening\"]\n\n1. Nf3 *\n\n"
	"[ECO \"D06\"]\n[Opening \"Queen's Gambit\"]\n\n1. d4 d5 2. c4 *\n\n"
	"[ECO \"A40\"]\n[Opening \"Queen's pawn\"]\n[Variation \"Englund gambit\"]\n\n1. d4 e5 *\n\n"
	"[ECO \"X99\"]\n[Opening \"Second name of the Queen's Gambit\"]\n\n1. c4 d5 2. d4 *\n\n"
	"[Event \"no ECO tag: skipped\"]\n\n1. a3 *\n\n"
	"[ECO \"Z00\"]\n[Opening \"broken: skipped\"]\n\n1. e4 e4 *\n\n"
	"[ECO \"A00\"]\n[Opening \"Polish\"]\n\n1. b4 *\n";

static struct eco *small(void)
{
	char err[256];
	struct eco *e = eco_from_text(small_eco, strlen(small_eco), "small.pgn", err, sizeof err);
	cr_assert_not_null(e, "%s", err);
	return e;
}

/* A line of SAN moves from the start, replayed on a pos_line. */
static void play_line(struct pos_line *l, const char *moves)
{
	char buf[512], *save = NULL, err[128];
	cr_assert(line_set_fen(l, FEN_START, err, sizeof err, NULL, 0));
	snprintf(buf, sizeof buf, "%s", moves);
	for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		move_t m;
		cr_assert_eq(san_parse(&l->pos, tok, &m, err, sizeof err), SAN_OK, "%s: %s", tok, err);
		cr_assert(line_play(l, m));
	}
}

static void expect_name(const struct eco *e, const char *moves, const char *code, const char *name)
{
	struct pos_line l = POS_LINE_EMPTY;
	play_line(&l, moves);
	const struct eco_opening *o = eco_find_line(e, &l);
	char got[3 * ECO_NAME_MAX] = "(none)", want[3 * ECO_NAME_MAX] = "(none)";
	if (o)
		snprintf(got, sizeof got, "%s %s", o->code, o->name);
	if (code)
		snprintf(want, sizeof want, "%s %s", code, name);
	cr_expect_str_eq(got, want, "after '%s'", moves);
	line_free(&l);
}

Test(eco, names_positions_and_counts_what_it_skipped)
{
	struct eco *e = small();
	cr_expect_eq(eco_count(e), 7, "the second Queen's Gambit line names a position already named");
	cr_expect_eq(eco_skipped(e), 2, "the game without tags and the broken one");
	expect_name(e, "", NULL, NULL);
	expect_name(e, "e4", NULL, NULL);
	expect_name(e, "e4 c5", "B20", "Sicilian defence");
	expect_name(e, "e4 c5 Nf3 d6", "B50", "Sicilian");
	expect_name(e, "d4 e5", "A40", "Queen's pawn, Englund gambit");
	expect_name(e, "b4", "A00", "Polish");
	eco_free(e);
}

Test(eco, transpositions_and_the_deepest_known_position)
{
	struct eco *e = small();
	/* 1. Nf3 c5 2. e4 reaches the position of 1. e4 c5 2. Nf3. */
	expect_name(e, "Nf3 c5 e4", "B27", "Sicilian defence");
	/* The first line in the file names a position that two lines reach. */
	expect_name(e, "c4 d5 d4", "D06", "Queen's Gambit");
	/* Out of the file's lines: the deepest position it knows. */
	expect_name(e, "e4 c5 Nf3 d6 d4 cxd4 Nxd4", "B50", "Sicilian");
	expect_name(e, "Nf3 Nf6", "A04", "Reti opening");
	eco_free(e);
}

Test(eco, files_that_name_nothing_are_refused)
{
	char err[256];
	cr_expect_null(eco_from_text("", 0, "empty.pgn", err, sizeof err));
	cr_expect_str_eq(err, "empty.pgn: no opening found (games with ECO and Opening tags)");
	const char *untagged = "1. e4 e5 *\n";
	cr_expect_null(eco_from_text(untagged, strlen(untagged), "u.pgn", err, sizeof err));
	cr_expect_null(eco_load("/nonexistent/eco.pgn", err, sizeof err));
	cr_expect_str_eq(err, "/nonexistent/eco.pgn: No such file or directory");
}

/*
 * Debian's file, where installed: read whole, naming the Najdorf by any order of moves.  How fast it is read
 * is a benchmark's (tests/bench/notation-speed).
 */
Test(eco, the_system_file)
{
	if (access(ECO_SYSTEM_FILE, R_OK) != 0) {
		cr_skip_test("%s is not installed (apt-get install pgn-extract)", ECO_SYSTEM_FILE);
		return;
	}
	char err[256];
	struct eco *e = eco_load(ECO_SYSTEM_FILE, err, sizeof err);
	cr_assert_not_null(e, "%s", err);
	cr_expect(eco_count(e) > 1500, "%d positions", eco_count(e));
	cr_expect_eq(eco_skipped(e), 0);
	expect_name(e, "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6", "B90", "Sicilian, Najdorf");
	expect_name(e, "Nf3 c5 e4 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6", "B90", "Sicilian, Najdorf");
	expect_name(e, "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 a3 a5", "B90", "Sicilian, Najdorf");
	eco_free(e);
}
