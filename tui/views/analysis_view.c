/* The analysis panel: a heading saying what the engine does, its figures, then its lines in SAN cut to width. */
#include <stdio.h>
#include <string.h>

#include "analysis_view.h"
#include "notation/notation.h"
#include "paint.h"
#include "tui/base/format.h"
#include "tui/base/tablebase_text.h"

/* The heading when the other engine speaks, its name first (the panel is narrow): "Stockfish 16 is thinking". */
static const char *other_heading(const struct tui *t, char *buf, size_t len)
{
	const char *name = t->think.other_name;
	switch (t->think.task) {
	case TASK_MOVE: snprintf(buf, len, "%s is thinking", name); break;
	case TASK_HINT: snprintf(buf, len, "%s: a hint", name); break;
	case TASK_THREAT: snprintf(buf, len, "%s: the threat", name); break;
	case TASK_ANALYZE: snprintf(buf, len, "%s: your position", name); break;
	case TASK_NONE: snprintf(buf, len, "%s: last search", name); break;
	}
	return buf;
}

static const char *heading_text(const struct tui *t, char *buf, size_t len)
{
	if (t->think.on_other && t->think.other && (t->think.task != TASK_NONE || t->opinion.snap.nlines > 0))
		return other_heading(t, buf, len);
	switch (t->think.task) {
	case TASK_MOVE:
		return "Analysis: Outpost is thinking";
	case TASK_HINT:
		return "Analysis: looking for a hint";
	case TASK_THREAT:
		return "Analysis: the opponent's threat";
	case TASK_ANALYZE:
		return tui_browsing(t) ? "Analysis: the position shown" : "Analysis: your position";
	case TASK_NONE:
		break;
	}
	if (t->opinion.snap.nlines > 0)
		return "Analysis: last search";
	if (t->annotator.running) {
		snprintf(buf, len, "Annotating: %d of %d positions", t->annotator.next, t->annotator.n);
		return buf;
	}
	if (t->annotator.done)
		return "Annotation (cp: centipawns)";
	if (t->think.other && (t->think.other_roles & ENGINE_FOR_PANEL)) {
		snprintf(buf, len, "%s: analysis %s", t->think.other_name, t->think.analyze_mode ? "on" : "off");
		return buf;
	}
	return t->think.analyze_mode ? "Analysis: on" : "Analysis: off (type analyze)";
}

/* Lays out words (kept whole) in rows of width w from row y; returns the next free row. */
static int put_words(const struct rect *r, int y, const char *text, attr_t attr, int max_rows)
{
	int rows = 0;
	while (*text && y < r->y + r->h && rows < max_rows) {
		size_t cut;
		size_t next = fmt_cut(text, r->w, &cut);
		char line[512];
		if (cut >= sizeof line)
			cut = sizeof line - 1;
		memcpy(line, text, cut);
		line[cut] = '\0';
		paint_put(y++, r->x, r->w, line, attr);
		text += next;
		rows++;
	}
	return y;
}

/*
 * The search's figures as items that are never split ("1.43M n/s" stays on one
 * row), laid two spaces apart over at most max_rows rows from y; returns the
 * next free row.  A mate found stands instead of depth and score: a depth
 * then says nothing to a player.
 */
static int put_stats(const struct tui *t, const struct rect *r, int y, const struct engine_info *info, attr_t attr,
                     int max_rows)
{
	char items[6][32], nodes[16], nps[16];
	int n = 0;
	if (!fmt_engine_mate(items[n++], sizeof items[0], info, t->opinion.root->side)) {
		char score[16];
		fmt_engine_score(score, sizeof score, info, t->cfg.set.white_scores, t->opinion.root->side);
		const char *bound = info->bound == BOUND_LOWER_SCORE ? "\u2191" : info->bound == BOUND_UPPER_SCORE ? "\u2193" : "";
		if (!t->view.unicode)
			bound = ""; /* an ASCII mark would read as part of the score */
		snprintf(items[0], sizeof items[0], "depth %d/%d", info->depth, info->seldepth);
		snprintf(items[n++], sizeof items[0], "%s%s", score, bound);
	}
	fmt_count(nodes, sizeof nodes, info->nodes);
	fmt_count(nps, sizeof nps, info->nps);
	snprintf(items[n++], sizeof items[0], "%s nodes", nodes);
	snprintf(items[n++], sizeof items[0], "%s n/s", nps);
	snprintf(items[n++], sizeof items[0], "hash %d%%", (info->hashfull + 5) / 10);
	fmt_duration(items[n++], sizeof items[0], info->time_ms);
	char row[256] = "";
	int rows = 0;
	for (int i = 0; i < n && rows < max_rows && y < r->y + r->h; i++) {
		int used = paint_cells(row, strlen(row)), need = paint_cells(items[i], strlen(items[i]));
		if (row[0] && used + 2 + need > r->w) {
			paint_put(y++, r->x, r->w, row, attr);
			rows++;
			row[0] = '\0';
			if (rows == max_rows || y >= r->y + r->h)
				return y;
		}
		size_t len = strlen(row);
		snprintf(row + len, sizeof row - len, "%s%s", row[0] ? "  " : "", items[i]);
	}
	if (row[0] && rows < max_rows && y < r->y + r->h)
		paint_put(y++, r->x, r->w, row, attr);
	return y;
}

/* "book: e4 (weight 1234, 45%)": the move came from the opening book, not a search. */
static void draw_book_move(const struct tui *t, const struct rect *r, const struct engine_info *info, attr_t attr)
{
	char san[SAN_MAX], text[96];
	if (!move_is_legal(t->opinion.root, info->pv[0]))
		return;
	move_to_san(t->opinion.root, info->pv[0], san);
	int percent = (info->book_permille + 5) / 10;
	snprintf(text, sizeof text, "book: %s (weight %d, %d%%)", san, info->book_weight, percent);
	put_words(r, r->y + 1, text, attr, 2);
}

