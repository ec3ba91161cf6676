/* The game annotated in the background by a second engine, one position a search, marks made as they come. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotator.h"
#include "blind.h"
#include "tui/base/game_info.h"
#include "tui/base/spoken.h"
#include "persist.h"
#include "study/key_moments.h"
#include "study/played_like.h"

#define ANNOTATOR_HASH_MB "32"

static bool make_engine(struct tui_annotator *a, char *err, size_t len)
{
	if (a->engine)
		return true;
	a->engine = engine_new();
	a->like = a->engine ? played_like_engine(err, len) : NULL;
	if (!a->like) {
		engine_free(a->engine);
		a->engine = NULL;
		snprintf(err, len, "out of memory");
		return false;
	}
	analysis_init(&a->analysis);
	engine_for_coach(a->engine, true);
	/* One thread: the game's own engine and the person's machine keep the rest. */
	if (engine_set_option(a->engine, "Threads", "1", err, len) &&
	    engine_set_option(a->engine, "Hash", ANNOTATOR_HASH_MB, err, len))
		return true;
	engine_free(a->engine);
	engine_free(a->like);
	a->engine = a->like = NULL;
	analysis_destroy(&a->analysis);
	return false;
}

/* The marks changed: the list shows them now. */
static void notes_changed(struct tui *t)
{
	move_tree_update(&t->match.tree, t->match.game);
	t->loop.dirty = true;
}

/* What the search (or the rules) said of nodes[next]: the move into it is marked, then on to the next. */
static void record(struct tui *t, const struct annotate_search *s)
{
	struct tui_annotator *a = &t->annotator;
	if (a->next > 0)
		annotate_mark(t->match.game, a->nodes[a->next], &a->before, s, a->tally);
	a->before = *s;
	a->next++;
	notes_changed(t);
}

/* Plain text has no list to step through: the coach's reason for each mistake is read out after the summary. */
static void mistakes_said(const struct tui *t, char *buf, size_t len)
{
	const struct game *g = t->match.game;
	size_t used = 0;
	buf[0] = '\0';
	for (int v = game_child(g, GAME_ROOT); v != GAME_NODE_NONE && used + 1 < len; v = game_child(g, v)) {
		const char *coach = blind_node_mistake(g, v);
		char said[1024];
		if (!coach)
			continue;
		spoken_san_text(coach, said, sizeof said);
		int side = game_node_side(g, game_parent(g, v));
		int n = snprintf(buf + used, len - used, " Move %d, %s: %s", game_node_number(g, v),
		                 side == WHITE ? "White" : "Black", said);
		used = n < 0 ? len : used + (size_t)n;
	}
}

/* " Key moments: 3... Nf6?? (Black, 47% to 0%); ..." for plain text, which has no list to step through with key. */
static void key_moments_said(const struct game *g, char *buf, size_t len)
{
	struct key_moment k[KEY_MOMENTS_MAX];
	int n = key_moments_find(g, k);
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < n && used + 1 < len; i++) {
		char text[600];
		key_moment_text(g, &k[i], text, sizeof text);
		char *colon = strstr(text, "): "); /* the sentences are read out after, with the mistakes */
		if (colon)
			colon[1] = '\0';
		int w = snprintf(buf + used, len - used, "%s%s", i ? "; " : " Key moments: ", text);
		used = w < 0 ? len : used + (size_t)w;
	}
	if (n && used + 1 < len)
		snprintf(buf + used, len - used, ".");
}

/* The game holds the marks: a game archived here is archived again with them, one in play is saved. */
static void finish(struct tui *t)
{
	struct tui_annotator *a = &t->annotator;
	char white[400], black[400];
	a->running = false;
	a->done = true;
	annotate_accuracy(t->match.game, a->tally);
	/* Each player's estimate and the key moments' note: a second or so of short searches, once. */
	played_like_tally(a->like, t->match.game, a->tally, NULL);
	key_moments_comment(t->match.game);
	notes_changed(t);
	if (t->match.archived && t->match.archive_text) {
		persist_unarchive(t);
		t->match.archived = persist_archive(t);
	} else if (!t->match.archived) {
		persist_autosave(t);
	}
	if (!t->plain.on) {
		tui_status(t, MSG_RESULT, "Annotated: the marks are on the moves, the graph under them, each player's "
		                          "figures in the panel; key steps to the key moments.");
		return;
	}
	annotate_summary(t->match.game, WHITE, &a->tally[WHITE], white, sizeof white);
	annotate_summary(t->match.game, BLACK, &a->tally[BLACK], black, sizeof black);
	char why[2048], keys[1024];
	mistakes_said(t, why, sizeof why);
	key_moments_said(t->match.game, keys, sizeof keys);
	tui_status(t, MSG_RESULT, "Annotated. %s. %s.%s%s", white, black, keys, why); /* plain text has no panel */
}

