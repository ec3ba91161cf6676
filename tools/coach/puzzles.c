/*
 * tools/coach/puzzles: the puzzle finder's workshop and yardsticks (`make tools/coach/puzzles`; not installed).
 *
 *   tools/coach/puzzles selfplay GAMES DEPTH SEED    fast games of the engine against itself, PGN on stdout
 *   tools/coach/puzzles find FILE.pgn [QUICK DEEP]   the finder over every game (both sides), each puzzle rated
 *                                                    by the depth that sees it: trainer-file lines on stdout
 *   tools/coach/puzzles precision FILE DEPTH         how many puzzles of a trainer file keep a unique best move
 *                                                    at DEPTH (the finder's check searched deeper)
 *   tools/coach/puzzles retheme FILE                 a trainer file's themes found again (after the tests change)
 *   tools/coach/puzzles themes FILE.csv[.zst] [LIMIT]      for each theme Outpost names: on Lichess's puzzles, how
 *                                                    often Lichess names it too where we do, and the reverse
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/engine.h"
#include "study/lichess_csv.h"
#include "notation/pgn.h"
#include "study/puzzle_find.h"
#include "notation/text_file.h"
#include "study/trainer_file.h"
#include "rules/movegen.h"
#include "tui/base/puzzle_search.h"
#include "tui/base/text_lines.h"

#define SELFPLAY_RANDOM_PLIES 6
#define SELFPLAY_MAX_PLIES 200

static uint64_t rng_state;
static uint64_t rng_next(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static move_t best_move(struct engine *e, const struct game *g, int depth)
{
	struct puzzle_pv pv;
	if (puzzle_search_run(e, game_line(g), 1, depth, &pv) != 1)
		return MOVE_NONE;
	return pv.pv[0];
}

/* One game: random first plies, then the engine to a small depth each move. */
static struct game *selfplay_game(struct engine *e, int depth, int number)
{
	struct game *g = game_new(NULL, NULL, 0);
	char text[64];
	if (!g)
		return NULL;
	engine_new_game(e);
	for (int ply = 0; !game_is_over(g) && ply < SELFPLAY_MAX_PLIES; ply++) {
		move_t list[MAX_MOVES], m;
		if (ply < SELFPLAY_RANDOM_PLIES) {
			int n = generate_legal(game_position(g), list);
			m = list[rng_next() % (uint64_t)n];
		} else {
			m = best_move(e, g, depth);
		}
		if (m == MOVE_NONE || !game_play(g, m))
			break;
	}
	if (!game_is_over(g))
		game_set_result(g, RESULT_DRAW, REASON_ADJUDICATION);
	snprintf(text, sizeof text, "Outpost depth %d", depth);
	game_set_tag(g, "White", text);
	game_set_tag(g, "Black", text);
	game_set_tag(g, "Event", "Outpost self-play for puzzles");
	snprintf(text, sizeof text, "%d", number);
	game_set_tag(g, "Round", text);
	return g;
}

static int selfplay(int argc, char **argv)
{
	if (argc < 3)
		return 2;
	int games = atoi(argv[0]), depth = atoi(argv[1]);
	rng_state = (uint64_t)atoll(argv[2]) * 2654435761u + 1;
	struct engine *e = engine_new();
	for (int i = 1; e && i <= games; i++) {
		struct game *g = selfplay_game(e, depth, i);
		if (g)
			pgn_write_game(stdout, g);
		game_free(g);
		fflush(stdout);
	}
	engine_free(e);
	return 0;
}

static int find(int argc, char **argv)
{
	if (argc < 1)
		return 2;
	size_t len;
	char *text = text_file_read(argv[0], &len);
	struct engine *e = engine_new();
	const char *base = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	struct puzzle_finder f = puzzle_search_finder(e, NULL, base);
	if (argc >= 3) {
		f.quick_depth = atoi(argv[1]);
		f.deep_depth = atoi(argv[2]);
	}
	struct pgn_reader *r = text && e ? pgn_reader_new(text, len, argv[0]) : NULL;
	struct trainer t;
	struct game *g;
	struct pgn_error perr;
	static struct puzzle found[64];
	int games = 0;
	trainer_init(&t);
	while (r && pgn_read_game(r, &g, &perr) > 0) {
		engine_new_game(e);
		int n = puzzle_find_in_game(&f, g, ++games, found, 64);
		for (int i = 0; i < n; i++)
			trainer_add(&t, &found[i], 0);
		fprintf(stderr, "game %d: %d puzzles\n", games, n);
		game_free(g);
	}
	char *out = trainer_format(&t);
	if (out)
		fputs(out, stdout);
	fprintf(stderr, "%d puzzles in %d games\n", t.n, games);
	free(out);
	trainer_free(&t);
	pgn_reader_free(r);
	engine_free(e);
	free(text);
	return 0;
}

