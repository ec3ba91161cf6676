/* Scripted UCI sessions through pipes, driving the real program. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "protocol/uci.h"
#include "rules/movegen.h"
#include "notation/notation.h"
#include "rules/clock.h"

static void setup(void)
{
	position_init();
	signal(SIGPIPE, SIG_IGN);
}
TestSuite(uci, .init = setup, .timeout = 120);

struct proc {
	pid_t pid;
	int to, from;       /* the child's stdin and stdout */
	char buf[1 << 16];  /* what has been read and not yet taken as lines */
	size_t len;
};

/* Starts OUTPOST_BIN with the given arguments (NULL-terminated after argv[0]). */
static void proc_start(struct proc *p, const char *mode)
{
	int in[2], out[2];
	cr_assert(pipe(in) == 0 && pipe(out) == 0);
	p->pid = fork();
	cr_assert(p->pid >= 0);
	if (p->pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[1]);
		close(out[0]);
		if (mode)
			execl(OUTPOST_BIN, OUTPOST_BIN, mode, (char *)NULL);
		else
			execl(OUTPOST_BIN, OUTPOST_BIN, (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	p->to = in[1];
	p->from = out[0];
	p->len = 0;
}

static void proc_send(struct proc *p, const char *text)
{
	size_t n = strlen(text), done = 0;
	while (done < n) {
		ssize_t w = write(p->to, text + done, n - done);
		cr_assert(w > 0 || errno == EINTR, "write to the engine failed");
		if (w > 0)
			done += (size_t)w;
	}
}

/* The next line within timeout_ms, into line; false on timeout or end of output. */
static bool proc_line(struct proc *p, char *line, size_t size, int timeout_ms)
{
	int64_t deadline = monotonic_ms() + timeout_ms;
	for (;;) {
		char *nl = memchr(p->buf, '\n', p->len);
		if (nl) {
			size_t n = (size_t)(nl - p->buf);
			size_t copy = n < size - 1 ? n : size - 1;
			memcpy(line, p->buf, copy);
			line[copy] = '\0';
			memmove(p->buf, nl + 1, p->len - n - 1);
			p->len -= n + 1;
			return true;
		}
		int left = (int)(deadline - monotonic_ms());
		if (left <= 0)
			return false;
		struct pollfd pfd = { p->from, POLLIN, 0 };
		if (poll(&pfd, 1, left) <= 0)
			continue;
		ssize_t r = read(p->from, p->buf + p->len, sizeof p->buf - p->len - 1);
		if (r <= 0)
			return false;
		p->len += (size_t)r;
	}
}

/* Reads lines until one starts with prefix; fails the test after timeout_ms. */
static void proc_expect(struct proc *p, const char *prefix, char *line, size_t size, int timeout_ms)
{
	char tmp[4096];
	if (!line) {
		line = tmp;
		size = sizeof tmp;
	}
	int64_t deadline = monotonic_ms() + timeout_ms;
	for (;;) {
		int left = (int)(deadline - monotonic_ms());
		cr_assert(left > 0 && proc_line(p, line, size, left), "no line starting '%s' within %d ms", prefix,
		          timeout_ms);
		if (!strncmp(line, prefix, strlen(prefix)))
			return;
	}
}

/* Closes the input and expects a clean exit within timeout_ms. */
static void proc_finish(struct proc *p, int timeout_ms)
{
	close(p->to);
	int status = -1;
	int64_t deadline = monotonic_ms() + timeout_ms;
	while (waitpid(p->pid, &status, WNOHANG) == 0) {
		if (monotonic_ms() > deadline) {
			kill(p->pid, SIGKILL);
			waitpid(p->pid, &status, 0);
			cr_assert_fail("the engine did not exit within %d ms", timeout_ms);
		}
		usleep(5000);
	}
	close(p->from);
	cr_expect(WIFEXITED(status) && WEXITSTATUS(status) == 0, "exit status %d", status);
}

/* The move of a bestmove line, checked legal from fen after moves. */
static void expect_legal_best(const char *line, const char *fen, const char *const *moves, int n)
{
	char move[16] = "";
	cr_assert(sscanf(line, "bestmove %15s", move) == 1, "%s", line);
	struct position *pos = test_position(fen);
	for (int i = 0; i < n; i++)
		test_play(pos, uci_parse_move(pos, moves[i]));
	cr_expect_neq(uci_parse_move(pos, move), MOVE_NONE, "bestmove %s is not legal", move);
	test_free(pos);
}

Test(uci, handshake_and_options)
{
	struct proc p;
	proc_start(&p, "uci");
	proc_send(&p, "uci\n");
	char line[4096], want[512];
	proc_expect(&p, "id name Outpost", NULL, 0, 5000);
	proc_expect(&p, "id author", NULL, 0, 5000);
	for (const struct engine_option *o = engine_options(); o->name; o++) {
		cr_assert(proc_line(&p, line, sizeof line, 5000));
		uci_option_line(o, want, sizeof want);
		cr_expect_str_eq(line, want, "the options come from the table, in its order");
	}
	cr_assert(proc_line(&p, line, sizeof line, 5000));
	cr_expect_str_eq(line, "uciok");
	proc_send(&p, "isready\n");
	proc_expect(&p, "readyok", NULL, 0, 5000);
	proc_send(&p, "quit\n");
	proc_finish(&p, 5000);
}

/* Mates read as mates: a mate in one, and a side already mated (no legal move). */
Test(uci, mate_scores)
{
	struct proc p;
	char line[4096];
	proc_start(&p, "uci");
	bool mate_in_one = false;
	proc_send(&p, "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\n");
	do {
		cr_assert(proc_line(&p, line, sizeof line, 5000));
		mate_in_one |= !strncmp(line, "info depth", 10) && strstr(line, " score mate 1 ");
	} while (strncmp(line, "bestmove", 8));
	cr_expect(mate_in_one, "no 'score mate 1' before %s", line);
	cr_expect(!strncmp(line, "bestmove a1a8", 13), "%s", line);
	proc_send(&p, "position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1\ngo depth 3\n");
	proc_expect(&p, "info depth 0 score mate 0", NULL, 0, 5000);
	proc_expect(&p, "bestmove 0000", NULL, 0, 5000);
	proc_finish(&p, 5000);
}

/* Each kind of option as the `uci` reply announces it. */
Test(uci, option_lines)
{
	static const char *const styles[] = { "Solid", "Normal", NULL };
	const struct engine_option combo = { "Style", OPTION_COMBO, 0, .vars = styles };
	const struct engine_option text = { "Book", OPTION_STRING, .text_def = "" };
	char line[256];
	uci_option_line(engine_option_find("Hash"), line, sizeof line);
	cr_expect_str_eq(line, "option name Hash type spin default 16 min 1 max 65536");
	uci_option_line(engine_option_find("Ponder"), line, sizeof line);
	cr_expect_str_eq(line, "option name Ponder type check default false");
	uci_option_line(engine_option_find("Clear Hash"), line, sizeof line);
	cr_expect_str_eq(line, "option name Clear Hash type button");
	uci_option_line(&combo, line, sizeof line);
	cr_expect_str_eq(line, "option name Style type combo default Solid var Solid var Normal");
	uci_option_line(&text, line, sizeof line);
	cr_expect_str_eq(line, "option name Book type string default <empty>");
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
	int64_t sent = monotonic_ms();
	proc_send(&p, "stop\n");
	proc_expect(&p, "bestmove", line, sizeof line, 2000);
	cr_expect_lt(monotonic_ms() - sent, 500, "bestmove came %lld ms after stop", (long long)(monotonic_ms() - sent));
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
