/*
 * level-fit estimate: how honest the rating estimate is (src/people/rating_estimate.h).
 *
 * Each player of each game of the record files (made by `extract --whole`) is one estimate: the human move
 * model's likelihood of their moves at every rating, the prior and the temperature.  The calibration (the
 * offset, the game's stray, the model's bias, the temperature) is fitted on the fitting games (--fit) and the
 * estimate is measured on the report games (--report), which neither the model nor the fit saw: by 200-point
 * band of the player's rating, the mean absolute error of the point and how often the 80% interval holds the
 * rating.  Beside it the baseline, from the same games'
 * average centipawn loss (`level-fit acpl`), fitted on the same fitting games two ways: a straight line from
 * log ACPL to the rating (least squares), and a likelihood of log ACPL at each rating (a normal about a
 * quadratic in the rating) put through the same prior and the same point as the model's.  Then the same
 * over 5 and over 20 games pooled: the files name no player, so a "player" there is games of players whose
 * ratings lie within 50 points of each other (what pooling adds, not one person's consistency).  Where the
 * records' PGN file is named, the games' opening moves weigh in by the built-in opening table.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "people/move_likelihood.h"
#include "people/opening_likelihood.h"
#include "rules/line.h"
#include "tools/people/human_fit.h"
#include "tools/people/human_games.h"

struct player_game {
	int id; /* its place among the games loaded, for --dump-moves */
	int rating;
	struct rating_evidence ev;
	double x; /* log(ACPL + ACPL_SHIFT), where has_cp */
	bool has_cp;
};

struct games {
	struct player_game *g;
	size_t n, cap;
};

static FILE *move_dump; /* --dump-moves FILE: each move's likelihood, for a look outside */

#define ACPL_SHIFT 5.0 /* log(ACPL + 5): a game of no loss is not minus infinity */

static struct player_game *games_add(struct games *gs)
{
	if (gs->n == gs->cap) {
		gs->cap = gs->cap ? 2 * gs->cap : 1024;
		gs->g = realloc(gs->g, gs->cap * sizeof *gs->g);
		if (!gs->g) {
			fprintf(stderr, "level-fit: out of memory\n");
			exit(1);
		}
	}
	struct player_game *p = &gs->g[gs->n++];
	memset(p, 0, sizeof *p);
	return p;
}

/* The opening moves of the player-games of a PGN file's games, from the built-in table (opening_likelihood.h). */
struct opening_pass {
	struct games *gs;
	const int *index; /* (game, colour) -> player-game + 1 */
	int max_game;
};

static bool add_openings(void *ctx, const struct game *g, int number)
{
	struct opening_pass *o = ctx;
	if (number > o->max_game || !game_is_standard_start(g))
		return number < o->max_game;
	/* A fitting game was counted into the table: its own move is left out of it (not so a report game). */
	bool counted = !human_is_report_game(human_game_hash(g, number), HUMAN_REPORT_SHARE);
	struct pos_line line = POS_LINE_EMPTY;
	char err[160];
	if (!line_set_fen(&line, FEN_START, err, sizeof err, NULL, 0))
		return false;
	for (int ply = 0; ply < game_ply_count(g) && ply < OPENING_PLIES; ply++) {
		int at = o->index[2 * number + (ply & 1)];
		move_t m = game_move(g, ply);
		double ll[RATING_GRID_N];
		if (at) {
			struct player_game *p = &o->gs->g[at - 1];
			if (opening_likelihood_of(opening_table_builtin(), pos_key(&line.pos), m, counted ? p->rating : 0, ll))
				rating_evidence_add_opening(&p->ev, ll);
		}
		if (!line_play(&line, m))
			break;
	}
	line_free(&line);
	return true;
}

/*
 * "A.rec:A.cp[:A.pgn]": each player-game of the records, with its ACPL from the cp file and, where the PGN file the
 * records were made from is named, its opening moves; false if a file cannot be read.
 */
