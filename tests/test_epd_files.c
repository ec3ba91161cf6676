/*
 * The outside EPD suites read whole (Win At Chess, its revision by Arasan, Bratko-Kopec): every line an entry with
 * its best moves, each legal where it stands.  They are not in the tree: shared_epd runs where the build has them
 * (configure --with-test-data).
 */
#include <stdio.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "protocol/epd.h"
#include "rules/position.h"

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
