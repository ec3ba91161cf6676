/* The analysis panel: a heading saying what the engine does, its figures, then its lines in SAN cut to width. */
#include <stdio.h>
#include <string.h>

#include "analysis_view.h"
#include "format.h"
#include "notation/notation.h"
#include "paint.h"

static const char *heading_text(const struct tui *t)
{
	switch (t->think.task) {
	case TASK_MOVE:
		return "Analysis: Outpost is thinking";
	case TASK_HINT:
		return "Analysis: looking for a hint";
	case TASK_ANALYZE:
		return "Analysis: your position";
	case TASK_NONE:
		break;
	}
	if (t->opinion.snap.nlines > 0)
		return "Analysis: last search";
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

static void stats_text(const struct tui *t, const struct engine_info *info, char *buf, size_t len)
{
	char score[16], nodes[16], nps[16], time[16];
	fmt_engine_score(score, sizeof score, info, t->cfg.set.white_scores, t->opinion.root->side);
	fmt_count(nodes, sizeof nodes, info->nodes);
	fmt_count(nps, sizeof nps, info->nps);
	fmt_duration(time, sizeof time, info->time_ms);
	const char *bound = info->bound == BOUND_LOWER_SCORE ? "\u2191" : info->bound == BOUND_UPPER_SCORE ? "\u2193" : "";
	if (!t->view.unicode)
		bound = ""; /* an ASCII mark would read as part of the score */
	snprintf(buf, len, "depth %d/%d  %s%s  %s nodes  %s n/s  hash %d%%  %s", info->depth, info->seldepth, score,
	         bound, nodes, nps, (info->hashfull + 5) / 10, time);
}

void analysis_view_draw(const struct tui *t, const struct rect *r)
{
	paint_put(r->y, r->x, r->w, heading_text(t), paint_role_attr(&t->view, ROLE_HEADING));
	const struct analysis_snapshot *s = &t->opinion.snap;
	if (s->nlines == 0 || s->lines[0].depth == 0)
		return;
	attr_t attr = t->think.task == TASK_NONE ? paint_role_attr(&t->view, ROLE_DIM) : A_NORMAL;
	char text[2048];
	stats_text(t, &s->lines[0], text, sizeof text);
	int y = put_words(r, r->y + 1, text, attr, 2);
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
