/*
 * The Syzygy tablebases (src/engine/tablebase.c, through libfathom).  shared_tablebase reads the shared data's
 * tables (every one of 3 and 4 pieces, ../shared/data/syzygy) where they lie: known positions probed through the
 * module and through `outpost uci`, and a missing folder and a truncated or damaged table named and left out.
 * tablebase holds what needs no tables: the build-time stub, the files' checks, and a search without tables.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "book_helper.h"
#include "helpers.h"
#include "uci_proc.h"
#include "engine/engine.h"
#include "engine/tablebase.h"
#include "engine/tablebase_files.h"
#include "notation/text_file.h"
#include "rules/position.h"
#include "rules/uci_move.h"

/* The positions the proof asks for, each with what the tables say (the side to move's result). */
#define KRK_WON "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"       /* fathom: Win, DTZ 27 (the data's README) */
#define KPK_DRAWN "8/8/8/8/4k3/8/4P3/4K3 b - - 0 1"    /* Black has the opposition: Draw (the README) */
#define KRKR_DRAWN "8/8/3k4/3r4/8/3R4/3K4/8 w - - 0 1" /* rook against rook, each guarded */
#define KQKR_WON "8/8/4k3/8/8/2r5/8/KQ6 w - - 0 1"     /* queen against rook, nothing hanging */
#define KBNK_WON "8/8/8/4k3/8/8/8/KBN5 w - - 0 1"      /* bishop and knight */

static void setup(void) { engine_init(); }

/* The shared tables' folder, or the test is skipped saying why. */
static void tables_dir(char *dir, size_t len)
{
	char probe[4096];
	test_shared_path("syzygy", dir, len);
	snprintf(probe, sizeof probe, "%s/KRvK.rtbw", dir);
	if (access(probe, R_OK) != 0)
		cr_skip_test("no Syzygy tables at %s (the shared data's syzygy/)", dir);
	if (!tablebase_built_in())
		cr_skip_test("this build has no tablebases (configured without libfathom-dev)");
}

static void load_shared(void)
{
	char dir[4096], note[2048];
	tables_dir(dir, sizeof dir);
	cr_assert(tablebase_load(dir, note, sizeof note), "%s", note);
	cr_expect(strstr(note, "35 WDL and 35 DTZ tables, up to 4 pieces"), "%s", note);
}

/* The root probe of fen; the test fails when the tables do not hold it. */
static struct tablebase_root probe_root(const char *fen)
{
	struct tablebase_root tb;
	struct position *pos = test_position(fen);
	cr_assert(tablebase_probe_root(pos, true, false, &tb), "%s is not in the tables", fen);
	cr_expect_gt(tb.nkeep, 0, "%s: no move kept", fen);
	cr_expect(tb.ranked, "%s: ranked without the DTZ tables", fen);
	test_free(pos);
	return tb;
}

TestSuite(shared_tablebase, .init = setup, .timeout = 120);

