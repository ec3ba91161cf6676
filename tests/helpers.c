/* Shared helpers for the Criterion suites. */
#include <ctype.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "notation/text_file.h"
#include "rules/clock.h"
#include "rules/movegen.h"
#include "rules/position.h"

/* A test position is the first member of its heap line, so the line is one cast away. */
_Static_assert(offsetof(struct pos_line, pos) == 0, "the position opens its line");
static struct pos_line *line_of(const struct position *pos) { return (struct pos_line *)(uintptr_t)pos; }

struct position *test_position(const char *fen)
{
	char err[160];
	struct pos_line *line = malloc(sizeof *line);
	cr_assert_not_null(line);
	*line = POS_LINE_EMPTY;
	position_init();
	cr_assert(line_set_fen(line, fen, err, sizeof err, NULL, 0), "FEN rejected: %s: %s", fen, err);
	return &line->pos;
}

void test_free(struct position *pos)
{
	if (!pos)
		return;
	line_free(line_of(pos));
	free(line_of(pos));
}

void test_play(struct position *pos, move_t m) { cr_assert(line_play(line_of(pos), m), "out of memory"); }
void test_undo(struct position *pos) { line_undo(line_of(pos)); }
int test_depth(const struct position *pos) { return line_of(pos)->ply; }

bool test_set_fen(struct position *pos, const char *fen, char *err, size_t errlen, char *warn, size_t warnlen)
{
	return line_set_fen(line_of(pos), fen, err, errlen, warn, warnlen);
}

int test_time_scale(void)
{
	const char *s = getenv("OUTPOST_TEST_TIME_SCALE");
	int scale = s ? atoi(s) : 1;
	return scale < 1 ? 1 : scale;
}

uint64_t test_seed(const char *suite)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	uint64_t s = (uint64_t)ts.tv_nsec * 0x9E3779B97F4A7C15ULL | 1;
	printf("%s: random seed %llu\n", suite, (unsigned long long)s);
	return s;
}

uint64_t test_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

void test_sleep_us(long us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };
	nanosleep(&ts, NULL);
}

long test_resident_kb(pid_t pid)
{
	char path[64], line[256];
	if (pid)
		snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
	else
		snprintf(path, sizeof path, "/proc/self/status");
	FILE *f = fopen(path, "r");
	long kb = -1;
	while (f && fgets(line, sizeof line, f))
		if (sscanf(line, "VmRSS: %ld kB", &kb) == 1)
			break;
	if (f)
		fclose(f);
	return kb;
}

static FILE *open_or_fail(const char *path)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "cannot open test data %s", path);
	return f;
}

static char *read_whole(FILE *f, size_t *len)
{
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *buf = malloc((size_t)n + 1);
	cr_assert_not_null(buf);
	size_t got = fread(buf, 1, (size_t)n, f);
	buf[got] = '\0';
	fclose(f);
	if (len)
		*len = got;
	return buf;
}

FILE *test_data_open(const char *name)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", TEST_DATA_DIR, name);
	return open_or_fail(path);
}

char *test_data_read(const char *name, size_t *len) { return read_whole(test_data_open(name), len); }

bool test_shared_data(void) { return SHARED_DATA_DIR[0] != '\0'; }

void test_shared_path(const char *name, char *path, size_t len)
{
	cr_assert(test_shared_data(), "%s is one of the outside test collections, and this build has none "
	                              "(configure --with-test-data=DIR)",
	          name);
	snprintf(path, len, "%s/%s", SHARED_DATA_DIR, name);
}

FILE *test_shared_open(const char *name)
{
	char path[1024];
	test_shared_path(name, path, sizeof path);
	return open_or_fail(path);
}

char *test_shared_read(const char *name, size_t *len) { return read_whole(test_shared_open(name), len); }

int test_read_pgn(const char *text, size_t len, const char *name, struct game ***games)
{
	struct pgn_reader *r = pgn_reader_new(text, len, name);
	struct pgn_error err;
	struct game *g;
	int n = 0, st;
	cr_assert_not_null(r);
	*games = NULL;
	while ((st = pgn_read_game(r, &g, &err)) == 1) {
		*games = realloc(*games, (size_t)(n + 1) * sizeof **games);
		cr_assert_not_null(*games);
		(*games)[n++] = g;
	}
	char msg[600] = "";
	if (st < 0)
		pgn_error_text(&err, msg, sizeof msg);
	cr_assert_eq(st, 0, "%s", msg);
	pgn_reader_free(r);
	return n;
}

