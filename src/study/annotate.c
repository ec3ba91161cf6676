/* A game's moves judged from searches of its positions: evaluations, NAGs by expected score lost, better lines. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study/annotate.h"
#include "rules/movegen.h"
#include "study/accuracy.h"
#include "study/explain.h"
#include "study/game_phases.h"
#include "study/key_moments.h"
#include "study/good_moves.h"
#include "study/misses.h"

#define LICHESS_LOGISTIC_K 0.00368208 /* the slope Lichess fitted to its games: +1 pawn is about 59% */

double annotate_expected_score(int white_cp) { return 1.0 / (1.0 + exp(-LICHESS_LOGISTIC_K * white_cp)); }

enum annotate_class annotate_classify(double loss)
{
	return loss >= ANNOTATE_BLUNDER_LOSS       ? ANNOTATE_BLUNDER
	       : loss >= ANNOTATE_MISTAKE_LOSS     ? ANNOTATE_MISTAKE
	       : loss >= ANNOTATE_INACCURACY_LOSS ? ANNOTATE_INACCURACY
	                                           : ANNOTATE_GOOD;
}

int annotate_class_nag(enum annotate_class c)
{
	static const int nags[ANNOTATE_CLASS_NB] = { 0, 6, 2, 4 };
	return c >= 0 && c < ANNOTATE_CLASS_NB ? nags[c] : 0;
}

const char *annotate_class_name(enum annotate_class c)
{
	static const char *const names[ANNOTATE_CLASS_NB] = { "good move", "inaccuracy", "mistake", "blunder" };
	return c >= 0 && c < ANNOTATE_CLASS_NB ? names[c] : "";
}

static int clip_cp(int cp)
{
	return cp > ANNOTATE_CP_CLIP ? ANNOTATE_CP_CLIP : cp < -ANNOTATE_CP_CLIP ? -ANNOTATE_CP_CLIP : cp;
}

void annotate_from_search(struct annotate_search *s, int side_to_move, int depth, int score_cp, bool is_mate,
                          int mate_moves, const move_t *pv, int pv_len)
{
	int sign = side_to_move == WHITE ? 1 : -1;
	memset(s, 0, sizeof *s);
	s->has_eval = true;
	s->eval.depth = depth;
	s->eval.mate = is_mate;
	if (is_mate) {
		/* "Mated in 0" is the side to move mated now: never a win for it. */
		bool mover_wins = mate_moves > 0;
		int white = mover_wins == (side_to_move == WHITE) ? 1 : -1;
		int moves = abs(mate_moves) < GAME_EVAL_MAX_MATE ? abs(mate_moves) : GAME_EVAL_MAX_MATE;
		s->eval.value = white * (moves > 0 ? moves : 1);
		s->white_score = white > 0 ? 1.0 : 0.0;
		s->white_cp = white * ANNOTATE_CP_CLIP;
	} else {
		int cp = sign * score_cp;
		s->eval.value = cp > GAME_EVAL_MAX_CP ? GAME_EVAL_MAX_CP : cp < -GAME_EVAL_MAX_CP ? -GAME_EVAL_MAX_CP : cp;
		s->white_score = annotate_expected_score(s->eval.value);
		s->white_cp = clip_cp(s->eval.value);
	}
	s->pv_len = pv_len < ANNOTATE_PV_MAX ? (pv_len > 0 ? pv_len : 0) : ANNOTATE_PV_MAX;
	if (s->pv_len > 0)
		memcpy(s->pv, pv, (size_t)s->pv_len * sizeof *pv);
	s->line_len = pv_len < ANNOTATE_LINE_MAX ? (pv_len > 0 ? pv_len : 0) : ANNOTATE_LINE_MAX;
	if (s->line_len > 0)
		memcpy(s->line, pv, (size_t)s->line_len * sizeof *pv);
}

