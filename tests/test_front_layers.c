/* The layers of tui/: the tree keeps them, and each kind of wrong include planted in a copy of tui/ is caught. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

/* Runs check-front on a copy of tui/ in which `plant` (a shell command run in the copy) changed something. */
static int check_planted(const char *plant, char *err, size_t errlen)
{
	char dir[64], cmd[4096];
	snprintf(dir, sizeof dir, "/tmp/outpost-front-XXXXXX");
	cr_assert(mkdtemp(dir), "mkdtemp failed");
	snprintf(cmd, sizeof cmd, "cp -R '%s/tui' '%s/' && cp '%s/tests/check-front' '%s/'", SRC_ROOT, dir, SRC_ROOT,
	         dir);
	cr_assert_eq(test_shell(cmd, err, errlen), 0, "copy failed: %s", err);
	snprintf(cmd, sizeof cmd, "cd '%s' && %s", dir, plant);
	cr_assert_eq(test_shell(cmd, err, errlen), 0, "plant failed: %s", err);
	snprintf(cmd, sizeof cmd, "sh '%s/check-front' '%s'", dir, dir);
	int st = test_shell(cmd, err, errlen);
	char rm[128], ignored[64];
	snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
	test_shell(rm, ignored, sizeof ignored);
	return st;
}

Test(front_layers, the_tree_keeps_its_layers)
{
	char cmd[4096], err[4096];
	snprintf(cmd, sizeof cmd, "sh '%s/tests/check-front' '%s'", SRC_ROOT, SRC_ROOT);
	cr_expect_eq(test_shell(cmd, err, sizeof err), 0, "check-front failed on the tree:\n%s", err);
}

Test(front_layers, each_planted_wrong_include_fails)
{
	static const struct {
		const char *plant, *says;
	} plants[] = {
		{ "sed -i '1i #include \"tui/commands/think.h\"' tui/views/board_view.c",
		  "tui/views/board_view.c:1: the views layer includes \"tui/commands/think.h\" from the commands layer" },
		{ "sed -i '1i #include <curses.h>' tui/commands/persist.c",
		  "tui/commands/persist.c:1: the commands layer includes <curses.h>" },
		{ "sed -i '1i #include <readline/readline.h>' tui/views/prompt_view.c",
		  "tui/views/prompt_view.c:1: the views layer includes <readline/readline.h>" },
		{ "sed -i '1i #include \"tui/state/tui.h\"' tui/base/format.c",
		  "tui/base/format.c:1: the base layer includes \"tui/state/tui.h\" from the state layer" },
		{ "sed -i '1i #include \"tui.h\"' tui/base/format.c",
		  "tui/base/format.c:1: includes \"tui.h\" by a bare name from another folder: name it \"tui/state/tui.h\"" },
		{ "sed -i '1i #include \"side_panel.h\"' tui/views/move_list.c", "go round in a circle" },
		{ "sed -i '1i #include \"session.h\"' tui/commands/think.c", "go round in a circle" },
		{ "sed -i '1i void board_view_poke(struct tui *t);' tui/views/board_view.h",
		  "tui/views/board_view.h:1: a view takes a struct tui it could change" },
		{ "touch tui/stray.c", "tui/stray.c is in no layer" },
		{ "mkdir tui/extras && touch tui/extras/stray.c", "tui/extras/ is not a layer" },
		{ "sed -i '/^| `screen\\/`/d' tui/README.md", "tui/screen/ has no line in tui/README.md" },
	};
	for (size_t i = 0; i < sizeof plants / sizeof plants[0]; i++) {
		char err[4096];
		int st = check_planted(plants[i].plant, err, sizeof err);
		cr_expect_eq(st, 1, "%s: exit %d, expected 1", plants[i].plant, st);
		cr_expect(strstr(err, plants[i].says), "%s: the message was:\n%s", plants[i].plant, err);
	}
}