/* A trainer file read whole (its text returned, to free after t), or NULL with the reason on stderr. */
static char *read_trainer(const char *path, struct trainer *t)
{
	size_t len;
	char *text = text_file_read(path, &len), err[600];
	if (!text || !trainer_parse(t, text, len, path, err, sizeof err)) {
		fprintf(stderr, "%s\n", text ? err : "cannot read the file");
		free(text);
		return NULL;
	}
	return text;
}

static int precision(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	struct trainer t;
	char *text = read_trainer(argv[0], &t);
	if (!text)
		return 1;
	struct engine *e = engine_new();
	int depth = atoi(argv[1]), unique = 0, same = 0;
	for (int i = 0; i < t.n; i++) {
		struct pos_line l = POS_LINE_EMPTY;
		struct puzzle_pv two[2];
		const struct puzzle *p = &t.items[i].p;
		line_set_fen(&l, p->fen, NULL, 0, NULL, 0);
		engine_new_game(e);
		int got = puzzle_search_run(e, &l, 2, depth, two);
		bool best = got >= 1 && puzzle_step_ok(p, 0, &l.pos, two[0].pv[0]);
		bool gap = got == 2 && puzzle_pv_score(&two[0]) - puzzle_pv_score(&two[1]) >= PUZZLE_UNIQUE_GAP;
		same += best;
		unique += best && gap;
		line_free(&l);
	}
	printf("%d puzzles; at depth %d the same best move in %d (%.1f%%), and still unique (second %.2f or more "
	       "behind) in %d (%.1f%%)\n",
	       t.n, depth, same, t.n ? 100.0 * same / t.n : 0.0, PUZZLE_UNIQUE_GAP, unique,
	       t.n ? 100.0 * unique / t.n : 0.0);
	engine_free(e);
	trainer_free(&t);
	free(text);
	return 0;
}

static int retheme(int argc, char **argv)
{
	if (argc < 1)
		return 2;
	struct trainer t;
	char *text = read_trainer(argv[0], &t);
	if (!text)
		return 1;
	for (int i = 0; i < t.n; i++)
		t.items[i].p.themes = puzzle_find_themes(&t.items[i].p);
	char *out = trainer_format(&t);
	if (out)
		fputs(out, stdout);
	free(out);
	trainer_free(&t);
	free(text);
	return out ? 0 : 1;
}

static int themes(int argc, char **argv)
{
	if (argc < 1)
		return 2;
	char err[300];
	struct text_lines *f = text_lines_open(argv[0], err, sizeof err);
	long limit = argc >= 2 ? atol(argv[1]) : 0, rows = 0, bad = 0;
	long ours[THEME_NB] = { 0 }, theirs[THEME_NB] = { 0 }, both[THEME_NB] = { 0 };
	const char *row;
	if (!f) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	while ((row = text_lines_next(f, err, sizeof err)) != NULL && (!limit || rows < limit)) {
		struct lichess_puzzle lp;
		if (lichess_csv_is_header(row))
			continue;
		if (!lichess_csv_parse(row, &lp, err, sizeof err)) {
			bad++;
			continue;
		}
		rows++;
		unsigned found = puzzle_find_themes(&lp.p);
		for (int t = 0; t < THEME_NB; t++) {
			bool we = found & 1u << t, they = lichess_has_theme(lp.themes, puzzle_theme_name(t));
			ours[t] += we;
			theirs[t] += they;
			both[t] += we && they;
		}
	}
	text_lines_close(f);
	if (!row && err[0])
		fprintf(stderr, "%s: %s (the table is of the rows before it)\n", argv[0], err);
	printf("%ld Lichess puzzles (%ld rows refused)\n", rows, bad);
	printf("%-14s %8s %8s %8s %10s %10s\n", "theme", "ours", "Lichess", "both", "precision", "recall");
	for (int t = 0; t < THEME_NB; t++)
		printf("%-14s %8ld %8ld %8ld %9.1f%% %9.1f%%\n", puzzle_theme_name(t), ours[t], theirs[t], both[t],
		       ours[t] ? 100.0 * both[t] / ours[t] : 0.0, theirs[t] ? 100.0 * both[t] / theirs[t] : 0.0);
	return 0;
}

int main(int argc, char **argv)
{
	engine_init();
	int status = 2;
	if (argc >= 2 && !strcmp(argv[1], "selfplay"))
		status = selfplay(argc - 2, argv + 2);
	else if (argc >= 2 && !strcmp(argv[1], "find"))
		status = find(argc - 2, argv + 2);
	else if (argc >= 2 && !strcmp(argv[1], "precision"))
		status = precision(argc - 2, argv + 2);
	else if (argc >= 2 && !strcmp(argv[1], "retheme"))
		status = retheme(argc - 2, argv + 2);
	else if (argc >= 2 && !strcmp(argv[1], "themes"))
		status = themes(argc - 2, argv + 2);
	if (status == 2)
		fprintf(stderr, "usage: tools/coach/puzzles selfplay GAMES DEPTH SEED | find FILE.pgn [QUICK DEEP] | "
		                "precision FILE DEPTH | retheme FILE | themes FILE.csv [LIMIT]\n");
	return status;
}
