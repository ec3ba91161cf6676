/*
 * `outpost` on a terminal: the game.  Start-up (settings, the game to play,
 * the engine, the screen) and the key loop.  The loop waits at most 50 ms for
 * a key, then polls the engine's snapshot and the clocks and redraws what
 * changed, so it never blocks on the search thread.
 */
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

#include "commands.h"
#include "config_file.h"
#include "files.h"
#include "input.h"
#include "front.h"
#include "move_list.h"
#include "options.h"
#include "persist.h"
#include "rules/clock.h"
#include "screen.h"
#include "session.h"
#include "think.h"

#define KEY_CTRL_C 3
#define KEY_ESC 27
#define CLOCK_REDRAW_MS 100

static volatile sig_atomic_t got_quit_signal, got_interrupt;

static void on_quit_signal(int sig)
{
	(void)sig;
	got_quit_signal = 1;
}

static void on_interrupt(int sig)
{
	(void)sig;
	got_interrupt = 1;
}

static void install_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_quit_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = on_interrupt;
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/* ---------------------------------------------------------------- keys */

static void scroll_moves(struct tui *t, int pages)
{
	int rows = t->lay.moves.h - 1;
	if (rows <= 0)
		return;
	int follow = move_list_follow_top(t, rows);
	int top = (t->moves_top >= 0 ? t->moves_top : follow) + pages * rows;
	if (top < 0)
		top = 0;
	t->moves_top = top >= follow ? -1 : top;
	t->dirty = true;
}

static void ask_quit(struct tui *t)
{
	t->confirm_quit = true;
	tui_status(t, MSG_INFO, "Quit? Your game is saved and resumes next time. (y/n)");
}

static void handle_key(struct tui *t, int ch)
{
	t->dirty = true;
	if (ch == KEY_RESIZE) {
		screen_resize(t);
	} else if (t->show_help) {
		t->show_help = false; /* any key goes back to the game */
	} else if (t->confirm_quit) {
		t->confirm_quit = false;
		if (ch == 'y' || ch == 'Y' || ch == KEY_CTRL_C)
			t->quit = true;
		else
			tui_status(t, MSG_INFO, "Carry on.");
	} else if (ch == KEY_CTRL_C) {
		ask_quit(t);
	} else if (ch == KEY_F(1) || (ch == '?' && input_empty())) {
		t->show_help = true;
	} else if (ch == KEY_F(2)) {
		t->view.flipped = !t->view.flipped;
	} else if (ch == KEY_PPAGE || ch == KEY_NPAGE) {
		scroll_moves(t, ch == KEY_PPAGE ? -1 : 1);
	} else if (ch == KEY_ESC) {
		input_clear();
		t->completions[0] = '\0';
	} else {
		input_key(ch);
	}
}

/* ---------------------------------------------------------------- the loop */

static void run_loop(struct tui *t)
{
	int64_t last_clock_draw = 0;
	while (!t->quit && !got_quit_signal) {
		int ch = getch();
		/* Everything already typed is taken before the next frame, so pasting is quick. */
		for (int n = 0; ch != ERR && n < 256 && !t->quit; n++) {
			handle_key(t, ch);
			nodelay(stdscr, TRUE);
			ch = getch();
		}
		timeout(50);
		if (got_interrupt) {
			got_interrupt = 0;
			ask_quit(t);
		}
		if (think_poll(t))
			t->dirty = true;
		if (game_clock_check(t->game)) {
			think_stop(t);
			tui_game_changed(t);
		}
		think_schedule(t);
		int64_t now = monotonic_ms();
		if (game_clock_running(t->game) >= 0 && now - last_clock_draw >= CLOCK_REDRAW_MS)
			t->dirty = true;
		if (t->dirty) {
			screen_draw(t);
			last_clock_draw = now;
		}
	}
}

/* ---------------------------------------------------------------- start and end */

/* Settings: defaults, then the config file, then the command line (which is not saved). */
static int load_settings(struct tui *t, int argc, char **argv, struct launch *l, char *config_err, size_t len)
{
	char dir[TUI_PATH_MAX], err[512];
	settings_default(&t->set);
	config_err[0] = '\0';
	if (files_config_dir(dir, sizeof dir) && files_join(t->config_path, sizeof t->config_path, dir, CONFIG_FILE_NAME))
		config_load(t->config_path, &t->set, config_err, len);
	t->saved = t->set;
	switch (options_parse(argc, argv, &t->set, l, err, sizeof err)) {
	case OPTIONS_OK:
		break;
	case OPTIONS_HELP:
		printf("usage: outpost [OPTION]...\n\n");
		options_print_help(stdout);
		return 0;
	case OPTIONS_VERSION:
		printf("outpost %s\n", PACKAGE_VERSION);
		return 0;
	case OPTIONS_ERROR:
		fprintf(stderr, "outpost: %s\n", err);
		return 2;
	}
	if (!files_data_dir(t->data_dir, sizeof t->data_dir))
		t->data_dir[0] = '\0';
	return -1;
}

