/*
 * The game through what the world does to a program (issue 14), in tmux: the
 * signals that end, interrupt and stop it leave the terminal as the shell had
 * it (stty -g before and after) and the game saved; a storm of resizes and
 * SIGWINCH does not crash it; a full disk (a file-size limit, prlimit, and
 * where the tests run as root a full tmpfs of their own) is reported on the
 * status line and at exit, and loses nothing; SIGKILL at random moments
 * leaves whole files that the next start resumes.
 */
#define _GNU_SOURCE /* unshare */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "notation/pgn.h"
#include "term.h"

#define PLAIN "C"
#define QUICK "--movetime 200 --hash 16 --threads 1 --book off"
#define CURRENT "data/outpost/current.pgn"
#define ARCHIVE "data/outpost/games.pgn"

static struct term term;
static char mounted[300]; /* a tmpfs of the test's own, taken away before its home */

static void setup(void) { term_init(&term); }

static void teardown(void)
{
	term_stop(&term);
	if (mounted[0])
		umount2(mounted, MNT_DETACH);
	term_cleanup(&term);
}

TestSuite(tui_reliable, .init = setup, .fini = teardown, .timeout = 120);

static void enter(const char *line) { term_enter(&term, line); }
static void expect(const char *text) { term_expect(&term, text); }
static void said(const char *text) { term_expect_said(&term, text); }

/*
 * A shell in a terminal as wide as a long message, where the game runs as a job (limited by prefix, a command
 * such as prlimit) and, when it ends, the shell says its exit status and whether the terminal's modes are those
 * it had before.
 */
static void start_in_shell(void)
{
	term_start_shell(&term, PLAIN, "tmux-256color", 160, 30);
	expect("outpost-shell$");
	/* check LABEL says LABEL-as-before or LABEL-changed (words that the definition itself does not show). */
	enter("s=$(stty -g); check() { echo \"$1-$([ \"$s\" = \"$(stty -g)\" ] && echo as-before || echo changed)\"; }");
}

static void run_game(const char *prefix, const char *args)
{
	char line[1024];
	snprintf(line, sizeof line, "%s'%s' %s; echo \"exit=$?\"; check tty", prefix, term_program(), args);
	enter(line);
}

static void expect_saved(const char *path, const char *text)
{
	char *saved = term_read_file(&term, path);
	cr_assert(saved && strstr(saved, text), "%s should hold '%s': %s", path, text, saved ? saved : "(none)");
	free(saved);
}

/* Plays 1. e4 and the engine's answer in the game started by run_game; returns the game's pid. */
static int play_a_move(void)
{
	expect("Moves");
	enter("e4");
	expect("Outpost played");
	int pid = term_job_pid(&term);
	cr_assert_gt(pid, 0, "no game running in the shell");
	return pid;
}

static void ends_saved_on(int sig, const char *args)
{
	start_in_shell();
	run_game("", args);
	kill(play_a_move(), sig);
	expect("exit=0");
	expect("tty-as-before");
	expect_saved(CURRENT, "1. e4");
	run_game("", QUICK);
	expect("Resumed your game");
}

Test(tui_reliable, sigterm_quits_restoring_the_terminal_and_keeping_the_game) { ends_saved_on(SIGTERM, QUICK); }

Test(tui_reliable, sighup_quits_restoring_the_terminal_and_keeping_the_game) { ends_saved_on(SIGHUP, QUICK); }

Test(tui_reliable, sigterm_in_plain_mode_too) { ends_saved_on(SIGTERM, QUICK " --plain"); }

Test(tui_reliable, sigint_asks_then_quits_restoring_the_terminal)
{
	start_in_shell();
	run_game("", QUICK);
	kill(play_a_move(), SIGINT);
	expect("Quit? Your game is saved");
	term_type(&term, "y");
	expect("exit=0");
	expect("tty-as-before");
	expect_saved(CURRENT, "1. e4");
}

Test(tui_reliable, sigtstp_stops_with_the_terminal_restored_and_fg_goes_on)
{
	start_in_shell();
	run_game("", QUICK);
	kill(play_a_move(), SIGTSTP);
	expect("Stopped");
	expect("tty-as-before"); /* the rest of the shell's line ran meanwhile */
	enter("fg");
	expect("Moves");
	enter("d4");
	expect("2. d4");
	enter("quit");
	expect("outpost-shell$");
	cr_assert(term_wait_gone(&term, "Moves", TERM_WAIT), "the game did not end:\n%s", term.screen);
	enter("check again");
	expect("again-as-before");
	expect_saved(CURRENT, "2. d4");
}

