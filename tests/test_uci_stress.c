/*
 * The UCI loop under stress, through pipes against the real program: thousands of setoption / ucinewgame /
 * position / go / stop / ponderhit / isready cycles with stops at random moments, lines of 100 KB and binary
 * garbage.  Every go must be answered by exactly one legal bestmove, nothing may hang, the resident size must
 * hold steady, and a closed output must end the program with status 1 instead of a signal.  The cycles are
 * bounded in number and time (OUTPOST_STRESS_CYCLES, OUTPOST_STRESS_SECONDS: tests/bench/uci-stress sets them
 * for a long run), and every read has a timeout, so the suite needs no timeout of its own.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "notation/notation.h"
#include "rules/clock.h"
#include "rules/movegen.h"
#include "uci_proc.h"

static void setup(void)
{
	position_init();
	signal(SIGPIPE, SIG_IGN);
}
TestSuite(uci_stress, .init = setup);

#define CYCLES 2000
#define CYCLE_SECONDS 25 /* at most; at least MIN_CYCLES are done whatever the time */
#define MIN_CYCLES 200

static long env_or(const char *name, long fallback)
{
	const char *s = getenv(name);
	return s && atol(s) > 0 ? atol(s) : fallback;
}

static const char *const openings[] = {
	FEN_START,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
	"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
};

static int timeout_ms(void) { return 10000 * test_time_scale(); }

/* Reads up to the bestmove, checks it is legal in pos (or 0000 with no legal move), then that isready comes
   back with no second bestmove before it. */
static void expect_one_answer(struct proc *p, struct position *pos, int cycle)
{
	char line[8192], move[16] = "";
	proc_expect(p, "bestmove", line, sizeof line, timeout_ms());
	cr_assert(sscanf(line, "bestmove %15s", move) == 1, "cycle %d: %s", cycle, line);
	move_t list[MAX_MOVES];
	if (generate_legal(pos, list) == 0)
		cr_expect_str_eq(move, "0000", "cycle %d: %s with no legal move", cycle, line);
	else
		cr_expect_neq(uci_parse_move(pos, move), MOVE_NONE, "cycle %d: bestmove %s is not legal", cycle, move);
	proc_send(p, "isready\n");
	for (;;) {
		cr_assert(proc_line(p, line, sizeof line, timeout_ms()), "cycle %d: no readyok", cycle);
		cr_assert(strncmp(line, "bestmove", 8), "cycle %d: a second bestmove for one go: %s", cycle, line);
		if (!strcmp(line, "readyok"))
			return;
	}
}

/* Sometimes an option or a new game before the position. */
static void maybe_change(struct proc *p, uint64_t *seed)
{
	char cmd[128];
	switch (test_random(seed) % 12) {
	case 0: snprintf(cmd, sizeof cmd, "setoption name Hash value %d\n", 1 + (int)(test_random(seed) % 8)); break;
	case 1: snprintf(cmd, sizeof cmd, "setoption name Threads value %d\n", 1 + (int)(test_random(seed) % 2)); break;
	case 2: snprintf(cmd, sizeof cmd, "setoption name MultiPV value %d\n", 1 + (int)(test_random(seed) % 3)); break;
	case 3: snprintf(cmd, sizeof cmd, "setoption name Clear Hash\n"); break;
	case 4: snprintf(cmd, sizeof cmd, "ucinewgame\n"); break;
	default: return;
	}
	proc_send(p, cmd);
}

