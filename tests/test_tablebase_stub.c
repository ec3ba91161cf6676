/*
 * The build without libfathom, in this build: src/engine/tablebase.c compiled again as its stub (what
 * --without-fathom or a machine without libfathom-dev builds), its functions renamed so that they stand beside
 * the real ones.  A path given is refused with one line; none is taken quietly; nothing is ever held or probed.
 */
#define OUTPOST_NO_TABLEBASES
#define tablebase_built_in stub_tablebase_built_in
#define tablebase_load stub_tablebase_load
#define tablebase_hold stub_tablebase_hold
#define tablebase_release stub_tablebase_release
#define tablebase_generation stub_tablebase_generation
#define tablebase_probe_wdl stub_tablebase_probe_wdl
#define tablebase_probe_root stub_tablebase_probe_root
#include "engine/tablebase.c"

#include <criterion/criterion.h>

#include "helpers.h"

Test(tablebase, the_stub_without_libfathom_says_so_in_one_line)
{
	char note[256];
	cr_expect_not(stub_tablebase_built_in());
	cr_expect_not(stub_tablebase_load("/usr/share/syzygy", note, sizeof note));
	cr_expect_str_eq(note, "this build has no tablebases (it was configured without libfathom-dev)");
	cr_expect(stub_tablebase_load("", note, sizeof note) && !note[0], "no path: no word");
	cr_expect(stub_tablebase_load("<empty>", note, sizeof note) && !note[0], "<empty>: no word");
	cr_expect_eq(stub_tablebase_hold("/usr/share/syzygy"), 0);
	position_init();
	struct position *pos = test_position("8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
	struct tablebase_root tb;
	cr_expect_eq(stub_tablebase_probe_wdl(pos), TABLEBASE_FAILED);
	cr_expect_not(stub_tablebase_probe_root(pos, true, false, &tb));
	test_free(pos);
}
