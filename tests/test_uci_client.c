/*
 * The UCI client against a scripted fake engine (tests/fake-engine) in each of
 * its modes, and against Stockfish where it is installed; the info parser on
 * lines good, odd and broken.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "protocol/uci_client.h"
#include "protocol/uci_info.h"
#include "helpers.h"
#include "rules/clock.h"
#include "rules/uci_move.h"

#define FAKE SRC_ROOT "/tests/fake-engine"
#define STOCKFISH "/usr/games/stockfish"

static void setup(void) { engine_init(); }
TestSuite(uci_client, .init = setup, .timeout = 60);

/* The fake in a mode (an option), with a short timeout so that hangs are found quickly. */
static struct uci_client *start_fake(const char *mode, int timeout_ms)
{
	char opt[64], err[512];
	snprintf(opt, sizeof opt, "Mode=%s", mode);
	const char *options[] = { opt };
	struct uci_client_config cfg = { FAKE, options, 1, timeout_ms };
	struct uci_client *c = uci_client_start(&cfg, err, sizeof err);
	cr_assert_not_null(c, "%s", err);
	return c;
}

/* Searches the position after 1. e4 and waits for the end; the test fails unless on_best fired exactly once. */
static void search_after_e4(struct uci_client *c, const struct engine_limits *l, struct test_result *r)
{
	const move_t e4[] = { make_move(SQ_E2, SQ_E4) };
	char err[256];
	test_result_init(r);
	cr_assert(uci_client_go(c, NULL, e4, 1, l, test_on_info, test_on_best, r, err, sizeof err), "%s", err);
	uci_client_wait(c);
	cr_assert_eq(r->bests, 1, "on_best fired %d times", r->bests);
}

/* The problem the client reports now is want. */
static void expect_problem(struct uci_client *c, const char *want)
{
	char problem[512];
	cr_assert(uci_client_take_problem(c, problem, sizeof problem), "no problem reported; expected: %s", want);
	cr_expect_str_eq(problem, want);
}

/* The child is gone from the process table: reaped, not a zombie. */
static void expect_reaped(pid_t pid)
{
	cr_expect_eq(waitpid(pid, NULL, WNOHANG), -1, "pid %d is still ours to reap", (int)pid);
	cr_expect_eq(errno, ECHILD);
}

Test(uci_client, handshake_search_and_its_lines)
{
	struct uci_client *c = start_fake("normal", 0);
	cr_expect_str_eq(uci_client_name(c), "Fake Engine 1.0");
	cr_expect(uci_client_has_option(c, "multipv") && !uci_client_has_option(c, "Hash"));
	struct engine_limits l = { .movetime_ms = 200 };
	struct test_result r;
	search_after_e4(c, &l, &r);
	cr_expect_eq(r.best, make_move(SQ_E7, SQ_E5));
	cr_expect_eq(r.infos, 2);
	cr_expect(r.last.depth == 2 && r.last.seldepth == 3 && r.last.score_cp == 23 && !r.last.is_mate);
	cr_expect(r.last.bound == BOUND_LOWER_SCORE && r.last.nodes == 120 && r.last.hashfull == 1);
	cr_expect(r.last.pv_len == 2 && r.last.pv[1] == make_move(SQ_G1, SQ_F3));
	char problem[512];
	cr_expect(!uci_client_take_problem(c, problem, sizeof problem), "%s", problem);
	/* Infinite: the answer waits for stop. */
	struct engine_limits inf = { .infinite = true };
	const move_t e4[] = { make_move(SQ_E2, SQ_E4) };
	char err[256];
	test_result_init(&r);
	cr_assert(uci_client_go(c, NULL, e4, 1, &inf, test_on_info, test_on_best, &r, err, sizeof err));
	usleep(200000);
	cr_expect(uci_client_searching(c) && r.bests == 0);
	uci_client_stop(c);
	uci_client_wait(c);
	cr_expect(r.bests == 1 && r.best == make_move(SQ_E7, SQ_E5));
	pid_t pid = uci_client_pid(c);
	uci_client_free(c);
	expect_reaped(pid);
}

