/* Each player's moves of a game weighed by the human move model at every rating. */
#include "study/played_like.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "people/human_features.h"
#include "people/move_likelihood.h"
#include "people/opening_likelihood.h"

struct engine *played_like_engine(char *err, size_t errlen)
{
	struct engine *e = engine_new();
	if (!e) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	/* As level-fit extract searched when the model was fitted (tools/people/human_data.c). */
	if (engine_set_option(e, "Threads", "1", err, errlen) && engine_set_option(e, "Hash", "1", err, errlen) &&
	    engine_set_option(e, "Use NNUE", "false", err, errlen))
		return e;
	engine_free(e);
	return NULL;
}

struct best {
	pthread_mutex_t lock;
	move_t move;
};

static void on_best(void *ctx, move_t best, move_t ponder)
{
	struct best *b = ctx;
	(void)ponder;
	pthread_mutex_lock(&b->lock);
	b->move = best;
	pthread_mutex_unlock(&b->lock);
}

/* The move a search of HUMAN_SEARCH_NODES prefers at line's end, its table cleared first. */
static move_t short_search(struct engine *e, const struct pos_line *line)
{
	struct best b = { .move = MOVE_NONE };
	struct engine_limits l = { .nodes = HUMAN_SEARCH_NODES };
	engine_new_game(e);
	if (!engine_set_line(e, line))
		return MOVE_NONE;
	pthread_mutex_init(&b.lock, NULL);
	engine_go(e, &l, NULL, on_best, &b);
	engine_wait(e);
	pthread_mutex_lock(&b.lock);
	move_t m = b.move;
	pthread_mutex_unlock(&b.lock);
	pthread_mutex_destroy(&b.lock);
	return m;
}

bool played_like_game(struct engine *e, const struct game *g, struct rating_evidence ev[COLOR_NB])
{
	const struct human_model *m = human_model_builtin();
	int ply = 0;
	bool ok = true;
	for (int node = game_child(g, GAME_ROOT); ok && node != GAME_NODE_NONE; node = game_child(g, node), ply++) {
		int parent = game_parent(g, node);
		struct pos_line line = POS_LINE_EMPTY;
		double ll[RATING_GRID_N];
		ok = game_node_line(g, parent, &line);
		if (ok && ply < PLAYED_LIKE_MIN_PLY) { /* the opening: what people of each rating play here */
			if (opening_likelihood_of(opening_table_builtin(), pos_key(&line.pos), game_node_move(g, node), 0, ll))
				rating_evidence_add_opening(&ev[game_node_side(g, parent)], ll);
		} else if (ok) {
			move_t best = short_search(e, &line);
			if (move_likelihood_at(m, &line.pos, best, game_node_move(g, node), ll))
				rating_evidence_add(&ev[game_node_side(g, parent)], ll);
		}
		line_free(&line);
	}
	return ok;
}

bool played_like_tally(struct engine *e, const struct game *g, struct annotate_tally tally[COLOR_NB],
                       struct rating_evidence ev[COLOR_NB])
{
	struct rating_evidence mine[COLOR_NB];
	rating_evidence_clear(&mine[WHITE]);
	rating_evidence_clear(&mine[BLACK]);
	if (!played_like_game(e, g, mine))
		return false;
	for (int c = WHITE; c <= BLACK; c++) {
		tally[c].has_estimate = rating_estimate_of(&mine[c], rating_calibration_builtin(), &tally[c].estimate);
		if (ev)
			ev[c] = mine[c];
	}
	return true;
}

void played_like_pool_add(struct played_like_pool *pool, const struct game *g, const struct rating_evidence ev[COLOR_NB])
{
	for (int c = WHITE; c <= BLACK; c++) {
		const char *name = game_tag(g, c == WHITE ? "White" : "Black");
		if (!name || !*name || !strcmp(name, "?"))
			continue;
		int i = 0;
		while (i < pool->n && strncmp(pool->player[i].name, name, PLAYED_LIKE_NAME_MAX - 1))
			i++;
		if (i == pool->n) {
			if (pool->n == PLAYED_LIKE_POOL_MAX)
				continue;
			pool->n++;
			snprintf(pool->player[i].name, PLAYED_LIKE_NAME_MAX, "%s", name);
			pool->player[i].games = 0;
			rating_evidence_clear(&pool->player[i].ev);
		}
		pool->player[i].games++;
		rating_evidence_join(&pool->player[i].ev, &ev[c], rating_calibration_builtin());
	}
}

bool played_like_pool_text(const struct played_like_pool *pool, int i, char *buf, size_t len)
{
	struct rating_estimate est;
	char like[64];
	if (i < 0 || i >= pool->n || pool->player[i].games < 2 ||
	    !rating_estimate_of(&pool->player[i].ev, rating_calibration_builtin(), &est))
		return false;
	rating_estimate_text(&est, like, sizeof like);
	snprintf(buf, len, "Over %d games, %s %s", pool->player[i].games, pool->player[i].name, like);
	return true;
}