Test(shared_tablebase, known_positions_probe_as_the_tables_say)
{
	load_shared();
	struct tablebase_root tb = probe_root(KRK_WON);
	cr_expect_eq(tb.wdl, TABLEBASE_WIN);
	cr_expect_eq(tb.dtz, 27, "KRvK: DTZ %d, fathom says 27", tb.dtz);
	cr_expect_eq(probe_root(KPK_DRAWN).wdl, TABLEBASE_DRAW);
	cr_expect_eq(probe_root(KRKR_DRAWN).wdl, TABLEBASE_DRAW);
	cr_expect_eq(probe_root(KQKR_WON).wdl, TABLEBASE_WIN);
	cr_expect_eq(probe_root(KBNK_WON).wdl, TABLEBASE_WIN);
	/* The search's probe agrees (each position is fresh: no fifty-move count). */
	const char *fens[] = { KRK_WON, KPK_DRAWN, KRKR_DRAWN, KQKR_WON, KBNK_WON };
	const int want[] = { TABLEBASE_WIN, TABLEBASE_DRAW, TABLEBASE_DRAW, TABLEBASE_WIN, TABLEBASE_WIN };
	for (int i = 0; i < 5; i++) {
		struct position *pos = test_position(fens[i]);
		cr_expect_eq(tablebase_probe_wdl(pos), want[i], "%s", fens[i]);
		test_free(pos);
	}
	/* Five pieces, castling rights: not the tables'. */
	struct position *pos = test_position("8/3k4/8/2b5/8/5N2/3PK3/8 w - - 0 1");
	struct tablebase_root none;
	cr_expect_not(tablebase_probe_root(pos, true, false, &none));
	test_free(pos);
	pos = test_position("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
	cr_expect_eq(tablebase_probe_wdl(pos), TABLEBASE_FAILED);
	test_free(pos);
}

/* Each kept root move keeps the result: after it the other side's result is its opposite. */
Test(shared_tablebase, the_root_moves_kept_keep_the_result)
{
	load_shared();
	const char *fens[] = { KRK_WON, KPK_DRAWN, KRKR_DRAWN, KQKR_WON, KBNK_WON };
	for (int i = 0; i < 5; i++) {
		struct tablebase_root tb = probe_root(fens[i]);
		struct position *pos = test_position(fens[i]);
		for (int k = 0; k < tb.nkeep; k++) {
			test_play(pos, tb.keep[k]);
			int after = tablebase_probe_wdl(pos);
			struct tablebase_root next;
			if (after == TABLEBASE_FAILED && tablebase_probe_root(pos, true, false, &next))
				after = next.wdl; /* not a capture nor a pawn move: the DTZ probe says */
			char m[UCI_MOVE_MAX];
			move_to_uci(tb.keep[k], m);
			cr_expect_eq(after, -tb.wdl, "%s: %s leads to %d, not %d", fens[i], m, after, -tb.wdl);
			test_undo(pos);
		}
		test_free(pos);
	}
}

/* Through the program: setoption says what it found, and the search keeps the result and counts its hits. */
static void uci_keeps(struct proc *p, const char *fen, int depth, int want_after)
{
	char cmd[512], line[4096], info[4096] = "";
	snprintf(cmd, sizeof cmd, "ucinewgame\nposition fen %s\ngo depth %d\n", fen, depth);
	proc_send(p, cmd);
	for (;;) {
		cr_assert(proc_line(p, line, sizeof line, 30000 * test_time_scale()), "%s: no bestmove", fen);
		if (!strncmp(line, "info depth", 10))
			snprintf(info, sizeof info, "%s", line);
		if (!strncmp(line, "bestmove ", 9))
			break;
	}
	cr_expect(strstr(info, " tbhits ") && !strstr(info, " tbhits 0 "), "%s: %s", fen, info);
	struct position *pos = test_position(fen);
	char uci[8];
	sscanf(line + 9, "%7s", uci);
	move_t m = uci_parse_move(pos, uci);
	cr_assert(m != MOVE_NONE && move_is_legal(pos, m), "%s: %s", fen, line);
	test_play(pos, m);
	struct tablebase_root after;
	cr_assert(tablebase_probe_root(pos, true, false, &after), "%s after %s", fen, uci);
	cr_expect_eq(after.wdl, want_after, "%s: %s gives the other side %d", fen, uci, after.wdl);
	test_free(pos);
}

Test(shared_tablebase, outpost_uci_plays_by_the_tables)
{
	char dir[4096], cmd[4200];
	load_shared(); /* for the checks of the moves here */
	tables_dir(dir, sizeof dir);
	struct proc p;
	proc_start(&p, "uci");
	snprintf(cmd, sizeof cmd, "setoption name SyzygyPath value %s\n", dir);
	proc_send(&p, cmd);
	proc_expect(&p, "info string tablebases: 35 WDL and 35 DTZ tables, up to 4 pieces", NULL, 0, 10000);
	uci_keeps(&p, KRK_WON, 8, TABLEBASE_LOSS);
	uci_keeps(&p, KPK_DRAWN, 8, TABLEBASE_DRAW);
	uci_keeps(&p, KRKR_DRAWN, 8, TABLEBASE_DRAW);
	uci_keeps(&p, KQKR_WON, 8, TABLEBASE_LOSS);
	uci_keeps(&p, KBNK_WON, 8, TABLEBASE_LOSS);
	/* A tablebase win is no mate: a cp beyond any evaluation. */
	char line[4096];
	proc_send(&p, "position fen " KRK_WON "\ngo depth 4\n");
	proc_expect(&p, "info depth 4", line, sizeof line, 10000);
	cr_expect(strstr(line, "score cp 19973"), "%s", line);
	proc_expect(&p, "bestmove", NULL, 0, 10000);
	/* Five pieces at the root: the tree's probes after a capture are counted. */
	proc_send(&p, "position fen 8/3k4/8/2b5/8/5N2/3PK3/8 w - - 0 1\ngo depth 10\n");
	proc_expect(&p, "info depth 10", line, sizeof line, 30000 * test_time_scale());
	cr_expect(strstr(line, " tbhits ") && !strstr(line, " tbhits 0 "), "%s", line);
	proc_expect(&p, "bestmove", NULL, 0, 10000);
	proc_send(&p, "quit\n");
	proc_finish(&p, 5000);
}

/* The coach reads the tables: `outpost annotate --syzygy` says a move threw their win away, and which kept it. */
Test(shared_tablebase, annotate_says_a_tablebase_win_thrown_away)
{
	char dir[4096], in[4096], out[4096], cmd[13000], err[4096];
	tables_dir(dir, sizeof dir);
	test_temp_path(in, sizeof in, "tb-thrown.pgn");
	test_temp_path(out, sizeof out, "tb-thrown-out.pgn");
	FILE *f = fopen(in, "w");
	cr_assert(f);
	fprintf(f, "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/6k1/K6R w - - 0 40\"]\n\n40. Rh2+ Kxh2 *\n");
	fclose(f);
	snprintf(cmd, sizeof cmd, "%s annotate %s --depth 6 --syzygy %s -o %s", OUTPOST_BIN, in, dir, out);
	cr_assert_eq(test_shell(cmd, err, sizeof err), 0, "%s", err);
	cr_expect(strstr(err, "35 WDL and 35 DTZ tables"), "the tables' note: %s", err);
	char *text = text_file_read(out, NULL);
	cr_assert_not_null(text);
	char *flat = text;
	for (char *c = flat; *c; c++)
		*c = *c == '\n' ? ' ' : *c;
	cr_expect(strstr(flat, "Rh2+?? throws away the tablebase win; 40. "), "%s", flat);
	cr_expect(strstr(flat, " kept it; it puts the rook where the king takes it"), "%s", flat);
	free(text);
	unlink(in);
	unlink(out);
}

/* A copy of the shared tables in a folder of the test's own, with KRvK.rtbw cut to 1000 bytes. */
static void damaged_copy(char *dir, size_t len)
{
	static char shared[4096], cmd[40000];
	tables_dir(shared, sizeof shared);
	test_temp_path(dir, len, "syzygy-damaged");
	snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s' && cp '%s'/*.rtb? '%s' && chmod u+w '%s'/* && "
	         "truncate -s 1000 '%s/KRvK.rtbw' && head -c 1040 /dev/zero > '%s/KQvK.rtbz'",
	         dir, dir, shared, dir, dir, dir, dir);
	cr_assert_eq(system(cmd), 0, "%s", cmd);
}

