/*
 * level-fit stalemates: how often people give stalemate where a move of
 * theirs would, by band of the mover's rating, and how often a UCI engine
 * (a level) does in the same positions, given each game's moves from the
 * start as in play.  A position counts where the mover has more pieces than
 * the opponent (pawns and kings aside), the opponent has at most one, and
 * some legal move stalemates: the won endings where a careless move draws.
 * Every game of the files is read: the model never saw a stalemate as a
 * target of its own, and the event is rare.
 */
#include <stdlib.h>
#include <string.h>

#include "protocol/uci_client.h"
#include "rules/movegen.h"
#include "tools/people/human_fit.h"

struct chance {
	int band;
	bool stalemated; /* the person's move stalemated */
	int ply;
	char fen[FEN_MAX]; /* the game's start */
	move_t *history;   /* its ply moves to here */
};

struct chances {
	struct chance *c;
	size_t n, cap;
	long people[HUMAN_BANDS], moves[HUMAN_BANDS], legal[HUMAN_BANDS], games_read;
	long played[HUMAN_BANDS], ended[HUMAN_BANDS]; /* games a player of the band played, and ended by giving stalemate */
};

static bool stalemates(const struct position *pos, move_t m)
{
	struct position p;
	struct state st, next;
	move_t list[MAX_MOVES];
	pos_copy(&p, &st, pos);
	pos_make_move(&p, m, &next);
	return !in_check(&p) && generate_legal(&p, list) == 0;
}

/* The mover's stalemating moves in pos, 0 where the position is not a won ending of that kind. */
static int stalemating_moves(const struct position *pos, int *legal)
{
	int us = pos->side, them = !us;
	int their_pieces = popcount(pos->by_color[them] & ~pieces_of(pos, them, PAWN)) - 1;
	*legal = 0;
	if (their_pieces > 1 || pos->non_pawn_material[us] <= pos->non_pawn_material[them])
		return 0;
	move_t list[MAX_MOVES];
	int n = generate_legal(pos, list), s = 0;
	for (int i = 0; i < n; i++)
		s += stalemates(pos, list[i]);
	*legal = n;
	return s;
}

static bool add_chance(struct chances *cs, const struct game *g, int band, int ply, bool stalemated)
{
	if (cs->n == cs->cap) {
		size_t cap = cs->cap ? 2 * cs->cap : 1024;
		struct chance *c = realloc(cs->c, cap * sizeof *c);
		if (!c)
			return false;
		cs->c = c, cs->cap = cap;
	}
	struct chance *c = &cs->c[cs->n];
	*c = (struct chance){ .band = band, .stalemated = stalemated, .ply = ply };
	snprintf(c->fen, sizeof c->fen, "%s", game_start_fen(g));
	c->history = malloc(((size_t)ply + 1) * sizeof *c->history);
	if (!c->history)
		return false;
	memcpy(c->history, game_moves(g), (size_t)ply * sizeof *c->history);
	cs->n++;
	return true;
}

static bool on_game(void *ctx, const struct game *g, int number)
{
	(void)number;
	struct chances *cs = ctx;
	int rating[COLOR_NB] = { human_tag_rating(g, "WhiteElo"), human_tag_rating(g, "BlackElo") };
	struct pos_line l = POS_LINE_EMPTY;
	char err[160], warn[160];
	cs->games_read++;
	if (!line_set_fen(&l, game_start_fen(g), err, sizeof err, warn, sizeof warn))
		return true;
	bool ok = true;
	for (int i = 0; ok && i < game_ply_count(g); i++) {
		const struct position *pos = &l.pos;
		int band = human_band(rating[pos->side]), legal;
		move_t m = game_move(g, i);
		int s = band < 0 ? 0 : stalemating_moves(pos, &legal);
		if (s > 0) {
			bool stalemated = stalemates(pos, m);
			cs->people[band] += stalemated, cs->moves[band] += s, cs->legal[band] += legal;
			ok = add_chance(cs, g, band, i, stalemated);
		}
		ok = ok && line_play(&l, m);
	}
	move_t list[MAX_MOVES];
	for (int c = 0; c < COLOR_NB; c++)
		if (human_band(rating[c]) >= 0)
			cs->played[human_band(rating[c])]++;
	int last = human_band(rating[!l.pos.side]);
	if (ok && last >= 0 && game_ply_count(g) > 0 && !in_check(&l.pos) && generate_legal(&l.pos, list) == 0)
		cs->ended[last]++;
	line_free(&l);
	return ok;
}


