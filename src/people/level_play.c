/* The levels up to HUMAN_ELO_MAX as the engine service's hook: a person's choice, a person's second look and time. */
#include "people/level_play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/eval_mate.h"
#include "people/human_features.h"
#include "people/human_level.h"
#include "rules/movegen.h"

/* A side this sure of the game (expected score by the judge's look) plays on rather than repeat the position. */
#define HUMAN_PRESS_ON 0.75

/* An engine's own: its HumanModel, the built-in one or a file's. */
static void *state_new(void)
{
	struct human_model *m = malloc(sizeof *m);
	if (m)
		*m = *human_model_builtin();
	return m;
}

static void state_free(void *state) { free(state); }

static bool load_model(void *state, const char *file, char *err, size_t errlen)
{
	struct human_model *model = state, m = *human_model_builtin();
	char why[300];
	if (file[0] && !human_model_load(&m, file, why, sizeof why)) {
		snprintf(err, errlen, "HumanModel: %s; keeping the model '%s'", why, model->name);
		return false;
	}
	*model = m;
	return true;
}

/*
 * The engine searches moves[0..k) as lines of their own for `nodes`; loss[] what each loses against the best, and
 * score[] the engine's score of each.
 */
static int look(struct engine *e, move_t *moves, int k, int nodes, double *loss, score_t *score)
{
	int searched = engine_look(e, moves, k, (uint64_t)nodes, score);
	double best = -1;
	for (int i = 0; i < searched; i++) {
		loss[i] = human_expected_score(score[i]);
		best = loss[i] > best ? loss[i] : best;
	}
	for (int i = 0; i < searched; i++)
		loss[i] = best - loss[i];
	return searched;
}

/*
 * The moves the model weighs, looked at twice: by the judge, the same at
 * every rating, which tells the mistakes among them (a person errs by their
 * odds, whatever they can calculate), then by a stronger player's deeper
 * look (human_level_sight), which the model learns from in choosing a sound
 * move.  Were the mistakes told by the deeper look, a deeper sight would
 * find more of them and a stronger level would err more.
 */
static void look_again(const struct human_model *m, struct engine *e, struct human_view *v, move_t search_best)
{
	struct human_sight sight = human_level_sight(m, v->rating);
	move_t cand[9];
	int k = (sight.nodes > 0 || m->error_loss > 0) && v->n > 1 ? human_level_candidates(v, 0.9, cand, 8) : 0;
	bool has_best = search_best == MOVE_NONE;
	for (int i = 0; i < k; i++)
		has_best |= cand[i] == search_best;
	if (k > 0 && !has_best)
		cand[k++] = search_best; /* the move a glance of the engine's likes is looked at too */
	if (k < 2)
		return;
	double loss[9];
	score_t score[9];
	score_t drive;
	/* The mates everyone learns first: a queen's or a rook's; bishop and knight are another matter. */
	const struct position *root = engine_position(e);
	bool won_ending = eval_bare_king(root, &drive) && drive > 0 &&
	                  (pieces_of(root, root->side, QUEEN) || pieces_of(root, root->side, ROOK));
	if (m->error_loss > 0) {
		move_t judged[9];
		memcpy(judged, cand, (size_t)k * sizeof cand[0]);
		int searched = look(e, judged, k, HUMAN_JUDGE_NODES, loss, score);
		if (searched < 0)
			return;
		human_level_judge(v, judged, loss, searched);
		if (won_ending)
			human_level_technique(v, judged, score, searched);
	}
	if (sight.nodes <= 0)
		return;
	int searched = look(e, cand, k, sight.nodes, loss, score);
	if (searched > 0)
		human_level_see(v, cand, loss, searched, sight.weight);
	if (searched > 0 && won_ending && m->error_loss <= 0)
		human_level_technique(v, cand, score, searched);
}

