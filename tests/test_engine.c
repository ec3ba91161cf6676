/* The engine service: legal moves always, stop, ponder, options, long games, levels, bench signature. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "protocol/bench.h"
#include "engine/engine.h"
#include "people/level_play.h"
#include "engine/timeman.h"
#include "protocol/epd.h"
#include "helpers.h"
#include "rules/movegen.h"
#include "notation/notation.h"
#include "engine/search.h"
#include "rules/clock.h"

static void setup(void)
{
	engine_init();
	level_play_install(); /* the levels up to 2400, as the program plays them */
}
TestSuite(engine, .init = setup, .timeout = 240);

static struct engine *new_engine(void)
{
	struct engine *e = engine_new();
	cr_assert_not_null(e);
	return e;
}

static void set_option(struct engine *e, const char *name, const char *value)
{
	char err[256];
	cr_assert(engine_set_option(e, name, value, err, sizeof err), "%s = %s: %s", name, value, err);
}

/*
 * Games against itself from a few openings, a small node budget per move:
 * every move returned must be legal in the position it was asked about.
 */
static void self_play(const char *threads, const char *skill, int games, uint64_t nodes)
{
	static const char *const openings[] = {
		FEN_START,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 2",
	};
	struct engine *e = new_engine();
	set_option(e, "Threads", threads);
	set_option(e, "Skill Level", skill);
	move_t *moves = malloc(400 * sizeof *moves);
	struct position *pos = test_position(FEN_START);
	char err[256];
	for (int g = 0; g < games; g++) {
		const char *fen = openings[g % 4];
		int n = 0;
		engine_new_game(e);
		test_set_fen(pos, fen, err, sizeof err, NULL, 0);
		while (n < 200) {
			cr_assert(engine_set_position(e, fen, moves, n, err, sizeof err), "%s", err);
			struct engine_limits l;
			memset(&l, 0, sizeof l);
			l.nodes = nodes;
			struct test_result r;
			test_go_and_wait(e, &l, &r);
			move_t list[MAX_MOVES];
			if (generate_legal(pos, list) == 0 || search_is_draw(pos, 1)) {
				cr_expect(r.best == MOVE_NONE || move_is_legal(pos, r.best));
				break;
			}
			char uci[UCI_MOVE_MAX];
			move_to_uci(r.best, uci);
			cr_assert(move_is_legal(pos, r.best), "illegal move %s in game %d ply %d", uci, g, n);
			if (r.ponder != MOVE_NONE) {
				test_play(pos, r.best);
				cr_expect(move_is_legal(pos, r.ponder), "illegal ponder move after %s", uci);
				test_undo(pos);
			}
			test_play(pos, r.best);
			moves[n++] = r.best;
		}
	}
	free(moves);
	test_free(pos);
	engine_free(e);
}

Test(engine, self_play_is_always_legal) { self_play("1", "20", 4, 3000); }
Test(engine, self_play_two_threads_is_legal) { self_play("2", "20", 2, 4000); }
Test(engine, self_play_at_low_levels_is_legal) { self_play("1", "3", 2, 0); }

/* The answer comes on stop, and only then; how soon after it is speed, not behaviour. */
Test(engine, stop_ends_an_infinite_search)
{
	struct engine *e = new_engine();
	struct engine_limits l;
	memset(&l, 0, sizeof l);
	l.infinite = true;
	struct test_result r;
	test_result_init(&r);
	engine_go(e, &l, test_on_info, test_on_best, &r);
	usleep(300 * 1000);
	cr_expect(engine_searching(e));
	pthread_mutex_lock(&r.lock);
	cr_expect_eq(r.bests, 0, "infinite must not answer before stop");
	pthread_mutex_unlock(&r.lock);
	engine_stop(e);
	engine_wait(e);
	cr_expect_eq(r.bests, 1);
	cr_expect(!engine_searching(e));
	cr_expect(move_is_legal(engine_position(e), r.best));
	engine_free(e);
}

/* After Ctrl-Z and fg the terminal game discounts the time stopped, as its clocks do: the search's clock moves on
 * by it (a level's pace too, which counts from the same start); a player found the reply made at once after fg. */
Test(engine, a_discounted_search_does_not_count_the_time_the_program_was_stopped)
{
	struct engine *e = new_engine();
	struct engine_limits l;
	memset(&l, 0, sizeof l);
	l.movetime_ms = 200;
	struct test_result r;
	test_result_init(&r);
	engine_go(e, &l, test_on_info, test_on_best, &r);
	engine_discount(e, 600000); /* ten minutes stopped */
	usleep(1000 * 1000);
	cr_expect(engine_searching(e), "200 ms of movetime, ten minutes discounted: still searching after a second");
	engine_stop(e);
	engine_wait(e);
	cr_expect_eq(r.bests, 1);
	cr_expect(move_is_legal(engine_position(e), r.best));
	engine_free(e);
}