/* The search's figures and lines under the heading. */
static void draw_lines(const struct tui *t, const struct rect *r)
{
	const struct analysis_snapshot *s = &t->opinion.snap;
	attr_t attr = t->think.task == TASK_NONE ? paint_role_attr(&t->view, ROLE_DIM) : A_NORMAL;
	if (s->nlines > 0 && s->lines[0].book && s->lines[0].pv_len > 0) {
		draw_book_move(t, r, &s->lines[0], attr); /* the book's move, not a search's candidates */
		return;
	}
	if (t->think.private_lines && t->think.task == TASK_MOVE)
		put_words(r, r->y + 1, "Below full strength it keeps its candidate moves to itself.",
		          paint_role_attr(&t->view, ROLE_DIM), r->h - 1);
	if (t->think.private_lines || s->nlines == 0 || s->lines[0].depth == 0)
		return;
	char text[2048];
	int y = put_stats(t, r, r->y + 1, &s->lines[0], attr, 2);
	for (int i = 0; i < s->nlines && y < r->y + r->h; i++) {
		const struct engine_info *info = &s->lines[i];
		if (info->depth == 0)
			continue;
		char score[16], pv[1600];
		san_format_line(t->opinion.root, info->pv, info->pv_len, pv, sizeof pv);
		if (s->nlines == 1) {
			/* One line: it may run over every row left. */
			y = put_words(r, y, pv, attr, r->h);
			break;
		}
		/* Several lines share the rows left fairly, best first. */
		int rows_left = r->y + r->h - y, lines_left = s->nlines - i;
		fmt_engine_score(score, sizeof score, info, t->cfg.set.white_scores, t->opinion.root->side);
		snprintf(text, sizeof text, "%s %s", score, pv);
		y = put_words(r, y, text, attr, rows_left / lines_left > 1 ? rows_left / lines_left : 1);
	}
}

/*
 * A player's row of the annotation: "White  Capablanca", then "  18 cp a move  ?! 1  ? 0  ?? 2  accuracy 87%" and,
 * once the annotation has ended, "  played like 1350 (1100-1600) this game".
 */
static int put_tally(const struct tui *t, const struct rect *r, int y, int color, attr_t attr)
{
	const struct annotate_tally *tally = &t->annotator.tally[color];
	const char *name = game_tag(t->match.game, color == WHITE ? "White" : "Black");
	char text[160];
	snprintf(text, sizeof text, "%s  %s", color == WHITE ? "White" : "Black", name && strcmp(name, "?") ? name : "");
	if (y < r->y + r->h)
		paint_put(y++, r->x, r->w, text, attr | A_BOLD);
	long average = tally->moves ? (tally->cp_loss + tally->moves / 2) / tally->moves : 0;
	char accuracy[24] = "";
	if (tally->has_accuracy)
		snprintf(accuracy, sizeof accuracy, "  accuracy %.0f%%", tally->accuracy);
	snprintf(text, sizeof text, "  %ld cp a move  ?! %d  ? %d  ?\? %d%s", average, tally->count[ANNOTATE_INACCURACY],
	         tally->count[ANNOTATE_MISTAKE], tally->count[ANNOTATE_BLUNDER], accuracy);
	y = put_words(r, y, text, attr, 2);
	/* The estimate from this game's moves, never a bare number; the player's own rating stays beside "You". */
	if (tally->has_estimate && y < r->y + r->h) {
		char like[64];
		rating_estimate_text(&tally->estimate, like, sizeof like);
		snprintf(text, sizeof text, "  %s this game", like);
		paint_put(y++, r->x, r->w, text, attr);
	}
	return y;
}

/* The annotation where no search is shown: how far it went, and the players' figures so far. */
static void draw_annotation(const struct tui *t, const struct rect *r)
{
	attr_t attr = t->annotator.running ? paint_role_attr(&t->view, ROLE_DIM) : A_NORMAL;
	int y = put_tally(t, r, r->y + 1, WHITE, attr);
	put_tally(t, r, y, BLACK, attr);
}

void analysis_view_draw(const struct tui *t, const struct rect *r)
{
	char heading[128];
	paint_put(r->y, r->x, r->w, heading_text(t, heading, sizeof heading), paint_role_attr(&t->view, ROLE_HEADING));
	bool annotation = t->annotator.running || t->annotator.done;
	if (t->think.task == TASK_NONE && t->opinion.snap.nlines == 0 && annotation) {
		draw_annotation(t, r);
		return;
	}
	struct rect lines = *r;
	char tb[96];
	if (r->h > 3 && tablebase_text(tui_shown_position(t), tb, sizeof tb)) {
		/* The tables' word on the position shown: its last row, above all that the search says. */
		paint_put(r->y + r->h - 1, r->x, r->w, tb, paint_role_attr(&t->view, ROLE_LABEL));
		lines.h--;
	}
	if (t->think.threat[0] && t->think.threat_key == pos_key(tui_shown_position(t)) && r->h > 4) {
		/* The threat last read here, while its position is shown: the last two rows. */
		put_words(&lines, lines.y + lines.h - 2, t->think.threat, paint_role_attr(&t->view, ROLE_LABEL), 2);
		lines.h -= 2;
	}
	if (t->annotator.running) {
		/* A search has the panel: the annotation's progress takes its last row. */
		char text[64];
		snprintf(text, sizeof text, "annotating: %d of %d", t->annotator.next, t->annotator.n);
		paint_put(lines.y + lines.h - 1, r->x, r->w, text, paint_role_attr(&t->view, ROLE_LABEL));
		lines.h--;
	}
	draw_lines(t, &lines);
}
