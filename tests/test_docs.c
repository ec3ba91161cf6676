/*
 * The documents against the program: the manual's table of UCI options (doc/engine.md) and the man page's list
 * name every option of the engine's table, with its type, default and range, and no other; --help, the man page
 * and doc/ name the same modes and command-line options; README.md stays a front door (at most 250 lines); and
 * every link of README.md and doc/ leads to a file and heading that are there.
 */
#include <ctype.h>
#include <dirent.h>
#include <stdbool.h>
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

/* doc/engine.md: "| `Hash` | 16 | 1-65536 | transposition table size in MB |". */
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

Test(docs, manual_option_table_matches_the_engine)
{
	char *text = test_src_read("doc/engine.md");
	const char *p = strstr(text, "\nUCI options");
	cr_assert_not_null(p, "doc/engine.md has no 'UCI options' table");
	p = strstr(p, "\n|");
	cr_assert_not_null(p, "doc/engine.md: no table after 'UCI options'");
	/* The rows naming an option, up to the first line that is not part of the table. */
	struct doc_list rows = { .count = 0 };
	for (p++; *p == '|'; p += strcspn(p, "\n") + 1)
		if (!strncmp(p, "| `", 3))
			list_add(&rows, p);
	expect_every_option(&rows, "doc/engine.md's UCI option table", readme_row);
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

/* What `outpost --help` prints, whole. */
static char *help_text(void)
{
	FILE *f = popen(OUTPOST_BIN " --help", "r");
	cr_assert_not_null(f);
	static char help[16384];
	size_t n = fread(help, 1, sizeof help - 1, f);
	help[n] = '\0';
	pclose(f);
	return help;
}

/*
 * A level's rating is on the scale people play on: --help, the UCI option's help, the man page, README and the
 * manual say so where the rating is set.
 */
Test(docs, the_levels_scale_is_named_where_a_rating_is_set)
{
	const char *help = help_text();
	const char *elo = strstr(help, "--elo N");
	cr_assert_not_null(elo, "--help has no --elo");
	cr_expect(strstr(elo, "the scale people play") && strstr(elo, "Lichess"), "--help: %.200s", elo);
	const struct engine_option *o = engine_option_find("UCI_Elo");
	cr_assert_not_null(o);
	cr_expect(strstr(o->help, "the scale people play on") && strstr(o->help, "Lichess"), "%s", o->help);
	char *man = test_src_read("man/outpost.6"), *readme = test_src_read("README.md");
	char *levels = test_src_read("doc/levels.md"), *engine = test_src_read("doc/engine.md");
	const char *uci_elo = strstr(man, ".BR UCI_Elo ");
	cr_assert_not_null(uci_elo);
	cr_expect(strstr(uci_elo, "the scale people play") < strstr(uci_elo, "\n.TP"), "the man page's UCI_Elo");
	cr_expect(strstr(readme, "A level's name is a rating on the scale people play on (Lichess's)"), "README's tour");
	cr_expect(strstr(levels, "A level's Elo is a rating on\nthe scale people play on"), "doc/levels.md");
	cr_expect(strstr(engine, "| `UCI_Elo` | 2850 | 800-2850 | the rating `UCI_LimitStrength` plays at, on the scale "
	                         "people play on (Lichess's)"));
	free(man);
	free(readme);
	free(levels);
	free(engine);
}

/* ---------------------------------------------------------------- README as the front door, doc/ as the manual */

static int count_lines(const char *text)
{
	int n = 0;
	for (const char *p = text; *p; p++)
		n += *p == '\n';
	return n;
}

Test(docs, readme_is_a_front_door)
{
	char *readme = test_src_read("README.md");
	cr_expect(count_lines(readme) <= 250, "README.md has %d lines; it holds at most 250 (the rest is doc/)",
	          count_lines(readme));
	/* Within two links a newcomer finds how to play a 1200, have a game reviewed, train, use a GUI, run the
	 * tests and see where the levels' figures come from. */
	static const char *const needs[] = { "--elo 1200", "annotate", "outpost train", "outpost uci", "make -j2 check-all",
		                             "doc/levels.md", "doc/review.md", "doc/training.md", "doc/engine.md",
		                             "doc/testing.md", "doc/design.md" };
	for (size_t i = 0; i < sizeof needs / sizeof needs[0]; i++)
		cr_expect(strstr(readme, needs[i]) != NULL, "README.md does not say '%s'", needs[i]);
	free(readme);
}

/* GitHub's anchor for a heading: lower case, spaces to '-', only letters, digits, '-' and '_' kept. */
static void heading_anchor(const char *heading, size_t len, char *out, size_t size)
{
	size_t o = 0;
	for (size_t i = 0; i < len && o + 1 < size; i++) {
		unsigned char c = (unsigned char)heading[i];
		if (c == ' ')
			out[o++] = '-';
		else if (isalnum(c) || c == '-' || c == '_' || c >= 0x80)
			out[o++] = (char)tolower(c);
	}
	out[o] = '\0';
}

/* Does the Markdown text have a heading whose anchor is `anchor`? */
static bool has_anchor(const char *text, const char *anchor)
{
	for (const char *p = text; p; p = strchr(p, '\n')) {
		p += *p == '\n';
		if (*p != '#')
			continue;
		const char *h = p + strspn(p, "#");
		h += strspn(h, " ");
		char got[256];
		heading_anchor(h, strcspn(h, "\n"), got, sizeof got);
		if (!strcmp(got, anchor))
			return true;
	}
	return false;
}

/* Every relative link "](path)" or "](path#anchor)" of the file `doc` (in folder `dir`) leads somewhere that is
 * there; links to other sites are not followed. */
static void expect_links_resolve(const char *dir, const char *doc)
{
	char name[512];
	snprintf(name, sizeof name, "%s%s", dir, doc);
	char *text = test_src_read(name);
	int links = 0;
	for (const char *p = strstr(text, "]("); p; p = strstr(p + 2, "](")) {
		const char *t = p + 2;
		size_t len = strcspn(t, ")\n ");
		char target[512];
		snprintf(target, sizeof target, "%.*s", (int)len, t);
		if (strstr(target, "://") || !strncmp(target, "mailto:", 7))
			continue;
		links++;
		char *hash = strchr(target, '#'), file[1024];
		if (hash)
			*hash++ = '\0';
		if (target[0])
			snprintf(file, sizeof file, "%s/%s%s", SRC_ROOT, dir, target);
		else
			snprintf(file, sizeof file, "%s/%s", SRC_ROOT, name);
		FILE *f = fopen(file, "r");
		cr_expect_not_null(f, "%s links to %s, which is not there", name, target);
		if (f)
			fclose(f);
		if (f && hash && *hash) {
			char rel[1024];
			snprintf(rel, sizeof rel, "%s", file + strlen(SRC_ROOT) + 1);
			char *linked = test_src_read(rel);
			cr_expect(has_anchor(linked, hash), "%s links to %s#%s, which has no such heading", name, target, hash);
			free(linked);
		}
	}
	cr_expect(links > 0 || strcmp(doc, "README.md"), "README.md links to nothing");
	free(text);
}

/* The manual's pages, each named once: every .md file of doc/. */
static int doc_pages(char pages[][64], int max)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/doc", SRC_ROOT);
	DIR *d = opendir(dir);
	cr_assert_not_null(d, "no doc/ folder");
	int n = 0;
	for (struct dirent *e; (e = readdir(d)) && n < max;) {
		size_t len = strlen(e->d_name);
		if (len > 3 && len < 64 && !strcmp(e->d_name + len - 3, ".md"))
			memcpy(pages[n++], e->d_name, len + 1); /* the length is checked: no snprintf that may cut */
	}
	closedir(d);
	return n;
}