Test(shared_tablebase, a_missing_folder_and_a_damaged_table_are_named_and_left_out)
{
	char dir[4096], path[8300], note[2048];
	damaged_copy(dir, sizeof dir);
	snprintf(path, sizeof path, "/nonexistent-outpost-tables:%s", dir);
	cr_assert(tablebase_load(path, note, sizeof note), "%s", note);
	cr_expect(strstr(note, "34 WDL and 34 DTZ tables, up to 4 pieces"), "%s", note);
	cr_expect(strstr(note, "/nonexistent-outpost-tables: no such directory"), "%s", note);
	char want[4200];
	snprintf(want, sizeof want, "%s/KRvK.rtbw: truncated or damaged (1000 bytes", dir);
	cr_expect(strstr(note, want), "%s", note);
	snprintf(want, sizeof want, "%s/KQvK.rtbz: is not a Syzygy table (wrong magic bytes)", dir);
	cr_expect(strstr(note, want), "%s", note);
	/* The rest still probes (tables that lean on neither); the damaged table's positions are not the tables'. */
	cr_expect_eq(probe_root(KBNK_WON).wdl, TABLEBASE_WIN);
	struct position *pos = test_position(KRK_WON);
	cr_expect_eq(tablebase_probe_wdl(pos), TABLEBASE_FAILED);
	test_free(pos);
	/* And the search goes on, in the program too. */
	struct proc p;
	char cmd[8400];
	proc_start(&p, "uci");
	snprintf(cmd, sizeof cmd, "setoption name SyzygyPath value %s\n", path);
	proc_send(&p, cmd);
	proc_expect(&p, "info string tablebases: 34 WDL and 34 DTZ tables", NULL, 0, 10000);
	proc_send(&p, "position fen " KRK_WON "\ngo depth 6\n");
	proc_expect(&p, "bestmove", NULL, 0, 30000 * test_time_scale());
	proc_send(&p, "quit\n");
	proc_finish(&p, 5000);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_expect_eq(system(cmd), 0);
}

