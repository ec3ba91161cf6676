/*
 * level-fit mates: how fast people mate a bare king with a queen or a rook,
 * by band of the mating side's rating, and how fast a UCI engine (a level)
 * does from the same positions against our full engine's defence.  A game
 * counts from its first position where one side has king and queen, or king
 * and rook, against a lone king, with that side to move; its moves to mate
 * are the mating side's from there.  People's figures are of the games that
 * ended in that mate (the others ran out of time, drew or were resigned);
 * the engine plays on from the starts of those games, so that both sides of
 * the table mate from the same squares.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "protocol/one_search.h"
#include "protocol/uci_client.h"
#include "rules/movegen.h"
#include "tools/people/human_fit.h"

enum { MATE_QUEEN, MATE_ROOK, MATE_KINDS };
static const char *const kind_name[MATE_KINDS] = { "queen", "rook" };

struct mate_start {
	int band, kind, moves; /* the person's moves to mate */
	char fen[FEN_MAX];
};

struct mate_starts {
	struct mate_start *s;
	size_t n, cap;
	long reached[MATE_KINDS][HUMAN_BANDS]; /* games that reached the ending */
	long mated[MATE_KINDS][HUMAN_BANDS];   /* of those, the games that ended in its mate: the starts kept */
	long moves[MATE_KINDS][HUMAN_BANDS];   /* the people's moves to mate, summed over their starts */
};

/* The ending's kind, with the mating side in *strong; -1 for any other position. */
static int ending_kind(const struct position *p, int *strong)
{
	for (int c = 0; c < COLOR_NB; c++) {
		if (popcount(p->by_color[!c]) != 1 || popcount(p->by_color[c]) != 2)
			continue;
		*strong = c;
		return pieces_of(p, c, QUEEN) ? MATE_QUEEN : pieces_of(p, c, ROOK) ? MATE_ROOK : -1;
	}
	return -1;
}

static bool checkmated(const struct position *p)
{
	move_t list[MAX_MOVES];
	return in_check(p) && generate_legal(p, list) == 0;
}

static bool add_start(struct mate_starts *ms, const struct mate_start *s)
{
	if (ms->n == ms->cap) {
		size_t cap = ms->cap ? 2 * ms->cap : 256;
		struct mate_start *grown = realloc(ms->s, cap * sizeof *grown);
		if (!grown)
			return false;
		ms->s = grown, ms->cap = cap;
	}
	ms->s[ms->n++] = *s;
	return true;
}

static bool on_game(void *ctx, const struct game *g, int number)
{
	(void)number;
	struct mate_starts *ms = ctx;
	int rating[COLOR_NB] = { human_tag_rating(g, "WhiteElo"), human_tag_rating(g, "BlackElo") };
	struct pos_line l = POS_LINE_EMPTY;
	char err[160], warn[160];
	if (!line_set_fen(&l, game_start_fen(g), err, sizeof err, warn, sizeof warn))
		return true;
	struct mate_start s = { .kind = -1 };
	int strong = WHITE, n = game_ply_count(g), start = 0;
	bool ok = true;
	for (int i = 0; ok && i <= n; i++) {
		if (s.kind < 0 && (s.kind = ending_kind(&l.pos, &strong)) >= 0) {
			if (l.pos.side == strong) {
				start = i;
				pos_get_fen(&l.pos, s.fen, sizeof s.fen);
			} else {
				s.kind = -1;
			}
		}
		ok = i == n || line_play(&l, game_move(g, i));
	}
	s.band = s.kind >= 0 ? human_band(rating[strong]) : -1;
	if (ok && s.band >= 0) {
		ms->reached[s.kind][s.band]++;
		if (checkmated(&l.pos) && l.pos.side != strong) {
			s.moves = (n - start + 1) / 2;
			ms->moves[s.kind][s.band] += s.moves;
			ms->mated[s.kind][s.band]++;
			ok = add_start(ms, &s);
		}
	}
	line_free(&l);
	return ok;
}

/* The engine's moves to mate from s against the defence, 0 when it did not mate in `limit` moves or drew. */
static int engine_mates(struct uci_client *c, struct engine *defence, const struct mate_start *s,
                        const struct mate_options *o, bool *failed)
{
	struct pos_line l = POS_LINE_EMPTY;
	char err[256], warn[160];
	move_t played[2 * 200];
	int limit = o->limit < 200 ? o->limit : 200, ply = 0, mated_in = 0;
	if (!line_set_fen(&l, s->fen, err, sizeof err, warn, sizeof warn))
		return 0;
	uci_client_new_game(c);
	engine_new_game(defence);
	while (ply < 2 * limit && l.pos.st->rule50 < 100) {
		move_t m = MOVE_NONE;
		if (ply % 2 == 0) { /* the engine, on a clock too long to cut its looks */
			struct engine_limits lim = { .time_ms = { 3600000, 3600000 } };
			if (!uci_client_go(c, s->fen, played, ply, &lim, NULL, human_keep_best, &m, err, sizeof err)) {
				fprintf(stderr, "level-fit: %s\n", err);
				*failed = true;
				break;
			}
			uci_client_wait(c);
		} else {
			struct engine_limits lim = { .nodes = o->defence_nodes };
			struct one_search done;
			engine_set_line(defence, &l);
			one_search_run(defence, &lim, &done);
			m = done.best;
		}
		if (m == MOVE_NONE || !line_play(&l, m))
			break;
		played[ply++] = m;
		if (checkmated(&l.pos)) {
			mated_in = (ply + 1) / 2;
			break;
		}
		if (popcount(l.pos.by_color[!l.pos.side]) == 1 && popcount(l.pos.by_color[l.pos.side]) == 1)
			break; /* the piece was taken */
	}
	line_free(&l);
	return mated_in;
}