static bool load_pair(const char *arg, const struct human_model *m, struct games *gs)
{
	char rec[4096], cpname[4096];
	const char *colon = strchr(arg, ':'), *pgn = colon ? strchr(colon + 1, ':') : NULL;
	size_t cplen = pgn ? (size_t)(pgn - colon - 1) : colon ? strlen(colon + 1) : 0;
	if (!colon || (size_t)(colon - arg) >= sizeof rec || cplen >= sizeof cpname) {
		fprintf(stderr, "level-fit: estimate wants RECORDS.rec:ACPL.cp[:GAMES.pgn], not %s\n", arg);
		return false;
	}
	memcpy(rec, arg, (size_t)(colon - arg));
	rec[colon - arg] = '\0';
	memcpy(cpname, colon + 1, cplen);
	cpname[cplen] = '\0';
	FILE *fp = fopen(rec, "rb"), *cp = fopen(cpname, "r");
	if (!fp || !cp) {
		perror(!fp ? rec : cpname);
		if (fp)
			fclose(fp);
		if (cp)
			fclose(cp);
		return false;
	}
	size_t first = gs->n;
	int max_game = 1 << 17;
	int *index = calloc(2 * ((size_t)max_game + 1), sizeof *index); /* (game, colour) -> player-game + 1 */
	if (!index) {
		fprintf(stderr, "level-fit: out of memory\n");
		fclose(fp);
		fclose(cp);
		return false;
	}
	struct human_record r;
	while (human_record_read(fp, &r, rec) == 1) {
		int colour = r.ply & 1, key = 2 * r.game + colour;
		if (r.game > 0 && r.game <= max_game) {
			if (!index[key]) {
				struct player_game *p = games_add(gs);
				p->rating = r.rating;
				p->id = (int)gs->n - 1;
				index[key] = (int)gs->n;
			}
			struct position pos;
			struct state st;
			double ll[RATING_GRID_N];
			if (pos_set_fen(&pos, &st, r.fen, NULL, 0, NULL, 0)) {
				st.move = r.ply ? r.history[r.ply - 1] : MOVE_NONE;
				move_likelihood_of(m, &pos, r.moves, (const float(*)[HUMAN_FEATURES])r.f, r.n, r.human, ll);
				rating_evidence_add(&gs->g[index[key] - 1].ev, ll);
				if (move_dump) {
					fprintf(move_dump, "%zu %d %d %d", (size_t)index[key] - 1, r.game, r.ply, r.rating);
					for (int k = 0; k < RATING_GRID_N; k++)
						fprintf(move_dump, " %.3f", ll[k]);
					fputc('\n', move_dump);
				}
			}
		}
		human_record_free(&r);
	}
	int game, colour, moves;
	double acpl;
	while (fscanf(cp, "%d %d %d %lf", &game, &colour, &moves, &acpl) == 4)
		if (game > 0 && game <= max_game && colour >= 0 && colour <= 1 && index[2 * game + colour]) {
			struct player_game *p = &gs->g[index[2 * game + colour] - 1];
			p->x = log(acpl + ACPL_SHIFT);
			p->has_cp = true;
		}
	fclose(fp);
	fclose(cp);
	int last = 0;
	for (int k = 2; k <= 2 * max_game + 1; k++)
		last = index[k] ? k / 2 : last;
	struct opening_pass o = { .gs = gs, .index = index, .max_game = last };
	bool ok = !pgn || human_games_read(pgn + 1, last, add_openings, &o);
	free(index);
	fprintf(stderr, "level-fit: %s: %zu player-games\n", arg, gs->n - first);
	return ok;
}

/* The baseline's two fits on the fitting games: a line from x to the rating, and x's normal at each rating. */
struct baseline {
	double a, b;       /* rating = a + b x */
	double mu[3], sd;  /* x ~ N(mu0 + mu1 t + mu2 t^2, sd) */
};

/* Solves the 3x3 system m x = v in place (Gauss with pivots); false if singular. */
static bool solve3(double m[3][3], double v[3])
{
	for (int c = 0; c < 3; c++) {
		int p = c;
		for (int r = c + 1; r < 3; r++)
			p = fabs(m[r][c]) > fabs(m[p][c]) ? r : p;
		if (fabs(m[p][c]) < 1e-12)
			return false;
		for (int k = 0; k < 3; k++) {
			double t = m[c][k];
			m[c][k] = m[p][k], m[p][k] = t;
		}
		double t = v[c];
		v[c] = v[p], v[p] = t;
		for (int r = 0; r < 3; r++) {
			if (r == c)
				continue;
			double f = m[r][c] / m[c][c];
			for (int k = 0; k < 3; k++)
				m[r][k] -= f * m[c][k];
			v[r] -= f * v[c];
		}
	}
	for (int c = 0; c < 3; c++)
		v[c] /= m[c][c];
	return true;
}

