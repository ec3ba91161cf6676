/* The human level: the model's move and a person's time for it. */
#include "people/human_level.h"

#include <math.h>
#include <string.h>

#include "people/human_probe.h"

void human_level_consider(const struct human_model *m, int rating, const struct position *root, move_t search_best,
                          struct human_view *v)
{
	struct state st;
	struct position pos;
	pos_copy(&pos, &st, root);
	score_t q[MAX_MOVES], d1[MAX_MOVES];
	v->rating = rating;
	v->fullmove = root->fullmove;
	v->seen = false;
	v->n = generate_legal(&pos, v->list);
	if (v->n == 0)
		return;
	human_probe_moves(&pos, v->list, v->n, q, d1);
	human_features(&pos, v->list, v->n, q, d1, search_best, v->f);
	for (int i = 0; i < v->n; i++)
		v->lost[i] = v->f[i][HF_LOSS_D1];
	human_model_scores(m, rating, (const float(*)[HUMAN_FEATURES])v->f, v->n, v->logit);
	if (m->policy) {
		float net[MAX_MOVES];
		pp_logits(m->policy, &pos, rating, v->list, v->n, net);
		human_model_join_policy(m, rating, net, v->n, v->logit);
	}
}

/* The default table, for a model with no sight lines: from nothing at HUMAN_SIGHT_FROM. */
static const struct human_sight_row default_sight[] = {
	{ HUMAN_SIGHT_FROM, { 0, 0 } },
	{ 1600, { 4000, 8 } },
	{ 1800, { 8000, 12 } },
	{ 2200, { 400000, 170 } },
	{ HUMAN_ELO_MAX, { 1000000, 300 } },
};

struct human_sight human_level_sight(const struct human_model *m, int rating)
{
	const struct human_sight_row *sight_table = m->sight_rows ? m->sight : default_sight;
	const int last = (m->sight_rows ? m->sight_rows : (int)(sizeof default_sight / sizeof default_sight[0])) - 1;
	if (rating < sight_table[0].rating)
		return (struct human_sight){ 0, 0 };
	if (rating >= sight_table[last].rating)
		return sight_table[last].sight;
	int i = 1;
	while (sight_table[i].rating <= rating)
		i++;
	double x = (double)(rating - sight_table[i - 1].rating) / (sight_table[i].rating - sight_table[i - 1].rating);
	struct human_sight a = sight_table[i - 1].sight, b = sight_table[i].sight;
	struct human_sight s = { (int)(a.nodes + x * (b.nodes - a.nodes)), a.weight + x * (b.weight - a.weight) };
	if (s.nodes > 0 && s.nodes < 1000)
		s.nodes = 1000; /* less would see nothing the model's own looks do not */
	return s;
}

int human_level_candidates(const struct human_view *v, double mass, move_t *out, int max)
{
	bool taken[MAX_MOVES] = { false };
	double top = v->logit[0], sum = 0, held = 0;
	for (int i = 1; i < v->n; i++)
		top = v->logit[i] > top ? v->logit[i] : top;
	for (int i = 0; i < v->n; i++)
		sum += exp(v->logit[i] - top);
	int k = 0;
	while (k < max && k < v->n && held < mass * sum) {
		int b = -1;
		for (int i = 0; i < v->n; i++)
			if (!taken[i] && (b < 0 || v->logit[i] > v->logit[b]))
				b = i;
		taken[b] = true;
		held += exp(v->logit[b] - top);
		out[k++] = v->list[b];
	}
	return k;
}

/* What a look at moves[0..k) found, by the view's move: out[i] is loss[j] where list[i] is moves[j]. */
static void losses_found(const struct human_view *v, const move_t *moves, const double *loss, int k, double *out)
{
	for (int i = 0; i < v->n; i++)
		for (int j = 0; j < k; j++)
			if (v->list[i] == moves[j])
				out[i] = loss[j];
}

void human_level_judge(struct human_view *v, const move_t *moves, const double *loss, int k)
{
	losses_found(v, moves, loss, k, v->lost);
}

void human_level_see(struct human_view *v, const move_t *moves, const double *loss, int k, double weight)
{
	if (!v->seen) {
		memcpy(v->prior, v->logit, sizeof v->prior);
		v->seen = true;
	}
	double lost[MAX_MOVES];
	for (int i = 0; i < v->n; i++)
		lost[i] = v->f[i][HF_LOSS_D1]; /* a move not looked at again: what the second look saw of it */
	losses_found(v, moves, loss, k, lost);
	for (int i = 0; i < v->n; i++)
		v->logit[i] -= weight * (lost[i] > 0 ? lost[i] : 0);
}

/*
 * Each centipawn the look finds a move short of the best takes this much from its logit, up to TECHNIQUE_CAP:
 * set so that from the starts of people's own mates with a queen or a rook (`level-fit mates`) a level mates in
 * about as many moves as the people of its band did (at 0.1 it took twice as many, and missed some queen mates).
 */