Test(uci_client, garbled_lines_and_an_illegal_move_are_reported)
{
	struct uci_client *c = start_fake("garbage", 0);
	struct engine_limits l = { .movetime_ms = 100 };
	struct test_result r;
	char problem[512];
	search_after_e4(c, &l, &r);
	cr_expect_eq(r.best, make_move(SQ_E7, SQ_E5), "a garbled line does not spoil the search");
	cr_expect_eq(r.infos, 2, "only the good lines reach the panel");
	expect_problem(c, "Fake Engine 1.0 sent a line that is not UCI (ignored): 'info depth x score cp 10'");
	cr_expect(!uci_client_take_problem(c, problem, sizeof problem), "said once: %s", problem);
	cr_assert(uci_client_set_option(c, "Mode", "badmove"));
	search_after_e4(c, &l, &r);
	cr_expect_eq(r.best, MOVE_NONE);
	expect_problem(c, "Fake Engine 1.0 played a move that is not legal here: 'e2e5'");
	cr_expect(!uci_client_dead(c), "it may still play");
	uci_client_free(c);
}

Test(uci_client, a_crash_ends_the_search_and_the_child_is_reaped)
{
	struct uci_client *c = start_fake("crash", 0);
	pid_t pid = uci_client_pid(c);
	struct engine_limits l = { .movetime_ms = 100 };
	struct test_result r;
	char err[256];
	search_after_e4(c, &l, &r);
	cr_expect_eq(r.best, MOVE_NONE);
	expect_problem(c, "Fake Engine 1.0 crashed (Segmentation fault)");
	cr_expect(uci_client_dead(c));
	expect_reaped(pid);
	cr_expect(!uci_client_go(c, NULL, NULL, 0, &l, test_on_info, test_on_best, &r, err, sizeof err));
	cr_expect_str_eq(err, "Fake Engine 1.0 is not running");
	uci_client_free(c);
}

/*
 * Killed only after its time and the timeout (100 + 300 ms): the least wait is the rule, so it is held; that it
 * ends at all shows in the answer, since a hang left alone never gives one.
 */
Test(uci_client, a_hang_is_killed_after_its_time_and_the_timeout)
{
	struct uci_client *c = start_fake("hang", 300);
	pid_t pid = uci_client_pid(c);
	struct engine_limits l = { .movetime_ms = 100 };
	struct test_result r;
	int64_t t0 = monotonic_ms();
	search_after_e4(c, &l, &r);
	int64_t took = monotonic_ms() - t0;
	cr_expect_eq(r.best, MOVE_NONE);
	cr_expect(took >= 400, "stopped after %lld ms, before its time and the timeout", (long long)took);
	expect_problem(c, "Fake Engine 1.0 did not answer in time and was stopped");
	expect_reaped(pid);
	uci_client_free(c);
	/* A hang under infinite shows at stop. */
	c = start_fake("hang", 300);
	struct engine_limits inf = { .infinite = true };
	const move_t e4[] = { make_move(SQ_E2, SQ_E4) };
	char err[256];
	test_result_init(&r);
	cr_assert(uci_client_go(c, NULL, e4, 1, &inf, test_on_info, test_on_best, &r, err, sizeof err));
	uci_client_stop(c);
	uci_client_wait(c);
	cr_expect(r.bests == 1 && r.best == MOVE_NONE && uci_client_dead(c));
	uci_client_free(c);
}