/* What the engine did by ending and band: starts it played, people's moves to mate from them, its mates and moves. */
struct engine_tally {
	long asked[MATE_KINDS][HUMAN_BANDS], people[MATE_KINDS][HUMAN_BANDS];
	long mated[MATE_KINDS][HUMAN_BANDS], moves[MATE_KINDS][HUMAN_BANDS];
};

/* The engine from at most per_band starts of each band and kind (evenly spaced); its mates and their moves. */
static bool engine_pass(const struct mate_starts *ms, const struct mate_options *o, struct engine_tally *t)
{
	char err[256];
	struct uci_client_config cfg = { .file = o->engine, .options = o->options, .noptions = o->noptions };
	struct uci_client *c = uci_client_start(&cfg, err, sizeof err);
	struct engine *defence = engine_new();
	if (!c || !defence) {
		fprintf(stderr, "level-fit: %s\n", c ? "cannot start our engine" : err);
		uci_client_free(c);
		engine_free(defence);
		return false;
	}
	bool failed = false;
	for (int b = 0; !failed && b < HUMAN_BANDS; b++) {
		if (o->elo_option) {
			char v[16];
			snprintf(v, sizeof v, "%d", human_band_rating(b));
			uci_client_set_option(c, o->elo_option, v);
		}
		for (int k = 0; !failed && k < MATE_KINDS; k++) {
			size_t in_band = (size_t)ms->mated[k][b], seen = 0;
			size_t step = o->per_band > 0 && in_band > (size_t)o->per_band ? in_band / (size_t)o->per_band : 1;
			for (size_t i = 0; !failed && i < ms->n; i++) {
				const struct mate_start *s = &ms->s[i];
				if (s->band != b || s->kind != k || seen++ % step || (o->per_band > 0 && t->asked[k][b] >= o->per_band))
					continue;
				int in = engine_mates(c, defence, s, o, &failed);
				t->asked[k][b]++;
				t->people[k][b] += s->moves;
				t->mated[k][b] += in > 0;
				t->moves[k][b] += in > 0 ? in : 0;
			}
		}
	}
	uci_client_free(c);
	engine_free(defence);
	return !failed;
}

static double mean_of(long sum, long n) { return n ? (double)sum / (double)n : 0; }

static void print_table(const struct mate_starts *ms, const struct mate_options *o, const struct engine_tally *t)
{
	printf("by band of the mating side: the games that reached king and queen or king and rook against a lone king "
	       "(that side to move), those that ended in its mate, and its mean moves to mate from there");
	if (o->engine)
		printf("; the engine's from (some of) the starts of those games against our engine at %llu nodes, up to %d "
		       "moves, and people's from the same starts",
		       (unsigned long long)o->defence_nodes, o->limit);
	printf("\nending  band       reached  mated  people's moves%s\n",
	       o->engine ? "   engine: mated  moves  people's there" : "");
	for (int k = 0; k < MATE_KINDS; k++)
		for (int b = 0; b < HUMAN_BANDS; b++) {
			if (!ms->reached[k][b])
				continue;
			printf("%-6s  %4d-%-4d  %7ld  %5ld  %14.1f", kind_name[k], 800 + 200 * b, 999 + 200 * b,
			       ms->reached[k][b], ms->mated[k][b], mean_of(ms->moves[k][b], ms->mated[k][b]));
			if (o->engine)
				printf("   %5ld of %-4ld %5.1f  %14.1f", t->mated[k][b], t->asked[k][b],
				       mean_of(t->moves[k][b], t->mated[k][b]), mean_of(t->people[k][b], t->asked[k][b]));
			printf("\n");
		}
}

int human_mates(const char *const *pgns, int npgns, const struct mate_options *o)
{
	struct mate_starts ms = { 0 };
	bool ok = true;
	for (int i = 0; ok && i < npgns; i++)
		ok = human_games_read(pgns[i], 0, on_game, &ms);
	struct engine_tally t;
	memset(&t, 0, sizeof t);
	if (ok && o->engine)
		ok = engine_pass(&ms, o, &t);
	if (ok)
		print_table(&ms, o, &t);
	free(ms.s);
	return ok ? 0 : 1;
}
