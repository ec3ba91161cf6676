/*
 * Nothing lost (issue 14): the autosave and the archive through a full disk
 * (a file-size limit, RLIMIT_FSIZE, in a child) and through SIGKILL at random
 * moments of a loop that plays, saves and archives games, each kill followed
 * by a start-up as the game's own: every file is always whole, the last
 * complete game is there, and no game is archived twice or lost.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "notation/pgn.h"
#include "notation/text_file.h"
#include "rules/movegen.h"
#include "rules/position.h"
#include "tui/base/files.h"
#include "tui/commands/persist.h"

static char dir[64];

static void make_dir(void)
{
	position_init();
	snprintf(dir, sizeof dir, "/tmp/outpost-persist-XXXXXX");
	cr_assert_not_null(mkdtemp(dir), "mkdtemp: %s", strerror(errno));
}

static void remove_dir(void)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_expect_eq(system(cmd), 0);
}

TestSuite(persist, .init = make_dir, .fini = remove_dir, .timeout = 120);

/* The game's state as start-up leaves it, with the data directory dir and a new game of round `round`. */
static struct tui *new_tui(int round)
{
	struct tui *t = calloc(1, sizeof *t);
	cr_assert_not_null(t);
	settings_default(&t->cfg.set);
	snprintf(t->match.data_dir, sizeof t->match.data_dir, "%s", dir);
	t->match.archive_at = -1;
	t->match.engine_color = BLACK;
	char err[128], text[16];
	t->match.game = game_new(NULL, err, sizeof err);
	cr_assert_not_null(t->match.game, "%s", err);
	snprintf(text, sizeof text, "%d", round);
	game_set_tag(t->match.game, "Round", text);
	return t;
}

static void free_tui(struct tui *t)
{
	game_free(t->match.game);
	free(t->match.archive_text);
	free(t);
}

static void play_random(struct game *g, uint64_t *seed)
{
	move_t list[MAX_MOVES];
	int n = generate_legal(game_position(g), list);
	if (n > 0)
		game_play(g, list[test_random(seed) % (uint64_t)n]);
}

static char *path_of(const char *name)
{
	static char path[2][128];
	static int which;
	which ^= 1;
	snprintf(path[which], sizeof path[which], "%s/%s", dir, name);
	return path[which];
}

/* The file's text ("" when it is missing); malloc'ed. */
static char *read_or_empty(const char *name)
{
	char *text = text_file_read(path_of(name), NULL);
	cr_assert(text || errno == ENOENT, "%s: %s", name, strerror(errno));
	return text ? text : calloc(1, 1);
}

/*
 * The file holds whole games only, written as our writer writes them (a cut one would not read back to the
 * same text); returns how many, with each one's Round into rounds (up to max) and whether all are over.
 */
static int whole_games(const char *name, int *rounds, int max, bool *all_over)
{
	char *text = read_or_empty(name);
	struct game **games;
	int n = test_read_pgn(text, strlen(text), name, &games);
	size_t at = 0;
	*all_over = true;
	for (int i = 0; i < n; i++) {
		char *back = pgn_game_to_string(games[i]);
		cr_assert(back && !strncmp(text + at, back, strlen(back)), "%s: game %d is not whole:\n%s", name, i + 1,
		          text + at);
		at += strlen(back);
		free(back);
		*all_over = *all_over && game_is_over(games[i]);
		const char *round = game_tag(games[i], "Round");
		if (i < max)
			rounds[i] = round ? atoi(round) : -1;
	}
	cr_assert_eq(at, strlen(text), "%s has more than whole games: '%s'", name, text + at);
	test_free_games(games, n);
	free(text);
	return n;
}

static int temp_files(void)
{
	char cmd[160], err[64];
	snprintf(cmd, sizeof cmd, "ls -a '%s' | grep -q '" FILES_TEMP_MARK "'", dir);
	return test_shell(cmd, err, sizeof err) == 0;
}

/* ---------------------------------------------------------------- a full disk */