Test(uci_client, starts_that_fail_say_why)
{
	char err[512];
	struct uci_client_config cfg = { "/nonexistent/engine", NULL, 0, 300 };
	cr_expect_null(uci_client_start(&cfg, err, sizeof err));
	cr_expect_str_eq(err, "cannot start '/nonexistent/engine': No such file or directory");
	setenv("FAKE_UCI_MODE", "mute", 1);
	cfg.file = FAKE;
	cr_expect_null(uci_client_start(&cfg, err, sizeof err));
	cr_expect_str_eq(err, "fake-engine: no uciok within 300 ms of uci");
	unsetenv("FAKE_UCI_MODE");
	/* These end on their own: a long wait, so that a loaded machine's slow start is not taken for silence. */
	const char *bad[] = { "Contempt=10" };
	cfg = (struct uci_client_config){ FAKE, bad, 1, 20000 };
	cr_expect_null(uci_client_start(&cfg, err, sizeof err));
	cr_expect_str_eq(err, "Fake Engine 1.0 has no option 'Contempt'");
	const char *odd[] = { "Move" };
	cfg.options = odd;
	cr_expect_null(uci_client_start(&cfg, err, sizeof err));
	cr_expect_str_eq(err, "'Move' is not NAME=VALUE");
	/* A program that is no engine at all: it ends before uciok (however slowly it starts). */
	cfg = (struct uci_client_config){ "true", NULL, 0, 20000 };
	cr_expect_null(uci_client_start(&cfg, err, sizeof err));
	cr_expect_str_eq(err, "true exited (status 0) before uciok");
}

Test(uci_client, freed_while_searching)
{
	struct uci_client *c = start_fake("hang", 300);
	pid_t pid = uci_client_pid(c);
	struct engine_limits inf = { .infinite = true };
	struct test_result r;
	char err[256];
	test_result_init(&r);
	cr_assert(uci_client_go(c, NULL, NULL, 0, &inf, test_on_info, test_on_best, &r, err, sizeof err));
	uci_client_free(c); /* kills the hang rather than waiting on it: else the suite's timeout ends the test */
	cr_expect_eq(r.bests, 1);
	expect_reaped(pid);
}

/* Stockfish, when installed: a real engine's lines read as ours. */
Test(uci_client, stockfish)
{
	if (access(STOCKFISH, X_OK) != 0) {
		cr_skip_test("%s is not installed (apt-get install stockfish)", STOCKFISH);
		return;
	}
	char err[512];
	const char *options[] = { "Threads=1", "Hash=16", "MultiPV=2" };
	struct uci_client_config cfg = { STOCKFISH, options, 3, 0 };
	struct uci_client *c = uci_client_start(&cfg, err, sizeof err);
	cr_assert_not_null(c, "%s", err);
	cr_expect(!strncmp(uci_client_name(c), "Stockfish", 9), "%s", uci_client_name(c));
	struct engine_limits l = { .depth = 8 }; /* a depth, not a time: the same on a loaded machine */
	struct test_result r;
	search_after_e4(c, &l, &r);
	struct position *pos = test_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
	cr_expect(move_is_legal(pos, r.best));
	cr_expect(r.infos > 2, "%d info lines", r.infos);
	cr_expect_eq(r.multipv_max, 2);
	cr_expect(r.last.depth == 8 && r.last.pv_len > 1, "depth %d, a PV of %d moves", r.last.depth, r.last.pv_len);
	test_free(pos);
	char problem[512];
	cr_expect(!uci_client_take_problem(c, problem, sizeof problem), "%s", problem);
	uci_client_free(c);
}

/* ---------------------------------------------------------------- the info parser */

static enum uci_info_kind parse(const char *line, struct engine_info *info)
{
	struct position *pos = test_position(FEN_START);
	enum uci_info_kind k = uci_info_parse(line, pos, info);
	test_free(pos);
	return k;
}