static bool fit_baseline(const struct games *gs, struct baseline *b)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0, m[3][3] = { { 0 } }, v[3] = { 0 };
	long n = 0;
	for (size_t i = 0; i < gs->n; i++) {
		const struct player_game *p = &gs->g[i];
		if (!p->has_cp)
			continue;
		double t = human_rating_t(p->rating), basis[3] = { 1, t, t * t };
		sx += p->x, sy += p->rating, sxx += p->x * p->x, sxy += p->x * p->rating, n++;
		for (int r = 0; r < 3; r++) {
			for (int c = 0; c < 3; c++)
				m[r][c] += basis[r] * basis[c];
			v[r] += basis[r] * p->x;
		}
	}
	if (n < 10 || !solve3(m, v))
		return false;
	b->b = (sxy - sx * sy / n) / (sxx - sx * sx / n);
	b->a = (sy - b->b * sx) / n;
	memcpy(b->mu, v, sizeof v);
	double ss = 0;
	for (size_t i = 0; i < gs->n; i++) {
		const struct player_game *p = &gs->g[i];
		double t = human_rating_t(p->rating);
		if (p->has_cp)
			ss += pow(p->x - (v[0] + v[1] * t + v[2] * t * t), 2);
	}
	b->sd = sqrt(ss / n);
	return true;
}

/* The baseline's likelihood of x at each grid rating. */
static void baseline_evidence(const struct baseline *b, double x, struct rating_evidence *ev)
{
	double ll[RATING_GRID_N];
	for (int i = 0; i < RATING_GRID_N; i++) {
		double t = human_rating_t(rating_grid_at(i)), z = (x - (b->mu[0] + b->mu[1] * t + b->mu[2] * t * t)) / b->sd;
		ll[i] = -0.5 * z * z;
	}
	rating_evidence_add(ev, ll);
}

/* The share of the fitting games whose interval holds the rating, at calibration c. */
static double coverage(const struct games *gs, const struct rating_calibration *c)
{
	long in = 0, n = 0;
	for (size_t i = 0; i < gs->n; i++) {
		struct rating_estimate e;
		if (!rating_estimate_of(&gs->g[i].ev, c, &e))
			continue;
		n++;
		in += e.low <= gs->g[i].rating && gs->g[i].rating <= e.high;
	}
	return n ? (double)in / n : 0;
}

/*
 * The offset by rating fitted on the fitting games: the mean slope of a move's log-likelihood at each rating r,
 * over the moves of players rated within 100 of r, integrated, so that their moves are on average likeliest at r.
 */
static void fit_offset(const struct games *gs, double *offset)
{
	double slope[RATING_GRID_N];
	int first = -1, last = -1;
	for (int i = 1; i + 1 < RATING_GRID_N; i++) {
		double sum = 0;
		long moves = 0;
		for (size_t k = 0; k < gs->n; k++)
			if (abs(gs->g[k].rating - rating_grid_at(i)) <= 100) {
				sum += (gs->g[k].ev.ll[i + 1] - gs->g[k].ev.ll[i - 1]) / (2.0 * RATING_GRID_STEP);
				moves += gs->g[k].ev.moves;
			}
		slope[i] = moves >= 300 ? sum / moves : NAN; /* too few moves: the nearest rating's slope */
		if (moves >= 300)
			last = i, first = first < 0 ? i : first;
	}
	for (int i = 0; i < RATING_GRID_N; i++) /* with too few moves anywhere: no offset */
		slope[i] = first < 0 ? 0 : i < first ? slope[first] : i > last ? slope[last] : slope[i];
	offset[0] = 0;
	for (int i = 1; i < RATING_GRID_N; i++)
		offset[i] = offset[i - 1] + RATING_GRID_STEP * (slope[i - 1] + slope[i]) / 2;
}

static int grid_of(int rating)
{
	int i = (int)lround((double)(rating - RATING_GRID_MIN) / RATING_GRID_STEP);
	return i < 0 ? 0 : i >= RATING_GRID_N ? RATING_GRID_N - 1 : i;
}