/* Whether m from root makes a position that stood on the board before (since the last capture or pawn move). */
static bool repeats(const struct position *root, move_t m)
{
	struct position p;
	struct state st, next;
	pos_copy(&p, &st, root);
	pos_make_move(&p, m, &next);
	int end = next.rule50 < next.plies_from_null ? next.rule50 : next.plies_from_null;
	const struct state *s = next.prev;
	for (int i = 1; s && i <= end; i++, s = s->prev)
		if (i % 2 == 0 && s->key == next.key)
			return true;
	return false;
}

/*
 * A person well ahead does not walk into a repetition: when the chosen move
 * repeats a position and the judge's look says the level stands this well
 * (by the best move it looks at), the likeliest move that does not repeat and
 * loses less than a mistake against that best is played instead.  (The model sees a position, not the
 * game's history, so a level that liked a move once likes it again.)
 */
static move_t press_on(const struct human_model *m, struct engine *e, const struct human_view *v, move_t chosen)
{
	const struct position *root = engine_position(e);
	if (chosen == MOVE_NONE || !repeats(root, chosen))
		return chosen;
	move_t cand[9] = { chosen };
	int k = 1;
	bool taken[MAX_MOVES] = { false };
	while (k < 9) { /* the likeliest moves that do not repeat, most likely first */
		int best = -1;
		for (int i = 0; i < v->n; i++)
			if (!taken[i] && v->list[i] != chosen && (best < 0 || v->logit[i] > v->logit[best]))
				best = i;
		if (best < 0)
			break;
		taken[best] = true;
		if (!repeats(root, v->list[best]))
			cand[k++] = v->list[best];
	}
	if (k < 2)
		return chosen;
	move_t judged[9];
	score_t score[9];
	memcpy(judged, cand, (size_t)k * sizeof cand[0]);
	int searched = engine_look(e, judged, k, HUMAN_JUDGE_NODES, score);
	double expected[9];
	for (int i = 0; i < k; i++) {
		expected[i] = -1;
		for (int j = 0; j < searched; j++)
			if (judged[j] == cand[i])
				expected[i] = human_expected_score(score[j]);
	}
	/*
	 * How sure of the game the level is: the best these moves keep.  Not the
	 * chosen move's own score: were it the third time, the look scores it a
	 * draw, and a level a queen up would take the draw it should refuse.
	 */
	double sure = expected[0];
	for (int i = 1; i < k; i++)
		sure = expected[i] > sure ? expected[i] : sure;
	if (sure < HUMAN_PRESS_ON)
		return chosen;
	double loss = m->error_loss > 0 ? m->error_loss : 0.2;
	for (int i = 1; i < k; i++)
		if (expected[i] >= 0 && expected[i] > sure - loss)
			return cand[i];
	return chosen;
}

/* The level's move after the engine's short search, played after a person's time over it (HumanPace). */
static move_t choose(void *state, struct engine *e, int elo, move_t search_best, bool pace)
{
	const struct human_model *model = state;
	const struct position *root = engine_position(e);
	struct human_choice c;
	struct human_view v;
	double u1 = engine_random(e), u2 = engine_random(e);
	human_level_consider(model, elo, root, search_best, &v);
	look_again(model, e, &v, search_best);
	move_t m = press_on(model, e, &v, human_level_decide(model, &v, u1, u2, &c));
	/* The draw for the time is made either way: the same games with and without the pace. */
	int think = human_level_think_ms(&c, engine_asked_limits(e), root->side, engine_move_overhead(e), engine_random(e));
	engine_pace(e, pace ? think : 0);
	return m;
}

void level_play_install(void)
{
	static const struct engine_people levels = {
		.elo_max = HUMAN_ELO_MAX,
		.search_nodes = HUMAN_SEARCH_NODES,
		.state_new = state_new,
		.state_free = state_free,
		.load_model = load_model,
		.choose = choose,
	};
	human_model_builtin(); /* parsed here, once, before any search thread can want it */
	engine_set_people(&levels);
}