Test(docs, every_link_of_readme_and_the_manual_resolves)
{
	expect_links_resolve("", "README.md");
	char pages[64][64];
	int n = doc_pages(pages, 64);
	cr_expect(n >= 9, "doc/ has %d pages", n);
	for (int i = 0; i < n; i++)
		expect_links_resolve("doc/", pages[i]);
	/* Every page of the manual is reachable from its index. */
	char *index = test_src_read("doc/README.md");
	for (int i = 0; i < n; i++) {
		char link[80];
		snprintf(link, sizeof link, "](%.63s", pages[i]);
		cr_expect(!strcmp(pages[i], "README.md") || strstr(index, link), "doc/README.md does not link %s", pages[i]);
	}
	free(index);
}

/* All the manual's pages as one text. */
static char *manual_text(void)
{
	char pages[64][64];
	int n = doc_pages(pages, 64);
	size_t size = 1, used = 0;
	char *all = malloc(size);
	cr_assert_not_null(all);
	for (int i = 0; i < n; i++) {
		char name[128];
		snprintf(name, sizeof name, "doc/%.63s", pages[i]);
		char *t = test_src_read(name);
		size_t len = strlen(t);
		all = realloc(all, size += len + 1);
		cr_assert_not_null(all);
		memcpy(all + used, t, len);
		all[used += len] = '\n';
		used++;
		free(t);
	}
	all[used] = '\0';
	return all;
}