/* ---------------------------------------------------------------- without the shared tables */

TestSuite(tablebase, .init = setup);

/* The files' checks on files made here: a size no table has, a table's size with the wrong first bytes. */
Test(tablebase, files_are_checked_by_size_and_magic_bytes)
{
	static char dir[4096], file[4200], why[160], cmd[20000];
	test_temp_path(dir, sizeof dir, "syzygy-made");
	snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s'", dir, dir);
	cr_assert_eq(system(cmd), 0);
	snprintf(file, sizeof file, "%s/KQvK.rtbw", dir);
	FILE *f = fopen(file, "w");
	cr_assert_not_null(f);
	const unsigned char magic[4] = { 0x71, 0xe8, 0x23, 0x5d };
	fwrite(magic, 1, 4, f);
	for (int i = 4; i < 64 * 3 + 16; i++)
		fputc(0, f);
	fclose(f);
	cr_expect_null(tablebase_file_fault(file, why, sizeof why), "%s", why);
	cr_assert_eq(truncate(file, 64 * 3), 0);
	cr_expect(tablebase_file_fault(file, why, sizeof why) && strstr(why, "truncated"), "%s", why);
	snprintf(file, sizeof file, "%s/KQvK.rtbz", dir); /* a WDL table's magic under a DTZ table's name */
	snprintf(cmd, sizeof cmd, "cp '%s/KQvK.rtbw' '%s' && truncate -s %d '%s'", dir, file, 64 * 3 + 16, file);
	cr_assert_eq(system(cmd), 0);
	cr_expect(tablebase_file_fault(file, why, sizeof why) && strstr(why, "wrong magic"), "%s", why);
	struct tablebase_files tf;
	snprintf(cmd, sizeof cmd, "%s:/nonexistent-outpost-tables", dir);
	cr_assert(tablebase_files_check(cmd, &tf), "%s", tf.note);
	cr_expect_eq(tf.problems, 3, "%s", tf.note);
	cr_expect(strstr(tf.note, "/nonexistent-outpost-tables: no such directory"), "%s", tf.note);
	cr_expect(tf.shadow[0], "the bad tables come first: the prober must get a folder without them");
	struct stat st;
	char shadow[TABLEBASE_PATH_MAX];
	snprintf(shadow, sizeof shadow, "%s", tf.shadow);
	tablebase_files_release(&tf);
	cr_expect_neq(stat(shadow, &st), 0, "%s is left behind", shadow);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_expect_eq(system(cmd), 0);
}

/* Without SyzygyPath nothing changes: no tbhits in info, no line from the default. */
Test(tablebase, without_tables_the_info_line_is_as_before)
{
	struct proc p;
	char line[4096];
	proc_start(&p, "uci");
	proc_send(&p, "setoption name SyzygyPath value <empty>\nisready\n");
	proc_expect(&p, "readyok", line, sizeof line, 10000);
	proc_send(&p, "position fen " KRK_WON "\ngo depth 5\n");
	proc_expect(&p, "info depth 5", line, sizeof line, 10000);
	cr_expect_null(strstr(line, "tbhits"), "%s", line);
	cr_expect_null(strstr(line, "score cp 199"), "%s", line);
	proc_expect(&p, "bestmove", NULL, 0, 10000);
	proc_send(&p, "quit\n");
	proc_finish(&p, 5000);
}

/* A folder that is not there: one line naming it, and the engine plays on. */
Test(tablebase, a_missing_folder_is_one_line)
{
	struct proc p;
	char line[4096];
	proc_start(&p, "uci");
	proc_send(&p, "setoption name SyzygyPath value /nonexistent-outpost-tables\nisready\n");
	proc_line(&p, line, sizeof line, 10000);
	if (tablebase_built_in())
		cr_expect_str_eq(line, "info string tablebases: 0 WDL and 0 DTZ tables, up to 0 pieces, from "
		                       "/nonexistent-outpost-tables; left out: /nonexistent-outpost-tables: no such "
		                       "directory");
	else
		cr_expect(strstr(line, "info string setoption ignored: this build has no tablebases"), "%s", line);
	proc_expect(&p, "readyok", NULL, 0, 10000);
	proc_send(&p, "position startpos\ngo depth 3\n");
	proc_expect(&p, "bestmove", NULL, 0, 10000);
	proc_send(&p, "quit\n");
	proc_finish(&p, 5000);
}
