/* The UCI protocol: the engine as chess GUIs and match runners drive it. */
#ifndef OUTPOST_UCI_H
#define OUTPOST_UCI_H

#include <stddef.h>
#include <stdio.h>

#include "engine/engine.h"

/*
 * Reads commands from in and answers on out until `quit` or the end of input.
 * Malformed commands, bad FENs and illegal moves are reported with
 * `info string` and otherwise ignored.  Returns 0, or 1 if the engine could
 * not be created or a write to out failed (the reader went away: the session
 * ends at once, with a message on stderr).  A caller writing to a pipe should
 * ignore SIGPIPE, so that such a write fails instead of killing the process.
 */
int uci_loop(FILE *in, FILE *out);

/* The `uci` reply's line for one option: "option name Hash type spin default 16 min 1 max 65536". */
void uci_option_line(const struct engine_option *o, char *buf, size_t len);

#endif