/* Runs body in a child whose files may not grow past limit bytes (SIGXFSZ ignored, as the game does). */
static void with_size_limit(long limit, void (*body)(void))
{
	pid_t pid = fork();
	cr_assert_geq(pid, 0);
	if (pid == 0) {
		struct rlimit rl = { (rlim_t)limit, (rlim_t)limit };
		signal(SIGXFSZ, SIG_IGN);
		if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
			_exit(90);
		body();
		_exit(0);
	}
	int status;
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	cr_assert(WIFEXITED(status), "the child died of signal %d", WTERMSIG(status));
	cr_assert_eq(WEXITSTATUS(status), 0, "the child failed its check %d", WEXITSTATUS(status));
}

/* A game of round r with plies random moves, resigned when over is asked for. */
static struct tui *played(int r, int plies, bool over, uint64_t seed)
{
	struct tui *t = new_tui(r);
	for (int i = 0; i < plies && !game_is_over(t->match.game); i++)
		play_random(t->match.game, &seed);
	if (over && !game_is_over(t->match.game))
		game_resign(t->match.game, game_position(t->match.game)->side);
	return t;
}

static long file_size(const char *name)
{
	struct stat st;
	return stat(path_of(name), &st) == 0 ? (long)st.st_size : 0;
}

#define LONG_GAME played(2, 120, true, 7)

/* In the child: exits 0 when the save failed and the status line says both a and b. */
static void exit_saying(bool saved, const struct tui *t, const char *a, const char *b)
{
	_exit(saved ? 1 : !strstr(t->msg.text, a) || !strstr(t->msg.text, b) ? 2 : 0);
}

/* The autosave of a game of round r with plies random moves (seed), as the file holds it; malloc'ed. */
static char *autosaved(int r, int plies, uint64_t seed)
{
	struct tui *t = played(r, plies, false, seed);
	cr_assert(persist_autosave(t), "%s", t->msg.text);
	free_tui(t);
	return read_or_empty(PERSIST_CURRENT);
}

/* Moves taken back before a quit are still taken back when the game resumes, and still there to redo. */
Test(persist, a_game_resumes_at_the_move_it_was_taken_back_to)
{
	struct tui *t = played(1, 6, false, 11);
	cr_assert(game_undo(t->match.game) && game_undo(t->match.game));
	cr_assert(persist_autosave(t), "%s", t->msg.text);
	free_tui(t);
	char msg[128];
	t = new_tui(1);
	struct game *g = persist_resume(t, msg, sizeof msg);
	cr_assert_not_null(g, "the autosave was not resumed: %s", msg);
	cr_expect_eq(game_ply_count(g), 4, "resumed at ply %d, not where the moves were taken back to", game_ply_count(g));
	cr_expect_eq(game_redo_count(g), 2, "the plies taken back are not there to redo");
	game_free(g);
	free_tui(t);
}

static void finish_a_long_game(void)
{
	struct tui *t = LONG_GAME;
	exit_saying(persist_finish_game(t), t, "Could not archive the game: cannot write ",
	            "File too large; it is kept in ");
}

