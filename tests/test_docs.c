/*
 * The documents against the engine's option table: README.md's table of UCI
 * options and the man page's list must name every option, with its type,
 * default and range as the table has them, and no other.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "engine/engine.h"
#include "helpers.h"

/* The entries a document lists (table rows, paragraph headings), each between newlines so only a whole one matches. */
struct doc_list {
	char text[4096];
	int count;
};

static void list_add(struct doc_list *l, const char *line)
{
	if (l->count++ == 0)
		strcpy(l->text, "\n");
	size_t n = strlen(l->text), m = strcspn(line, "\n");
	if (n + m + 2 <= sizeof l->text)
		snprintf(l->text + n, sizeof l->text - n, "%.*s\n", (int)m, line);
}

/* Every option has its entry in the list (as entry writes it), and the list has no other. */
static void expect_every_option(const struct doc_list *l, const char *doc,
                                void (*entry)(const struct engine_option *o, char *buf, size_t len))
{
	char want[512];
	int options = 0;
	for (const struct engine_option *o = engine_options(); o->name; o++, options++) {
		want[0] = '\n';
		entry(o, want + 1, sizeof want - 2);
		strcat(want, "\n");
		cr_expect(strstr(l->text, want) != NULL, "%s lacks%s(it has:%s)", doc, want, l->text);
	}
	cr_expect_eq(l->count, options, "%s lists %d options, the engine has %d", doc, l->count, options);
}

/* A range as the documents write it: "1-65536" (README) or "1 to 65536" (man page); the cores by name. */
static void range_text(const struct engine_option *o, const char *dash, const char *cores, char *buf, size_t len)
{
	if (o->max_is_cores)
		snprintf(buf, len, "%d%s%s", o->min, dash, cores);
	else
		snprintf(buf, len, "%d%s%d", o->min, dash, o->max);
}

/* A default as the documents write it: one the program finds on the machine by what it is. */
static void default_text(const struct engine_option *o, char *buf, size_t len)
{
	if (o->type == OPTION_STRING && o->text_def_found)
		snprintf(buf, len, "the system's book");
	else
		engine_option_default(o, buf, len);
}

/* README.md: "| `Hash` | 16 | 1-65536 | transposition table size in MB |". */
static void readme_row(const struct engine_option *o, char *buf, size_t len)
{
	char def[64] = "(button)", range[64] = "";
	if (o->type != OPTION_BUTTON)
		default_text(o, def, sizeof def);
	if (o->type == OPTION_SPIN)
		range_text(o, "-", "cores", range, sizeof range);
	if (range[0])
		snprintf(buf, len, "| `%s` | %s | %s | %s |", o->name, def, range, o->help);
	else /* an empty cell is written "| |" */
		snprintf(buf, len, "| `%s` | %s | | %s |", o->name, def, o->help);
}

Test(docs, readme_option_table_matches_the_engine)
{
	char *text = test_src_read("README.md");
	const char *p = strstr(text, "\nUCI options");
	cr_assert_not_null(p, "README.md has no 'UCI options' table");
	p = strstr(p, "\n|");
	cr_assert_not_null(p, "README.md: no table after 'UCI options'");
	/* The rows naming an option, up to the first line that is not part of the table. */
	struct doc_list rows = { .count = 0 };
	for (p++; *p == '|'; p += strcspn(p, "\n") + 1)
		if (!strncmp(p, "| `", 3))
			list_add(&rows, p);
	expect_every_option(&rows, "README.md's UCI option table", readme_row);
	free(text);
}

/* The man page: '.BR "Move Overhead" " (spin, 30, 0 to 5000)"', '.BR Ponder " (check, false)"'. */
static void man_heading(const struct engine_option *o, char *buf, size_t len)
{
	char name[64], what[256], def[64], range[64];
	snprintf(name, sizeof name, strchr(o->name, ' ') ? "\"%s\"" : "%s", o->name);
	default_text(o, def, sizeof def);
	range_text(o, " to ", "the number of cores", range, sizeof range);
	if (o->type == OPTION_BUTTON)
		snprintf(what, sizeof what, "%s", engine_option_type_name(o->type));
	else if (o->type == OPTION_SPIN)
		snprintf(what, sizeof what, "%s, %s, %s", engine_option_type_name(o->type), def, range);
	else
		snprintf(what, sizeof what, "%s, %s", engine_option_type_name(o->type), def);
	snprintf(buf, len, ".BR %s \" (%s)\"", name, what);
}

Test(docs, man_page_option_list_matches_the_engine)
{
	char *text = test_src_read("man/outpost.6");
	char *section = strstr(text, "\n.SH UCI\n");
	cr_assert_not_null(section, "the man page has no UCI section");
	char *end = strstr(section + 1, "\n.SH ");
	if (end)
		end[1] = '\0';
	/* Every paragraph heading of the section (the line after .TP) is one option. */
	struct doc_list headings = { .count = 0 };
	for (const char *p = strstr(section, "\n.TP\n"); p; p = strstr(p + 1, "\n.TP\n"))
		list_add(&headings, p + 5);
	expect_every_option(&headings, "the man page's UCI options", man_heading);
	free(text);
}

/*
 * A level's rating is on the scale people play on (issue 31): --help, the UCI option's help, the man page and
 * README say so where the rating is set.
 */
Test(docs, the_levels_scale_is_named_where_a_rating_is_set)
{
	FILE *f = popen(OUTPOST_BIN " --help", "r");
	cr_assert_not_null(f);
	char help[16384];
	size_t n = fread(help, 1, sizeof help - 1, f);
	help[n] = '\0';
	pclose(f);
	const char *elo = strstr(help, "--elo N");
	cr_assert_not_null(elo, "--help has no --elo");
	cr_expect(strstr(elo, "the scale people play") && strstr(elo, "Lichess"), "--help: %.200s", elo);
	const struct engine_option *o = engine_option_find("UCI_Elo");
	cr_assert_not_null(o);
	cr_expect(strstr(o->help, "the scale people play on") && strstr(o->help, "Lichess"), "%s", o->help);
	char *man = test_src_read("man/outpost.6"), *readme = test_src_read("README.md");
	const char *uci_elo = strstr(man, ".BR UCI_Elo ");
	cr_assert_not_null(uci_elo);
	cr_expect(strstr(uci_elo, "the scale people play") < strstr(uci_elo, "\n.TP"), "the man page's UCI_Elo");
	cr_expect(strstr(readme, "A level's Elo is a rating on\nthe scale people play on"), "README's Levels");
	cr_expect(strstr(readme, "| `UCI_Elo` | 2850 | 800-2850 | the rating `UCI_LimitStrength` plays at, on the scale "
	                         "people play on (Lichess's)"));
	free(man);
	free(readme);
}
