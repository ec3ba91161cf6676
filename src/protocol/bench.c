/* The bench: fixed positions, fixed depth, one thread, a node-count signature. */
#include "protocol/bench.h"

#include <string.h>

#include "engine/engine.h"
#include "notation/notation.h"
#include "protocol/one_search.h"
#include "rules/clock.h"

/*
 * Openings, middlegames with tactics, and endgames (from the CPW perft
 * positions, the Bratko-Kopec and WAC suites, and a few set up by hand).
 */
const char *const bench_positions[] = {
	FEN_START,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
	"rnbqkb1r/p3pppp/1p6/2ppP3/3N4/2P5/PPP1QPPP/R1B1KB1R w KQkq - 0 1",
	"3rr1k1/pp3pp1/1qn2np1/8/3p4/PP1R1P2/2P1NQPP/R1B3K1 b - - 0 1",
	"r2q1rk1/4bppp/p2p4/2pP4/3pP3/3Q4/PP1B1PPP/R3R1K1 w - - 0 1",
	"r1bqkb1r/4npp1/p1p4p/1p1pP1B1/8/1B6/PPPN1PPP/R2Q1RK1 w kq - 0 1",
	"2r2rk1/1bqnbpp1/1p1ppn1p/pP6/N1P1P3/P2B1N1P/1B2QPP1/R2R2K1 b - - 0 1",
	"5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
	"r2q3r/ppp2k2/4nbp1/5Q1p/2P1NB2/8/PP3P1P/3RR1K1 w - - 0 1",
	"6rk/1pp2Qrp/3p1B2/1pb1p2R/3n1q2/3P4/PPP3PP/R6K w - - 0 1",
	"r4rk1/1bq1bp1p/4p1p1/p2p4/3BnP2/1N1B3R/PPP3PP/R2Q2K1 w - - 0 1",
	"r2qkb1r/pppb2pp/2np1n2/5pN1/2BQP3/2N5/PPP2PPP/R1B1K2R w KQkq - 0 1",
	"6k1/6p1/p7/3Pn3/5p2/4rBqP/P4RP1/5QK1 b - - 0 1",
	"8/5pk1/6p1/8/3R4/6P1/5PKr/8 w - - 0 1",
	"8/8/1p6/p1p5/P1P2k2/1P6/5K2/8 w - - 0 1",
	"8/4k3/8/8/8/8/4P3/4K3 w - - 0 1",
	"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
	"8/3k4/8/2b5/8/5N2/3PK3/8 w - - 0 1",
	"r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 1",
	NULL,
};

bool bench_run(int depth, FILE *log, struct bench_result *result)
{
	return bench_run_eval(depth, false, NULL, log, result);
}

bool bench_run_eval(int depth, bool hand_written, const char *eval_file, FILE *log, struct bench_result *result)
{
	struct bench_setup setup = { hand_written, eval_file, NULL };
	return bench_run_with(depth, &setup, log, result);
}

/* A fresh engine with the bench's settings and setup's; NULL (why on log) when one is refused. */
static struct engine *bench_engine(const struct bench_setup *setup, FILE *log)
{
	struct engine *e = engine_new();
	char err[1400];
	if (!e || !engine_set_option(e, "Hash", "16", err, sizeof err) ||
	    !engine_set_option(e, "Threads", "1", err, sizeof err) ||
	    !engine_set_option(e, "Use NNUE", setup->hand_written ? "false" : "true", err, sizeof err) ||
	    (setup->eval_file && !engine_set_option(e, "EvalFile", setup->eval_file, err, sizeof err))) {
		if (log && e)
			fprintf(log, "%s\n", err);
		engine_free(e);
		return NULL;
	}
	if (setup->syzygy) {
		bool ok = engine_set_option(e, "SyzygyPath", setup->syzygy, err, sizeof err);
		if (log && err[0])
			fprintf(log, "%s\n", err);
		if (!ok) {
			engine_free(e);
			return NULL;
		}
	}
	return e;
}

bool bench_run_with(int depth, const struct bench_setup *setup, FILE *log, struct bench_result *result)
{
	struct engine *e = bench_engine(setup, log);
	char err[256];
	if (!e)
		return false;
	memset(result, 0, sizeof *result);
	int64_t start = monotonic_ms();
	for (int i = 0; bench_positions[i]; i++) {
		struct engine_limits l;
		memset(&l, 0, sizeof l);
		l.depth = depth;
		engine_new_game(e);
		if (!engine_set_position(e, bench_positions[i], NULL, 0, err, sizeof err)) {
			if (log)
				fprintf(log, "position %d: %s\n", i + 1, err);
			continue;
		}
		struct one_search done;
		one_search_run(e, &l, &done);
		result->nodes += done.last.nodes;
		result->tbhits += done.last.tbhits;
		result->positions++;
		if (log) {
			char m[UCI_MOVE_MAX];
			move_to_uci(done.best, m);
			fprintf(log, "position %2d  bestmove %-5s  nodes %10llu  %s\n", i + 1, m,
			        (unsigned long long)done.last.nodes, bench_positions[i]);
		}
	}
	result->ms = monotonic_ms() - start;
	engine_free(e);
	return true;
}