Test(persist, a_full_disk_leaves_the_archive_as_it_was_and_the_finished_game_in_the_autosave)
{
	struct tui *t = played(1, 40, true, 3);
	cr_assert(persist_finish_game(t), "%s", t->msg.text);
	free_tui(t);
	char *before = read_or_empty(PERSIST_ARCHIVE);
	cr_assert_eq(file_size(PERSIST_CURRENT), 0, "the archived game left the autosave");
	/* Room for the finished game alone (in the autosave), not for the archive with it. */
	t = LONG_GAME;
	persist_tag_game(t);
	char *text = pgn_game_to_string(t->match.game);
	long limit = (long)strlen(text) + 64;
	cr_assert_lt(limit, file_size(PERSIST_ARCHIVE) + (long)strlen(text));
	free(text);
	free_tui(t);
	with_size_limit(limit, finish_a_long_game);
	char *after = read_or_empty(PERSIST_ARCHIVE), *kept = read_or_empty(PERSIST_CURRENT);
	cr_assert_str_eq(after, before, "the archive changed");
	cr_assert(strstr(kept, "[Round \"2\"]") && strstr(kept, "[Result \""), "%s", kept);
	cr_assert_not(temp_files(), "a temporary file was left");
	/* The next start archives it, once, and the autosave goes. */
	int rounds[8];
	bool over;
	for (int i = 0; i < 2; i++) {
		t = new_tui(3);
		persist_archive_leftover(t);
		cr_assert_str_eq(t->msg.text, "");
		free_tui(t);
		cr_assert_eq(whole_games(PERSIST_ARCHIVE, rounds, 8, &over), 2);
		cr_assert(over && rounds[0] == 1 && rounds[1] == 2, "%d %d", rounds[0], rounds[1]);
		cr_assert_eq(file_size(PERSIST_CURRENT), 0);
	}
	char *now = read_or_empty(PERSIST_ARCHIVE);
	cr_assert_eq(strlen(now), strlen(before) + strlen(kept));
	cr_assert_str_eq(now + strlen(before), kept, "the archive took the autosave's text as it was");
	free(before);
	free(after);
	free(kept);
	free(now);
}

static void autosave_a_long_game(void)
{
	struct tui *t = played(1, 150, false, 11);
	exit_saying(persist_autosave(t), t, "Autosave failed: cannot write ", "current.pgn: File too large");
}

Test(persist, an_autosave_too_large_for_the_disk_keeps_the_last_one_whole)
{
	char *before = autosaved(1, 6, 5);
	with_size_limit(file_size(PERSIST_CURRENT) + 100, autosave_a_long_game);
	char *after = read_or_empty(PERSIST_CURRENT);
	cr_assert_str_eq(after, before);
	cr_assert_not(temp_files(), "a temporary file was left");
	free(before);
	free(after);
}

static void leave_for_another_game(void)
{
	struct tui *t = played(2, 150, false, 13);
	persist_archive_leaving(t);
	exit_saying(false, t, "; its last save was kept as ", "/current.pgn.unarchived.");
}

Test(persist, an_abandoned_game_the_archive_cannot_take_is_set_aside_not_overwritten)
{
	char *saved = autosaved(2, 150, 13);
	with_size_limit(1000, leave_for_another_game);
	char *aside = read_or_empty(PERSIST_CURRENT ".unarchived");
	cr_assert_str_eq(aside, saved);
	cr_assert_eq(file_size(PERSIST_CURRENT), 0);
	cr_assert_eq(file_size(PERSIST_ARCHIVE), 0);
	free(saved);
	free(aside);
}

/* ---------------------------------------------------------------- kills */

/*
 * What the game does, in a loop: start up (stale temporary files, a finished game left over, the autosave
 * resumed), then play games of a few random moves, autosaving after each move, each resigned and finished; stops
 * after games finished games.  The round numbers say which game is which.
 */
static void save_loop(uint64_t seed, int games)
{
	struct tui *t = new_tui(0);
	char msg[256];
	files_remove_stale_temps(dir);
	persist_archive_leftover(t);
	struct game *resumed = persist_resume(t, msg, sizeof msg), *last = NULL;
	if (msg[0])
		_exit(10);
	int round;
	if (resumed) {
		round = atoi(game_tag(resumed, "Round"));
		game_free(t->match.game);
		t->match.game = resumed;
	} else {
		last = persist_read_last_game(path_of(PERSIST_ARCHIVE), msg, sizeof msg);
		round = (last ? atoi(game_tag(last, "Round")) : 0) + 1;
		snprintf(msg, sizeof msg, "%d", round);
		game_set_tag(t->match.game, "Round", msg);
		if (last)
			game_free(last);
	}
	for (int done = 0; done < games; done++) {
		for (int plies = (int)(test_random(&seed) % 8); plies > 0 && !game_is_over(t->match.game); plies--) {
			play_random(t->match.game, &seed);
			if (!persist_autosave(t))
				_exit(11);
		}
		if (!game_is_over(t->match.game))
			game_resign(t->match.game, game_position(t->match.game)->side);
		if (!persist_finish_game(t))
			_exit(12);
		free_tui(t);
		t = new_tui(++round);
	}
	_exit(0);
}

