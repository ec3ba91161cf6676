/*
 * What the two loops share, the full screen's (game_mode.c) and the plain
 * one's (plain_mode.c): the signals, the engine and the clocks between keys,
 * a finished line run as a command (or as the answer to a question), and
 * stopping for the shell's job control.
 */
#ifndef OUTPOST_TUI_LOOP_H
#define OUTPOST_TUI_LOOP_H

#include "tui/state/tui.h"

/*
 * Catches SIGTERM and SIGHUP (quit, keeping the game), SIGINT and SIGQUIT (ask), SIGTSTP (suspend); ignores
 * SIGPIPE and SIGXFSZ (a write past the file-size limit fails instead, and is reported).
 */
void loop_install_signals(void);
/* Acts on the signals caught since the last call; false when the program must end now. */
bool loop_take_signals(struct tui *t, bool plain);
/* The engine and the clocks, between keys: a finished search, the engine's move, a fallen flag, what comes next. */
void loop_tick(struct tui *t);
/* Runs the line Enter finished, if any: as the answer to the question asked, else as a command. */
void loop_run_line(struct tui *t);
/* Ctrl-Z: gives the terminal back and stops (with no clock running) until the shell continues the job. */
void loop_suspend(struct tui *t, bool plain);

#endif