#define TECHNIQUE_PER_CP 0.3
#define TECHNIQUE_CAP 100.0

void human_level_technique(struct human_view *v, const move_t *moves, const score_t *score, int k)
{
	if (k <= 0)
		return;
	score_t best = score[0];
	for (int j = 1; j < k; j++)
		best = score[j] > best ? score[j] : best;
	for (int i = 0; i < v->n; i++) {
		double drop = TECHNIQUE_CAP;
		for (int j = 0; j < k; j++)
			if (v->list[i] == moves[j]) {
				drop = TECHNIQUE_PER_CP * (double)(best - score[j]);
				drop = drop < TECHNIQUE_CAP ? drop : TECHNIQUE_CAP;
			}
		v->logit[i] -= drop;
		v->prior[i] = v->logit[i];
	}
	v->seen = true;
}

move_t human_level_decide(const struct human_model *m, const struct human_view *v, double u1, double u2,
                          struct human_choice *out)
{
	int n = v->n;
	*out = (struct human_choice){ .move = MOVE_NONE, .legal = n, .fullmove = v->fullmove, .rating = v->rating };
	if (n == 0)
		return MOVE_NONE;
	int pick = human_model_play_seen(m, v->seen ? v->prior : v->logit, v->logit, v->lost, n,
	                                 human_model_rates(m, v->rating), u1, u2);
	double top = v->logit[0], sum = 0;
	for (int i = 1; i < n; i++)
		top = v->logit[i] > top ? v->logit[i] : top;
	for (int i = 0; i < n; i++)
		sum += exp(v->logit[i] - top);
	out->move = v->list[pick];
	out->p_move = exp(v->logit[pick] - top) / sum;
	out->p_top = 1 / sum;
	return out->move;
}

move_t human_level_choose(const struct human_model *m, int rating, const struct position *root, move_t search_best,
                          double u1, double u2, struct human_choice *out)
{
	struct human_view v;
	human_level_consider(m, rating, root, search_best, &v);
	return human_level_decide(m, &v, u1, u2, out);
}

/* A person's share of the clock for an ordinary move: a game of about 40 more moves, the increment spent. */
#define HUMAN_MOVES_LEFT 40
#define HUMAN_MIN_MS 400
#define HUMAN_FORCED_MS 300
#define HUMAN_CAP_LOW_MS 3000.0
#define HUMAN_CAP_HIGH_MS 20000.0

int human_level_think_ms(const struct human_choice *c, const struct engine_limits *l, int side, int move_overhead,
                         double jitter)
{
	int base;
	if (l->infinite || l->ponder || l->depth || l->nodes || l->mate)
		return 0;
	if (l->time_ms[side] > 0) {
		int left = l->time_ms[side] - move_overhead;
		base = left / HUMAN_MOVES_LEFT + l->inc_ms[side] * 3 / 4;
		if (base > left / 8)
			base = left / 8; /* never the clock's last reserve, whatever the increment */
	} else if (l->movetime_ms > 0) {
		base = l->movetime_ms;
	} else {
		return 0;
	}
	if (base <= 0)
		return 0;
	/*
	 * Sure of one move (an obvious recapture): well under the base; torn between several: up to 1.6 times it.
	 * The opening's moves come quickly, as people play them from memory.
	 */
	double doubt = c->legal <= 1 ? 0 : 1 - c->p_top;
	double phase = c->fullmove <= 8 ? 0.35 : c->fullmove <= 12 ? 0.7 : 1.0;
	double ms = c->legal <= 1 ? HUMAN_FORCED_MS : base * (0.4 + 1.2 * doubt) * phase;
	ms *= 0.8 + 0.4 * jitter;
	/*
	 * However long the clock, a level never sits over a move: under 3 s at 800 Elo, 20 s at 2400.  The bound is
	 * smooth (1/t = 1/ms + 1/cap), not a clip: clipped, a long clock sent most moves to the cap, and a 1000 took
	 * 5.2 s over a recapture as over the game's hardest move.
	 */
	int rating = c->rating < 800 ? 800 : c->rating > HUMAN_ELO_MAX ? HUMAN_ELO_MAX : c->rating;
	double cap = HUMAN_CAP_LOW_MS + (double)(rating - 800) * (HUMAN_CAP_HIGH_MS - HUMAN_CAP_LOW_MS) / (HUMAN_ELO_MAX - 800);
	if (c->legal > 1)
		ms = ms * cap / (ms + cap);
	if (ms < HUMAN_MIN_MS && c->legal > 1)
		ms = HUMAN_MIN_MS;
	if (l->movetime_ms > 0 && ms > l->movetime_ms)
		ms = l->movetime_ms;
	if (l->time_ms[side] > 0 && ms > (l->time_ms[side] - move_overhead) / 4)
		ms = (l->time_ms[side] - move_overhead) / 4;
	return ms > 0 ? (int)ms : 0;
}
