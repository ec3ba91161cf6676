/* The safety net: a blunder typed is searched, explained and asked about before it is played. */
#include <stdio.h>

#include "safety.h"
#include "blind.h"
#include "study/annotate.h"
#include "study/explain.h"
#include "tui/base/puzzle_search.h"

static bool make_engine(struct tui *t)
{
	char err[160];
	if (t->think.net)
		return true;
	t->think.net = engine_new();
	if (t->think.net)
		engine_for_coach(t->think.net, true);
	if (t->think.net && engine_set_option(t->think.net, "Threads", "1", err, sizeof err) &&
	    engine_set_option(t->think.net, "Hash", "16", err, sizeof err))
		return true;
	safety_free(t);
	return false;
}

/* A search line's score as the coach reads it: the mover's view. */
static struct explain_score score_of(const struct puzzle_pv *pv, int sign)
{
	struct explain_score s = { .known = true, .mate = pv->is_mate,
		                   .value = sign * (pv->is_mate ? pv->mate_moves : pv->score_cp) };
	return s;
}

bool safety_stops(struct tui *t, move_t m)
{
	const struct pos_line *now = game_line(t->match.game);
	struct pos_line after = POS_LINE_EMPTY;
	struct puzzle_pv best, reply;
	struct explanation e;
	if (!t->cfg.set.safety || !make_engine(t) || !line_copy(&after, now) || !line_play(&after, m)) {
		line_free(&after);
		return false;
	}
	bool blunder = false;
	if (puzzle_search_run(t->think.net, now, 1, SAFETY_DEPTH, &best) == 1 && best.pv_len > 0 && best.pv[0] != m &&
	    puzzle_search_run(t->think.net, &after, 1, SAFETY_DEPTH, &reply) == 1) {
		double loss = puzzle_pv_score(&best) - (1.0 - puzzle_pv_score(&reply));
		struct explain_input in = { .pos = &now->pos, .played = m, .refutation = reply.pv,
			                    .refutation_len = reply.pv_len, .better = best.pv, .better_len = best.pv_len,
			                    .before = score_of(&best, 1), .after = score_of(&reply, -1),
			                    .loss_only = true };
		blunder = loss >= ANNOTATE_BLUNDER_LOSS && explain_move(&in, &e);
	}
	line_free(&after);
	if (!blunder)
		return false;
	t->loop.asking = ASK_UNSAFE;
	t->loop.asked_move = m;
	char said[EXPLAIN_TEXT_MAX * 2];
	blind_say_moves(t, e.text, said, sizeof said);
	tui_status(t, MSG_INFO, "Careful: %s Play it all the same? (y/n)", said);
	return true;
}

void safety_free(struct tui *t)
{
	engine_free(t->think.net);
	t->think.net = NULL;
}