bool annotate_terminal(const struct position *pos, struct annotate_search *s)
{
	move_t list[MAX_MOVES];
	if (generate_legal(pos, list) > 0)
		return false;
	memset(s, 0, sizeof *s);
	bool mated = in_check(pos);
	bool white_won = mated && pos->side == BLACK;
	s->white_score = !mated ? 0.5 : white_won ? 1.0 : 0.0;
	s->white_cp = !mated ? 0 : white_won ? ANNOTATE_CP_CLIP : -ANNOTATE_CP_CLIP;
	return true;
}

/*
 * The coach's sentence of an earlier judgement marked `mark`: it begins with the move and that mark ("Nxe5?? puts
 * ...", "Bf6?!: better was ..."), the last such start before a key-moments note, and runs to that note or the end.
 * It goes, what came before it stays: annotated again, the move has one sentence, not two that disagree.
 */
static void clear_explanation(struct game *g, int node, const char *mark)
{
	char san[SAN_MAX + 4];
	game_node_san(g, node, san);
	strcat(san, mark);
	const char *old = game_comment(g, node, COMMENT_AFTER), *head = strstr(old, KEY_MOMENTS_HEAD), *found = NULL;
	size_t end = head ? (size_t)(head - old) : strlen(old), n = strlen(san);
	for (const char *p = strstr(old, san); p && (size_t)(p - old) < end; p = strstr(p + 1, san))
		if ((p == old || isspace((unsigned char)p[-1])) && (p[n] == ' ' || p[n] == ':'))
			found = p;
	if (!found)
		return;
	size_t keep = (size_t)(found - old);
	while (keep > 0 && isspace((unsigned char)old[keep - 1]))
		keep--;
	char *text = malloc(strlen(old) + 2);
	if (!text)
		return;
	snprintf(text, strlen(old) + 2, "%.*s%s%s", (int)keep, old, keep && old[end] ? " " : "", old + end);
	game_set_comment(g, node, COMMENT_AFTER, text);
	free(text);
}

/* Takes away the NAGs a judgement gives (?!, ?, ??) and its sentence, keeping the rest in their order. */
static void clear_judgement(struct game *g, int node)
{
	uint8_t nags[GAME_NAG_MAX];
	int n = game_nags(g, node, nags);
	game_clear_nags(g, node);
	for (int i = 0; i < n; i++)
		if (nags[i] != 2 && nags[i] != 4 && nags[i] != 6)
			game_add_nag(g, node, nags[i]);
		else
			clear_explanation(g, node, nags[i] == 2 ? "?" : nags[i] == 4 ? "??" : "?!");
}

/* The better line from the position before node, as a variation beside it (once). */
static void add_better_line(struct game *g, int node, const struct annotate_search *before)
{
	int parent = game_parent(g, node);
	if (before->pv_len == 0 || game_find_child(g, parent, before->pv[0]) != GAME_NODE_NONE)
		return;
	int first = game_add_variation(g, parent, before->pv, before->pv_len);
	if (first != GAME_NODE_NONE && before->has_eval)
		game_set_eval(g, first, &before->eval);
}

/* A search's score from the mover's view, for the coach. */
static struct explain_score mover_score(const struct annotate_search *s, int sign)
{
	struct explain_score e = { .known = s->has_eval, .mate = s->eval.mate, .value = sign * s->eval.value };
	return e;
}

/* Does the search's score say that the side of sign (1: White, -1: Black) mates? */
static bool mate_for(const struct annotate_search *s, int sign)
{
	return s->has_eval && s->eval.mate && sign * s->eval.value > 0;
}

/*
 * The lines the coach reads for node: the checker's searches of the positions before and after it where it has
 * them, else the timed ones.  Where the checker finds the move played best, its better line is the best other one.
 */