Test(engine, ponder_then_ponderhit)
{
	struct engine *e = new_engine();
	struct engine_limits l;
	memset(&l, 0, sizeof l);
	l.ponder = true;
	l.movetime_ms = 100;
	struct test_result r;
	test_result_init(&r);
	engine_go(e, &l, test_on_info, test_on_best, &r);
	usleep(250 * 1000);
	pthread_mutex_lock(&r.lock);
	cr_expect_eq(r.bests, 0, "pondering must not answer before ponderhit");
	pthread_mutex_unlock(&r.lock);
	engine_ponderhit(e);
	engine_wait(e);
	cr_expect_eq(r.bests, 1);
	engine_free(e);
}

/* The budget of a movetime is that time, and a search under it ends by itself (no stop is sent). */
Test(engine, movetime_is_kept)
{
	struct engine *e = new_engine();
	struct engine_limits l;
	memset(&l, 0, sizeof l);
	l.movetime_ms = 200;
	struct time_budget tb = timeman_budget(&l, WHITE, 30);
	cr_expect(tb.active && tb.soft_ms >= 100 && tb.hard_ms <= 200, "soft %d, hard %d", tb.soft_ms, tb.hard_ms);
	struct test_result r;
	test_go_and_wait(e, &l, &r);
	cr_expect(move_is_legal(engine_position(e), r.best));
	engine_free(e);
}

/*
 * With 80 ms on the clock the budget stays inside it (what the engine promises), and the search answers by
 * itself with a legal move.  Whether the answer also arrives within those 80 ms of wall time depends on the
 * machine's load: that is for the benchmarks (tests/bench/time-use), not a test.
 */
Test(engine, clock_with_little_time_answers_fast)
{
	struct engine_limits l;
	memset(&l, 0, sizeof l);
	l.time_ms[WHITE] = l.time_ms[BLACK] = 80;
	struct time_budget tb = timeman_budget(&l, WHITE, 30);
	cr_expect(tb.active);
	cr_expect(tb.soft_ms > 0 && tb.soft_ms <= tb.hard_ms && tb.hard_ms < 80 - 30 + 1, "soft %d, hard %d",
	          tb.soft_ms, tb.hard_ms);
	struct engine *e = new_engine();
	struct test_result r;
	test_go_and_wait(e, &l, &r);
	cr_expect(move_is_legal(engine_position(e), r.best));
	engine_free(e);
}

static void expect_scale(score_t older, score_t old, score_t now, double want)
{
	double got = timeman_falling_score_scale(older, old, now);
	cr_expect(got > want - 1e-9 && got < want + 1e-9, "scores %d, %d then %d: scale %.4f, not %.4f", older, old, now,
	          got, want);
}

Test(engine, a_falling_score_stretches_the_think)
{
	/* Steady: the soft target as it is. */
	expect_scale(20, 20, 20, 1.0);
	/* Half a pawn below the mean of the two iterations before: a quarter longer; a pawn or more: half again. */
	expect_scale(40, 60, 0, 1.25);
	expect_scale(50, 50, -50, 1.5);
	expect_scale(50, 50, -400, 1.5);
	/* Rising: a little shorter, never below 0.85. */
	expect_scale(0, 0, 20, 0.9);
	expect_scale(0, 0, 300, 0.85);
	/* A mate found or lost counts as a big score, not as tens of thousands of centipawns. */
	expect_scale(mate_in(5), mate_in(5), 1950, 1.25);
	expect_scale(0, 0, -mate_in(3), 1.5);
}

Test(engine, multipv_reports_distinct_lines)
{
	struct engine *e = new_engine();
	set_option(e, "MultiPV", "3");
	struct engine_limits l;
	memset(&l, 0, sizeof l);
	l.depth = 6;
	struct test_result r;
	test_go_and_wait(e, &l, &r);
	cr_expect_eq(r.multipv_max, 3);
	engine_free(e);
}

Test(engine, go_mate_finds_it)
{
	struct engine *e = new_engine();
	char err[256];
	cr_assert(engine_set_position(e, "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", NULL, 0, err, sizeof err));
	struct engine_limits l;
	memset(&l, 0, sizeof l);
	l.mate = 3;
	struct test_result r;
	test_go_and_wait(e, &l, &r);
	cr_expect(r.last.is_mate && r.last.mate_moves == 3);
	engine_free(e);
}