/*
 * The next group of k games (sorted by rating) from *i on whose players lie within 50 points of each other: true
 * with *i at its first game; false when no such group is left.  One "player" of the pooled measures.
 */
static bool next_group(const struct games *sorted, size_t *i, int k)
{
	while (*i + (size_t)k <= sorted->n) {
		if (sorted->g[*i + k - 1].rating - sorted->g[*i].rating <= 50)
			return true;
		(*i)++;
	}
	return false;
}

/* The next pool of k fitting games (sorted by rating) from *i on, joined into *ev at c: their mean rating, or -1. */
static int next_pool(const struct games *sorted, size_t *i, int k, const struct rating_calibration *c,
                     struct rating_evidence *ev)
{
	if (!next_group(sorted, i, k))
		return -1;
	int sum = 0;
	rating_evidence_clear(ev);
	for (int j = 0; j < k; j++, (*i)++) {
		rating_evidence_join(ev, &sorted->g[*i].ev, c);
		sum += sorted->g[*i].rating;
	}
	return sum / k;
}

/*
 * How well c foretells the ratings of the fitting games (sorted by rating): the mean log posterior at the player's
 * rating, over each game alone and over pools of 5 games of players within 50 points, the two halves weighed alike.
 */
static double log_score(const struct games *sorted, const struct rating_calibration *c)
{
	double p[RATING_GRID_N], one = 0, five = 0;
	long ones = 0, fives = 0;
	for (size_t i = 0; i < sorted->n; i++, ones++) {
		rating_estimate_posterior(&sorted->g[i].ev, c, p);
		one += log(p[grid_of(sorted->g[i].rating)] + 1e-12);
	}
	struct rating_evidence ev;
	int rating;
	for (size_t i = 0; (rating = next_pool(sorted, &i, 5, c, &ev)) >= 0; fives++) {
		rating_estimate_posterior(&ev, c, p);
		five += log(p[grid_of(rating)] + 1e-12);
	}
	return (ones ? one / ones : 0) / 2 + (fives ? five / fives : 0) / 2;
}

/* The share of the pools of k fitting games whose interval holds their players' rating, at c. */
static double pooled_coverage(const struct games *sorted, const struct rating_calibration *c, int k)
{
	struct rating_evidence ev;
	struct rating_estimate e;
	long in = 0, n = 0;
	int rating;
	for (size_t i = 0; (rating = next_pool(sorted, &i, k, c, &ev)) >= 0;)
		if (rating_estimate_of(&ev, c, &e))
			n++, in += e.low <= rating && rating <= e.high;
	return n ? (double)in / n : 0;
}

/* The temperature at which the interval holds the rating of `mass` of the fitting games, at c's other terms. */
static void fit_temperature(const struct games *gs, struct rating_calibration *c)
{
	double lo = 0.2, hi = 100;
	for (int k = 0; k < 30; k++) { /* coverage rises with the temperature: bisect on its log */
		c->temperature = sqrt(lo * hi);
		if (coverage(gs, c) < c->mass)
			lo = c->temperature;
		else
			hi = c->temperature;
	}
	c->temperature = sqrt(lo * hi);
}

/*
 * The model's bias: from 0 to 200 by 25, with the temperature fitted again on single games, the sd whose pools of 5
 * and of 20 fitting games hold their rating nearest `mass` of the time on average.  Without it the stray alone
 * let a pool's interval hold the rating in 75% of 5-game pools and 68% of 20-game ones: the model's error at a
 * rating is shared by every game of a player, and pooling does not shrink it.
 */
static void fit_bias(const struct games *sorted, struct rating_calibration *c)
{
	struct rating_calibration best = *c;
	double best_gap = INFINITY;
	for (int sd = 0; sd <= 200; sd += 25) {
		c->bias_sd = sd;
		fit_temperature(sorted, c);
		double five = pooled_coverage(sorted, c, 5), twenty = pooled_coverage(sorted, c, 20);
		double gap = fabs((five + twenty) / 2 - c->mass);
		printf("model's bias %3d: temperature %.3f, the interval holds %.1f%% of 5 pooled, %.1f%% of 20\n", sd,
		       c->temperature, 100 * five, 100 * twenty);
		if (gap < best_gap)
			best_gap = gap, best = *c;
	}
	*c = best;
}

