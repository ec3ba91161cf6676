/* What the full-screen loop and the plain loop share: signals, the engine between keys, lines, suspending. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "loop.h"
#include "input.h"
#include "train_mode.h"
#include "tui/commands/annotator.h"
#include "tui/commands/clicks.h"
#include "tui/commands/commands.h"
#include "tui/commands/controls.h"
#include "tui/commands/persist.h"
#include "tui/commands/premove.h"
#include "tui/commands/room.h"
#include "tui/commands/session.h"
#include "rules/clock.h"
#include "tui/commands/think.h"
#include "tui/screen/screen.h"

static volatile sig_atomic_t got_quit_signal, got_interrupt, got_suspend;

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

static void on_suspend(int sig)
{
	(void)sig;
	got_suspend = 1;
}

/* Before curses starts, so that it keeps ours: a stop signal is then handled like Ctrl-Z, in the loop. */
void loop_install_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_quit_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = on_interrupt;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGQUIT, &sa, NULL);
	sa.sa_handler = on_suspend;
	sigaction(SIGTSTP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	signal(SIGXFSZ, SIG_IGN); /* a file over the size limit: the write fails (and is reported), the game goes on */
}

bool loop_take_signals(struct tui *t, bool plain)
{
	if (got_interrupt) {
		got_interrupt = 0;
		controls_ask_quit(t);
	}
	if (got_suspend)
		loop_suspend(t, plain);
	if (t->loop.train && plain) {
		train_mode_hand_over(t); /* the trainer's lines, as `outpost train` writes them */
		persist_rate_player(t);         /* the puzzles may have moved the puzzle rating */
	} else if (t->loop.train) {
		t->loop.train = false;
		room_open(t); /* the puzzles on the game's board */
	}
	return !got_quit_signal;
}

void loop_tick(struct tui *t)
{
	move_t best;
	if (think_poll(t) || annotator_poll(t))
		t->loop.dirty = true;
	if (room_poll(t))
		t->loop.dirty = true;
	if (think_take_move(t, &best)) {
		int picked = tui_picked_square(t);
		session_play_engine_move(t, best);
		clicks_follow(t, picked);
		t->loop.dirty = true;
	}
	if (premove_due(t)) {
		char text[sizeof t->premove.text];
		premove_take(t, text, sizeof text);
		commands_play_premove(t, text);
	} else if (t->premove.set && game_is_over(t->match.game)) {
		premove_cancel(t, false); /* the engine's move ended the game, as the status line says */
	}
	if (game_clock_check(t->match.game)) {
		think_stop(t);
		session_game_changed(t);
	}
	think_schedule(t);
}

void loop_run_line(struct tui *t)
{
	char *line;
	if (!input_take_line(&line))
		return;
	if (t->loop.asking && line) {
		/* Only the plain prompt gets here with a question asked: the full screen answers with one key. */
		const char *s = line + strspn(line, " \t");
		controls_answer(t, !strcasecmp(s, "y") || !strcasecmp(s, "yes"));
	} else {
		commands_execute(t, line ? line : "quit"); /* the end of input quits, keeping the game */
	}
	free(line);
}

/* Stops the whole job, as the terminal's own Ctrl-Z would (our handler is set aside for it); returns at fg. */
static void stop_job(void)
{
	struct sigaction stop, ours;
	memset(&stop, 0, sizeof stop);
	sigemptyset(&stop.sa_mask);
	stop.sa_handler = SIG_DFL;
	sigaction(SIGTSTP, &stop, &ours);
	kill(0, SIGTSTP);
	sigaction(SIGTSTP, &ours, NULL);
}

void loop_suspend(struct tui *t, bool plain)
{
	got_suspend = 0;
	int running = game_clock_running(t->match.game);
	game_clock_stop(t->match.game);
	if (plain)
		input_pause();
	else
		screen_pause();
	int64_t stopped = monotonic_ms();
	stop_job();
	think_discount(t, monotonic_ms() - stopped);
	if (plain)
		input_resume();
	else
		screen_resume(t);
	if (running >= 0)
		game_clock_start(t->match.game);
	t->loop.dirty = true;
}
