/*
 * Soak: fast games of the engine against itself, checked after every move (a benchmark, not part of make check;
 * tests/bench/soak runs it).  Each game starts from an opening and a few random plies; after every move the
 * move must be legal, the position's incremental keys, material and piece-square sums and evaluation must equal
 * those of the same position rebuilt from its FEN, and the game (the Notation's) must be over exactly when a
 * referee replaying the moves on its own says so, with the same result.
 *     soak [--games N] [--first K] [--threads T] [--nodes N] [--random-plies R] [--max-plies P]
 *          [--seed S] [--openings FILE]
 * Game i uses the opening and random numbers of its number alone, so a run stopped at game K goes on with
 * --first K.  Exit status 0 when every game passed, 1 at the first failure (what and where on stderr).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/engine.h"
#include "engine/eval.h"
#include "notation/game.h"
#include "rules/material.h"
#include "rules/movegen.h"
#include "rules/uci_move.h"

#define MAX_OPENINGS 100000

struct soak_options {
	long games, first;
	int threads, random_plies, max_plies;
	long nodes;
	uint64_t seed;
	const char *openings;
};

static const char *const builtin_openings[] = {
	FEN_START,
	"rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
	"rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2",
	"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
	"rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq c3 0 2",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
};

static char **openings;
static int nopenings;

static uint64_t next_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Reads the first four FEN fields (and counters, if any) of each line of an EPD file. */
static void load_openings(const char *path)
{
	FILE *f = path ? fopen(path, "r") : NULL;
	if (path && !f)
		fprintf(stderr, "soak: cannot read %s; using the built-in openings\n", path);
	openings = calloc(MAX_OPENINGS, sizeof *openings);
	char line[512];
	while (f && openings && nopenings < MAX_OPENINGS && fgets(line, sizeof line, f)) {
		line[strcspn(line, ";\r\n")] = '\0';
		if (line[0] && line[0] != '#')
			openings[nopenings++] = strdup(line);
	}
	if (f)
		fclose(f);
	for (size_t i = 0; nopenings == 0 && openings && i < sizeof builtin_openings / sizeof *builtin_openings; i++)
		openings[i] = strdup(builtin_openings[i]);
	if (nopenings == 0)
		nopenings = (int)(sizeof builtin_openings / sizeof *builtin_openings);
}

/* ---------------------------------------------------------------- what is checked */

static char failure[1024];

static bool fail(const char *what, const struct game *g)
{
	char fen[FEN_MAX], moves[64] = "";
	pos_get_fen(game_position(g), fen, sizeof fen);
	int n = game_ply_count(g);
	if (n > 0)
		move_to_uci(game_move(g, n - 1), moves);
	snprintf(failure, sizeof failure, "%s, after %d plies (last %s), at %s", what, n, n ? moves : "none", fen);
	return false;
}

/* The position as the moves left it equals the same position read afresh from its FEN. */
static bool same_as_fresh(const struct game *g)
{
	const struct position *pos = game_position(g);
	struct position fresh;
	struct state st;
	char fen[FEN_MAX], err[160];
	pos_get_fen(pos, fen, sizeof fen);
	if (!pos_set_fen(&fresh, &st, fen, err, sizeof err, NULL, 0))
		return fail("the game's FEN does not read back", g);
	if (pos->st->key != fresh.st->key || pos->st->pawn_key != fresh.st->pawn_key)
		return fail("the incremental key differs from the fresh one", g);
	if (pos->psq != fresh.psq)
		return fail("the incremental material and piece-square sums differ from fresh ones", g);
	if (evaluate(pos, NULL) != evaluate(&fresh, NULL))
		return fail("the evaluation differs from a fresh position's", g);
	if (!pos_is_consistent(pos, err, sizeof err))
		return fail(err, g);
	return true;
}

/* How many times the referee's current position has stood on its board (same key, the same side to move). */
static int referee_repetitions(const struct pos_line *l)
{
	int count = 1;
	const struct state *st = l->pos.st;
	for (int back = 2; back <= st->rule50 && back <= l->ply; back += 2)
		count += l->states[l->ply - back].key == st->key;
	return count;
}

