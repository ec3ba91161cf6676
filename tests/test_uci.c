/* Scripted UCI sessions through pipes, driving the real program. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "rules/movegen.h"
#include "notation/notation.h"
#include "uci_proc.h"

static void setup(void)
{
	position_init();
	signal(SIGPIPE, SIG_IGN);
}
TestSuite(uci, .init = setup, .timeout = 120);

Test(uci, handshake_and_options)
{
	struct proc p;
	proc_start(&p, "uci");
	proc_send(&p, "uci\n");
	char line[4096];
	bool hash = false, elo = false;
	for (;;) {
		cr_assert(proc_line(&p, line, sizeof line, 5000));
		hash |= !strncmp(line, "option name Hash type spin", 26);
		elo |= !strncmp(line, "option name UCI_Elo type spin", 29);
		if (!strcmp(line, "uciok"))
			break;
	}
	cr_expect(hash && elo);
	proc_send(&p, "isready\n");
	proc_expect(&p, "readyok", NULL, 0, 5000);
	proc_send(&p, "quit\n");
	proc_finish(&p, 5000);
}

Test(uci, plain_program_speaks_uci_through_a_pipe)
{
	struct proc p;
	proc_start(&p, NULL);
	proc_send(&p, "uci\n");
	proc_expect(&p, "uciok", NULL, 0, 5000);
	proc_finish(&p, 5000);
}

Test(uci, stop_during_go_infinite)
{
	struct proc p;
	char line[4096];
	proc_start(&p, "uci");
	proc_send(&p, "position startpos moves e2e4 e7e5\ngo infinite\n");
	proc_expect(&p, "info depth 3", NULL, 0, 5000);
	/* Nothing but info while it thinks. */
	usleep(200 * 1000);
	proc_send(&p, "isready\n");
	proc_expect(&p, "readyok", NULL, 0, 2000);
	int64_t sent = proc_now_ms();
	proc_send(&p, "stop\n");
	proc_expect(&p, "bestmove", line, sizeof line, 2000);
	cr_expect_lt(proc_now_ms() - sent, 500, "bestmove came %lld ms after stop", (long long)(proc_now_ms() - sent));
	static const char *const moves[] = { "e2e4", "e7e5" };
	expect_legal_best(line, FEN_START, moves, 2);
	proc_finish(&p, 5000);
}

Test(uci, long_move_list)
{
	/* 1,200 plies of knight shuffles, then a few real moves: one line of about 6 kB. */
	static const char *const shuffle[] = { "g1f3", "g8f6", "f3g1", "f6g8" };
	size_t cap = 16384, len = 0;
	char *cmd = malloc(cap);
	len += (size_t)snprintf(cmd, cap, "position startpos moves");
	for (int i = 0; i < 1200; i++)
		len += (size_t)snprintf(cmd + len, cap - len, " %s", shuffle[i % 4]);
	len += (size_t)snprintf(cmd + len, cap - len, " e2e4 e7e5 g1f3\n");
	struct proc p;
	char line[4096];
	proc_start(&p, "uci");
	proc_send(&p, cmd);
	proc_send(&p, "d\n");
	proc_expect(&p, "info string fen", line, sizeof line, 5000);
	cr_expect(strstr(line, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq") != NULL, "%s", line);
	proc_send(&p, "go depth 5\n");
	proc_expect(&p, "bestmove", line, sizeof line, 10000);
	cr_expect(strstr(line, "bestmove 0000") == NULL);
	proc_finish(&p, 5000);
	free(cmd);
}

Test(uci, bad_input_is_reported_and_ignored)
{
	struct proc p;
	char line[4096];
	proc_start(&p, "uci");
	proc_send(&p, "position fen 8/8/8/8/8/8/8/K6k w - - 0 1\n");
	proc_send(&p, "position fen garbage\n");
	proc_expect(&p, "info string position ignored: bad FEN", NULL, 0, 5000);
	proc_send(&p, "position fen\n");
	proc_expect(&p, "info string position ignored", NULL, 0, 5000);
	proc_send(&p, "position startpos moves e2e4 e2e4\n");
	proc_expect(&p, "info string position ignored: move 2", NULL, 0, 5000);
	proc_send(&p, "position sideways\n");
	proc_expect(&p, "info string position ignored", NULL, 0, 5000);
	proc_send(&p, "%n%s%s%s%n%x\n");
	proc_expect(&p, "info string unknown command", line, sizeof line, 5000);
	cr_expect(strstr(line, "%n%s%s%s%n%x") != NULL, "the text comes back literally: %s", line);
	proc_send(&p, "setoption name Hash value lots\n");
	proc_expect(&p, "info string setoption ignored", NULL, 0, 5000);
	proc_send(&p, "setoption name Bogus value 1\n");
	proc_expect(&p, "info string setoption ignored", NULL, 0, 5000);
	proc_send(&p, "setoption\n");
	proc_expect(&p, "info string setoption", NULL, 0, 5000);
	proc_send(&p, "go depth x wtime\n");
	/* The first position stands: the bare kings. */
	proc_expect(&p, "bestmove", line, sizeof line, 5000);
	expect_legal_best(line, "8/8/8/8/8/8/8/K6k w - - 0 1", NULL, 0);
	proc_send(&p, "\n\n   \t \ngo nodes 1000 searchmoves a1a2 zz9\n");
	proc_expect(&p, "bestmove", line, sizeof line, 5000);
	cr_expect(strstr(line, "bestmove a1a2") != NULL, "%s", line);
	proc_send(&p, "isready\n");
	proc_expect(&p, "readyok", NULL, 0, 5000);
	proc_send(&p, "quit\n");
	proc_finish(&p, 5000);
}

Test(uci, clock_and_ponder)
{
	struct proc p;
	char line[4096];
	proc_start(&p, "uci");
	proc_send(&p, "setoption name Ponder value true\nucinewgame\nposition startpos\n");
	proc_send(&p, "go wtime 1000 btime 1000 winc 10 binc 10\n");
	proc_expect(&p, "bestmove", line, sizeof line, 2000);
	expect_legal_best(line, FEN_START, NULL, 0);
	proc_send(&p, "position startpos moves e2e4\ngo ponder wtime 1000 btime 1000\n");
	usleep(300 * 1000);
	proc_send(&p, "ponderhit\n");
	proc_expect(&p, "bestmove", line, sizeof line, 2000);
	static const char *const moves[] = { "e2e4" };
	expect_legal_best(line, FEN_START, moves, 1);
	proc_send(&p, "position startpos\ngo ponder wtime 1000 btime 1000\n");
	usleep(100 * 1000);
	proc_send(&p, "stop\n");
	proc_expect(&p, "bestmove", NULL, 0, 2000);
	proc_finish(&p, 5000);
}

Test(uci, end_of_input_during_search_exits)
{
	struct proc p;
	proc_start(&p, "uci");
	proc_send(&p, "position startpos\ngo infinite\n");
	usleep(100 * 1000);
	proc_finish(&p, 3000);
}

Test(uci, bench_signature_from_the_program)
{
	char first[512] = "", second[512] = "";
	for (int run = 0; run < 2; run++) {
		FILE *f = popen(OUTPOST_BIN " bench 4", "r");
		cr_assert_not_null(f);
		char line[512], *into = run ? second : first;
		while (fgets(line, sizeof line, f))
			if (!strncmp(line, "Nodes searched  : ", 18))
				memcpy(into, line, sizeof line);
		cr_expect_eq(pclose(f), 0);
	}
	cr_expect(first[0] != '\0', "no 'Nodes searched' line");
	cr_expect_str_eq(first, second);
}