static void coach_lines(const struct game *g, int node, const struct annotate_checker *check,
                        struct annotate_search *before, struct annotate_search *after)
{
	struct annotate_search b, a;
	struct pos_line line = POS_LINE_EMPTY, next = POS_LINE_EMPTY;
	move_t played = game_node_move(g, node);
	bool got = check && game_node_line(g, game_parent(g, node), &line) && game_node_line(g, node, &next) &&
	           check->search(check->ctx, &line, MOVE_NONE, &b) &&
	           (b.pv_len == 0 || b.pv[0] != played || check->search(check->ctx, &line, played, &b)) &&
	           (annotate_terminal(&next.pos, &a) || check->search(check->ctx, &next, MOVE_NONE, &a));
	/* A mate the timed search found and the checker's did not is kept: a mate is its own proof (27. Qxb4?? allows
	 * mate in five; the checker saw a queen and a rook lost). */
	int sign = line.pos.side == WHITE ? 1 : -1;
	if (got) {
		if (mate_for(&b, sign) || !mate_for(before, sign))
			*before = b;
		if (mate_for(&a, -sign) || !mate_for(after, -sign))
			*after = a;
	}
	line_free(&line);
	line_free(&next);
}

/* The coach's sentence for a marked move as its comment (once: a move marked again keeps one). */
static void add_explanation(struct game *g, int node, const struct annotate_search *timed_before,
                            const struct annotate_search *timed_after, enum annotate_class c,
                            const struct annotate_checker *check)
{
	static const char *const marks[ANNOTATE_CLASS_NB] = { "", "?!", "?", "??" };
	struct pos_line line = POS_LINE_EMPTY;
	struct explanation e;
	struct pos_line prev = POS_LINE_EMPTY;
	struct annotate_search before = *timed_before, after = *timed_after;
	int parent = game_parent(g, node), grand = game_parent(g, parent);
	coach_lines(g, node, check, &before, &after);
	/* The opponent's last move, so that a win it left and the move missed is named with it. */
	bool has_prev = grand != GAME_NODE_NONE && game_node_line(g, grand, &prev);
	if (game_node_line(g, parent, &line)) {
		int sign = line.pos.side == WHITE ? 1 : -1;
		struct explain_input in = { .pos = &line.pos, .played = game_node_move(g, node), .refutation = after.pv,
			                    .refutation_len = after.pv_len, .better = before.pv,
			                    .better_len = before.pv_len, .refutation_on = after.line,
			                    .refutation_on_len = after.line_len, .better_on = before.line,
			                    .better_on_len = before.line_len, .before = mover_score(&before, sign),
			                    .after = mover_score(&after, sign), .mark = marks[c],
			                    .prev = has_prev ? &prev.pos : NULL, .last = game_node_move(g, parent),
			                    .marked_drop_cp = sign * (timed_before->white_cp - timed_after->white_cp),
			                    .verify = true };
		/* Where the Syzygy tables are loaded and hold the position, their verdict is the truth of a result. */
		struct explain_verdict tables;
		if (explain_tablebase_verdict(&line.pos, in.played, &tables))
			in.tables = &tables;
		if (explain_move(&in, &e) && !strstr(game_comment(g, node, COMMENT_AFTER), e.text))
			game_add_comment(g, node, COMMENT_AFTER, e.text);
	}
	line_free(&prev);
	line_free(&line);
}

/*
 * A move that lets the opponent mate where it could not before is marked even in a lost game, where it costs little
 * expected score: by Lichess's rule, a blunder, a mistake from 7 pawns down, an inaccuracy from 10 down.
 */
static enum annotate_class mate_allowed(const struct annotate_search *before, const struct annotate_search *after,
                                        int sign)
{
	bool mated = after->has_eval && after->eval.mate && sign * after->eval.value < 0;
	if (!mated || !before->has_eval || (before->eval.mate && sign * before->eval.value < 0))
		return ANNOTATE_GOOD;
	int cp = before->eval.mate ? ANNOTATE_CP_CLIP : sign * before->eval.value;
	return cp <= -ANNOTATE_MATE_INACCURACY_CP ? ANNOTATE_INACCURACY
	       : cp <= -ANNOTATE_MATE_MISTAKE_CP  ? ANNOTATE_MISTAKE
	                                          : ANNOTATE_BLUNDER;
}

