/*
 * `outpost train [FILE.pgn ...]`: the trainer as plain lines on standard
 * input and output (a screen reader, a pipe, a test).  It searches the
 * archive and the files named for the player's puzzles, then plays the due
 * ones: the board as it stood, a move typed, right or wrong said, the file
 * saved after each; at the end the counts and a summary by theme.  The
 * game's `train` command hands the terminal to the same session and takes
 * it back.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "train_mode.h"
#include "front.h"
#include "input.h"
#include "tui/base/files.h"
#include "tui/commands/persist.h"
#include "tui/commands/trainer.h"

#define LICHESS_DEFAULT_COUNT 5       /* Lichess puzzles a session plays unless --count says */

struct train_args {
	const char *files[64];
	int nfiles;
	const char *player;
	const char *lichess; /* a Lichess puzzle CSV, or NULL */
	const char *theme;   /* a Lichess theme word to choose by, or NULL */
	int count; /* puzzles to play at most; 0: all that are due */
};

static int usage(void)
{
	fprintf(stderr, "usage: outpost train [FILE.pgn ...] [--player NAME] [--count N] [--lichess FILE.csv "
	                "[--theme NAME]]\n");
	return 2;
}

static bool read_args(int argc, char **argv, struct train_args *a)
{
	memset(a, 0, sizeof *a);
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--player") && i + 1 < argc) {
			a->player = argv[++i];
		} else if (!strcmp(argv[i], "--lichess") && i + 1 < argc) {
			a->lichess = argv[++i];
		} else if (!strcmp(argv[i], "--theme") && i + 1 < argc) {
			a->theme = argv[++i];
		} else if (!strcmp(argv[i], "--count") && i + 1 < argc) {
			char *end;
			long n = strtol(argv[++i], &end, 10);
			if (*end || n < 1 || n > 100000)
				return false;
			a->count = (int)n;
		} else if (argv[i][0] != '-' && a->nfiles < (int)(sizeof a->files / sizeof *a->files)) {
			a->files[a->nfiles++] = argv[i];
		} else {
			return false;
		}
	}
	return true;
}

/* The board in letters from the solver's side, ranks and files named. */
static void print_board(const struct position *pos, int side)
{
	static const char letters[] = " PNBRQK  pnbrqk";
	for (int r = 7; r >= 0; r--) {
		int rank = side == WHITE ? r : 7 - r;
		printf("%d ", rank + 1);
		for (int f = 0; f < 8; f++) {
			int file = side == WHITE ? f : 7 - f, piece = piece_on(pos, make_square(file, rank));
			printf(" %c", piece == NO_PIECE ? '.' : letters[piece]);
		}
		printf("\n");
	}
	printf("  ");
	for (int f = 0; f < 8; f++)
		printf(" %c", side == WHITE ? 'a' + f : 'h' - f);
	printf("\n");
}

static void on_progress(void *ctx, int game, int found)
{
	const char *path = ctx;
	printf("  %s, game %d: %d puzzle%s\n", path, game, found, found == 1 ? "" : "s");
	fflush(stdout);
}

/* The archive and the files named, searched for new puzzles; false after a message when one cannot be read. */
static bool find_puzzles(struct train_session *s, const struct train_args *a)
{
	char archive[TRAINER_PATH_MAX], err[700];
	int total = 0;
	if (s->dir[0] && files_join(archive, sizeof archive, s->dir, PERSIST_ARCHIVE)) {
		int n = train_find(s, archive, a->player, true, on_progress, archive, err, sizeof err);
		if (n < 0) {
			fprintf(stderr, "outpost train: %s\n", err);
			return false;
		}
		total += n;
	}
	for (int i = 0; i < a->nfiles; i++) {
		int n = train_find(s, a->files[i], a->player, false, on_progress, (void *)a->files[i], err, sizeof err);
		if (n < 0) {
			fprintf(stderr, "outpost train: %s\n", err);
			return false;
		}
		total += n;
	}
	printf("%d new puzzle%s from your games.\n", total, total == 1 ? "" : "s");
	return true;
}

/* A new player with no puzzles of their own starts on ours. */
static void add_shipped(struct train_session *s)
{
	int n = train_add_shipped(s);
	if (n > 0)
		printf("Your games have given no puzzles yet: %d of Outpost's own to start with.\n", n);
}

/* The next line of standard input without its newline; false at its end. */
static bool read_line(char *buf, size_t len)
{
	if (!fgets(buf, (int)len, stdin))
		return false;
	buf[strcspn(buf, "\r\n")] = '\0';
	return true;
}

static void print_wrong(const struct train_feedback *fb)
{
	if (fb->why[0])
		printf("Wrong: %s\nThe answer: %s\n", fb->why, fb->answer);
	else {
		printf("Wrong: %s", fb->text);
		if (fb->refutation[0])
			printf(" is met by %s", fb->refutation);
		printf(".\nThe answer: %s\n", fb->answer);
	}
}

enum outcome { PLAYED, QUIT };