/* The game to start with: --fen, --pgn, the autosaved one, or a new one.  NULL with a message on a bad file. */
static struct game *first_game(struct tui *t, const struct launch *l, bool *resumed, char *err, size_t len)
{
	*resumed = false;
	if (l->fen)
		return game_new(l->fen, err, len);
	if (l->pgn)
		return persist_read_last_game(l->pgn, err, len);
	char msg[512] = "";
	struct game *g = l->new_game ? NULL : persist_resume(t, msg, sizeof msg);
	if (g) {
		*resumed = true;
		return g;
	}
	if (msg[0]) {
		/* Kept aside, not overwritten by the next autosave. */
		char kept[TUI_PATH_MAX + 16];
		persist_set_aside(t, kept, sizeof kept);
		tui_status(t, MSG_ERROR, "The saved game could not be read (%s); it was kept as %s.", msg, kept);
	}
	return game_new(NULL, err, len);
}

static void welcome(struct tui *t, bool resumed, const char *config_err)
{
	if (t->status[0])
		return; /* a problem found at start-up is shown first */
	if (config_err[0])
		tui_status(t, MSG_ERROR, "%s", config_err);
	else if (resumed)
		tui_status(t, MSG_INFO, "Resumed your game (%d moves). Type new for a new one, help for commands.",
		           (game_ply_count(t->game) + 1) / 2);
	else
		tui_status(t, MSG_INFO, "You play %s. Type a move (e4, Nf3) or help; Tab completes.",
		           t->set.human == WHITE ? "White" : "Black");
}

static bool start(struct tui *t, const struct launch *l, bool *resumed, char *err, size_t len)
{
	analysis_init(&t->analysis);
	t->moves_top = -1;
	t->applied.level = t->applied.elo = t->applied.multipv = -1;
	t->root = malloc(sizeof *t->root);
	t->engine = engine_new();
	if (!t->root || !t->engine) {
		snprintf(err, len, "out of memory");
		return false;
	}
	if (!think_configure(t, err, len))
		return false;
	struct game *g = first_game(t, l, resumed, err, len);
	if (!g)
		return false;
	int human = *resumed || l->pgn ? persist_read_tags(t, g) : -1;
	session_set_human(t, human >= 0 ? human : t->set.human);
	/* An unfinished saved game that is not resumed goes to the archive, not away. */
	char ignored[8];
	bool replaced = l->fen || l->pgn || l->new_game;
	t->game = replaced ? persist_resume(t, ignored, sizeof ignored) : NULL;
	session_replace_game(t, g, !*resumed);
	return true;
}

static void finish(struct tui *t)
{
	think_stop(t);
	if (t->game && !game_is_over(t->game))
		persist_autosave(t); /* the clocks as they stand now */
	engine_free(t->engine);
	game_free(t->game);
	free(t->root);
	analysis_destroy(&t->analysis);
	move_list_free();
}

int front_main(int argc, char **argv)
{
	static struct tui tui;
	struct tui *t = &tui;
	struct launch l;
	char config_err[600], err[600];
	bool resumed;
	setlocale(LC_ALL, "");
	int rc = load_settings(t, argc, argv, &l, config_err, sizeof config_err);
	if (rc >= 0)
		return rc;
	if (!start(t, &l, &resumed, err, sizeof err)) {
		fprintf(stderr, "outpost: %s\n", err);
		finish(t);
		return 2;
	}
	char history[TUI_PATH_MAX] = "";
	if (t->data_dir[0] && files_make_dir(t->data_dir, err, sizeof err))
		files_join(history, sizeof history, t->data_dir, PERSIST_HISTORY);
	install_signals();
	if (!screen_init(t)) {
		const char *term = getenv("TERM");
		fprintf(stderr, "outpost: cannot draw on this terminal (TERM=%s); set TERM to your terminal's type\n",
		        term ? term : "(unset)");
		finish(t);
		return 1;
	}
	input_init(t, history);
	welcome(t, resumed, config_err);
	run_loop(t);
	input_end();
	screen_end();
	finish(t);
	return 0;
}

void front_print_options(FILE *f) { options_print_help(f); }