/*
 * The calibration fitted on the fitting games (sorted by rating): the offset; then, for each game's stray from 0
 * to 400 by 25, the temperature that covers `mass` there, and the stray whose calibration scores best.  The
 * opening moves' weight is given (`--opening-weight`, 1 unless said: an opening move counts as a move), or with
 * weight < 0 (`--opening-weight fit`) searched from 0 to 4 by 0.5 as the stray is.  The log score asks for 1.5,
 * which makes the report part's 1200-1999 worse (tests/bench/results/2026-12-02-rating-estimate.md).  Last the
 * model's bias (fit_bias), at the stray chosen.
 */
static void fit_calibration(const struct games *sorted, struct rating_calibration *c, double *offset, double weight)
{
	fit_offset(sorted, offset);
	c->offset = offset;
	c->prior_sd = 0;
	c->bias_sd = 0; /* the stray first, without it */
	bool openings = false;
	for (size_t i = 0; i < sorted->n; i++)
		openings |= sorted->g[i].ev.opening_moves > 0;
	struct rating_calibration best = *c;
	double best_score = -INFINITY;
	int weights = openings && weight < 0 ? 9 : 1;
	for (int w = 0; w < weights; w++) {
		struct rating_calibration at_w = *c;
		double w_score = -INFINITY;
		c->opening_weight = !openings ? 0 : weight < 0 ? w / 2.0 : weight;
		for (int sd = 0; sd <= 400; sd += 25) {
			c->game_sd = sd;
			fit_temperature(sorted, c);
			double score = log_score(sorted, c);
			if (weights == 1)
				printf("game's stray %3d: temperature %.3f, log score %.4f\n", sd, c->temperature, score);
			if (score > w_score)
				w_score = score, at_w = *c;
		}
		if (weights > 1)
			printf("opening weight %.1f: game's stray %3.0f, temperature %.3f, log score %.4f\n", at_w.opening_weight,
			       at_w.game_sd, at_w.temperature, w_score);
		if (w_score > best_score)
			best_score = w_score, best = at_w;
	}
	*c = best;
	fit_bias(sorted, c);
}

/* The calibration as src/people/rating_calibration.c. */
static bool write_calibration(const char *path, const struct rating_calibration *c, size_t games)
{
	FILE *fp = fopen(path, "w");
	if (!fp) {
		perror(path);
		return false;
	}
	fprintf(fp, "/*\n * The rating estimate's calibration (rating_estimate.h), fitted by `tools/people/level-fit estimate\n"
	            " * --write` on %zu player-games of the fitting part of the rated games: do not edit by hand.\n */\n"
	            "#include \"people/rating_estimate.h\"\n\n"
	            "static const double offset[RATING_GRID_N] = {\n", games);
	for (int i = 0; i < RATING_GRID_N; i++)
		fprintf(fp, "%s%.5f,%s", i % 8 ? " " : "\t", c->offset[i], i % 8 == 7 || i + 1 == RATING_GRID_N ? "\n" : "");
	fprintf(fp, "};\n\nconst struct rating_calibration rating_calibration_fitted = {\n"
	            "\t.temperature = %.4f, .offset = offset, .prior_sd = 0, .mass = %.2f, .game_sd = %.0f,\n"
	            "\t.opening_weight = %.1f, .bias_sd = %.0f,\n};\n",
	        c->temperature, c->mass, c->game_sd, c->opening_weight, c->bias_sd);
	return fclose(fp) == 0;
}

/* One estimate's figures, summed by band. */
struct band_sum {
	long n, covered, base_covered;
	double err, flat_err, base_err, line_err, width;
};

