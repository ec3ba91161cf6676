/*
 * The program as a citizen of the system: --help and the man page list the
 * same options, the exit statuses are those documented, the version comes
 * from one place (configure.ac) and --version says how it was built,
 * NO_COLOR turns colour off, and the bash completion knows the options.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "config.h"
#include "helpers.h"
#include "term.h"

TestSuite(conventions, .timeout = 60);

/* A command's standard output, whole. */
static char *output_of(const char *cmd)
{
	FILE *p = popen(cmd, "r");
	cr_assert_not_null(p);
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	n = fread(buf, 1, cap - 1, p);
	buf[n] = '\0';
	pclose(p);
	return buf;
}

/* Every long option ("--level", or "\-\-level" in roff) in text, each once, space-separated and sorted. */
static void long_options(const char *text, bool roff, char *out, size_t len)
{
	char found[64][32];
	int n = 0;
	const char *dash = roff ? "\\-\\-" : "--";
	size_t dlen = strlen(dash);
	for (const char *p = strstr(text, dash); p; p = strstr(p + 1, dash)) {
		const char *s = p + dlen;
		size_t k = 0;
		char word[32];
		while ((isalnum((unsigned char)s[0]) || (s[0] == '-' && isalpha((unsigned char)s[1])) ||
		        (roff && s[0] == '\\' && s[1] == '-')) && k < sizeof word - 1) {
			if (s[0] == '\\')
				s++;
			word[k++] = *s++;
		}
		word[k] = '\0';
		bool seen = k == 0;
		for (int i = 0; i < n && !seen; i++)
			seen = !strcmp(found[i], word);
		if (!seen && n < 64)
			snprintf(found[n++], sizeof found[0], "%s", word);
	}
	qsort(found, (size_t)n, sizeof found[0], (int (*)(const void *, const void *))strcmp);
	out[0] = '\0';
	for (int i = 0; i < n; i++)
		snprintf(out + strlen(out), len - strlen(out), "%s%s", i ? " " : "", found[i]);
}

/* The man page's section from ".SH NAME" to the next .SH. */
static char *man_section(char *man, const char *name)
{
	char head[64];
	snprintf(head, sizeof head, "\n.SH %s\n", name);
	char *s = strstr(man, head);
	cr_assert_not_null(s, "the man page has no %s section", name);
	char *end = strstr(s + 1, "\n.SH ");
	if (end)
		end[1] = '\0';
	return s;
}

Test(conventions, help_and_the_man_page_list_the_same_options)
{
	char *help = output_of(OUTPOST_BIN " --help");
	char *man = test_src_read("man/outpost.6"), *copy = strdup(man);
	char from_help[2048], from_man[2048];
	long_options(help, false, from_help, sizeof from_help);
	/* The modes' own options are in the synopsis, the game's in OPTIONS: both together. */
	const char *options = man_section(man, "OPTIONS"), *synopsis = man_section(copy, "SYNOPSIS");
	char *both = malloc(strlen(options) + strlen(synopsis) + 1);
	strcat(strcpy(both, options), synopsis);
	long_options(both, true, from_man, sizeof from_man);
	cr_expect_str_eq(from_man, from_help, "the man page (OPTIONS and SYNOPSIS) and --help differ:\n[%s]\n[%s]",
	                 from_man, from_help);
	free(both);
	cr_expect(strstr(help, "-h, --help") && strstr(help, "-V, --version"));
	cr_expect(strstr(man, ".BR \\-h \", \" \\-\\-help") && strstr(man, ".BR \\-V \", \" \\-\\-version"));
	free(help);
	free(man);
	free(copy);
}

/* Exit statuses as the man page documents them: 0 success, 1 the work failed, 2 a usage error. */
Test(conventions, exit_statuses)
{
	static const struct {
		const char *args;
		int status;
	} cases[] = {
		{ "--version", 0 },         { "--help", 0 },           { "perft 1", 0 },
		{ "pgn /nonexistent.pgn", 1 }, { "epd /nonexistent.epd", 1 }, { "frobnicate", 2 },
		{ "perft", 2 },             { "perft 99", 2 },         { "bench x", 2 },
		{ "uci extra", 2 },         { "epd", 2 },              { "pgn --format xml x.pgn", 2 },
		{ "bench 1 --hce --evalfile x.nnue", 2 }, /* one evaluation or the other */
		{ "--level 5", 2 },         /* game options need a terminal: here stdin is not one */
	};
	char cmd[512], err[1024];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(cmd, sizeof cmd, "%s %s </dev/null", OUTPOST_BIN, cases[i].args);
		cr_expect_eq(test_shell(cmd, err, sizeof err), cases[i].status, "outpost %s: %s", cases[i].args, err);
	}
	char *man = test_src_read("man/outpost.6");
	char *exit = man_section(man, "EXIT STATUS");
	cr_expect(strstr(exit, "\n.B 0\n") && strstr(exit, "\n.B 1\n") && strstr(exit, "\n.B 2\n"), "%s", exit);
	free(man);
}

