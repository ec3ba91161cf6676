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

#include "book_helper.h"
#include "helpers.h"
#include "protocol/uci.h"
#include "rules/movegen.h"
#include "notation/notation.h"
#include "rules/clock.h"
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
	/* An infinite search answers only on stop; the wait is generous, for how soon is speed, not behaviour. */
	proc_send(&p, "stop\n");
	proc_expect(&p, "bestmove", line, sizeof line, 2000);
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

/* OwnBook and BookFile through the program: the book's move, said where it comes from; a bad book refused. */
Test(uci, book_moves_and_bad_books)
{
	const struct test_book_entry entries[] = { { NULL, "e2e4", "e7e5", 40 }, { NULL, "e2e4", "c7c5", 0 } };
	char path[256], cmd[512], line[4096];
	test_temp_path(path, sizeof path, "uci.bin");
	test_write_book(path, entries, 2);
	struct proc p;
	proc_start(&p, "uci");
	snprintf(cmd, sizeof cmd, "setoption name BookFile value %s\nsetoption name OwnBook value true\n", path);
	proc_send(&p, cmd);
	proc_send(&p, "position startpos moves e2e4\ngo movetime 5000\n");
	proc_expect(&p, "info string book move e7e5 weight 40 (100.0% of the book's weight here)", NULL, 0, 5000);
	proc_expect(&p, "bestmove e7e5", line, sizeof line, 1000);
	/* Out of the book: a search. */
	proc_send(&p, "position startpos moves e2e4 e7e5\ngo depth 2\n");
	proc_expect(&p, "info depth 2", NULL, 0, 5000);
	proc_expect(&p, "bestmove", NULL, 0, 5000);
	char bad[256];
	test_temp_path(bad, sizeof bad, "uci-bad.bin");
	FILE *f = fopen(bad, "w");
	cr_assert_not_null(f);
	fputs("not a book\n", f);
	fclose(f);
	snprintf(cmd, sizeof cmd, "setoption name BookFile value %s\n", bad);
	proc_send(&p, cmd);
	snprintf(cmd, sizeof cmd, "info string setoption ignored: %s: truncated or not a Polyglot book (11 bytes", bad);
	proc_expect(&p, cmd, NULL, 0, 5000);
	proc_send(&p, "position startpos moves e2e4\ngo movetime 5000\n");
	proc_expect(&p, "info string book move e7e5", NULL, 0, 5000);
	proc_send(&p, "quit\n");
	proc_finish(&p, 5000);
	unlink(path);
	unlink(bad);
}

/* UCI_Chess960: castling written as the king taking its rook, read both ways, Shredder-FEN read; the book is off. */
Test(uci, chess960)
{
	const struct test_book_entry entries[] = { { NULL, "e2e4", "e7e5", 40 } };
	char path[256], cmd[512], line[4096];
	test_temp_path(path, sizeof path, "uci960.bin");
	test_write_book(path, entries, 1);
	struct proc p;
	proc_start(&p, "uci");
	/* Standard notation first: the king's own move. */
	const char *italian = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6\n";
	proc_send(&p, italian);
	proc_send(&p, "go depth 1 searchmoves e1g1\n");
	proc_expect(&p, "bestmove e1g1", NULL, 0, 5000);
	proc_send(&p, "setoption name UCI_Chess960 value true\n");
	proc_send(&p, italian);
	proc_send(&p, "go depth 1 searchmoves e1h1\n");
	proc_expect(&p, "bestmove e1h1", line, sizeof line, 5000);
	/* Start 2 (BQNNRBKR) in Shredder-FEN, both sides castled by the king taking its rook. */
	proc_send(&p, "position fen bqnnrbkr/pppppppp/8/8/8/8/PPPPPPPP/BQNNRBKR w HEhe - 0 1 moves g2g3 g7g6 f1g2 f8g7 "
	              "c1b3 c8b6 d1e3 d8e6 g1h1 g8e8\nd\n");
	proc_expect(&p, "info string fen bqkr3r/ppppppbp/1n2n1p1/8/8/1N2N1P1/PPPPPPBP/BQ2RRK1 w - - 8 6", NULL, 0, 5000);
	/* A castling the rules refuse is refused, the position kept. */
	proc_send(&p, "position fen 4k3/8/8/8/8/8/8/r1R3K1 w C - 0 1 moves g1c1\n");
	proc_expect(&p, "info string position ignored: move 1 'g1c1' is not legal there", NULL, 0, 5000);
	/* No book move in Chess960, though the book has the position. */
	snprintf(cmd, sizeof cmd, "setoption name BookFile value %s\nsetoption name OwnBook value true\n", path);
	proc_send(&p, cmd);
	proc_send(&p, "position startpos moves e2e4\ngo depth 2\n");
	do {
		cr_assert(proc_line(&p, line, sizeof line, 5000));
		cr_expect(strncmp(line, "info string book move", 21), "%s", line);
	} while (strncmp(line, "bestmove", 8));
	/* And the book again once the game is standard. */
	proc_send(&p, "setoption name UCI_Chess960 value false\nposition startpos moves e2e4\ngo depth 2\n");
	proc_expect(&p, "info string book move e7e5", NULL, 0, 5000);
	proc_send(&p, "quit\n");
	proc_finish(&p, 5000);
	unlink(path);
}