enum annotate_class annotate_mark_checked(struct game *g, int node, const struct annotate_search *before,
                                          const struct annotate_search *after, struct annotate_tally tally[COLOR_NB],
                                          const struct annotate_checker *check)
{
	int parent = game_parent(g, node);
	if (parent == GAME_NODE_NONE)
		return ANNOTATE_GOOD;
	int mover = game_node_side(g, parent);
	int sign = mover == WHITE ? 1 : -1;
	bool best = before->pv_len > 0 && before->pv[0] == game_node_move(g, node);
	double loss = best ? 0.0 : sign * (before->white_score - after->white_score);
	int cp_loss = best ? 0 : sign * (before->white_cp - after->white_cp);
	enum annotate_class c = annotate_classify(loss), mate = mate_allowed(before, after, sign);
	c = mate > c ? mate : c;
	game_set_eval(g, node, after->has_eval ? &after->eval : NULL);
	clear_judgement(g, node);
	if (c != ANNOTATE_GOOD) {
		game_add_nag(g, node, annotate_class_nag(c));
		add_better_line(g, node, before);
		add_explanation(g, node, before, after, c, check);
	} else {
		enum good_mark good = good_move_mark(g, node, before, after, check);
		tally[mover].only_moves += good == GOOD_ONLY;
		tally[mover].sacrifices += good == GOOD_BRILLIANT;
	}
	tally[mover].moves++;
	tally[mover].cp_loss += cp_loss > 0 ? cp_loss : 0;
	tally[mover].count[c]++;
	return c;
}

enum annotate_class annotate_mark(struct game *g, int node, const struct annotate_search *before,
                                  const struct annotate_search *after, struct annotate_tally tally[COLOR_NB])
{
	return annotate_mark_checked(g, node, before, after, tally, NULL);
}

/* "accuracy 87% (opening 95%, middlegame 82%), ": the game's, then each phase the player moved in, if two or more. */
static void accuracy_text(const struct annotate_tally *t, char *buf, size_t len)
{
	int used = snprintf(buf, len, "accuracy %.0f%%", t->accuracy), phases = 0, shown = 0;
	for (int k = 0; k < PHASE_NB; k++)
		phases += t->phase_accuracy[k] >= 0;
	for (int k = 0; k < PHASE_NB && phases > 1 && used > 0 && (size_t)used < len; k++) {
		if (t->phase_accuracy[k] < 0)
			continue;
		int n = snprintf(buf + used, len - (size_t)used, "%s%s %.0f%%", shown++ ? ", " : " (", game_phase_name(k),
		                 t->phase_accuracy[k]);
		used = n < 0 ? (int)len : used + n;
	}
	if (used > 0 && (size_t)used < len)
		snprintf(buf + used, len - (size_t)used, "%s, ", shown ? ")" : "");
}

