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
#include "notation/text_file.h"

static char *read_doc(const char *name)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", SRC_ROOT, name);
	char *text = text_file_read(path, NULL);
	cr_assert_not_null(text, "cannot read %s", path);
	return text;
}

/* The line of text starting at line (without its newline) in buf. */
static void copy_line(const char *line, char *buf, size_t len)
{
	size_t n = strcspn(line, "\n");
	snprintf(buf, len, "%.*s", (int)n, line);
}

static int option_count(void)
{
	int n = 0;
	for (const struct engine_option *o = engine_options(); o->name; o++)
		n++;
	return n;
}

/* A range as the documents write it: "1-65536" (README) or "1 to 65536" (man page); the cores by name. */
static void range_text(const struct engine_option *o, const char *dash, const char *cores, char *buf, size_t len)
{
	if (o->max_is_cores)
		snprintf(buf, len, "%d%s%s", o->min, dash, cores);
	else
		snprintf(buf, len, "%d%s%d", o->min, dash, o->max);
}

/* README.md: "| `Hash` | 16 | 1-65536 | transposition table size in MB |". */
static void readme_row(const struct engine_option *o, char *buf, size_t len)
{
	char def[64] = "(button)", range[64] = "";
	if (o->type != OPTION_BUTTON)
		engine_option_default(o, def, sizeof def);
	if (o->type == OPTION_SPIN)
		range_text(o, "-", "cores", range, sizeof range);
	if (range[0])
		snprintf(buf, len, "| `%s` | %s | %s | %s |", o->name, def, range, o->help);
	else /* an empty cell is written "| |" */
		snprintf(buf, len, "| `%s` | %s | | %s |", o->name, def, o->help);
}

Test(docs, readme_option_table_matches_the_engine)
{
	char *text = read_doc("README.md"), line[512], want[512];
	const char *p = strstr(text, "\nUCI options");
	cr_assert_not_null(p, "README.md has no 'UCI options' table");
	p = strstr(p, "\n|");
	cr_assert_not_null(p, "README.md: no table after 'UCI options'");
	/* The rows, up to the first line that is not part of the table. */
	int rows = 0;
	char table[4096] = "\n"; /* each row between newlines, so that only a whole row matches */
	for (p++; *p == '|'; p += strcspn(p, "\n") + 1) {
		copy_line(p, line, sizeof line);
		if (!strncmp(line, "| `", 3)) {
			rows++;
			strncat(table, line, sizeof table - strlen(table) - 2);
			strcat(table, "\n");
		}
	}
	for (const struct engine_option *o = engine_options(); o->name; o++) {
		want[0] = '\n';
		readme_row(o, want + 1, sizeof want - 2);
		strcat(want, "\n");
		cr_expect(strstr(table, want) != NULL, "README.md's option table lacks the row%s(it has:%s)", want,
		          table);
	}
	cr_expect_eq(rows, option_count(), "README.md's option table has %d rows, the engine %d options", rows,
	             option_count());
	free(text);
}

/* The man page: '.BR "Move Overhead" " (spin, 30, 0 to 5000)"', '.BR Ponder " (check, false)"'. */
static void man_heading(const struct engine_option *o, char *buf, size_t len)
{
	char name[64], what[256], def[64], range[64];
	snprintf(name, sizeof name, strchr(o->name, ' ') ? "\"%s\"" : "%s", o->name);
	engine_option_default(o, def, sizeof def);
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
	char *text = read_doc("man/outpost.6"), line[512], want[512];
	char *section = strstr(text, "\n.SH UCI\n");
	cr_assert_not_null(section, "the man page has no UCI section");
	char *end = strstr(section + 1, "\n.SH ");
	if (end)
		end[1] = '\0';
	/* Every paragraph heading of the section (the line after .TP) is one option. */
	int headings = 0;
	char list[4096] = "\n";
	for (const char *p = strstr(section, "\n.TP\n"); p; p = strstr(p + 1, "\n.TP\n")) {
		copy_line(p + 5, line, sizeof line);
		headings++;
		strncat(list, line, sizeof list - strlen(list) - 2);
		strcat(list, "\n");
	}
	for (const struct engine_option *o = engine_options(); o->name; o++) {
		want[0] = '\n';
		man_heading(o, want + 1, sizeof want - 2);
		strcat(want, "\n");
		cr_expect(strstr(list, want) != NULL, "the man page's UCI options lack%s(it has:%s)", want, list);
	}
	cr_expect_eq(headings, option_count(), "the man page lists %d UCI options, the engine has %d", headings,
	             option_count());
	free(text);
}