/* Chess960 asked of an engine: refused where it has no UCI_Chess960; with it, castling goes as the king taking its rook. */
Test(uci_client, chess960)
{
	struct uci_client *fake = start_fake("normal", 0);
	cr_expect_not(uci_client_set_chess960(fake, true), "the fake has no UCI_Chess960");
	cr_expect(uci_client_set_chess960(fake, false));
	uci_client_free(fake);

	char err[512];
	struct uci_client_config cfg = { OUTPOST_BIN, NULL, 0, 0 };
	struct uci_client *c = uci_client_start(&cfg, err, sizeof err);
	cr_assert_not_null(c, "%s", err);
	cr_assert(uci_client_set_chess960(c, true));
	/* Start 2 after 1. g3 g6 2. Bg2 Bg7 3. O-O: the king stays on g1, so only g1h1 can name the castling. */
	const char *fen = "bqnnrbkr/pppppppp/8/8/8/8/PPPPPPPP/BQNNRBKR w KQkq - 0 1";
	struct pos_line line = POS_LINE_EMPTY;
	cr_assert(line_set_fen(&line, fen, err, sizeof err, NULL, 0), "%s", err);
	move_t moves[5];
	const char *const uci[] = { "g2g3", "g7g6", "f1g2", "f8g7", "g1h1" };
	for (int i = 0; i < 5; i++) {
		moves[i] = uci_parse_move(&line.pos, uci[i]);
		cr_assert_neq(moves[i], MOVE_NONE, "%s", uci[i]);
		cr_assert(line_play(&line, moves[i]));
	}
	cr_assert_eq(move_kind(moves[4]), MOVE_CASTLING);
	struct engine_limits l = { .depth = 3 };
	struct test_result r;
	test_result_init(&r);
	cr_assert(uci_client_go(c, fen, moves, 5, &l, test_on_info, test_on_best, &r, err, sizeof err), "%s", err);
	uci_client_wait(c);
	char problem[512];
	cr_expect(!uci_client_take_problem(c, problem, sizeof problem), "%s", problem);
	cr_expect(r.best != MOVE_NONE && move_is_legal(&line.pos, r.best), "a legal move after the castling");
	line_free(&line);
	uci_client_free(c);
}

Test(uci_client, info_lines)
{
	struct engine_info i;
	cr_assert_eq(parse("info depth 12 seldepth 18 multipv 2 score mate -3 upperbound nodes 123456 nps 999 "
	                   "hashfull 250 tbhits 0 time 1500 pv e2e4 e7e5 g1f3",
	                   &i),
	             UCI_INFO_LINE);
	cr_expect(i.depth == 12 && i.seldepth == 18 && i.multipv == 2 && i.is_mate && i.mate_moves == -3);
	cr_expect(i.bound == BOUND_UPPER_SCORE && i.nodes == 123456 && i.nps == 999 && i.hashfull == 250);
	cr_expect(i.time_ms == 1500 && i.pv_len == 3);
	cr_expect_eq(parse("info depth 5 score cp -40 wdl 10 900 90 pv d2d4", &i), UCI_INFO_LINE, "wdl is skipped");
	cr_expect(i.score_cp == -40 && i.pv_len == 1 && i.multipv == 1);
	cr_expect_eq(parse("info depth 5 score cp 10 pv e2e4 e2e4 g1f3", &i), UCI_INFO_LINE);
	cr_expect_eq(i.pv_len, 1, "the PV stops at its first illegal move");
	cr_expect_eq(parse("info depth 5 currmove e2e4 currmovenumber 1", &i), UCI_INFO_OTHER);
	cr_expect_eq(parse("info string NNUE evaluation using nn-5af11540bbfe.nnue enabled", &i), UCI_INFO_OTHER);
	cr_expect_eq(parse("info nodes 100 nps 100", &i), UCI_INFO_OTHER);
	cr_expect_eq(parse("info", &i), UCI_INFO_OTHER);
	static const char *const garbled[] = {
		"info depth x score cp 10", "info score mate", "info score cp", "info score 10",
		"info depth -1 score cp 1",
		"info depth 5 score cp 99999999999999999999", "info depth 5 score cp 10 pv e7e5", "info multipv 0",
		"info score cp 10 pv", "information", "bestmove e2e4", "", "info currmove",
	};
	for (size_t k = 0; k < sizeof garbled / sizeof garbled[0]; k++)
		cr_expect_eq(parse(garbled[k], &i), UCI_INFO_GARBLED, "'%s' read as UCI", garbled[k]);
}