void annotate_summary(const struct game *g, int color, const struct annotate_tally *t, char *buf, size_t len)
{
	const char *name = game_tag(g, color == WHITE ? "White" : "Black");
	char who[96];
	if (name && *name && strcmp(name, "?"))
		snprintf(who, sizeof who, "%s (%.80s)", color == WHITE ? "White" : "Black", name);
	else
		snprintf(who, sizeof who, "%s", color == WHITE ? "White" : "Black");
	long average = t->moves ? (t->cp_loss + t->moves / 2) / t->moves : 0;
	int in = t->count[ANNOTATE_INACCURACY], mi = t->count[ANNOTATE_MISTAKE], bl = t->count[ANNOTATE_BLUNDER];
	char accuracy[160] = "", like[64] = "", misses[24] = "";
	if (t->has_accuracy)
		accuracy_text(t, accuracy, sizeof accuracy);
	if (t->has_estimate) {
		rating_estimate_text(&t->estimate, like, sizeof like - 2);
		strcat(like, ", ");
	}
	if (t->misses)
		snprintf(misses, sizeof misses, ", %d miss%s", t->misses, t->misses == 1 ? "" : "es");
	char good[96] = "";
	if (t->only_moves || t->sacrifices)
		snprintf(good, sizeof good, "; %d only move%s (!), %d sound sacrifice%s (!!)", t->only_moves,
		         t->only_moves == 1 ? "" : "s", t->sacrifices, t->sacrifices == 1 ? "" : "s");
	snprintf(buf, len, "%s: %s%s%ld centipawns lost a move; %d inaccurac%s, %d mistake%s, %d blunder%s%s%s", who,
	         accuracy, like, average, in, in == 1 ? "y" : "ies", mi, mi == 1 ? "" : "s", bl, bl == 1 ? "" : "s", misses,
	         good);
}

int *annotate_main_line(const struct game *g, int *n)
{
	int count = 1;
	for (int v = game_child(g, GAME_ROOT); v != GAME_NODE_NONE; v = game_child(g, v))
		count++;
	int *nodes = malloc((size_t)count * sizeof *nodes);
	*n = nodes ? count : 0;
	for (int i = 0, v = GAME_ROOT; nodes && i < count; i++, v = game_child(g, v))
		nodes[i] = v;
	return nodes;
}

/* White's centipawns at node, mates at the ends: its evaluation, or the rules' verdict where it has no move. */
static bool white_cp_at(const struct game *g, int node, int *cp)
{
	struct game_eval e;
	if (game_node_eval(g, node, &e)) {
		*cp = e.mate ? (e.value > 0 ? ANNOTATE_CP_CLIP : -ANNOTATE_CP_CLIP) : clip_cp(e.value);
		return true;
	}
	struct pos_line line = POS_LINE_EMPTY;
	struct annotate_search s;
	bool known = game_node_line(g, node, &line) && annotate_terminal(&line.pos, &s);
	line_free(&line);
	if (known)
		*cp = s.white_cp;
	else if (node == GAME_ROOT)
		*cp = ACCURACY_INITIAL_CP;
	return known || node == GAME_ROOT;
}

void annotate_accuracy(const struct game *g, struct annotate_tally tally[COLOR_NB])
{
	int n, cp = 0;
	int *nodes = annotate_main_line(g, &n);
	double *win = nodes ? malloc((size_t)n * sizeof *win) : NULL;
	bool known = win != NULL && n > 1;
	for (int i = 0; known && i < n; i++) {
		known = white_cp_at(g, nodes[i], &cp);
		win[i] = accuracy_win_percent(cp);
	}
	int *phase = known ? malloc((size_t)n * sizeof *phase) : NULL;
	if (known) {
		double acc[COLOR_NB], by[COLOR_NB][ACCURACY_GROUPS_MAX];
		int misses[COLOR_NB];
		accuracy_of_game(win, n, game_node_side(g, GAME_ROOT), acc);
		if (phase)
			game_phases(g, nodes, n, phase);
		accuracy_of_groups(win, n, game_node_side(g, GAME_ROOT), phase, phase ? PHASE_NB : 0, by);
		misses_of_line(win, n, game_node_side(g, GAME_ROOT), misses);
		for (int c = WHITE; c <= BLACK; c++) {
			tally[c].has_accuracy = acc[c] >= 0;
			tally[c].accuracy = acc[c] >= 0 ? acc[c] : 0;
			for (int k = 0; k < PHASE_NB; k++)
				tally[c].phase_accuracy[k] = phase ? by[c][k] : -1;
			tally[c].misses = misses[c];
		}
	}
	free(phase);
	free(win);
	free(nodes);
}