/* Searches the next position that needs it; the ones with no legal move are judged at once. */
static void search_next(struct tui *t)
{
	struct tui_annotator *a = &t->annotator;
	const struct game *g = t->match.game;
	struct pos_line line = POS_LINE_EMPTY;
	while (a->running && a->next < a->n) {
		struct annotate_search s;
		int node = a->nodes[a->next];
		if (!game_node_valid(g, node) || !game_node_line(g, node, &line)) {
			a->running = false;
			tui_status(t, MSG_ERROR, "The game changed under the annotation; it stopped after %d positions.", a->next);
			break;
		}
		if (annotate_terminal(&line.pos, &s)) {
			record(t, &s);
			continue;
		}
		struct engine_limits lim = { .movetime_ms = ANNOTATE_MOVETIME_MS };
		engine_set_line(a->engine, &line);
		a->search_id = analysis_begin(&a->analysis);
		engine_go(a->engine, &lim, analysis_on_info, analysis_on_best, &a->analysis);
		break;
	}
	line_free(&line);
	if (a->running && a->next == a->n)
		finish(t);
}

void annotator_start(struct tui *t)
{
	struct tui_annotator *a = &t->annotator;
	char err[256];
	if (a->running) {
		tui_status(t, MSG_INFO, "Annotating: %d of %d positions searched (annotate off stops).", a->next, a->n);
		return;
	}
	if (game_child(t->match.game, GAME_ROOT) == GAME_NODE_NONE) {
		tui_status(t, MSG_ERROR, "Nothing to annotate: the game has no moves yet.");
		return;
	}
	if (!make_engine(a, err, sizeof err)) {
		tui_status(t, MSG_ERROR, "Cannot annotate: %s", err);
		return;
	}
	free(a->nodes);
	a->nodes = annotate_main_line(t->match.game, &a->n);
	memset(a->tally, 0, sizeof a->tally);
	a->next = 0;
	a->done = false;
	a->running = a->nodes != NULL;
	tui_status(t, MSG_INFO, "Annotating the game in the background: %d positions, %.1f s each...", a->n,
	           ANNOTATE_MOVETIME_MS / 1000.0);
	search_next(t);
}

void annotator_stop(struct tui *t)
{
	struct tui_annotator *a = &t->annotator;
	if (!a->running)
		return;
	a->running = false;
	a->done = true;
	annotate_accuracy(t->match.game, a->tally); /* the figures as far as it went stay in the panel */
	engine_stop(a->engine);
	engine_wait(a->engine);
	t->loop.dirty = true;
}

bool annotator_poll(struct tui *t)
{
	struct tui_annotator *a = &t->annotator;
	static struct analysis_snapshot snap; /* large; only the key loop's thread polls */
	if (!a->running || !analysis_poll(&a->analysis, &snap, &a->seen))
		return false;
	if (snap.search_id != a->search_id || !snap.done)
		return false;
	engine_wait(a->engine);
	const struct engine_info *info = &snap.lines[0];
	struct annotate_search s;
	int side = game_node_side(t->match.game, a->nodes[a->next]);
	annotate_from_search(&s, side, info->depth, info->score_cp, info->is_mate, info->mate_moves, info->pv,
	                     info->pv_len);
	record(t, &s);
	search_next(t);
	return true;
}

void annotator_free(struct tui *t)
{
	struct tui_annotator *a = &t->annotator;
	annotator_stop(t);
	if (a->engine) {
		engine_free(a->engine);
		engine_free(a->like);
		analysis_destroy(&a->analysis);
	}
	a->engine = a->like = NULL;
	free(a->nodes);
	a->nodes = NULL;
}
