/*
 * level-fit report and compare: on the report part of the games (one position
 * a game), by 200-point band of the mover's rating, how often a mover plays
 * the move the person played, and how much expected score the person's and
 * the mover's moves lose by a deeper search.  `report` measures the human
 * move model as the levels use it; `compare` any UCI engine (today's levels,
 * the full engine at a node count, Stockfish at a UCI_Elo).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "protocol/uci_client.h"
#include "tools/people/human_fit.h"

#define BLUNDER_LOSS 0.20
#define MISTAKE_LOSS 0.10 /* the smaller mistakes, 0.10 to 0.20: annotate's '?' */

struct band_stats {
	long n, matched;
	double human_loss, mover_loss;
	long human_blunders, mover_blunders;
	long human_mistakes, mover_mistakes; /* losses of MISTAKE_LOSS up to BLUNDER_LOSS */
	double human_blunder_loss, mover_blunder_loss; /* the loss in those moves alone: how large the mistakes are */
};

/* The person's loss hl and the mover's ml in one position. */
static void add_losses(struct band_stats *b, double hl, double ml)
{
	b->human_loss += hl;
	b->mover_loss += ml;
	b->human_blunders += hl >= BLUNDER_LOSS;
	b->mover_blunders += ml >= BLUNDER_LOSS;
	b->human_mistakes += hl >= MISTAKE_LOSS && hl < BLUNDER_LOSS;
	b->mover_mistakes += ml >= MISTAKE_LOSS && ml < BLUNDER_LOSS;
	b->human_blunder_loss += hl >= BLUNDER_LOSS ? hl : 0;
	b->mover_blunder_loss += ml >= BLUNDER_LOSS ? ml : 0;
}

/* Adds one position: the human's move and the mover's, judged (with a judge) against the best move. */
static bool count(struct human_judge *judge, const struct human_record *r, move_t mover, struct band_stats *b)
{
	b->n++;
	move_t human = r->moves[r->human];
	b->matched += mover == human;
	if (!judge)
		return true;
	double hl, ml;
	char err[256];
	if (!human_judge_losses(judge, r->fen, human, mover, &hl, &ml, err, sizeof err)) {
		fprintf(stderr, "level-fit: the judge, %s: %s\n", human_judge_name(judge), err);
		return false;
	}
	add_losses(b, hl, ml);
	return true;
}

/* As count, with the losses read from the moves' loss_d1 features instead of a search (quick, rougher). */
static void count_by_probe(const struct human_record *r, int k, struct band_stats *b)
{
	double hl = r->f[r->human][HF_LOSS_D1], ml = r->f[k][HF_LOSS_D1];
	b->n++;
	b->matched += k == r->human;
	add_losses(b, hl, ml);
}

static double mean_of(double sum, long n) { return n ? sum / (double)n : 0; }

/*
 * A band a line: the match, and with the judge each side's loss a move, its share of blunders and their mean
 * size, and its share of the smaller mistakes (which, with the small losses below them, make up the rest).
 */
static void print_bands(const char *who, const struct band_stats *b, bool losses)
{
	printf("%s\n", who);
	printf("band       positions  matched   %s\n", losses ? "human loss/move  blunders (size)  0.10-0.20   mover loss/move  blunders (size)  0.10-0.20" : "");
	long n = 0, m = 0;
	for (int i = 0; i < HUMAN_BANDS; i++) {
		if (!b[i].n)
			continue;
		printf("%4d-%-4d  %9ld  %6.1f%%", 800 + 200 * i, 999 + 200 * i, b[i].n, 100.0 * b[i].matched / b[i].n);
		if (losses)
			printf("   %14.4f  %7.1f%% %6.3f  %8.1f%%   %14.4f  %7.1f%% %6.3f  %8.1f%%", b[i].human_loss / b[i].n,
			       100.0 * b[i].human_blunders / b[i].n, mean_of(b[i].human_blunder_loss, b[i].human_blunders),
			       100.0 * b[i].human_mistakes / b[i].n, b[i].mover_loss / b[i].n,
			       100.0 * b[i].mover_blunders / b[i].n, mean_of(b[i].mover_blunder_loss, b[i].mover_blunders),
			       100.0 * b[i].mover_mistakes / b[i].n);
		printf("\n");
		n += b[i].n;
		m += b[i].matched;
	}
	printf("all        %9ld  %6.1f%%\n", n, n ? 100.0 * m / n : 0);
}

/* The model's scores of a record's moves at a rating, its policy network's joined as the levels join them. */
static void record_scores(const struct human_model *m, int rating, const struct human_record *r, double *logit)
{
	human_model_scores(m, rating, (const float(*)[HUMAN_FEATURES])r->f, r->n, logit);
	float net[MAX_MOVES];
	if (!m->policy || !human_record_policy(m->policy, rating, r, net))
		return;
	human_model_join_policy(m, rating, net, r->n, logit);
}