/* Is "--name" in text as a whole option (man pages write it "\-\-name")? */
static bool names_option(const char *text, const char *option, bool man)
{
	char want[80];
	if (man)
		snprintf(want, sizeof want, "\\-\\-%s", option + 2);
	else
		snprintf(want, sizeof want, "%s", option);
	for (const char *p = strstr(text, want); p; p = strstr(p + 1, want)) {
		char after = p[strlen(want)];
		if (!isalnum((unsigned char)after) && after != '-')
			return true;
	}
	return false;
}

/* Every "--option" that --help names, the man page and the manual name too; every mode of --help, the man page's
 * MODES and the manual's table of modes; and the man page's OPTIONS name no option --help lacks. */
Test(docs, help_the_man_page_and_the_manual_agree_on_options_and_modes)
{
	const char *help = help_text();
	char *man = test_src_read("man/outpost.6"), *manual = manual_text();
	int options = 0;
	for (const char *p = strstr(help, "--"); p; p = strstr(p + 2, "--")) {
		char option[64];
		size_t len = 2 + strspn(p + 2, "abcdefghijklmnopqrstuvwxyz0123456789-");
		if (len < 3 || len >= sizeof option)
			continue;
		snprintf(option, sizeof option, "%.*s", (int)len, p);
		options++;
		cr_expect(names_option(man, option, true), "the man page does not name %s (--help does)", option);
		cr_expect(names_option(manual, option, false), "doc/ does not name %s (--help does)", option);
	}
	cr_expect(options > 20, "--help names %d options", options);
	const char *modes = strstr(help, "\nModes:\n"), *end = modes ? strstr(modes, "\nOptions:") : NULL;
	cr_assert(modes && end, "--help has no Modes: section");
	const char *man_modes = strstr(man, "\n.SH MODES"), *man_end = man_modes ? strstr(man_modes + 1, "\n.SH ") : NULL;
	cr_assert(man_modes && man_end, "the man page has no MODES section");
	int count = 0;
	for (const char *p = strstr(modes, "\n  "); p && p < end; p = strstr(p + 1, "\n  ")) {
		if (!islower((unsigned char)p[3]))
			continue; /* a description's continuation */
		char mode[32], want[64];
		snprintf(mode, sizeof mode, "%.*s", (int)strcspn(p + 3, " \n"), p + 3);
		count++;
		snprintf(want, sizeof want, "`outpost %s", mode);
		cr_expect(strstr(manual, want) != NULL, "doc/'s modes do not name '%s'", mode);
		snprintf(want, sizeof want, ".B %s", mode);
		const char *m = strstr(man_modes, want);
		if (!m || m > man_end) {
			snprintf(want, sizeof want, ".BR %s", mode);
			m = strstr(man_modes, want);
		}
		if (!m || m > man_end) {
			snprintf(want, sizeof want, ".BI %s", mode);
			m = strstr(man_modes, want);
		}
		cr_expect(m && m < man_end, "the man page's MODES do not name '%s'", mode);
	}
	cr_expect(count >= 8, "--help names %d modes", count);
	/* The other way: the man page's OPTIONS name only what --help has. */
	const char *opts = strstr(man, "\n.SH OPTIONS"), *opts_end = opts ? strstr(opts + 1, "\n.SH ") : NULL;
	cr_assert(opts && opts_end, "the man page has no OPTIONS section");
	for (const char *p = strstr(opts, "\\-\\-"); p && p < opts_end; p = strstr(p + 4, "\\-\\-")) {
		char option[64];
		size_t len = strspn(p + 4, "abcdefghijklmnopqrstuvwxyz0123456789-");
		snprintf(option, sizeof option, "--%.*s", (int)len, p + 4);
		cr_expect(names_option(help, option, false), "the man page's OPTIONS name %s, which --help does not", option);
	}
	free(man);
	free(manual);
}
