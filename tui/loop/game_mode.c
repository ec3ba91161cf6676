/*
 * `outpost` on a terminal: the game.  Start-up (settings, the game to play,
 * the screen or plain text, then the engine) and the full screen's key loop.
 * The loop waits at most 50 ms for a key, then polls the engine's snapshot
 * and the clocks and redraws what changed, so it never blocks on the search
 * thread.  Plain mode has its own loop (plain_mode.c).
 */
#include <curses.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

#include "front.h"
#include "input.h"
#include "loop.h"
#include "mouse.h"
#include "plain_mode.h"
#include "rules/clock.h"
#include "tui/base/config_file.h"
#include "tui/base/files.h"
#include "tui/base/options.h"
#include "tui/base/typed.h"
#include "tui/commands/annotator.h"
#include "tui/commands/blind.h"
#include "tui/commands/browse.h"
#include "tui/commands/clicks.h"
#include "tui/commands/commands.h"
#include "tui/commands/controls.h"
#include "tui/commands/openings.h"
#include "tui/commands/other_engine.h"
#include "tui/commands/persist.h"
#include "tui/commands/picker.h"
#include "tui/commands/premove.h"
#include "tui/commands/safety.h"
#include "tui/commands/room.h"
#include "tui/commands/session.h"
#include "tui/commands/think.h"
#include "tui/screen/screen.h"
#include "tui/views/picker_view.h"

#define KEY_CTRL_C 3
#define KEY_CTRL_Z 26
#define KEY_ESC 27
#define CLOCK_REDRAW_MS 100
#define KEY_BURST 256 /* keys taken between two frames */

/* ---------------------------------------------------------------- keys */

/* The list of a file's games has the keys while it is open: arrows choose, letters narrow it. */
static void picker_key(struct tui *t, int ch)
{
	int page = picker_view_rows(LINES);
	switch (ch) {
	case KEY_UP: picker_move(t, -1, page); break;
	case KEY_DOWN: picker_move(t, 1, page); break;
	case KEY_PPAGE: picker_move(t, -page, page); break;
	case KEY_NPAGE: picker_move(t, page, page); break;
	case KEY_HOME: picker_move(t, -t->picker.nmatch, page); break;
	case KEY_END: picker_move(t, t->picker.nmatch, page); break;
	case KEY_ENTER:
	case '\r':
	case '\n': picker_choose(t); break;
	case KEY_ESC:
	case KEY_CTRL_C: picker_cancel(t); break;
	case KEY_BACKSPACE:
	case 127:
	case 8: picker_erase(t); break;
	default:
		if (ch >= ' ' && ch < 256 && ch != 127)
			picker_type(t, (char)ch);
	}
}

/*
 * The arrow keys step through the game while nothing is typed (then they edit
 * the line); PgUp and PgDn always do.  Returns whether ch was one of them.
 */
static bool browse_key(struct tui *t, int ch)
{
	bool paging = ch == KEY_PPAGE || ch == KEY_NPAGE;
	if ((t->prompt.line[0] && !paging) || t->room.open)
		return false; /* the trainer's board is no game to step through */
	int page = t->lay.moves.h > 2 ? 2 * (t->lay.moves.h - 2) : 2; /* the list's rows, two moves a row */
	bool was = tui_browsing(t);
	switch (ch) {
	case KEY_LEFT: browse_step(t, -1); break;
	case KEY_RIGHT: browse_step(t, 1); break;
	case KEY_UP: browse_step(t, -2); break;
	case KEY_DOWN: browse_step(t, 2); break;
	case KEY_PPAGE: browse_step(t, -page); break;
	case KEY_NPAGE: browse_step(t, page); break;
	case KEY_HOME: browse_show(t, GAME_ROOT); break;
	case KEY_END: browse_follow(t); break;
	default: return false;
	}
	const char *why = blind_mistake_comment(t);
	if (tui_browsing(t) && why)
		tui_status(t, MSG_INFO, "%s", why);
	else if (!was && tui_browsing(t))
		tui_status(t, MSG_INFO, "Stepping through the game: End (or Esc) goes back to it; a move typed here starts "
		                        "a new line.");
	else if (was && !tui_browsing(t))
		tui_status(t, MSG_INFO, "Back to the game.");
	return true;
}

/* Esc puts a picked piece down and cancels a premove; false when there was neither. */
static bool escape_cancels(struct tui *t)
{
	bool picked = clicks_cancel(t);
	return premove_cancel(t, true) || picked;
}