int human_report(const struct human_set *set, const struct human_model *m, struct human_judge *judge, uint64_t seed)
{
	struct band_stats top[HUMAN_BANDS] = { 0 };
	struct band_stats own[HUMAN_BANDS] = { 0 }, cross[HUMAN_BANDS][HUMAN_BANDS] = { 0 };
	uint64_t rng = seed;
	for (size_t i = 0; i < set->n; i++) {
		const struct human_record *r = &set->r[i];
		int band = human_band(r->rating);
		if (band < 0)
			continue;
		double logit[MAX_MOVES];
		for (int lb = 0; lb < HUMAN_BANDS; lb++) {
			record_scores(m, human_band_rating(lb), r, logit);
			double u1 = (double)(human_random(&rng) >> 11) / 9007199254740992.0;
			double u2 = (double)(human_random(&rng) >> 11) / 9007199254740992.0;
			int k = human_model_play(m, logit, (const float(*)[HUMAN_FEATURES])r->f, r->n,
			                         human_model_rates(m, human_band_rating(lb)), u1, u2);
			if (lb == band) {
				int best = 0;
				for (int j = 1; j < r->n; j++)
					best = logit[j] > logit[best] ? j : best;
				count(NULL, r, r->moves[best], &top[band]);
			}
			if (lb == band && !judge)
				count_by_probe(r, k, &own[band]);
			else if (lb == band && !count(judge, r, r->moves[k], &own[band]))
				return 1;
			move_t pick = r->moves[k];
			count(NULL, r, pick, &cross[lb][band]);
		}
	}
	char who[400];
	snprintf(who, sizeof who, "the human model '%s' at the band's rating, temperature %.2f, error_loss %.2f; losses %s%s",
	         m->name, m->temperature, m->error_loss, judge ? "by " : "by the second look (the loss_d1 feature), not a search",
	         judge ? human_judge_name(judge) : "");
	print_bands(who, own, true);
	print_bands("\nits likeliest move at the band's rating", top, false);
	printf("\nmatched by the model set to each band's rating (rows) on each band's positions (columns):\n      ");
	for (int b = 0; b < HUMAN_BANDS; b++)
		printf("  %5d", human_band_rating(b));
	printf("\n");
	for (int lb = 0; lb < HUMAN_BANDS; lb++) {
		printf("%5d ", human_band_rating(lb));
		for (int b = 0; b < HUMAN_BANDS; b++)
			printf("  %4.1f%%", cross[lb][b].n ? 100.0 * cross[lb][b].matched / cross[lb][b].n : 0);
		printf("\n");
	}
	return 0;
}

void human_keep_best(void *ctx, move_t best, move_t ponder)
{
	(void)ponder;
	*(move_t *)ctx = best;
}

int human_compare(const struct human_set *set, const char *engine, const char *const *options, int noptions,
                  uint64_t nodes, int movetime_ms, const char *elo_option, int elo_min, struct human_judge *judge)
{
	char err[256];
	struct uci_client_config cfg = { .file = engine, .options = options, .noptions = noptions };
	struct uci_client *c = uci_client_start(&cfg, err, sizeof err);
	if (!c) {
		fprintf(stderr, "level-fit: %s\n", err);
		return 1;
	}
	int status = 0;
	struct band_stats b[HUMAN_BANDS] = { 0 };
	for (size_t i = 0; i < set->n; i++) {
		const struct human_record *r = &set->r[i];
		int band = human_band(r->rating);
		if (band < 0)
			continue;
		if (elo_option) {
			char v[16];
			snprintf(v, sizeof v, "%d", human_band_rating(band) < elo_min ? elo_min : human_band_rating(band));
			uci_client_set_option(c, elo_option, v);
		}
		uci_client_new_game(c);
		struct engine_limits l = { .nodes = nodes, .movetime_ms = movetime_ms };
		move_t best = MOVE_NONE;
		/* The game's moves from the start, as a GUI sends them: the level sees the last moves as in play. */
		if (!uci_client_go(c, NULL, r->history, r->ply, &l, NULL, human_keep_best, &best, err, sizeof err)) {
			fprintf(stderr, "level-fit: %s\n", err);
			break;
		}
		uci_client_wait(c);
		if (!count(judge, r, best, &b[band])) {
			status = 1;
			break;
		}
	}
	char who[300];
	snprintf(who, sizeof who, "%s%s%s", uci_client_name(c), elo_option ? " with " : "", elo_option ? elo_option : "");
	uci_client_free(c);
	if (judge) {
		size_t n = strlen(who);
		snprintf(who + n, sizeof who - n, "; losses by %s", human_judge_name(judge));
	}
	print_bands(who, b, judge != NULL);
	return status;
}