/* What the rules alone say of the referee's position: RESULT_NONE while the game goes on. */
static enum game_result referee_result(const struct pos_line *l, enum game_reason *why)
{
	move_t list[MAX_MOVES];
	const struct position *pos = &l->pos;
	*why = REASON_NONE;
	if (generate_legal(pos, list) == 0) {
		*why = in_check(pos) ? REASON_CHECKMATE : REASON_STALEMATE;
		return !in_check(pos) ? RESULT_DRAW : pos->side == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS;
	}
	if (pos->st->rule50 >= 150)
		*why = REASON_SEVENTY_FIVE;
	else if (referee_repetitions(l) >= 5)
		*why = REASON_FIVEFOLD;
	else if (pos_is_dead_material(pos))
		*why = REASON_DEAD_POSITION;
	return *why == REASON_NONE ? RESULT_NONE : RESULT_DRAW;
}

/* The game and the referee agree on whether it is over, and how. */
static bool same_verdict(const struct game *g, const struct pos_line *referee)
{
	enum game_reason why;
	enum game_result r = referee_result(referee, &why);
	if (pos_key(&referee->pos) != pos_key(game_position(g)))
		return fail("the referee's position and the game's differ", g);
	if (r != game_result(g) || why != game_reason(g)) {
		char msg[160];
		snprintf(msg, sizeof msg, "the game says %s (%s), the referee %s (%s)",
		         game_result_text(game_result(g)), game_reason_text(game_reason(g)), game_result_text(r),
		         game_reason_text(why));
		return fail(msg, g);
	}
	return true;
}

/* A move played on the game and the referee both, and everything checked after it. */
static bool play_and_check(struct game *g, struct pos_line *referee, move_t m)
{
	if (!move_is_legal(game_position(g), m))
		return fail("an illegal move", g);
	if (!game_play(g, m) || !line_play(referee, m))
		return fail("the game refused a legal move", g);
	return same_as_fresh(g) && same_verdict(g, referee);
}

/* A player would claim a threefold repetition or fifty moves: so does the soak, once the game offers it. */
static bool claim_and_check(struct game *g, const struct pos_line *referee)
{
	if (!game_claim_draw(g, MOVE_NONE))
		return fail("a claim the game offered was refused", g);
	bool allowed = game_reason(g) == REASON_THREEFOLD    ? referee_repetitions(referee) >= 3
	               : game_reason(g) == REASON_FIFTY_MOVES ? referee->pos.st->rule50 >= 100
	                                                      : false;
	if (game_result(g) != RESULT_DRAW || !allowed)
		return fail("a draw claimed that the rules do not allow", g);
	return true;
}

/* ---------------------------------------------------------------- playing */

struct answer {
	pthread_mutex_t lock;
	int count;
	move_t best;
};

static void on_best(void *ctx, move_t best, move_t ponder)
{
	struct answer *a = ctx;
	(void)ponder;
	pthread_mutex_lock(&a->lock);
	a->count++;
	a->best = best;
	pthread_mutex_unlock(&a->lock);
}

/* The engine's move in the game's position: exactly one answer, and a move while the game is not over. */
static bool engine_move(struct engine *e, const struct game *g, long nodes, move_t *m)
{
	struct answer a = { .lock = PTHREAD_MUTEX_INITIALIZER };
	struct engine_limits l;
	memset(&l, 0, sizeof l);
	l.nodes = (uint64_t)nodes;
	if (!engine_set_line(e, game_line(g)))
		return fail("out of memory", g);
	if (pos_key(engine_position(e)) != pos_key(game_position(g)))
		return fail("the engine's position differs from the game's", g);
	engine_go(e, &l, NULL, on_best, &a);
	engine_wait(e);
	if (a.count != 1)
		return fail("not exactly one best move for one go", g);
	if (a.best == MOVE_NONE)
		return fail("no move from the engine in a game still going on", g);
	*m = a.best;
	return true;
}

