/* Plain mode's screen: what changed since it last wrote, as lines, composed from the plain views. */
#include "plain_screen.h"
#include "rules/clock.h"
#include "tui/views/plain_view.h"

#define ANALYSIS_EVERY_MS 3000 /* a line a few seconds apart, not a flood for a screen reader */

/* FNV-1a over the first n moves' SAN: the line of moves already written, in a number. */
static uint64_t line_hash(const struct san_list *l, int n)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	for (int i = 0; i < n && i < l->total; i++)
		for (const char *p = l->san[i]; *p; p++)
			h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
	return h;
}

/* The moves: new ones a line each; a line that changed otherwise (undo, new, load) whole.  True: show the board. */
static bool write_moves(struct tui *t, FILE *out)
{
	struct tui_plain *p = &t->plain;
	const struct san_list *l = &t->match.moves;
	bool same = p->plies <= l->played && line_hash(l, p->plies) == p->line_hash;
	bool changed = !same || p->plies != l->played;
	if (!same)
		plain_view_moves(t, out);
	else
		for (int i = p->plies; i < l->played; i++)
			plain_view_ply(t, i, out);
	p->plies = l->played;
	p->line_hash = line_hash(l, l->played);
	const struct game *g = t->match.game;
	bool persons_turn = game_position(g)->side != t->match.engine_color || game_is_over(g);
	return !same || (changed && persons_turn);
}

/* The analysis for the person, when it has gone deeper, a few seconds after the last. */
static void write_analysis(struct tui *t, FILE *out)
{
	struct tui_plain *p = &t->plain;
	const struct analysis_snapshot *s = &t->opinion.snap;
	if (t->think.task != TASK_ANALYZE || s->nlines == 0 || s->lines[0].depth == 0)
		return;
	int64_t now = monotonic_ms();
	bool deeper = s->search_id != p->analysis_search || s->lines[0].depth > p->analysis_depth;
	if (!deeper || now - p->analysis_ms < ANALYSIS_EVERY_MS)
		return;
	plain_view_analysis(t, out);
	p->analysis_search = s->search_id;
	p->analysis_depth = s->lines[0].depth;
	p->analysis_ms = now;
}

void plain_screen_update(struct tui *t, FILE *out)
{
	struct tui_plain *p = &t->plain;
	bool board = write_moves(t, out) || p->flipped != t->view.flipped;
	if (board)
		plain_view_board(t, out);
	p->flipped = t->view.flipped;
	if (t->view.show_help && !p->help)
		plain_view_help(out);
	p->help = t->view.show_help;
	write_analysis(t, out);
	if (p->msg_serial != t->msg.serial)
		plain_view_message(t, out);
	p->msg_serial = t->msg.serial;
}