/* Hundreds of resizes, tiny ones among them, each with extra SIGWINCHs, then the game as it was. */
Test(tui_reliable, a_storm_of_resizes_and_sigwinch_does_not_crash)
{
	term_start(&term, PLAIN, "tmux-256color", 80, 24, QUICK);
	expect("Moves");
	enter("e4");
	expect("Outpost played");
	int pid = term_pid(&term);
	cr_assert_gt(pid, 0);
	uint64_t seed = test_seed("sigwinch storm");
	for (int i = 0; i < 300; i++) {
		term_resize(&term, 2 + (int)(test_random(&seed) % 200), 2 + (int)(test_random(&seed) % 70));
		for (int k = 0; k < 3; k++)
			kill(pid, SIGWINCH);
	}
	cr_assert(term_alive(&term), "the game died in the storm");
	term_resize(&term, 80, 24);
	kill(pid, SIGWINCH);
	expect("1. e4");
	enter("d4");
	expect("2. d4");
	cr_assert_eq(term_pid(&term), pid);
}

/* ---------------------------------------------------------------- a full disk */

/* A game whose PGN alone is larger than limit bytes: a long comment after its first move. */
static void write_long_game(const char *path, int size)
{
	char *text = malloc((size_t)size + 100);
	cr_assert_not_null(text);
	int n = snprintf(text, 100, "[Event \"long\"]\n\n1. e4 {");
	memset(text + n, 'x', (size_t)size);
	snprintf(text + n + size, 100, "} e5 *\n");
	term_write_file(&term, path, text);
	free(text);
}

Test(tui_reliable, an_autosave_over_the_file_size_limit_is_reported_and_at_exit_too)
{
	char cmd[512];
	write_long_game("long.pgn", 3000);
	start_in_shell();
	run_game("prlimit --fsize=2000 ", QUICK);
	play_a_move();
	snprintf(cmd, sizeof cmd, "load %s/long.pgn", term.dir);
	enter(cmd);
	said("Autosave failed: cannot write");
	said("current.pgn: File too large");
	enter("quit");
	said("outpost: Autosave failed: cannot write");
	expect("exit=1");
	expect("tty-as-before");
	/* What was saved is whole: the game before the load, archived when the long one replaced it. */
	expect_saved(ARCHIVE, "1. e4");
	cr_assert_null(term_read_file(&term, CURRENT), "the autosave holds a cut game");
}

Test(tui_reliable, a_full_archive_keeps_the_finished_game_until_the_next_start_archives_it)
{
	char old[2100];
	memset(old, 0, sizeof old);
	for (int i = 0; i < 20; i++)
		strcat(old, "[Event \"old\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n");
	term_write_file(&term, ARCHIVE, old);
	start_in_shell();
	char prefix[64];
	snprintf(prefix, sizeof prefix, "prlimit --fsize=%zu ", strlen(old) + 100); /* the game alone fits */
	run_game(prefix, QUICK);
	play_a_move();
	enter("resign");
	said("Could not archive the game: cannot write");
	said("games.pgn: File too large; it is kept in");
	enter("quit");
	said("outpost: Could not archive the game");
	expect("exit=1");
	expect("tty-as-before");
	char *archive = term_read_file(&term, ARCHIVE);
	cr_assert_str_eq(archive, old, "the archive changed");
	free(archive);
	expect_saved(CURRENT, "1. e4");
	run_game("", QUICK);
	expect("Moves");
	enter("quit");
	expect("exit=0");
	archive = term_read_file(&term, ARCHIVE);
	cr_assert(archive && !strncmp(archive, old, strlen(old)) && strstr(archive + strlen(old), "1. e4"),
	          "the finished game was not archived at the next start: %s", archive ? archive : "(none)");
	free(archive);
	char *current = term_read_file(&term, CURRENT); /* the new game's, if any */
	cr_assert(!current || !strstr(current, "1. e4"), "the archived game stayed in the autosave: %s", current);
	free(current);
}

/*
 * A tmpfs of size ("32k") on the test's data directory, in a mount namespace of the test's own (tmux, started
 * next, inherits it); false where that cannot be had (not root, no namespaces).
 */
static bool private_tmpfs(const char *size)
{
	char path[300], options[32];
	snprintf(path, sizeof path, "%s/data", term.dir);
	snprintf(options, sizeof options, "size=%s", size);
	mkdir(path, 0700);
	if (geteuid() != 0 || unshare(CLONE_NEWNS) != 0 || mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL) != 0 ||
	    mount("none", path, "tmpfs", 0, options) != 0)
		return false;
	snprintf(mounted, sizeof mounted, "%s", path);
	return true;
}