static void add_estimate(struct band_sum *s, int rating, const struct rating_evidence *ev, double x,
                         const struct rating_calibration *c, const struct baseline *b, const struct rating_evidence *bev)
{
	struct rating_estimate e, f, be;
	struct rating_calibration flat = *c, base = *c;
	flat.prior_sd = 0, flat.mode = true, base.temperature = 1, base.offset = NULL; /* the offset is the model's */
	base.game_sd = 0; /* the baseline's normal is of one game's ACPL: the stray is in its sd already */
	base.opening_weight = 0;
	if (!rating_estimate_of(ev, c, &e) || !rating_estimate_of(ev, &flat, &f))
		return;
	struct rating_evidence bev8 = *bev;
	bev8.moves = RATING_MIN_MOVES; /* the baseline's evidence is one number a game, however many moves */
	rating_estimate_of(&bev8, &base, &be);
	s->n++;
	s->err += abs(e.rating - rating);
	s->flat_err += abs(f.rating - rating);
	s->base_err += abs(be.rating - rating);
	double line = b->a + b->b * x;
	s->line_err += fabs(line - rating);
	s->covered += e.low <= rating && rating <= e.high;
	s->base_covered += be.low <= rating && rating <= be.high;
	s->width += e.high - e.low;
}

static void print_sums(const char *title, const struct band_sum *s)
{
	printf("%s\n", title);
	printf("band        estimates  model MAE  baseline MAE  model/baseline  line MAE  flat-mode MAE"
	       "  80%% holds  baseline holds  width\n");
	struct band_sum all = { 0 };
	for (int b = 0; b <= HUMAN_BANDS; b++) {
		const struct band_sum *x = b < HUMAN_BANDS ? &s[b] : &all;
		if (!x->n)
			continue;
		char name[32];
		if (b < HUMAN_BANDS)
			snprintf(name, sizeof name, "%d-%d", 800 + 200 * b, 999 + 200 * b);
		else
			snprintf(name, sizeof name, "all");
		printf("%-10s  %9ld  %9.0f  %12.0f  %14.2f  %8.0f  %13.0f  %8.1f%%  %13.1f%%  %5.0f\n", name, x->n,
		       x->err / x->n, x->base_err / x->n, x->err / x->base_err, x->line_err / x->n, x->flat_err / x->n,
		       100.0 * x->covered / x->n, 100.0 * x->base_covered / x->n, x->width / x->n);
		if (b < HUMAN_BANDS) {
			all.n += x->n, all.covered += x->covered, all.base_covered += x->base_covered;
			all.err += x->err, all.flat_err += x->flat_err, all.base_err += x->base_err;
			all.line_err += x->line_err, all.width += x->width;
		}
	}
	printf("\n");
}

/* The value after the option `name` among the arguments; NULL where it is not given. */
static const char *arg_value(int argc, char **argv, const char *name)
{
	for (int i = 2; i + 1 < argc; i++)
		if (!strcmp(argv[i], name))
			return argv[i + 1];
	return NULL;
}

static bool has_arg(int argc, char **argv, const char *name)
{
	for (int i = 2; i < argc; i++)
		if (!strcmp(argv[i], name))
			return true;
	return false;
}

static int by_rating(const void *a, const void *b)
{
	const struct player_game *x = a, *y = b;
	return (x->rating > y->rating) - (x->rating < y->rating);
}

/* Groups of k games of players within 50 points of each other, pooled into one estimate each. */
static void pooled(struct games *gs, int k, const struct rating_calibration *c, const struct baseline *b)
{
	struct band_sum s[HUMAN_BANDS] = { { 0 } };
	qsort(gs->g, gs->n, sizeof *gs->g, by_rating);
	size_t i = 0;
	while (next_group(gs, &i, k)) {
		struct rating_evidence ev = { 0 }, bev = { 0 };
		double sum = 0, xs = 0;
		for (int j = 0; j < k; j++) {
			const struct player_game *p = &gs->g[i + j];
			rating_evidence_join(&ev, &p->ev, c);
			baseline_evidence(b, p->x, &bev);
			sum += p->rating;
			xs += p->x;
		}
		int rating = (int)lround(sum / k), band = human_band(rating);
		if (band >= 0)
			add_estimate(&s[band], rating, &ev, xs / k, c, b, &bev);
		i += (size_t)k;
	}
	char title[80];
	snprintf(title, sizeof title, "pooled over %d games", k);
	print_sums(title, s);
}