/* One game; false (with failure set) at the first thing wrong.  *result gets its outcome. */
static bool play_game(struct engine *e, const struct soak_options *o, long index, enum game_result *result, int *plies)
{
	uint64_t rng = (o->seed + (uint64_t)index) * 0x9E3779B97F4A7C15ULL | 1;
	const char *fen = openings[next_random(&rng) % (uint64_t)nopenings];
	char err[160];
	struct game *g = game_new(fen, err, sizeof err);
	struct pos_line referee = POS_LINE_EMPTY;
	if (!g || !line_set_fen(&referee, fen, err, sizeof err, NULL, 0)) {
		snprintf(failure, sizeof failure, "opening %s: %s", fen, err);
		game_free(g);
		return false;
	}
	engine_new_game(e);
	bool ok = same_as_fresh(g) && same_verdict(g, &referee);
	for (int r = (int)(next_random(&rng) % (uint64_t)(o->random_plies + 1)); ok && r > 0 && !game_is_over(g); r--) {
		move_t list[MAX_MOVES];
		int n = generate_legal(game_position(g), list);
		ok = play_and_check(g, &referee, list[next_random(&rng) % (uint64_t)n]);
	}
	while (ok && !game_is_over(g) && game_ply_count(g) < o->max_plies) {
		move_t m = MOVE_NONE;
		ok = engine_move(e, g, o->nodes, &m) && play_and_check(g, &referee, m);
		if (ok && !game_is_over(g) && game_can_claim(g, MOVE_NONE) != REASON_NONE)
			ok = claim_and_check(g, &referee);
	}
	*result = game_result(g);
	*plies = game_ply_count(g);
	game_free(g);
	line_free(&referee);
	return ok;
}

/* ---------------------------------------------------------------- the run */

static bool parse_options(int argc, char **argv, struct soak_options *o)
{
	*o = (struct soak_options){ 1000, 0, 2, 4, 400, 2000, 1, NULL };
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!v) {
			fprintf(stderr, "soak: %s needs a value\n", a);
			return false;
		}
		i++;
		if (!strcmp(a, "--games")) o->games = atol(v);
		else if (!strcmp(a, "--first")) o->first = atol(v);
		else if (!strcmp(a, "--threads")) o->threads = atoi(v);
		else if (!strcmp(a, "--nodes")) o->nodes = atol(v);
		else if (!strcmp(a, "--random-plies")) o->random_plies = atoi(v);
		else if (!strcmp(a, "--max-plies")) o->max_plies = atoi(v);
		else if (!strcmp(a, "--seed")) o->seed = strtoull(v, NULL, 10);
		else if (!strcmp(a, "--openings")) o->openings = v;
		else {
			fprintf(stderr, "soak: unknown option %s\n", a);
			return false;
		}
	}
	if (o->games < 1 || o->first < 0 || o->threads < 1 || o->nodes < 1 || o->random_plies < 0 || o->max_plies < 1) {
		fprintf(stderr, "soak: every number must be positive (--first and --random-plies may be 0)\n");
		return false;
	}
	return true;
}

int main(int argc, char **argv)
{
	struct soak_options o;
	if (!parse_options(argc, argv, &o))
		return 2;
	engine_init();
	load_openings(o.openings);
	struct engine *e = engine_new();
	char threads[16], err[256];
	snprintf(threads, sizeof threads, "%d", o.threads);
	if (!e || !openings || !engine_set_option(e, "Threads", threads, err, sizeof err)) {
		fprintf(stderr, "soak: cannot set up the engine: %s\n", e ? err : "out of memory");
		return 2;
	}
	printf("soak: games %ld to %ld, threads %d, %ld nodes a move, %d openings\n", o.first, o.first + o.games - 1,
	       o.threads, o.nodes, nopenings);
	long tally[4] = { 0 }, moves = 0;
	double start = now_s();
	for (long i = o.first; i < o.first + o.games; i++) {
		enum game_result r = RESULT_NONE;
		int plies = 0;
		if (!play_game(e, &o, i, &r, &plies)) {
			fprintf(stderr, "soak: game %ld failed: %s\n", i, failure);
			printf("soak: stopped at game %ld (rerun it with --first %ld --games 1)\n", i, i);
			engine_free(e);
			return 1;
		}
		tally[r]++;
		moves += plies;
		printf("game %ld: %s in %d plies\n", i, game_result_text(r), plies);
		fflush(stdout);
	}
	double took = now_s() - start;
	printf("soak: %ld games passed in %.1f s (%.1f games/minute, %ld moves checked): %ld white wins, "
	       "%ld black wins, %ld draws, %ld unfinished at %d plies\n",
	       o.games, took, o.games * 60.0 / took, moves, tally[RESULT_WHITE_WINS], tally[RESULT_BLACK_WINS],
	       tally[RESULT_DRAW], tally[RESULT_NONE], o.max_plies);
	engine_free(e);
	return 0;
}