static void handle_key(struct tui *t, int ch)
{
	t->loop.dirty = true;
	t->opinion.hint = MOVE_NONE; /* the hint's squares are lit until the next key */
	if (ch == KEY_MOUSE) /* only on the game's board, never as an answer or on a page over it */
		mouse_event(t, !t->lay.too_small && !t->view.show_help && !t->loop.asking && !t->picker.open);
	else if (ch == KEY_RESIZE)
		screen_resize(t);
	else if (ch == KEY_CTRL_Z)
		loop_suspend(t, false);
	else if (t->lay.too_small && ch == KEY_CTRL_C)
		controls_quit(t); /* no question could be read here; the game is kept as at any quit */
	else if (t->lay.too_small)
		; /* the prompt cannot be seen: nothing typed blind is run */
	else if (t->view.show_help)
		controls_show_help(t, false); /* any key goes back to the game */
	else if (t->loop.asking)
		controls_answer(t, ch == 'y' || ch == 'Y' || (ch == KEY_CTRL_C && t->loop.asking == ASK_QUIT));
	else if (t->picker.open)
		picker_key(t, ch);
	else if (ch == KEY_CTRL_C)
		controls_ask_quit(t);
	else if (ch == KEY_F(1) || (ch == '?' && !t->prompt.line[0]))
		controls_show_help(t, true);
	else if (ch == KEY_F(2))
		controls_flip(t);
	else if (browse_key(t, ch))
		;
	else if (ch == KEY_ESC && escape_cancels(t))
		;
	else if (ch == KEY_ESC && !t->prompt.line[0] && tui_browsing(t))
		browse_key(t, KEY_END);
	else if (ch == KEY_ESC)
		input_clear();
	else
		input_key(ch);
}

/* ---------------------------------------------------------------- the loop */

