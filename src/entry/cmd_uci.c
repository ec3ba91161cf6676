/* `outpost uci`: speak UCI on standard input and output (also the default when input is not a terminal). */
#include <signal.h>
#include <stdio.h>

#include "entry/modes.h"
#include "protocol/uci.h"

int cmd_uci(int argc, char **argv)
{
	(void)argv;
	if (argc > 0) {
		fprintf(stderr, "usage: outpost uci   (takes no arguments)\n");
		return 2;
	}
	/* A GUI that goes away closes our output: a failed write then ends the session with status 1, not SIGPIPE. */
	signal(SIGPIPE, SIG_IGN);
	return uci_loop(stdin, stdout);
}