/* What the kills left for the start-up to sort out. */
static struct {
	int temps, finished_left, in_both;
} left;

/* After a kill: whole files, rounds 1, 2, 3 ... in the archive (a start-up takes the last from the autosave). */
static int check_after_kill(void)
{
	int rounds[4096], n, kept;
	bool over;
	int current = whole_games(PERSIST_CURRENT, &kept, 1, &over);
	cr_assert_leq(current, 1, "the autosave holds %d games", current);
	left.temps += temp_files();
	left.finished_left += current && over;
	n = whole_games(PERSIST_ARCHIVE, rounds, 4096, &over);
	left.in_both += current && n > 0 && rounds[n - 1] == kept;
	cr_assert(over, "an unfinished game in the archive");
	for (int i = 0; i < n && i < 4096; i++)
		cr_assert_eq(rounds[i], i + 1, "the archive's game %d is round %d (lost or twice)", i + 1, rounds[i]);
	return n;
}

Test(persist, killed_at_random_moments_of_saving_then_started_again)
{
	uint64_t seed = test_seed("persist kill");
	int kills = 40, most = 0;
	for (int k = 0; k <= kills; k++) {
		pid_t pid = fork();
		cr_assert_geq(pid, 0);
		if (pid == 0)
			save_loop(seed + (uint64_t)k, k == kills ? 2 : 1 << 30);
		int status;
		if (k < kills) {
			test_sleep_us((long)(test_random(&seed) % 60000));
			kill(pid, SIGKILL);
		}
		cr_assert_eq(waitpid(pid, &status, 0), pid);
		cr_assert(k < kills || (WIFEXITED(status) && WEXITSTATUS(status) == 0), "the last loop failed: %d", status);
		cr_assert(!WIFEXITED(status) || WEXITSTATUS(status) == 0, "the loop failed its check %d after %d kills",
		          WEXITSTATUS(status), k);
		int n = check_after_kill();
		cr_assert_geq(n, most, "the archive lost games: %d, then %d", most, n);
		most = n;
	}
	/* Start-up cleans up what the kills left. */
	struct tui *t = new_tui(0);
	files_remove_stale_temps(dir);
	persist_archive_leftover(t);
	free_tui(t);
	cr_assert_not(temp_files(), "temporary files were left");
	cr_assert_geq(check_after_kill(), 2, "the loop finished fewer than its last two games");
	printf("persist kill: %d kills, %d games archived; the kills left %d temporary files, %d finished games in the "
	       "autosave, %d of them in the archive too\n", kills, most, left.temps, left.finished_left, left.in_both);
}

Test(persist, stale_temporary_files_of_dead_writers_go_only)
{
	pid_t pid = fork();
	if (pid == 0)
		_exit(0);
	waitpid(pid, NULL, 0);
	char name[64], err[128];
	snprintf(name, sizeof name, "current.pgn" FILES_TEMP_MARK "%ld", (long)pid);
	cr_assert(files_write_atomic(path_of(name), "x", 1, err, sizeof err), "%s", err);
	snprintf(name, sizeof name, "games.pgn" FILES_TEMP_MARK "%ld", (long)getppid());
	cr_assert(files_write_atomic(path_of(name), "x", 1, err, sizeof err), "%s", err);
	cr_assert(files_write_atomic(path_of("notes.tmpx"), "x", 1, err, sizeof err), "%s", err);
	cr_assert_eq(files_remove_stale_temps(dir), 1, "only the dead writer's file goes");
	cr_assert_eq(file_size(name), 1, "a living writer's file stays");
	cr_assert_eq(file_size("notes.tmpx"), 1);
}