static void run_loop(struct tui *t)
{
	int64_t last_clock_draw = 0;
	while (!t->loop.quit) {
		/*
		 * Everything already typed is taken before the next frame, so pasting is quick; a burst is cut
		 * after KEY_BURST keys (before reading another, so none is lost) to let the frame and the engine in.
		 */
		int ch = getch();
		t->match.autosave_held = true; /* what the keys change is drawn first, then saved (fsync is slow) */
		for (int n = 1; ch != ERR && !t->loop.quit; n++) {
			handle_key(t, ch);
			loop_run_line(t);
			if (n == KEY_BURST)
				break;
			nodelay(stdscr, TRUE);
			ch = getch();
		}
		timeout(50);
		if (!loop_take_signals(t, false))
			break;
		loop_tick(t);
		int64_t now = monotonic_ms();
		if (game_clock_running(t->match.game) >= 0 && now - last_clock_draw >= CLOCK_REDRAW_MS)
			t->loop.dirty = true;
		if (t->loop.dirty) {
			screen_draw(t);
			t->loop.dirty = false;
			last_clock_draw = now;
		}
		persist_release_autosave(t);
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
		front_print_version(stdout);
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
	if (l->fen) {
		char fen[600], said[160];
		int added = typed_complete_fen(l->fen, fen, sizeof fen);
		struct game *g = game_new(fen, err, len);
		typed_fen_defaults(g ? game_start_fen(g) : "", added, said, sizeof said);
		if (said[0])
			tui_status(t, MSG_INFO, "Position set up%s.", said);
		return g;
	}
	if (l->pgn)
		return persist_read_last_game(l->pgn, err, len);
	if (l->chess960) {
		struct game *g = session_new_chess960(l->chess960_number, err, len);
		if (g)
			tui_status(t, MSG_INFO, "Chess960, start position %d: you play %s. Type a move or help.",
			           game_start_number(g), t->cfg.set.human == WHITE ? "White" : "Black");
		return g;
	}
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

/* The settings' game, with no engine yet: the first screen comes before the engine's table is made. */
static bool start(struct tui *t, const struct launch *l, bool *resumed, char *err, size_t len)
{
	analysis_init(&t->think.analysis);
	t->browse.shown = GAME_NODE_NONE;
	t->opinion.hint = MOVE_NONE;
	t->clicks.selected = t->clicks.pressed = -1;
	t->premove.from = t->premove.to = -1;
	t->think.applied.level = t->think.applied.elo = t->think.applied.multipv = t->think.applied.chess960 = -1;
	t->match.archive_at = -1;
	t->match.autosave_held = true; /* the first screen first: the game is saved just after it */
	if (t->match.data_dir[0]) {
		files_remove_stale_temps(t->match.data_dir); /* of a game killed while it wrote */
		persist_archive_leftover(t);
	}
	persist_rate_player(t);
	t->opinion.root = malloc(sizeof *t->opinion.root);
	if (!t->opinion.root) {
		snprintf(err, len, "out of memory");
		return false;
	}
	struct game *g = first_game(t, l, resumed, err, len);
	if (!g)
		return false;
	bool clocks = false;
	int human = *resumed || l->pgn ? persist_read_tags(t, g, &clocks) : -1;
	session_set_human(t, human >= 0 ? human : t->cfg.set.human);
	/* An unfinished saved game that is not resumed goes to the archive, not away. */
	char ignored[8];
	bool replaced = l->fen || l->pgn || l->new_game || l->chess960;
	t->match.game = replaced ? persist_resume(t, ignored, sizeof ignored) : NULL;
	session_replace_game(t, g, !*resumed && !clocks);
	return true;
}

/* The engine, once the first screen is up: a large table takes a while to be made. */
static bool start_engine(struct tui *t, char *err, size_t len)
{
	t->think.engine = engine_new();
	if (!t->think.engine) {
		snprintf(err, len, "out of memory");
		return false;
	}
	if (!think_configure(t, err, len))
		return false;
	char why[512];
	if (!think_set_book(t, t->cfg.set.book, why, sizeof why))
		tui_status(t, MSG_ERROR, "No opening book: %s", why); /* the game goes on without one */
	if (!think_set_syzygy(t, t->cfg.set.syzygy, why, sizeof why))
		tui_status(t, MSG_ERROR, "No tablebases: %s", why); /* nor without them */
	else if (why[0])
		tui_status(t, MSG_ERROR, "%s", why); /* the tables found, and the folders and files left out */
	if (strcmp(t->cfg.set.engine, "off") && !other_engine_set(t, t->cfg.set.engine, why, sizeof why))
		tui_status(t, MSG_ERROR, "No other engine: %s", why); /* Outpost does everything */
	openings_load(t);
	openings_update(t); /* the game already on the board, from a file or resumed */
	return true;
}

/* The last save, with the clocks as they stand now; false (the status line saying why) when it failed. */
static bool save_at_exit(struct tui *t)
{
	struct tui_match *m = &t->match;
	m->autosave_held = false;
	if (!m->game || !m->data_dir[0])
		return true; /* nowhere to save: nothing is */
	if (game_is_over(m->game) && !m->archived)
		return (m->archived = persist_finish_game(t)); /* the archive was full: once more */
	return persist_autosave(t);
}

static void finish(struct tui *t)
{
	room_shutdown(t);
	think_stop(t);
	annotator_free(t);
	picker_close(t);
	other_engine_free(t);
	engine_free(t->think.engine);
	safety_free(t);
	line_free(&t->think.threat_line);
	openings_free(t);
	game_free(t->match.game);
	free(t->match.archive_text);
	free(t->opinion.root);
	analysis_destroy(&t->think.analysis);
	san_list_free(&t->match.moves);
	move_tree_free(&t->match.tree);
	browse_free(t);
}

/* Curses, or plain text where it cannot serve or is not wanted; returns whether plain. */
static bool open_screen(struct tui *t)
{
	bool plain = t->cfg.set.plain || plain_mode_needed();
	if (!plain && !screen_init(t)) {
		plain = true;
		tui_status(t, MSG_INFO, "This terminal (TERM=%s) is unknown here, so the game is in plain text.",
		           getenv("TERM"));
	} else if (!plain) {
		mouse_start();
	}
	t->plain.on = plain;
	return plain;
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
	loop_install_signals();
	bool plain = open_screen(t);
	input_init(t, history, plain);
	welcome(t, resumed, config_err);
	if (plain)
		plain_mode_write(t);
	else
		screen_draw(t);
	persist_release_autosave(t);
	bool ok = start_engine(t, err, sizeof err);
	if (ok && plain)
		plain_mode_run(t);
	else if (ok)
		run_loop(t);
	input_end();
	if (!plain)
		screen_end();
	think_stop(t);
	annotator_stop(t);
	bool saved = save_at_exit(t); /* after the screen is gone, so that a failure can be read */
	if (!saved)
		fprintf(stderr, "outpost: %s\n", t->msg.text);
	finish(t);
	if (!ok)
		fprintf(stderr, "outpost: %s\n", err);
	return ok && saved ? 0 : 1;
}

void front_print_options(FILE *f) { options_print_help(f); }

void front_print_version(FILE *f)
{
	fprintf(f,
	        "outpost %s\n"
	        "build: %s\n"
	        "network: %s\n"
	        "Copyright (C) the Outpost authors.  License GPLv3+: GNU GPL version 3 or later "
	        "<https://gnu.org/licenses/gpl.html>.\n"
	        "This is free software: you are free to change and redistribute it.  There is NO WARRANTY.\n",
	        PACKAGE_VERSION, engine_build_options(), engine_network_info());
}