/* The engine's move in each of at most per_band chances a band (evenly spaced); counts its stalemates. */
static bool engine_pass(const struct chances *cs, const struct stalemate_options *o, long asked[], long gave[])
{
	char err[256];
	struct uci_client_config cfg = { .file = o->engine, .options = o->options, .noptions = o->noptions };
	struct uci_client *c = uci_client_start(&cfg, err, sizeof err);
	if (!c) {
		fprintf(stderr, "level-fit: %s\n", err);
		return false;
	}
	bool ok = true;
	for (int b = 0; ok && b < HUMAN_BANDS; b++) {
		size_t in_band = 0;
		for (size_t i = 0; i < cs->n; i++)
			in_band += cs->c[i].band == b;
		size_t step = o->per_band > 0 && in_band > (size_t)o->per_band ? in_band / (size_t)o->per_band : 1;
		if (o->elo_option) {
			char v[16];
			snprintf(v, sizeof v, "%d", human_band_rating(b));
			uci_client_set_option(c, o->elo_option, v);
		}
		size_t k = 0;
		for (size_t i = 0; ok && i < cs->n; i++) {
			const struct chance *ch = &cs->c[i];
			if (ch->band != b || k++ % step || (o->per_band > 0 && asked[b] >= o->per_band))
				continue;
			struct pos_line l = POS_LINE_EMPTY;
			char e1[160], e2[160];
			ok = line_set_fen(&l, ch->fen, e1, sizeof e1, e2, sizeof e2);
			for (int j = 0; ok && j < ch->ply; j++)
				ok = line_play(&l, ch->history[j]);
			struct engine_limits lim = { .nodes = o->nodes };
			move_t best = MOVE_NONE;
			uci_client_new_game(c);
			if (ok && !uci_client_go(c, strcmp(ch->fen, FEN_START) ? ch->fen : NULL, ch->history, ch->ply, &lim,
			                         NULL, human_keep_best, &best, err, sizeof err)) {
				fprintf(stderr, "level-fit: %s\n", err);
				ok = false;
			}
			if (ok)
				uci_client_wait(c);
			if (ok && best != MOVE_NONE) {
				asked[b]++;
				gave[b] += stalemates(&l.pos, best);
			}
			line_free(&l);
		}
	}
	uci_client_free(c);
	return ok;
}

static void print_table(const struct chances *cs, const struct stalemate_options *o, const long asked[],
                        const long gave[])
{
	size_t in_band[HUMAN_BANDS] = { 0 };
	for (size_t i = 0; i < cs->n; i++)
		in_band[cs->c[i].band]++;
	printf("%ld games read: by band, the games its players played and ended by giving stalemate; the positions "
	       "where a move stalemates, the mover ahead (pieces) and the opponent with at most one piece besides "
	       "pawns, and how often the stalemate was given there\n",
	       cs->games_read);
	printf("band       games  ended so   positions  stalemating/legal  people stalemated%s\n",
	       o->engine ? "   engine stalemated" : "");
	for (int b = 0; b < HUMAN_BANDS; b++) {
		long n = (long)in_band[b];
		if (!n)
			continue;
		printf("%4d-%-4d  %5ld  %4ld %4.2f%%  %9ld  %6.2f / %-7.1f  %6ld  %5.2f%%", 800 + 200 * b, 999 + 200 * b,
		       cs->played[b], cs->ended[b], 100.0 * (double)cs->ended[b] / (double)(cs->played[b] ? cs->played[b] : 1), n,
		       (double)cs->moves[b] / (double)n, (double)cs->legal[b] / (double)n, cs->people[b],
		       100.0 * (double)cs->people[b] / (double)n);
		if (o->engine)
			printf("   %5ld of %-5ld %5.2f%%", gave[b], asked[b],
			       asked[b] ? 100.0 * (double)gave[b] / (double)asked[b] : 0.0);
		printf("\n");
	}
}

int human_stalemates(const char *const *pgns, int npgns, const struct stalemate_options *o)
{
	struct chances cs = { 0 };
	bool ok = true;
	for (int i = 0; ok && i < npgns; i++)
		ok = human_games_read(pgns[i], 0, on_game, &cs);
	long asked[HUMAN_BANDS] = { 0 }, gave[HUMAN_BANDS] = { 0 };
	if (ok && o->engine)
		ok = engine_pass(&cs, o, asked, gave);
	if (ok)
		print_table(&cs, o, asked, gave);
	for (size_t i = 0; i < cs.n; i++)
		free(cs.c[i].history);
	free(cs.c);
	return ok ? 0 : 1;
}
