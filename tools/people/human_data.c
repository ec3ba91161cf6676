/* level-fit extract: the positions of rated games as records of features, split by game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "people/human_probe.h"
#include "protocol/one_search.h"
#include "tools/people/human_fit.h"
#include "tools/people/human_games.h"

#define RECORD_MAGIC 0x32455248u /* "HRE2": with the moves that led to the position */

bool human_record_write(FILE *fp, const struct human_record *r)
{
	uint32_t magic = RECORD_MAGIC;
	return fwrite(&magic, sizeof magic, 1, fp) == 1 && fwrite(&r->game, sizeof r->game, 1, fp) == 1 &&
	       fwrite(&r->rating, sizeof r->rating, 1, fp) == 1 && fwrite(&r->ply, sizeof r->ply, 1, fp) == 1 &&
	       fwrite(&r->n, 1, 1, fp) == 1 && fwrite(&r->human, 1, 1, fp) == 1 &&
	       fwrite(r->fen, sizeof r->fen, 1, fp) == 1 &&
	       fwrite(r->history, sizeof *r->history, (size_t)r->ply, fp) == (size_t)r->ply &&
	       fwrite(r->moves, sizeof *r->moves, r->n, fp) == r->n &&
	       fwrite(r->f, sizeof *r->f, r->n, fp) == r->n;
}

void human_record_free(struct human_record *r)
{
	free(r->history);
	free(r->moves);
	free(r->f);
	r->history = NULL;
	r->moves = NULL;
	r->f = NULL;
}

int human_record_read(FILE *fp, struct human_record *r, const char *path)
{
	uint32_t magic;
	if (fread(&magic, sizeof magic, 1, fp) != 1)
		return 0;
	bool ok = magic == RECORD_MAGIC && fread(&r->game, sizeof r->game, 1, fp) == 1 &&
	          fread(&r->rating, sizeof r->rating, 1, fp) == 1 && fread(&r->ply, sizeof r->ply, 1, fp) == 1 &&
	          fread(&r->n, 1, 1, fp) == 1 && fread(&r->human, 1, 1, fp) == 1 && r->n > 0 && r->human < r->n &&
	          r->ply >= 0 && fread(r->fen, sizeof r->fen, 1, fp) == 1 && memchr(r->fen, '\0', sizeof r->fen);
	r->history = ok ? malloc(((size_t)r->ply + 1) * sizeof *r->history) : NULL;
	r->moves = ok ? malloc(r->n * sizeof *r->moves) : NULL;
	r->f = ok ? malloc(r->n * sizeof *r->f) : NULL;
	ok = ok && r->history && r->moves && r->f &&
	     fread(r->history, sizeof *r->history, (size_t)r->ply, fp) == (size_t)r->ply &&
	     fread(r->moves, sizeof *r->moves, r->n, fp) == r->n && fread(r->f, sizeof *r->f, r->n, fp) == r->n;
	if (!ok) {
		human_record_free(r);
		fprintf(stderr, "level-fit: %s: a broken record at byte %ld\n", path, ftell(fp));
		return -1;
	}
	return 1;
}

bool human_set_load(struct human_set *set, const char *path)
{
	FILE *fp = fopen(path, "rb");
	if (!fp) {
		perror(path);
		return false;
	}
	struct human_record r;
	int got;
	while ((got = human_record_read(fp, &r, path)) == 1) {
		if (set->n == set->cap) {
			set->cap = set->cap ? set->cap * 2 : 4096;
			set->r = realloc(set->r, set->cap * sizeof *set->r);
			if (!set->r) {
				fprintf(stderr, "level-fit: out of memory\n");
				exit(1);
			}
		}
		set->r[set->n++] = r;
	}
	fclose(fp);
	if (got < 0)
		fprintf(stderr, "level-fit: %s: keeping the %zu records before it\n", path, set->n);
	return true;
}

void human_set_per_band(struct human_set *set, int per_band)
{
	size_t count[HUMAN_BANDS] = { 0 }, seen[HUMAN_BANDS] = { 0 }, kept = 0;
	for (size_t i = 0; i < set->n; i++)
		if (human_band(set->r[i].rating) >= 0)
			count[human_band(set->r[i].rating)]++;
	for (size_t i = 0; i < set->n; i++) {
		int b = human_band(set->r[i].rating);
		/* Evenly spaced through the band, so that each file given has its share. */
		bool keep = b >= 0 && (count[b] <= (size_t)per_band ||
		                       (seen[b] + 1) * per_band / count[b] != seen[b] * per_band / count[b]);
		if (b >= 0)
			seen[b]++;
		if (keep)
			set->r[kept++] = set->r[i];
		else
			human_record_free(&set->r[i]);
	}
	set->n = kept;
}

void human_set_free(struct human_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		human_record_free(&set->r[i]);
	free(set->r);
	*set = (struct human_set){ 0 };
}

