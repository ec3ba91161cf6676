/*
 * `outpost` on a terminal: the game.  Start-up (settings, the game to play,
 * the engine, the screen) and the key loop.  The loop waits at most 50 ms for
 * a key, then polls the engine's snapshot and the clocks and redraws what
 * changed, so it never blocks on the search thread.
 */
#include <curses.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

#include "commands.h"
#include "config_file.h"
#include "controls.h"
#include "files.h"
#include "input.h"
#include "front.h"
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

static void handle_key(struct tui *t, int ch)
{
	t->loop.dirty = true;
	if (ch == KEY_RESIZE)
		screen_resize(t);
	else if (t->view.show_help)
		controls_show_help(t, false); /* any key goes back to the game */
	else if (t->loop.confirm_quit)
		controls_answer_quit(t, ch == 'y' || ch == 'Y' || ch == KEY_CTRL_C);
	else if (ch == KEY_CTRL_C)
		controls_ask_quit(t);
	else if (ch == KEY_F(1) || (ch == '?' && !t->prompt.line[0]))
		controls_show_help(t, true);
	else if (ch == KEY_F(2))
		controls_flip(t);
	else if (ch == KEY_PPAGE || ch == KEY_NPAGE)
		controls_scroll_moves(t, ch == KEY_PPAGE ? -1 : 1);
	else if (ch == KEY_ESC)
		input_clear();
	else
		input_key(ch);
}

/* Runs the line Enter finished, if any: readline only keeps it, so no command runs inside its callback. */
static void run_typed_line(struct tui *t)
{
	char *line;
	if (!input_take_line(&line))
		return;
	commands_execute(t, line ? line : "quit"); /* the end of input quits, keeping the game */
	free(line);
}

/* ---------------------------------------------------------------- the loop */

/* The engine and the clocks, between keys. */
static void tick(struct tui *t)
{
	move_t best;
	if (think_poll(t))
		t->loop.dirty = true;
	if (think_take_move(t, &best)) {
		session_play_engine_move(t, best);
		t->loop.dirty = true;
	}
	if (game_clock_check(t->match.game)) {
		think_stop(t);
		session_game_changed(t);
	}
	think_schedule(t);
}

static void run_loop(struct tui *t)
{
	int64_t last_clock_draw = 0;
	while (!t->loop.quit && !got_quit_signal) {
		int ch = getch();
		/* Everything already typed is taken before the next frame, so pasting is quick. */
		for (int n = 0; ch != ERR && n < 256 && !t->loop.quit; n++) {
			handle_key(t, ch);
			run_typed_line(t);
			nodelay(stdscr, TRUE);
			ch = getch();
		}
		timeout(50);
		if (got_interrupt) {
			got_interrupt = 0;
			controls_ask_quit(t);
		}
		tick(t);
		int64_t now = monotonic_ms();
		if (game_clock_running(t->match.game) >= 0 && now - last_clock_draw >= CLOCK_REDRAW_MS)
			t->loop.dirty = true;
		if (t->loop.dirty) {
			screen_draw(t);
			t->loop.dirty = false;
			last_clock_draw = now;
		}
	}
}

/* ---------------------------------------------------------------- start and end */

/* Settings: defaults, then the config file, then the command line (which is not saved). */
static int load_settings(struct tui *t, int argc, char **argv, struct launch *l, char *config_err, size_t len)
{
	char dir[TUI_PATH_MAX], err[512];
	settings_default(&t->cfg.set);
	config_err[0] = '\0';
	if (files_config_dir(dir, sizeof dir) && files_join(t->cfg.path, sizeof t->cfg.path, dir, CONFIG_FILE_NAME))
		config_load(t->cfg.path, &t->cfg.set, config_err, len);
	t->cfg.saved = t->cfg.set;
	switch (options_parse(argc, argv, &t->cfg.set, l, err, sizeof err)) {
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
	if (!files_data_dir(t->match.data_dir, sizeof t->match.data_dir))
		t->match.data_dir[0] = '\0';
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
	if (t->msg.text[0])
		return; /* a problem found at start-up is shown first */
	if (config_err[0])
		tui_status(t, MSG_ERROR, "%s", config_err);
	else if (resumed)
		tui_status(t, MSG_INFO, "Resumed your game (%d moves). Type new for a new one, help for commands.",
		           (game_ply_count(t->match.game) + 1) / 2);
	else
		tui_status(t, MSG_INFO, "You play %s. Type a move (e4, Nf3) or help; Tab completes.",
		           t->cfg.set.human == WHITE ? "White" : "Black");
}

static bool start(struct tui *t, const struct launch *l, bool *resumed, char *err, size_t len)
{
	analysis_init(&t->think.analysis);
	t->view.moves_top = -1;
	t->think.applied.level = t->think.applied.elo = t->think.applied.multipv = -1;
	t->opinion.root = malloc(sizeof *t->opinion.root);
	t->think.engine = engine_new();
	if (!t->opinion.root || !t->think.engine) {
		snprintf(err, len, "out of memory");
		return false;
	}
	if (!think_configure(t, err, len))
		return false;
	struct game *g = first_game(t, l, resumed, err, len);
	if (!g)
		return false;
	int human = *resumed || l->pgn ? persist_read_tags(t, g) : -1;
	session_set_human(t, human >= 0 ? human : t->cfg.set.human);
	/* An unfinished saved game that is not resumed goes to the archive, not away. */
	char ignored[8];
	bool replaced = l->fen || l->pgn || l->new_game;
	t->match.game = replaced ? persist_resume(t, ignored, sizeof ignored) : NULL;
	session_replace_game(t, g, !*resumed);
	return true;
}

static void finish(struct tui *t)
{
	think_stop(t);
	if (t->match.game && !game_is_over(t->match.game))
		persist_autosave(t); /* the clocks as they stand now */
	engine_free(t->think.engine);
	game_free(t->match.game);
	free(t->opinion.root);
	analysis_destroy(&t->think.analysis);
	san_list_free(&t->match.moves);
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
	if (t->match.data_dir[0] && files_make_dir(t->match.data_dir, err, sizeof err))
		files_join(history, sizeof history, t->match.data_dir, PERSIST_HISTORY);
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