Test(engine, options_are_checked)
{
	struct engine *e = new_engine();
	char err[256];
	cr_expect(!engine_set_option(e, "Hash", "0", err, sizeof err));
	cr_expect(!engine_set_option(e, "Hash", "12abc", err, sizeof err));
	cr_expect(!engine_set_option(e, "Threads", "0", err, sizeof err));
	cr_expect(!engine_set_option(e, "MultiPV", "11", err, sizeof err));
	cr_expect(!engine_set_option(e, "Skill Level", "21", err, sizeof err));
	cr_expect(!engine_set_option(e, "UCI_Elo", "100", err, sizeof err));
	cr_expect(!engine_set_option(e, "Ponder", "maybe", err, sizeof err));
	cr_expect(!engine_set_option(e, "Nonsense", "1", err, sizeof err));
	cr_expect(strstr(err, "Nonsense") != NULL, "%s", err);
	cr_expect(engine_set_option(e, "hash", "8", err, sizeof err), "names are case-insensitive");
	cr_expect(engine_set_option(e, "Clear Hash", NULL, err, sizeof err));
	cr_expect(engine_set_option(e, "UCI_LimitStrength", "true", err, sizeof err));
	cr_expect(engine_set_option(e, "UCI_Elo", "1500", err, sizeof err));
	cr_expect(engine_set_option(e, "Move Overhead", "100", err, sizeof err));
	engine_free(e);
}

/* Every spin takes its whole range and nothing outside it, and starts at its default. */
Test(engine, option_table_bounds_every_spin)
{
	struct engine *e = new_engine();
	char err[256], v[32];
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	for (const struct engine_option *o = engine_options(); o->name; o++) {
		cr_expect_eq(engine_option_find(o->name), o);
		if (o->type != OPTION_SPIN)
			continue;
		cr_expect(o->min <= o->def && o->def <= o->max, "%s: default %d outside %d..%d", o->name, o->def, o->min,
		          o->max);
		if (o->max_is_cores)
			cr_expect_eq(o->max, cores < 1 ? 1 : cores > 256 ? 256 : cores, "%s: max %d, cores %ld", o->name,
			             o->max, cores);
		/* Hash's max would allocate 64 GB: its top end is checked by the table alone. */
		int top = o->max > 4096 ? o->min : o->max;
		snprintf(v, sizeof v, "%d", top);
		cr_expect(engine_set_option(e, o->name, v, err, sizeof err), "%s = %s: %s", o->name, v, err);
		snprintf(v, sizeof v, "%d", o->min - 1);
		cr_expect(!engine_set_option(e, o->name, v, err, sizeof err), "%s took %s", o->name, v);
		snprintf(v, sizeof v, "%d", o->max + 1);
		cr_expect(!engine_set_option(e, o->name, v, err, sizeof err), "%s took %s", o->name, v);
		snprintf(v, sizeof v, "from %d to %d", o->min, o->max);
		cr_expect(strstr(err, v) != NULL, "the message names the range: %s", err);
	}
	cr_expect_null(engine_option_find("nonsense"));
	cr_expect_not_null(engine_option_find("skill level"), "names match in any case");
	engine_free(e);
}

/* The kinds no option uses today, combo and string, checked on a table of their own. */
Test(engine, option_kinds_combo_and_string)
{
	static const char *const styles[] = { "Solid", "Normal", "Risky", NULL };
	const struct engine_option combo = { "Style", OPTION_COMBO, 1, .vars = styles, .help = "how it plays" };
	const struct engine_option text = { "Book", OPTION_STRING, .text_def = "", .help = "opening book" };
	char err[256], def[64];
	int v = -1;
	engine_option_default(&combo, def, sizeof def);
	cr_expect_str_eq(def, "Normal");
	cr_expect(engine_option_parse(&combo, "risky", &v, err, sizeof err));
	cr_expect_eq(v, 2);
	cr_expect(!engine_option_parse(&combo, "wild", &v, err, sizeof err));
	cr_expect_str_eq(err, "Style must be Solid, Normal or Risky, not 'wild'");
	cr_expect(engine_option_parse(&text, "/some/book.bin", &v, err, sizeof err));
	engine_option_default(&text, def, sizeof def);
	cr_expect_str_eq(def, "");
	cr_expect_str_eq(engine_option_type_name(OPTION_COMBO), "combo");
	cr_expect_str_eq(engine_option_type_name(OPTION_STRING), "string");
}