/* The features of the position at the end of line (history: the game's moves to it), with the move played there. */
static bool make_record(struct engine *e, struct pos_line *line, const move_t *history, move_t played,
                        struct human_record *r)
{
	move_t list[MAX_MOVES];
	score_t q[MAX_MOVES], d1[MAX_MOVES];
	int n = generate_legal(&line->pos, list);
	int human = -1;
	for (int i = 0; i < n; i++)
		if (list[i] == played)
			human = i;
	if (n < 2 || human < 0)
		return false; /* a forced move tells nothing of choice */
	human_probe_moves(&line->pos, list, n, q, d1);
	engine_new_game(e);
	if (!engine_set_line(e, line))
		return false;
	struct engine_limits limits = { .nodes = HUMAN_SEARCH_NODES };
	struct one_search done;
	one_search_run(e, &limits, &done);
	r->n = (uint8_t)n;
	r->human = (uint8_t)human;
	pos_get_fen(&line->pos, r->fen, sizeof r->fen);
	r->history = malloc(((size_t)r->ply + 1) * sizeof *r->history);
	r->moves = malloc(n * sizeof *r->moves);
	r->f = malloc(n * sizeof *r->f);
	if (!r->history || !r->moves || !r->f)
		return false;
	memcpy(r->history, history, (size_t)r->ply * sizeof *history);
	memcpy(r->moves, list, n * sizeof *list);
	human_features(&line->pos, list, n, q, d1, done.best, r->f);
	return true;
}

/* Every chosen position of one game, to the file of its part. */
static void extract_game(struct engine *e, const struct game *g, int number, const struct extract_options *o,
                         FILE *fit, FILE *report, long *counts)
{
	int ratings[COLOR_NB] = { human_tag_rating(g, "WhiteElo"), human_tag_rating(g, "BlackElo") };
	if (!ratings[WHITE] || !ratings[BLACK] || !game_is_standard_start(g))
		return;
	uint64_t hash = human_game_hash(g, number);
	bool is_report = human_is_report_game(hash, o->report_share);
	if (o->report_only && !is_report)
		return;
	uint64_t rng = o->seed ^ hash;
	int plies = game_ply_count(g);
	int report_ply = human_report_ply(&rng, plies, o->min_ply);
	/* --whole: every position of each report game, and of one fitting game in `every` (by its hash). */
	bool whole_fit = o->whole && !is_report && (hash / (uint64_t)o->report_share) % (uint64_t)o->every == 0;
	if (o->whole && !is_report && !whole_fit)
		return;
	struct pos_line line = POS_LINE_EMPTY;
	char err[160];
	if (!line_set_fen(&line, FEN_START, err, sizeof err, NULL, 0))
		return;
	for (int ply = 0; ply < plies; ply++) {
		move_t m = game_move(g, ply);
		bool chosen = ply >= o->min_ply &&
		              (o->whole || (is_report ? ply == report_ply : human_random(&rng) % (uint64_t)o->every == 0));
		struct human_record r = { .game = number, .rating = (int16_t)ratings[line.pos.side], .ply = (int16_t)ply };
		if (chosen && make_record(e, &line, game_moves(g), m, &r)) {
			if (!human_record_write(is_report ? report : fit, &r)) {
				fprintf(stderr, "level-fit: cannot write a record (disk full?)\n");
				exit(1);
			}
			counts[is_report]++;
		}
		human_record_free(&r);
		if (!line_play(&line, m))
			break;
	}
	line_free(&line);
}

struct extraction {
	const struct extract_options *o;
	struct engine *e;
	FILE *fit, *report;
	long counts[2];
	int games; /* read so far */
};

static bool extract_one(void *ctx, const struct game *g, int number)
{
	struct extraction *x = ctx;
	x->games = number;
	if ((number - 1) % x->o->parts == x->o->part)
		extract_game(x->e, g, number, x->o, x->fit, x->report, x->counts);
	if (number % 500 == 0)
		fprintf(stderr, "level-fit: %d games, %ld fitting and %ld report positions\n", number, x->counts[0],
		        x->counts[1]);
	return true;
}

int human_extract(const struct extract_options *o)
{
	char err[256];
	struct extraction x = { .o = o, .fit = fopen(o->fit_out, "wb"), .report = fopen(o->report_out, "wb"),
		                .e = engine_new() };
	if (!x.fit || !x.report || !x.e) {
		fprintf(stderr, "level-fit: cannot open %s or %s, or start the engine\n", o->fit_out, o->report_out);
		return 1;
	}
	engine_set_option(x.e, "Hash", "1", err, sizeof err);
	/* The levels search with the hand-written evaluation (engine.c): their features are fitted with it too. */
	engine_set_option(x.e, "Use NNUE", "false", err, sizeof err);
	bool ok = human_games_read(o->pgn, o->max_games, extract_one, &x);
	engine_free(x.e);
	ok = fclose(x.fit) == 0 && fclose(x.report) == 0 && ok;
	fprintf(stderr, "level-fit: %d games read: %ld fitting positions, %ld report positions\n", x.games,
	        x.counts[0], x.counts[1]);
	return ok ? 0 : 1;
}

bool human_record_policy(const struct pp_net *net, int rating, const struct human_record *r, float *logit)
{
	struct position pos;
	struct state st;
	if (!pos_set_fen(&pos, &st, r->fen, NULL, 0, NULL, 0))
		return false;
	st.move = r->ply ? r->history[r->ply - 1] : MOVE_NONE; /* the last move, as a game's line gives it */
	pp_logits(net, &pos, rating, r->moves, r->n, logit);
	return true;
}