/* A position from an opening and a few random legal moves, sent; pos is left there. */
static void send_position(struct proc *p, struct position *pos, uint64_t *seed)
{
	const char *fen = openings[test_random(seed) % (sizeof openings / sizeof openings[0])];
	char cmd[1024], err[160];
	cr_assert(test_set_fen(pos, fen, err, sizeof err, NULL, 0), "%s", err);
	int len = snprintf(cmd, sizeof cmd, "position fen %s moves", fen);
	for (int n = (int)(test_random(seed) % 12); n > 0; n--) {
		move_t list[MAX_MOVES];
		int count = generate_legal(pos, list);
		if (!count)
			break;
		move_t m = list[test_random(seed) % (uint64_t)count];
		char uci[UCI_MOVE_MAX];
		move_to_uci(m, uci);
		len += snprintf(cmd + len, sizeof cmd - (size_t)len, " %s", uci);
		test_play(pos, m);
	}
	snprintf(cmd + len, sizeof cmd - (size_t)len, "\n");
	proc_send(p, cmd);
}

/* One go of a random kind, with stop or ponderhit at a random moment where it needs one. */
static void send_go(struct proc *p, uint64_t *seed)
{
	char cmd[128];
	int t = 50 + (int)(test_random(seed) % 250);
	int kind = (int)(test_random(seed) % 8);
	switch (kind) {
	case 0: snprintf(cmd, sizeof cmd, "go nodes %d\n", 1 + (int)(test_random(seed) % 3000)); break;
	case 1: snprintf(cmd, sizeof cmd, "go depth %d\n", 1 + (int)(test_random(seed) % 4)); break;
	case 2: snprintf(cmd, sizeof cmd, "go movetime %d\n", 1 + (int)(test_random(seed) % 5)); break;
	case 3: snprintf(cmd, sizeof cmd, "go infinite\n"); break;
	case 4: case 5: snprintf(cmd, sizeof cmd, "go ponder wtime %d btime %d\n", t, t); break;
	case 6: snprintf(cmd, sizeof cmd, "go wtime %d btime %d winc 5 binc 5\n", t, t); break;
	default: snprintf(cmd, sizeof cmd, "go nodes %d\nstop\n", 1 + (int)(test_random(seed) % 20000)); break;
	}
	proc_send(p, cmd);
	if (kind < 3 || kind > 5)
		return;
	test_sleep_us((long)(test_random(seed) % 3000));
	proc_send(p, kind == 4 ? "ponderhit\n" : "stop\n");
}

/* The resident size at one fixed state: Hash 16, one thread, the table written through. */
static long settled_resident_kb(struct proc *p)
{
	proc_send(p, "setoption name Threads value 1\nsetoption name Hash value 16\nsetoption name Clear Hash\n"
	             "isready\n");
	proc_expect(p, "readyok", NULL, 0, timeout_ms());
	return test_resident_kb(p->pid);
}

Test(uci_stress, thousands_of_cycles)
{
	uint64_t seed = test_seed("uci_stress");
	struct proc p;
	struct position *pos = test_position(FEN_START);
	proc_start(&p, "uci");
	proc_send(&p, "uci\nsetoption name Ponder value true\n");
	proc_expect(&p, "uciok", NULL, 0, timeout_ms());
	int64_t start = monotonic_ms(), seconds = env_or("OUTPOST_STRESS_SECONDS", CYCLE_SECONDS);
	long first = 0, cycles = env_or("OUTPOST_STRESS_CYCLES", CYCLES);
	int cycle;
	for (cycle = 0; cycle < cycles; cycle++) {
		if (cycle >= MIN_CYCLES && monotonic_ms() - start > seconds * 1000)
			break;
		maybe_change(&p, &seed);
		send_position(&p, pos, &seed);
		send_go(&p, &seed);
		expect_one_answer(&p, pos, cycle);
		if (cycle == 50)
			first = settled_resident_kb(&p);
	}
	long last = settled_resident_kb(&p);
	printf("uci_stress: %d cycles in %.1f s; resident %ld kB after cycle 50, %ld kB at the end\n", cycle,
	       (double)(monotonic_ms() - start) / 1000, first, last);
	/* A sanitizer keeps freed memory aside on purpose: the resident size means nothing there. */
	if (!getenv("OUTPOST_TEST_SANITIZED"))
		cr_expect_lt(last - first, 8 * 1024, "resident size grew from %ld kB to %ld kB", first, last);
	proc_send(&p, "quit\n");
	proc_finish(&p, timeout_ms());
	test_free(pos);
}