static bool load_all(int argc, char **argv, const char *flag, const struct human_model *m, struct games *gs)
{
	char name[64];
	snprintf(name, sizeof name, "moves%s.txt", flag + 1);
	for (int i = 2; i < argc; i++)
		if (!strcmp(argv[i], "--dump-moves"))
			move_dump = fopen(name, "w");
	bool ok = true;
	for (int i = 2; ok && i + 1 < argc; i++)
		if (!strcmp(argv[i], flag))
			ok = load_pair(argv[++i], m, gs);
	if (move_dump)
		fclose(move_dump);
	move_dump = NULL;
	if (!ok)
		return false;
	/* Only the games with their ACPL and enough moves: the same games for the model and the baseline. */
	size_t kept = 0;
	for (size_t i = 0; i < gs->n; i++)
		if (gs->g[i].has_cp && gs->g[i].ev.moves >= RATING_MIN_MOVES)
			gs->g[kept++] = gs->g[i];
	gs->n = kept;
	return kept > 0;
}

/* --dump FILE: each player-game a line, "fit|report rating moves x ll...", for a look outside. */
static void dump(FILE *fp, const char *part, const struct games *gs)
{
	for (size_t i = 0; i < gs->n; i++) {
		const struct player_game *p = &gs->g[i];
		fprintf(fp, "%s %d %d %d %.4f", part, p->id, p->rating, p->ev.moves, p->x);
		for (int k = 0; k < RATING_GRID_N; k++)
			fprintf(fp, " %.3f", p->ev.ll[k]);
		fputc('\n', fp);
	}
}

/* The status, with both sets' games freed. */
static int done(struct games *fit, struct games *report, int status)
{
	free(fit->g);
	free(report->g);
	return status;
}

int human_estimate(int argc, char **argv, const struct human_model *m)
{
	struct games fit = { 0 }, report = { 0 };
	if (!load_all(argc, argv, "--fit", m, &fit) || !load_all(argc, argv, "--report", m, &report)) {
		fprintf(stderr, "level-fit: estimate needs --fit and --report pairs of records and ACPL files\n");
		return done(&fit, &report, 2);
	}
	const char *dump_to = arg_value(argc, argv, "--dump");
	FILE *fp = dump_to ? fopen(dump_to, "w") : NULL;
	if (fp) {
		dump(fp, "fit", &fit);
		dump(fp, "report", &report);
		fclose(fp);
	}
	struct rating_calibration c = *rating_calibration_builtin();
	struct baseline b;
	if (!fit_baseline(&fit, &b)) {
		fprintf(stderr, "level-fit: too few fitting games for the baseline\n");
		return done(&fit, &report, 1);
	}
	printf("built-in calibration: opening weight %.1f, game's stray %.0f, model's bias %.0f, temperature %.3f; coverage "
	       "on the fitting games %.1f%%\n",
	       c.opening_weight, c.game_sd, c.bias_sd, c.temperature, 100 * coverage(&fit, &c));
	double offset[RATING_GRID_N];
	const char *out = arg_value(argc, argv, "--write");
	if (out || has_arg(argc, argv, "--refit")) {
		qsort(fit.g, fit.n, sizeof *fit.g, by_rating);
		const char *w = arg_value(argc, argv, "--opening-weight");
		fit_calibration(&fit, &c, offset, !w ? 1 : !strcmp(w, "fit") ? -1 : atof(w));
		printf("fitted on %zu fitting player-games: opening weight %.1f, game's stray %.0f, model's bias %.0f, "
		       "temperature %.3f; coverage there %.1f%%\n",
		       fit.n, c.opening_weight, c.game_sd, c.bias_sd, c.temperature, 100 * coverage(&fit, &c));
		if (out && !write_calibration(out, &c, fit.n))
			return done(&fit, &report, 1);
	}
	printf("baseline: rating = %.1f + %.1f log(ACPL+5); log(ACPL+5) ~ N(%.3f + %.3f t + %.3f t^2, %.3f)\n\n", b.a,
	       b.b, b.mu[0], b.mu[1], b.mu[2], b.sd);
	struct band_sum s[HUMAN_BANDS] = { { 0 } };
	for (size_t i = 0; i < report.n; i++) {
		const struct player_game *p = &report.g[i];
		struct rating_evidence bev = { 0 };
		baseline_evidence(&b, p->x, &bev);
		if (human_band(p->rating) >= 0)
			add_estimate(&s[human_band(p->rating)], p->rating, &p->ev, p->x, &c, &b, &bev);
	}
	print_sums("each game alone (report part)", s);
	pooled(&report, 5, &c, &b);
	pooled(&report, 20, &c, &b);
	return done(&fit, &report, 0);
}
