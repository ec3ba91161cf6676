/*
 * What the fuzz harnesses found (tests/fuzz), each kept as a test of its own: the input that failed, and what
 * the reader must do with it now.  The inputs are also in the harness's seed corpus.
 */
#include <string.h>

#include <criterion/criterion.h>

#include "protocol/epd.h"
#include "rules/position.h"

static void setup(void) { position_init(); }
TestSuite(fuzz_found, .init = setup, .timeout = 30);

/* fuzz_epd: a line break after "bm" with no ';' to end the operation kept the reader in place for ever. */
Test(fuzz_found, epd_operand_before_a_line_break)
{
	struct epd_entry entry;
	char err[256];
	cr_expect(!epd_parse("r3r1k1/pp1q1pp1/4b1p1/3p2B1/3Q1R2/8/PPP3PP/4R1K1 w - - bm \n", &entry, err, sizeof err));
	cr_expect(err[0], "an empty bm is an error with a message");
	const char *line = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6\n";
	cr_expect(epd_parse(line, &entry, err, sizeof err), "%s", err);
	cr_expect_eq(entry.nbm, 1);
}

/* fuzz_epd: four long position fields wrote past the entry's FEN buffer. */
Test(fuzz_found, epd_position_fields_too_long)
{
	char line[1024], field[120];
	memset(field, 'p', sizeof field - 1);
	field[sizeof field - 1] = '\0';
	snprintf(line, sizeof line, "%s %s %s %s bm e4;", field, field, field, field);
	struct epd_entry entry;
	char err[256];
	cr_expect(!epd_parse(line, &entry, err, sizeof err));
	cr_expect(strstr(err, "too long") != NULL, "%s", err);
}
