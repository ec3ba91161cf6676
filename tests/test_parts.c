/*
 * The parts check: the tree passes it, a wrong include planted in a copy of the tree fails it, and so does the
 * tree against a copy of the design page (doc/design.md) with an arrow taken out: the page is what the check keeps.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

/* A copy of the sources under a fresh temporary folder, with `line` added to the top of `file`. */
static void copy_and_plant(char *dir, size_t len, const char *file, const char *line)
{
	char cmd[4096], err[512];
	snprintf(dir, len, "/tmp/outpost-parts-XXXXXX");
	cr_assert(mkdtemp(dir), "mkdtemp failed");
	snprintf(cmd, sizeof cmd,
	         "mkdir -p '%s/src' '%s/doc' && cp -R '%s/src/.' '%s/src/' && cp -R '%s/tui' '%s/' && "
	         "cp '%s/doc/design.md' '%s/doc/' && cp '%s/tests/check-parts' '%s/'",
	         dir, dir, SRC_ROOT, dir, SRC_ROOT, dir, SRC_ROOT, dir, SRC_ROOT, dir);
	cr_assert_eq(test_shell(cmd, err, sizeof err), 0, "copy failed: %s", err);
	if (!line)
		return;
	snprintf(cmd, sizeof cmd, "sed -i '1i %s' '%s/%s'", line, dir, file);
	cr_assert_eq(test_shell(cmd, err, sizeof err), 0, "plant failed: %s", err);
}

static void remove_tree(const char *dir)
{
	char cmd[4096], err[64];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	test_shell(cmd, err, sizeof err);
}

Test(parts, the_tree_passes)
{
	char cmd[4096], err[4096];
	snprintf(cmd, sizeof cmd, "sh '%s/tests/check-parts' '%s' '%s'", SRC_ROOT, SRC_ROOT, BUILD_ROOT);
	cr_expect_eq(test_shell(cmd, err, sizeof err), 0, "check-parts failed on the tree:\n%s", err);
}

/* Each planted include goes against one arrow; each must fail the check and name the file. */
Test(parts, a_planted_wrong_include_fails)
{
	static const struct {
		const char *file, *line, *says;
	} plants[] = {
		{ "src/engine/eval.c", "#include \"notation/notation.h\"", "the engine part includes \"notation/notation.h\"" },
		{ "src/rules/movegen.c", "#include \"engine/eval.h\"", "the rules part includes \"engine/eval.h\"" },
		{ "tui/screen/screen.c", "#include \"entry/modes.h\"", "the front part includes \"entry/modes.h\"" },
		{ "src/notation/game.c", "#include \"tui/loop/front.h\"", "the notation part includes \"tui/loop/front.h\"" },
		{ "src/protocol/uci.c", "#include \"screen.h\"", "not in its own folder" },
		/* The two parts about people and study, and the engine's hook to the levels. */
		{ "src/people/human_level.c", "#include \"study/puzzle.h\"", "the people part includes \"study/puzzle.h\"" },
		{ "src/people/human_model.c", "#include \"tui/loop/front.h\"", "the people part includes \"tui/loop/front.h\"" },
		{ "src/study/puzzle.c", "#include \"protocol/uci.h\"", "the study part includes \"protocol/uci.h\"" },
		{ "src/study/glicko.c", "#include \"tui/state/tui.h\"", "the study part includes \"tui/state/tui.h\"" },
		{ "src/engine/engine.c", "#include \"people/human_level.h\"", "the engine part includes \"people/human_level.h\"" },
	};
	for (size_t i = 0; i < sizeof plants / sizeof plants[0]; i++) {
		char dir[64], cmd[4096], err[4096];
		copy_and_plant(dir, sizeof dir, plants[i].file, plants[i].line);
		snprintf(cmd, sizeof cmd, "sh '%s/check-parts' '%s' ''", dir, dir);
		int st = test_shell(cmd, err, sizeof err);
		remove_tree(dir);
		cr_expect_eq(st, 1, "%s with %s: exit %d, expected 1", plants[i].file, plants[i].line, st);
		cr_expect(strstr(err, plants[i].file) && strstr(err, plants[i].says), "%s: the message was:\n%s",
		          plants[i].file, err);
	}
}

/* The arrows are the design page's: one taken out of its table (Notation may use nothing) fails the tree as it is,
 * and a page without the table, or no page, is refused by name. */
Test(parts, the_design_page_is_what_the_check_keeps)
{
	static const struct {
		const char *edit, *says;
	} edits[] = {
		{ "sed -i 's/^\\(| Notation |.*| \\)Rules |$/\\1nothing |/'", "the notation part includes \"rules/" },
		{ "sed -i '/^| part | folder |/d'", "has no table of parts" },
		{ "rm", "doc/design.md, which holds the parts" },
	};
	for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
		char dir[64], cmd[4096], err[4096];
		copy_and_plant(dir, sizeof dir, "", NULL);
		snprintf(cmd, sizeof cmd, "%s '%s/doc/design.md'", edits[i].edit, dir);
		cr_assert_eq(test_shell(cmd, err, sizeof err), 0, "the edit failed: %s", err);
		snprintf(cmd, sizeof cmd, "sh '%s/check-parts' '%s' ''", dir, dir);
		int st = test_shell(cmd, err, sizeof err);
		remove_tree(dir);
		cr_expect_eq(st, 1, "edit %zu of the design page: exit %d, expected 1", i, st);
		cr_expect(strstr(err, edits[i].says) != NULL, "edit %zu: the message was:\n%s", i, err);
	}
}