Test(uci_stress, long_lines_and_binary_garbage)
{
	uint64_t seed = test_seed("uci_stress");
	static const char *const shuffle[] = { "g1f3", "g8f6", "f3g1", "f6g8" };
	size_t cap = 120 * 1024, len = 0;
	char *buf = malloc(cap), line[8192];
	cr_assert_not_null(buf);
	struct proc p;
	proc_start(&p, "uci");

	/* A position line of 100 KB: 20,000 plies of knights going back and forth. */
	len = (size_t)snprintf(buf, cap, "position startpos moves");
	for (int i = 0; len < 100 * 1024; i++)
		len += (size_t)snprintf(buf + len, cap - len, " %s", shuffle[i % 4]);
	snprintf(buf + len, cap - len, "\ngo depth 3\n");
	proc_send(&p, buf);
	proc_expect(&p, "bestmove", line, sizeof line, timeout_ms());
	expect_legal_best(line, FEN_START, NULL, 0);

	/* 100 KB of printable junk on one line: one complaint, cut short. */
	for (len = 0; len < 100 * 1024; len++)
		buf[len] = (char)(' ' + 1 + test_random(&seed) % 94);
	buf[0] = 'x';
	memcpy(buf + len, "\nisready\n", 10);
	proc_send(&p, buf);
	proc_expect(&p, "info string unknown command", line, sizeof line, timeout_ms());
	cr_expect_lt(strlen(line), 600, "the complaint is cut short");
	proc_expect(&p, "readyok", NULL, 0, timeout_ms());

	/* 64 KB of any bytes, NULs and line breaks included; no line starts with a command word. */
	for (len = 0; len < 64 * 1024; len++) {
		buf[len] = (char)(test_random(&seed) & 0xFF);
		if (len == 0 || buf[len - 1] == '\n' || buf[len - 1] == '\r')
			buf[len] = (char)0x80;
	}
	proc_send_bytes(&p, buf, len);
	proc_send(&p, "\nisready\nposition startpos moves e2e4\ngo depth 2\n");
	proc_expect(&p, "readyok", NULL, 0, timeout_ms());
	proc_expect(&p, "bestmove", line, sizeof line, timeout_ms());
	static const char *const e4[] = { "e2e4" };
	expect_legal_best(line, FEN_START, e4, 1);
	proc_finish(&p, timeout_ms());
	free(buf);
}

/* Writes to a child that may have gone: errors are expected here. */
static void send_regardless(struct proc *p, const char *text)
{
	ssize_t w = write(p->to, text, strlen(text));
	(void)w;
}

static void expect_exit_1(struct proc *p)
{
	int status = proc_wait(p, timeout_ms());
	cr_expect(WIFEXITED(status), "killed by signal %d instead of exiting",
	          WIFSIGNALED(status) ? WTERMSIG(status) : 0);
	cr_expect(WIFEXITED(status) && WEXITSTATUS(status) == 1, "exit status %d, not 1",
	          WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	close(p->to);
}

Test(uci_stress, closed_output_exits_with_status_1)
{
	/* The GUI went away before the first answer. */
	struct proc p;
	proc_start(&p, "uci");
	close(p.from);
	send_regardless(&p, "uci\nisready\n");
	expect_exit_1(&p);

	/* The GUI went away while the engine was thinking: its bestmove has nowhere to go. */
	proc_start(&p, "uci");
	proc_send(&p, "position startpos\ngo infinite\n");
	proc_expect(&p, "info depth 2", NULL, 0, timeout_ms());
	close(p.from);
	send_regardless(&p, "stop\n");
	test_sleep_us(100 * 1000);
	send_regardless(&p, "isready\n");
	expect_exit_1(&p);
}