void test_free_games(struct game **games, int n)
{
	for (int i = 0; i < n; i++)
		game_free(games[i]);
	free(games);
}

char *test_data_main_line(const char *name, int game)
{
	position_init(); /* the terminal suites have not needed the tables yet */
	size_t len;
	char *text = test_data_read(name, &len), err[256];
	struct game **games;
	int n = test_read_pgn(text, len, name, &games);
	free(text);
	cr_assert(game >= 1 && game <= n, "%s has %d games, not a game %d", name, n, game);
	const struct game *g = games[game - 1];
	struct game *plain = game_new(game_start_fen(g), err, sizeof err);
	cr_assert_not_null(plain, "%s", err);
	for (int i = 0; i < game_ply_count(g); i++)
		cr_assert(game_play(plain, game_move(g, i)), "%s game %d: ply %d", name, game, i + 1);
	static const char *const tags[] = { "Event", "Site", "Date", "Round", "White", "Black" };
	for (size_t i = 0; i < sizeof tags / sizeof *tags; i++)
		cr_assert(game_set_tag(plain, tags[i], game_tag(g, tags[i])));
	char *out = pgn_game_to_string(plain);
	cr_assert_not_null(out);
	game_free(plain);
	test_free_games(games, n);
	return out;
}

struct game *test_read_one_game(const char *text)
{
	struct game **games;
	int n = test_read_pgn(text, strlen(text), "test", &games);
	cr_assert_eq(n, 1, "%d games in: %s", n, text);
	struct game *g = games[0];
	free(games);
	return g;
}

int test_main_node(const struct game *g, int plies)
{
	int node = GAME_ROOT;
	for (int i = 0; i < plies; i++) {
		node = game_child(g, node);
		cr_assert_neq(node, GAME_NODE_NONE, "the main line is shorter than %d moves", plies);
	}
	return node;
}

void test_pgn_first_error(const char *text, const char *name, int *good, char *msg, size_t len)
{
	struct pgn_reader *r = pgn_reader_new(text, strlen(text), name);
	struct pgn_error err;
	struct game *g;
	int st;
	*good = 0;
	msg[0] = '\0';
	while ((st = pgn_read_game(r, &g, &err)) == 1) {
		(*good)++;
		game_free(g);
	}
	if (st < 0)
		pgn_error_text(&err, msg, len);
	pgn_reader_free(r);
}

void test_result_init(struct test_result *r)
{
	memset(r, 0, sizeof *r);
	pthread_mutex_init(&r->lock, NULL);
}

void test_on_info(void *ctx, const struct engine_info *info)
{
	struct test_result *r = ctx;
	pthread_mutex_lock(&r->lock);
	r->infos++;
	if (info->multipv > r->multipv_max)
		r->multipv_max = info->multipv;
	if (info->multipv == 1)
		r->last = *info;
	pthread_mutex_unlock(&r->lock);
}

void test_on_best(void *ctx, move_t best, move_t ponder)
{
	struct test_result *r = ctx;
	pthread_mutex_lock(&r->lock);
	r->best = best;
	r->ponder = ponder;
	r->bests++;
	r->best_at = monotonic_ms();
	pthread_mutex_unlock(&r->lock);
}

void test_go_and_wait(struct engine *e, const struct engine_limits *l, struct test_result *r)
{
	test_result_init(r);
	engine_go(e, l, test_on_info, test_on_best, r);
	engine_wait(e);
	cr_assert_eq(r->bests, 1, "on_best fired %d times", r->bests);
}

char *test_src_read(const char *name)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", SRC_ROOT, name);
	char *text = text_file_read(path, NULL);
	cr_assert_not_null(text, "cannot read %s", path);
	return text;
}

