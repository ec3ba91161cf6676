/* The human level: the model's move and a person's time for it. */
#include "engine/human_level.h"

#include <math.h>

#include "engine/human_probe.h"

move_t human_level_choose(const struct human_model *m, int rating, const struct position *root, move_t search_best,
                          double u1, double u2, struct human_choice *out)
{
	struct state st;
	struct position pos;
	pos_copy(&pos, &st, root);
	move_t list[MAX_MOVES];
	score_t q[MAX_MOVES], d1[MAX_MOVES];
	float f[MAX_MOVES][HUMAN_FEATURES];
	double w[HUMAN_FEATURES], logit[MAX_MOVES];
	int n = generate_legal(&pos, list);
	*out = (struct human_choice){ .move = MOVE_NONE, .legal = n, .fullmove = root->fullmove, .rating = rating };
	if (n == 0)
		return MOVE_NONE;
	human_probe_moves(&pos, list, n, q, d1);
	human_features(&pos, list, n, q, d1, search_best, f);
	human_model_weights(m, rating, w);
	human_model_logits(w, (const float(*)[HUMAN_FEATURES])f, n, logit);
	int pick = human_model_play(m, logit, (const float(*)[HUMAN_FEATURES])f, n, u1, u2);
	double top = logit[0], sum = 0;
	for (int i = 1; i < n; i++)
		top = logit[i] > top ? logit[i] : top;
	for (int i = 0; i < n; i++)
		sum += exp(logit[i] - top);
	out->move = list[pick];
	out->p_move = exp(logit[pick] - top) / sum;
	out->p_top = 1 / sum;
	return out->move;
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
	if (ms < HUMAN_MIN_MS && c->legal > 1)
		ms = HUMAN_MIN_MS;
	if (l->movetime_ms > 0 && ms > l->movetime_ms)
		ms = l->movetime_ms;
	if (l->time_ms[side] > 0 && ms > (l->time_ms[side] - move_overhead) / 4)
		ms = (l->time_ms[side] - move_overhead) / 4;
	/* However long the clock, a level never sits over a move: 3 s at most at 800 Elo, 20 s at 2400. */
	int rating = c->rating < 800 ? 800 : c->rating > HUMAN_ELO_MAX ? HUMAN_ELO_MAX : c->rating;
	double cap = HUMAN_CAP_LOW_MS + (double)(rating - 800) * (HUMAN_CAP_HIGH_MS - HUMAN_CAP_LOW_MS) / (HUMAN_ELO_MAX - 800);
	if (ms > cap)
		ms = cap;
	return ms > 0 ? (int)ms : 0;
}