/* The version is written in configure.ac alone; NEWS, the man page and debian/changelog are held to it. */
Test(conventions, the_version_from_one_place)
{
	char want[64];
	char *news = test_src_read("NEWS"), *man = test_src_read("man/outpost.6");
	char *changelog = test_src_read("debian/changelog");
	snprintf(want, sizeof want, "\n* %s ", PACKAGE_VERSION);
	cr_expect(strstr(news, want) != NULL && strstr(news, "\n* ") == strstr(news, want),
	          "NEWS's top entry is not %s", PACKAGE_VERSION);
	snprintf(want, sizeof want, "\"outpost %s\" \"Games\"", PACKAGE_VERSION);
	cr_expect(strstr(man, want) != NULL, "the man page's .TH lacks %s", want);
	snprintf(want, sizeof want, "outpost (%s) ", PACKAGE_VERSION);
	cr_expect(!strncmp(changelog, want, strlen(want)), "debian/changelog does not start with %s", want);
	char *version = output_of(OUTPOST_BIN " --version");
	snprintf(want, sizeof want, "outpost %s\nbuild: ", PACKAGE_VERSION);
	cr_expect(!strncmp(version, want, strlen(want)), "%s", version);
	cr_expect(strstr(version, "portable") || strstr(version, "native"), "%s", version);
	cr_expect(strstr(version, "PEXT"), "%s", version);
	cr_expect(strstr(version, "sanitizers"), "%s", version);
	free(news);
	free(man);
	free(changelog);
	free(version);
}

/* ---------------------------------------------------------------- NO_COLOR */

static struct term term;

/* The screen with its escape sequences: are there colours (SGR 30-49, 38;5, 48;5) on it? */
static bool screen_has_colour(void)
{
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "tmux -L %s -f %s/tmux.conf capture-pane -p -e -t game", term.socket, term.dir);
	char *screen = output_of(cmd);
	bool colour = false;
	for (const char *p = strstr(screen, "\033["); p && !colour; p = strstr(p + 1, "\033[")) {
		const char *q = p + 2;
		while (*q && *q != 'm' && !colour) {
			int v = atoi(q);
			/* 39 and 49 are the terminal's own colours, which tmux writes anyway. */
			colour = ((v >= 30 && v <= 49) || (v >= 90 && v <= 107)) && v != 39 && v != 49;
			q += strspn(q, "0123456789");
			if (*q == ';')
				q++;
			else
				break;
		}
	}
	free(screen);
	return colour;
}

static void start_game(const char *args)
{
	term_init(&term);
	term_start(&term, "C.UTF-8", "tmux-256color", 80, 24, args);
	cr_assert(term_wait(&term, "Moves", 8000), "the game did not start:\n%s", term.screen);
}

Test(conventions, no_color_turns_colour_off)
{
	start_game("--book off");
	cr_expect(screen_has_colour(), "the control: colours without NO_COLOR");
	term_cleanup(&term);
	setenv("NO_COLOR", "1", 1);
	start_game("--book off");
	cr_expect(!screen_has_colour(), "NO_COLOR=1, yet colours");
	term_cleanup(&term);
	start_game("--book off --colors 256");
	cr_expect(screen_has_colour(), "--colors 256 wins over NO_COLOR");
	term_cleanup(&term);
	setenv("NO_COLOR", "", 1);
	start_game("--book off");
	cr_expect(screen_has_colour(), "an empty NO_COLOR is not set");
	term_cleanup(&term);
}

/* ---------------------------------------------------------------- bash completion */

#define BASH_COMPLETION "/usr/share/bash-completion/bash_completion"

/* What the completion offers for a command line (its last word being completed). */
static char *complete(const char *line)
{
	char cmd[2048];
	snprintf(cmd, sizeof cmd,
	         "bash -c 'source %s; source %s/data/bash-completion/outpost 2>/dev/null; "
	         "COMP_LINE=\"%s\"; COMP_POINT=${#COMP_LINE}; read -ra COMP_WORDS <<<\"$COMP_LINE\"; "
	         "[[ $COMP_LINE == *\" \" ]] && COMP_WORDS+=(\"\"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); "
	         "_outpost outpost \"${COMP_WORDS[COMP_CWORD]}\" \"${COMP_WORDS[COMP_CWORD-1]}\" 2>/dev/null; "
	         "echo \"${COMPREPLY[*]}\"'",
	         BASH_COMPLETION, SRC_ROOT, line);
	return output_of(cmd);
}

static void expect_completion(const char *line, const char *want)
{
	char *got = complete(line);
	got[strcspn(got, "\n")] = '\0';
	cr_expect_str_eq(got, want, "completing '%s'", line);
	free(got);
}

Test(conventions, bash_completion)
{
	/* Every option --help gives is completed. */
	char *help = output_of(OUTPOST_BIN " --help"), *file = test_src_read("data/bash-completion/outpost");
	char options[2048];
	long_options(help, false, options, sizeof options);
	for (char *save = NULL, *o = strtok_r(options, " ", &save); o; o = strtok_r(NULL, " ", &save)) {
		char word[48];
		snprintf(word, sizeof word, "--%s", o);
		cr_expect(strstr(file, word) != NULL, "the completion lacks %s", word);
	}
	free(help);
	free(file);
	if (access(BASH_COMPLETION, R_OK) != 0) {
		cr_skip_test("%s is not installed (apt-get install bash-completion)", BASH_COMPLETION);
		return;
	}
	expect_completion("outpost p", "perft pgn");
	expect_completion("outpost --col", "--colors");
	expect_completion("outpost --colors ", "auto 256 8 mono");
	expect_completion("outpost --score s", "side");
	expect_completion("outpost pgn --f", "--format");
	expect_completion("outpost pgn --l", "--list");
	expect_completion("outpost epd --d", "--depth");
	expect_completion("outpost --book of", "off");
	expect_completion("outpost datagen --ou", "--out");
	expect_completion("outpost tr", "train");
	expect_completion("outpost train --l", "--lichess");
	expect_completion("outpost train --theme back", "backRankMate");
	expect_completion("outpost ch", "chess960");
	expect_completion("outpost chess960 --s", "--shredder");
	expect_completion("outpost --chess9", "--chess960");
}