/* Runs the shell command line full, whatever it sends to the pipe into out. */
static int run_into(const char *full, char *out, size_t len)
{
	FILE *p = popen(full, "r");
	cr_assert(p, "popen failed");
	size_t n = fread(out, 1, len - 1, p);
	out[n] = '\0';
	int st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int test_shell(const char *cmd, char *err, size_t errlen)
{
	char full[4096];
	snprintf(full, sizeof full, "%s 2>&1 >/dev/null", cmd);
	return run_into(full, err, errlen);
}

int test_run(const char *cmd, char *out, size_t len)
{
	char full[4096];
	snprintf(full, sizeof full, "%s 2>&1", cmd);
	return run_into(full, out, len);
}

/* The same position with the colours swapped and the board turned over: White's a2 is Black's a7. */
void test_mirror_fen(const char *fen, char *out, size_t len)
{
	char board[96], side[4], castle[8], ep[4];
	int half = 0, full = 1;
	cr_assert(sscanf(fen, "%95s %3s %7s %3s %d %d", board, side, castle, ep, &half, &full) >= 4, "%s", fen);
	char ranks[8][16];
	int n = 0;
	for (char *save = NULL, *r = strtok_r(board, "/", &save); r && n < 8; r = strtok_r(NULL, "/", &save))
		snprintf(ranks[n++], sizeof ranks[0], "%s", r);
	cr_assert_eq(n, 8);
	size_t at = 0;
	for (int i = 7; i >= 0; i--) {
		for (char *c = ranks[i]; *c; c++)
			out[at++] = isupper((unsigned char)*c) ? (char)tolower(*c) : (char)toupper(*c);
		out[at++] = i ? '/' : ' ';
	}
	out[at] = '\0';
	char rights[8] = "";
	const char *order = "KQkq";
	int nr = 0;
	for (int i = 0; i < 4; i++) {
		char want = isupper((unsigned char)order[i]) ? (char)tolower(order[i]) : (char)toupper(order[i]);
		if (strchr(castle, want))
			rights[nr++] = order[i];
	}
	rights[nr] = '\0';
	if (ep[0] != '-')
		ep[1] = ep[1] == '3' ? '6' : '3';
	snprintf(out + at, len - at, "%s %s %s %d %d", side[0] == 'w' ? "b" : "w", rights[0] ? rights : "-", ep, half,
	         full);
}

int test_moves_to_mate(const char *fen, int elo, int nodes, int max_moves)
{
	struct engine *strong = engine_new(), *defence = engine_new();
	char err[256];
	cr_assert(engine_set_option(strong, "Threads", "1", err, sizeof err), "%s", err);
	cr_assert(engine_set_option(defence, "Threads", "1", err, sizeof err), "%s", err);
	if (elo) {
		char v[16];
		snprintf(v, sizeof v, "%d", elo);
		cr_assert(engine_set_option(strong, "UCI_LimitStrength", "true", err, sizeof err));
		cr_assert(engine_set_option(strong, "HumanPace", "false", err, sizeof err));
		cr_assert(engine_set_option(strong, "UCI_Elo", v, err, sizeof err), "%s", err);
	}
	struct position *pos = test_position(fen);
	move_t line[256];
	int n = 0, mated_after = -1;
	while (n < 2 * max_moves) {
		struct engine *e = n % 2 == 0 ? strong : defence;
		cr_assert(engine_set_position(e, fen, line, n, err, sizeof err), "%s", err);
		struct engine_limits l = { .nodes = (uint64_t)nodes };
		/*
		 * A level plays on a clock, as in a game; an hour of it, because its looks are counted in nodes and
		 * a clock short enough for a busy machine to cut them would make the line depend on the load.
		 */
		if (elo && e == strong)
			l = (struct engine_limits){ .time_ms = { 3600000, 3600000 } };
		struct test_result r;
		test_go_and_wait(e, &l, &r);
		if (r.best == MOVE_NONE)
			break;
		line[n++] = r.best;
		test_play(pos, r.best);
		move_t list[MAX_MOVES];
		if (generate_legal(pos, list) == 0) {
			mated_after = in_check(pos) ? (n + 1) / 2 : -1;
			break;
		}
		if (pos->st->rule50 >= 100)
			break;
	}
	test_free(pos);
	engine_free(strong);
	engine_free(defence);
	return mated_after;
}
