/*
 * Plain mode's loop: no curses.  Readline reads standard input and draws its
 * prompt itself; the loop waits at most 50 ms for a key, runs what Enter
 * finished, polls the engine and the clocks, and writes what changed as
 * lines above the prompt (plain_screen), so a dumb terminal, a screen reader
 * or a pipe gets the same game and the same commands.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <unistd.h>

#include "plain_mode.h"
#include "input.h"
#include "loop.h"
#include "tui/commands/controls.h"
#include "tui/commands/persist.h"
#include "tui/screen/plain_screen.h"

#define KEY_BURST 256 /* keys read between two looks at the engine */

bool plain_mode_needed(void)
{
	const char *term = getenv("TERM");
	return !isatty(STDOUT_FILENO) || !term || !*term || !strcmp(term, "dumb") || !strcmp(term, "unknown");
}

void plain_mode_write(struct tui *t)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	if (!mem)
		return;
	plain_screen_update(t, mem);
	fclose(mem);
	if (len) {
		input_hide();
		fwrite(text, 1, len, stdout);
		fflush(stdout);
		input_show();
	}
	free(text);
	if (t->view.show_help)
		controls_show_help(t, false); /* written once; the game goes on below it */
}

/* Waits up to ms for standard input; true when it has something (or has ended). */
static bool input_waiting(int ms)
{
	fd_set in;
	FD_ZERO(&in);
	FD_SET(STDIN_FILENO, &in);
	struct timeval tv = { ms / 1000, (ms % 1000) * 1000 };
	return select(STDIN_FILENO + 1, &in, NULL, NULL, &tv) > 0;
}

void plain_mode_run(struct tui *t)
{
	while (!t->loop.quit) {
		t->match.autosave_held = true; /* what changes is written first, then saved (fsync is slow) */
		for (int n = 0; n < KEY_BURST && !t->loop.quit && input_waiting(n ? 0 : 50); n++) {
			input_read();
			loop_run_line(t);
		}
		if (!loop_take_signals(t, true))
			break;
		loop_tick(t);
		plain_mode_write(t);
		persist_release_autosave(t);
	}
	plain_mode_write(t); /* the last words (a result, a message) */
	input_hide();        /* and no prompt left behind */
}