/* Fills the file system of the data directory with the file data/outpost/filler; false if nothing was written. */
static bool fill_data(void)
{
	char path[300], block[4096] = { 0 };
	snprintf(path, sizeof path, "%s/" CURRENT, term.dir);
	snprintf(strrchr(path, '/'), sizeof path - (size_t)(strrchr(path, '/') - path), "/filler");
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600), blocks = 0;
	while (fd >= 0 && write(fd, block, sizeof block) == (ssize_t)sizeof block)
		blocks++;
	int why = errno;
	if (fd >= 0)
		close(fd);
	cr_assert_eq(why, ENOSPC, "filling the tmpfs: %s", strerror(why));
	return blocks > 0;
}

static void empty_data(void)
{
	char path[300];
	snprintf(path, sizeof path, "%s/data/outpost/filler", term.dir);
	cr_assert_eq(unlink(path), 0);
}

Test(tui_reliable, a_full_file_system_is_reported_and_the_game_archived_once_there_is_room)
{
	if (!private_tmpfs("64k"))
		cr_skip_test("a tmpfs of the test's own needs root and mount namespaces (the file-size tests cover the rest)");
	term_start(&term, PLAIN, "tmux-256color", 160, 30, QUICK);
	expect("Moves");
	enter("e4");
	expect("Outpost played");
	char *before = term_read_file(&term, CURRENT);
	cr_assert(before && strstr(before, "1. e4"), "%s", before ? before : "(none)");
	cr_assert(fill_data());
	enter("d4");
	said("Autosave failed: cannot write ");
	said("current.pgn: No space left on device");
	enter("resign");
	said("Could not archive the game, nor keep it: ");
	said("No space left on device");
	char *kept = term_read_file(&term, CURRENT);
	cr_assert_str_eq(kept, before, "the last autosave was not kept whole");
	empty_data();
	enter("quit");
	cr_assert(term_wait_exit(&term, TERM_WAIT), "still running after quit");
	expect_saved(ARCHIVE, "2. d4");
	expect_saved(ARCHIVE, "[Result \"0-1\"]");
	cr_assert_null(term_read_file(&term, CURRENT), "the archived game stayed in the autosave");
	free(before);
	free(kept);
}

/* ---------------------------------------------------------------- kills */

/* The file holds whole games that read back to the same text (a cut one would not); returns how many. */
static int whole_games(const char *path)
{
	char *text = term_read_file(&term, path);
	if (!text)
		return 0;
	struct game **games;
	int n = test_read_pgn(text, strlen(text), path, &games);
	size_t at = 0;
	for (int i = 0; i < n; i++) {
		char *back = pgn_game_to_string(games[i]);
		cr_assert(back && !strncmp(text + at, back, strlen(back)), "%s: game %d is cut:\n%s", path, i + 1, text);
		at += strlen(back);
		free(back);
	}
	cr_assert_eq(at, strlen(text), "%s ends in half a game:\n%s", path, text);
	test_free_games(games, n);
	free(text);
	return n;
}

/* Typing moves, resigning and starting again, killed at random moments: whole files, and the game resumed. */
Test(tui_reliable, sigkill_at_random_moments_leaves_whole_files_and_the_game_resumed)
{
	static const char *const lines[] = { "e4", "d4", "Nf3", "resign", "new", "c4", "undo" };
	uint64_t seed = test_seed("tui kill");
	int resumed = 0;
	position_init();
	for (int round = 0; round < 10; round++) {
		term_start(&term, PLAIN, "tmux-256color", 80, 24, QUICK);
		expect("Moves");
		resumed += strstr(term.screen, "Resumed your game") != NULL;
		for (int i = 0, n = 1 + (int)(test_random(&seed) % 4); i < n; i++)
			enter(lines[test_random(&seed) % (sizeof lines / sizeof lines[0])]);
		test_sleep_us((long)(test_random(&seed) % 400000));
		int pid = term_pid(&term);
		if (pid > 0)
			kill(pid, SIGKILL);
		term_wait_exit(&term, TERM_WAIT);
		term_stop(&term);
		cr_assert_leq(whole_games(CURRENT), 1);
		whole_games(ARCHIVE);
	}
	printf("tui kill: 10 kills, %d starts resumed a game\n", resumed);
}