/* One puzzle, move by move, until it is solved, missed or the player quits (or input ends). */
static enum outcome play_one(struct train_session *s)
{
	char heading[400], typed[256], hint[120];
	struct train_feedback fb;
	train_heading(s, heading, sizeof heading);
	printf("\nPuzzle: %s\n", heading);
	train_last_move(s, hint, sizeof hint);
	if (hint[0])
		printf("%s\n", hint);
	for (;;) {
		print_board(train_position(s), puzzle_solver(&s->cur));
		printf("Your move (or hint, answer, quit): ");
		fflush(stdout);
		if (!read_line(typed, sizeof typed) || !strcmp(typed, "quit"))
			return QUIT;
		if (!strcmp(typed, "hint")) {
			train_hint(s, hint, sizeof hint);
			printf("%s\n", hint);
			continue;
		}
		if (!strcmp(typed, "answer")) {
			train_give_up(s, time(NULL), &fb);
			printf("The answer: %s\n", fb.answer);
			return PLAYED;
		}
		switch (train_try(s, typed, time(NULL), &fb)) {
		case TRAIN_UNREADABLE:
			printf("%s\n", fb.text);
			break;
		case TRAIN_RIGHT:
			printf("Right: %s.\n", fb.text);
			break;
		case TRAIN_SOLVED:
			printf("Right: %s. Solved!\n", fb.text);
			return PLAYED;
		case TRAIN_WRONG:
			print_wrong(&fb);
			return PLAYED;
		}
	}
}

static void print_next_due(const struct train_session *s)
{
	char text[160];
	train_next_due_text(s, time(NULL), text, sizeof text);
	printf("%s\n", text);
}

static void print_summary(const struct train_session *s)
{
	struct trainer_theme_count tc[THEME_NB];
	char counts[200];
	trainer_theme_counts(&s->t, tc);
	train_counts_text(s, time(NULL), counts, sizeof counts);
	printf("\nPuzzles: %s\n", counts);
	for (int th = 0; th < THEME_NB; th++)
		if (tc[th].puzzles)
			printf("  %-14s %3d puzzle%s, %d solved\n", puzzle_theme_name(th), tc[th].puzzles,
			       tc[th].puzzles == 1 ? " " : "s", tc[th].solved);
}

/* Up to count of Lichess's puzzles near the player's rating; false after a message when the file fails. */
static bool play_lichess(struct train_session *s, const struct train_args *a, int count)
{
	char err[700];
	struct puzzle p;
	for (int i = 0; i < count; i++) {
		int got = train_pick_lichess(s, a->lichess, a->theme, &p, err, sizeof err);
		if (got < 0) {
			fprintf(stderr, "outpost train: %s\n", err);
			return false;
		}
		if (got == 0) {
			printf("No more Lichess puzzles%s%s to play.\n", a->theme ? " of the theme " : "",
			       a->theme ? a->theme : "");
			return true;
		}
		train_start_other(s, &p);
		enum outcome o = play_one(s);
		if (!train_save(s, err, sizeof err)) {
			fprintf(stderr, "outpost train: %s\n", err);
			return false;
		}
		printf("Puzzle rating: %.0f (+-%.0f)\n", s->t.rating.rating, s->t.rating.deviation);
		if (o == QUIT)
			break;
	}
	return true;
}

/* A session: the files searched, the due puzzles played, Lichess's if asked; the exit status. */
static int run_session(const char *dir, const struct train_args *a)
{
	struct train_session s;
	char err[700], counts[200];
	if (!train_open(&s, dir, err, sizeof err)) {
		fprintf(stderr, "outpost train: %s (the file is left as it is)\n", err);
		train_close(&s);
		return 1;
	}
	bool ok = find_puzzles(&s, a);
	add_shipped(&s);
	train_counts_text(&s, time(NULL), counts, sizeof counts);
	printf("Puzzles: %s\n", counts);
	int played = 0;
	bool quit = false;
	for (; ok && (!a->count || played < a->count) && train_start_due(&s, time(NULL)); played++) {
		enum outcome o = play_one(&s);
		if (!train_save(&s, err, sizeof err)) {
			fprintf(stderr, "outpost train: %s\n", err);
			ok = false;
		}
		if ((quit = o == QUIT))
			break;
	}
	if (ok && played == 0 && !quit && !a->lichess)
		print_next_due(&s);
	if (ok && !quit && a->lichess)
		ok = play_lichess(&s, a, a->count ? a->count - played : LICHESS_DEFAULT_COUNT);
	if (ok)
		print_summary(&s);
	train_close(&s);
	fflush(stdout);
	return ok ? 0 : 1;
}

int front_train_main(int argc, char **argv)
{
	struct train_args a;
	char dir[TRAINER_PATH_MAX] = "";
	if (!read_args(argc, argv, &a))
		return usage();
	signal(SIGXFSZ, SIG_IGN); /* a file over the size limit: the write fails and says so, the file stays whole */
	signal(SIGPIPE, SIG_IGN);
	if (!files_data_dir(dir, sizeof dir))
		dir[0] = '\0';
	return run_session(dir, &a);
}

void train_mode_hand_over(struct tui *t)
{
	struct train_args a;
	char line[64];
	t->loop.train = false;
	memset(&a, 0, sizeof a);
	int running = game_clock_running(t->match.game);
	game_clock_stop(t->match.game); /* no clock runs while the player trains */
	input_pause();
	printf("\nThe trainer: your puzzles (the game waits, its clock stopped).\n");
	run_session(t->match.data_dir, &a);
	printf("Press Enter to go back to the game.");
	fflush(stdout);
	if (!fgets(line, sizeof line, stdin))
		clearerr(stdin);
	input_resume();
	if (running >= 0)
		game_clock_start(t->match.game);
	t->loop.dirty = true;
}