Test(engine, bad_positions_keep_the_old_one)
{
	struct engine *e = new_engine();
	char err[256], fen[FEN_MAX];
	const char *kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
	cr_assert(engine_set_position(e, kiwi, NULL, 0, err, sizeof err));
	cr_expect(!engine_set_position(e, "garbage", NULL, 0, err, sizeof err));
	cr_expect(strstr(err, "FEN") != NULL, "%s", err);
	move_t bad = make_move(SQ_E2, SQ_E5);
	cr_expect(!engine_set_position(e, NULL, &bad, 1, err, sizeof err));
	cr_expect(strstr(err, "e2e5") != NULL, "%s", err);
	pos_get_fen(engine_position(e), fen, sizeof fen);
	cr_expect_str_eq(fen, kiwi);
	engine_free(e);
}

Test(engine, very_long_game_fits)
{
	/* 1,600 plies of knights going back and forth: a line of any length fits. */
	static const char *const shuffle[] = { "g1f3", "g8f6", "f3g1", "f6g8" };
	struct position *pos = test_position(FEN_START);
	int n = 1600;
	move_t *moves = malloc((size_t)n * sizeof *moves);
	for (int i = 0; i < n; i++) {
		moves[i] = uci_parse_move(pos, shuffle[i % 4]);
		cr_assert_neq(moves[i], MOVE_NONE);
		test_play(pos, moves[i]);
	}
	struct engine *e = new_engine();
	char err[256];
	cr_assert(engine_set_position(e, NULL, moves, n, err, sizeof err), "%s", err);
	struct engine_limits l;
	memset(&l, 0, sizeof l);
	l.depth = 4;
	struct test_result r;
	test_go_and_wait(e, &l, &r);
	cr_expect(move_is_legal(engine_position(e), r.best));
	engine_free(e);
	free(moves);
	test_free(pos);
}

Test(engine, go_with_searchmoves_plays_one_of_them)
{
	struct engine *e = new_engine();
	struct engine_limits l;
	memset(&l, 0, sizeof l);
	l.depth = 5;
	l.nsearchmoves = 2;
	l.searchmoves[0] = make_move(SQ_A2, SQ_A3);
	l.searchmoves[1] = make_move(SQ_H2, SQ_H3);
	struct test_result r;
	test_go_and_wait(e, &l, &r);
	cr_expect(r.best == l.searchmoves[0] || r.best == l.searchmoves[1]);
	engine_free(e);
}

Test(engine, bench_signature_is_stable)
{
	struct bench_result a, b;
	cr_assert(bench_run(5, NULL, &a));
	cr_assert(bench_run(5, NULL, &b));
	cr_expect_gt(a.nodes, 1000);
	cr_expect_eq(a.nodes, b.nodes, "bench nodes %llu then %llu", (unsigned long long)a.nodes,
	             (unsigned long long)b.nodes);
	cr_expect_eq(a.positions, b.positions);
}

Test(engine, node_limit_is_exact_with_one_thread)
{
	/* Several limits, so that the stop falls at different places in the tree (once it overshot by two). */
	static const uint64_t limits[] = { 1000, 5000, 12345, 30000 };
	struct engine *e = new_engine();
	for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
		struct engine_limits l;
		memset(&l, 0, sizeof l);
		l.nodes = limits[i];
		struct test_result r;
		test_go_and_wait(e, &l, &r);
		cr_expect(r.last.nodes <= limits[i], "searched %llu nodes of %llu", (unsigned long long)r.last.nodes,
		          (unsigned long long)limits[i]);
	}
	engine_free(e);
}

/* ---------------------------------------------------------------- EPD */

Test(engine, epd_lines_parse)
{
	struct epd_entry entry;
	char err[256];
	cr_assert(epd_parse("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";", &entry,
	                    err, sizeof err),
	          "%s", err);
	cr_expect_str_eq(entry.id, "WAC.001");
	cr_expect_eq(entry.nbm, 1);
	cr_expect(epd_solved(&entry, make_move(SQ_G3, SQ_G6)));
	cr_expect(!epd_solved(&entry, make_move(SQ_G3, SQ_H4)));
	cr_assert(epd_parse("r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - am Nxc6; id \"x\"; c0 \"a;b\";",
	                    &entry, err, sizeof err),
	          "%s", err);
	cr_expect_eq(entry.nam, 1);
	cr_expect(!epd_parse("", &entry, err, sizeof err) && !err[0], "a blank line is no error");
	cr_expect(!epd_parse("8/8/8 w - - bm e4;", &entry, err, sizeof err) && err[0]);
	cr_expect(!epd_parse("4k3/8/8/8/8/8/8/4K3 w - - bm Qh5;", &entry, err, sizeof err) && err[0]);
	cr_expect_str_eq(err, "bm move Qh5: you have no queen", "the operand named once, then why");
	cr_expect(!epd_parse("4k3/8/8/8/8/8/8/4K3 w - - id \"no ops\";", &entry, err, sizeof err) && err[0]);

}
