/* One self-play game of the data generator: the opening, the engine's moves, adjudication, the positions kept. */
#include <stdio.h>
#include <string.h>

#include "engine/eval.h"
#include "notation/game.h"
#include "protocol/datagen_internal.h"
#include "protocol/one_search.h"

uint64_t datagen_random(uint64_t *state)
{
	/* splitmix64: any seed, even 0, gives a good stream. */
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* An opening from the book and the random plies after it, retried until the game is still on. */
static struct game *start_game(const struct opening_book *book, int random_plies, uint64_t *rng)
{
	char err[160];
	for (int attempt = 0; attempt < 1000; attempt++) {
		const char *fen = book->count ? book->fens[datagen_random(rng) % (uint64_t)book->count] : NULL;
		struct game *g = game_new(fen, err, sizeof err);
		if (!g)
			return NULL;
		bool live = true;
		for (int i = 0; i < random_plies && live; i++) {
			move_t list[MAX_MOVES];
			int n = generate_legal(game_position(g), list);
			live = n > 0 && game_play(g, list[datagen_random(rng) % (uint64_t)n]) && !game_is_over(g);
		}
		if (live && !game_is_over(g))
			return g;
		game_free(g);
	}
	return NULL;
}

bool datagen_search(struct engine *e, const struct pos_line *line, uint64_t nodes, struct datagen_answer *a,
                    char *err, size_t errlen)
{
	if (!engine_set_line(e, line)) {
		snprintf(err, errlen, "out of memory for the engine's position");
		return false;
	}
	struct engine_limits limits = { .nodes = nodes };
	struct one_search done;
	one_search_run(e, &limits, &done);
	const struct engine_info *info = &done.last;
	int s = info->is_mate ? (info->mate_moves > 0 ? PACKED_SCORE_MAX : -PACKED_SCORE_MAX) : info->score_cp;
	*a = (struct datagen_answer){
		.best = done.best,
		.score = line->pos.side == WHITE ? s : -s,
		.mate = info->is_mate,
	};
	if (a->best == MOVE_NONE)
		snprintf(err, errlen, "the engine found no move in a position still in play");
	return a->best != MOVE_NONE;
}

/* Consecutive plies of a clear win for either side, and of a dead level score. */
struct adjudicator {
	int white_ahead, black_ahead, level;
};

/* The result the scores call for after this ply, or -1 to play on. */
static int adjudicate(struct adjudicator *a, const struct datagen_adjudication *rules, int ply, int score)
{
	a->white_ahead = score >= rules->win_score ? a->white_ahead + 1 : 0;
	a->black_ahead = score <= -rules->win_score ? a->black_ahead + 1 : 0;
	a->level = ply >= rules->draw_after_ply && score >= -rules->draw_score && score <= rules->draw_score
	                   ? a->level + 1
	                   : 0;
	if (a->white_ahead >= rules->win_plies)
		return PACKED_WHITE_WINS;
	if (a->black_ahead >= rules->win_plies)
		return PACKED_BLACK_WINS;
	if (a->level >= rules->draw_plies || ply >= rules->max_plies)
		return PACKED_DRAW;
	return -1;
}

/* The result the rules give, a draw that could be claimed (threefold, fifty moves) included; -1 while on. */
static int rules_result(const struct game *g)
{
	switch (game_result(g)) {
	case RESULT_WHITE_WINS: return PACKED_WHITE_WINS;
	case RESULT_BLACK_WINS: return PACKED_BLACK_WINS;
	case RESULT_DRAW: return PACKED_DRAW;
	default: return game_can_claim(g, MOVE_NONE) != REASON_NONE ? PACKED_DRAW : -1;
	}
}

enum datagen_noise datagen_noise(const struct position *pos, const struct datagen_answer *a)
{
	if (in_check(pos))
		return NOISE_IN_CHECK;
	if (a->mate)
		return NOISE_MATE;
	if (is_capture(pos, a->best) || move_kind(a->best) == MOVE_PROMOTION)
		return NOISE_CAPTURE;
	return NOISE_NONE;
}

int datagen_static_eval(const struct position *pos)
{
	int eval = evaluate(pos, NULL);
	return pos->side == WHITE ? eval : -eval;
}

static void add_record(struct datagen_game *out, const struct position *pos, int score, int tag)
{
	if (out->count == out->capacity)
		return;
	struct packed_labels labels = {
		.score = score, .eval = datagen_static_eval(pos), .result = PACKED_DRAW, .tag = tag
	};
	packed_pack(pos, &labels, out->records[out->count++]);
}

bool datagen_play_game(struct engine *e, const struct opening_book *book, const struct datagen_options *opt,
                       uint64_t index, struct datagen_game *out, char *err, size_t errlen)
{
	uint64_t rng = opt->seed ^ (index * 0xd1b54a32d192ed03ULL);
	int tag = (int)(datagen_random(&rng) >> 58);
	struct game *g = start_game(book, opt->random_plies, &rng);
	if (!g) {
		snprintf(err, errlen, "no opening position leaves a game to play after %d random plies", opt->random_plies);
		return false;
	}
	engine_new_game(e);
	out->count = 0;
	out->adjudicated = false;
	struct adjudicator adj = { 0, 0, 0 };
	int result = -1;
	for (int ply = 0; result < 0; ply++) {
		struct datagen_answer a;
		if ((opt->stop && *opt->stop) || !datagen_search(e, game_line(g), opt->nodes, &a, err, errlen)) {
			game_free(g);
			return false;
		}
		const struct position *pos = game_position(g);
		if (ply >= opt->adjudication.skip_plies && datagen_noise(pos, &a) == NOISE_NONE)
			add_record(out, pos, a.score, tag);
		if (!game_play(g, a.best)) {
			snprintf(err, errlen, "the engine's move was refused by the game");
			game_free(g);
			return false;
		}
		result = rules_result(g);
		if (result < 0) {
			result = adjudicate(&adj, &opt->adjudication, game_ply_count(g), a.score);
			out->adjudicated = result >= 0;
		}
	}
	out->result = result;
	for (int i = 0; i < out->count; i++)
		packed_set_result(out->records[i], result);
	game_free(g);
	return true;
}
