/* The only move (!) and the sound sacrifice (!!), marked with a sentence each. */
#include "study/good_moves.h"

#include <stdio.h>
#include <string.h>

#include "engine/see.h"
#include "notation/notation.h"
#include "people/human_features.h"
#include "people/human_probe.h"
#include "study/explain.h"

/* The mover's expected score in a search (White's view turned). */
static double mover_es(const struct annotate_search *s, int side)
{
	return side == WHITE ? s->white_score : 1 - s->white_score;
}

/* A recapture: a capture on the square the opponent's last move captured on. */
static bool recapture(const struct position *pos, move_t m)
{
	move_t last = pos->st->move;
	return last != MOVE_NONE && pos->st->captured != NO_PIECE && is_capture(pos, m) &&
	       move_to(m) == move_to(last);
}

/*
 * By the one-ply probe, another move keeps within GOOD_PROBE_MARGIN of the move played: no only move, and no
 * search to ask (the probe's scale is narrower than a search's, so its margin is smaller than GOOD_ONLY_MARGIN).
 */
static bool another_holds(struct position *pos, move_t played, int n, const move_t *list)
{
	score_t q[MAX_MOVES], d1[MAX_MOVES];
	human_probe_moves(pos, list, n, q, d1);
	double mine = -1, other = -1;
	for (int i = 0; i < n; i++) {
		double es = human_expected_score(d1[i]);
		if (list[i] == played)
			mine = es;
		else
			other = es > other ? es : other;
	}
	return other > mine - GOOD_PROBE_MARGIN;
}

static const char *const piece_words[PIECE_TYPE_NB] = { "", "pawn", "knight", "bishop", "rook", "queen", "king" };

/* "A sound sacrifice: ..." for m. */
static void sacrifice_text(const struct position *pos, move_t m, bool best, char *buf, size_t len)
{
	char square[3] = { (char)('a' + move_to(m) % 8), (char)('1' + move_to(m) / 8), '\0' };
	snprintf(buf, len, "A sound sacrifice: the %s on %s can be taken, and %s.",
	         piece_words[piece_type(moved_piece(pos, m))], square,
	         best ? "it is the engine's best move here" : "the engine finds nothing clearly better");
}

/*
 * "The only good move; " and the coach's sentence on the best other move, which says what it gives away; where
 * that sentence has no reason of its own (a fallback, which would name the played move as the better one), how
 * the best other leaves the game instead.
 */
static bool only_text(const struct position *pos, const struct annotate_search *before,
                      const struct annotate_search *alt, char *buf, size_t len)
{
	int sign = pos->side == WHITE ? 1 : -1;
	struct explain_score b = { before->has_eval, before->eval.mate, sign * before->eval.value };
	struct explain_score a = { alt->has_eval, alt->eval.mate, sign * alt->eval.value };
	struct explain_input in = { .pos = pos, .played = alt->pv[0], .refutation = alt->pv + 1,
		                    .refutation_len = alt->pv_len - 1, .better = before->pv,
		                    .better_len = before->pv_len, .before = b, .after = a };
	struct explanation e;
	if (alt->pv_len < 1 || !explain_move(&in, &e))
		return false;
	char other[SAN_MAX + 16], bare[SAN_MAX];
	san_format_line(pos, alt->pv, 1, other, sizeof other);
	if (e.theme == EXPLAIN_FALLBACK) {
		snprintf(buf, len, "The only good move: after the best other, %s, %s.", other, explain_standing(&a));
		return true;
	}
	/* The sentence begins with the other move's bare SAN, which would read as the move played: it is named. */
	move_to_san(pos, alt->pv[0], bare);
	size_t n = strlen(bare);
	if (!strncmp(e.text, bare, n) && e.text[n] == ' ')
		snprintf(buf, len, "The only good move; the best other, %s, %s", other, e.text + n + 1);
	else
		snprintf(buf, len, "The only good move; %s", e.text);
	return true;
}

/* The only move: false, or true with the sentence, where check's search of the best other move says so. */
static bool only_move(struct pos_line *line, move_t played, const struct annotate_search *before,
                      const struct annotate_checker *check, char *buf, size_t len)
{
	move_t list[MAX_MOVES];
	int n = generate_legal(&line->pos, list), side = line->pos.side;
	if (!check || n < 3 || before->pv_len < 1 || before->pv[0] != played || recapture(&line->pos, played) ||
	    mover_es(before, side) < GOOD_HOLDS || another_holds(&line->pos, played, n, list))
		return false;
	struct annotate_search alt;
	if (!check->search(check->ctx, line, played, &alt) || !alt.has_eval || alt.pv_len < 1)
		return false;
	if (mover_es(before, side) - mover_es(&alt, side) < GOOD_ONLY_MARGIN)
		return false;
	/* The timed search's line may be cut short (a line of one move reads 35. Rxf8 as a rook won, not seeing 35...
	 * Nxe5): the checker's own line of the move, as the coach's sentences read, where it has one. */
	struct annotate_search full;
	bool longer = check->search(check->ctx, line, MOVE_NONE, &full) && full.has_eval && full.pv_len > before->pv_len &&
	              full.pv[0] == played;
	return only_text(&line->pos, longer ? &full : before, &alt, buf, len);
}

/*
 * Does taking the piece m puts en prise (with the cheapest taker) cost the taker as much at once, a capture of the
 * mover's winning it back within a pawn (12... Ng4 13. fxg4 Bxg5: the knight on g5 is left to the bishop)?  Then
 * m is no sacrifice, whatever the exchange on its square says.
 */
static bool taken_back_at_once(const struct position *pos, move_t m)
{
	struct position p;
	struct state s0, s1, s2;
	move_t list[MAX_MOVES], take = MOVE_NONE;
	pos_copy(&p, &s0, pos);
	int given = see_value[piece_type(moved_piece(&p, m))] - see_value[piece_type(piece_on(&p, move_to(m)))];
	pos_make_move(&p, m, &s1);
	int n = generate_legal(&p, list), cheapest = 0;
	for (int i = 0; i < n; i++) {
		int v = see_value[piece_type(moved_piece(&p, list[i]))];
		if (move_to(list[i]) == move_to(m) && (take == MOVE_NONE || v < cheapest)) {
			take = list[i];
			cheapest = v;
		}
	}
	if (take == MOVE_NONE)
		return false;
	pos_make_move(&p, take, &s2);
	n = generate_legal(&p, list);
	for (int i = 0; i < n; i++)
		if (is_capture(&p, list[i]) && see_ge(&p, list[i], given - see_value[PAWN]))
			return true;
	return false;
}

/*
 * Does the mover stay ahead in material once the exchange m starts is played out?  Then m gives material back from a
 * lead, no sacrifice (24... Qxf8 25. Bxf8 in a game at 1200: a queen for a rook, from a queen and a pawn ahead).
 */
static bool still_ahead_after(const struct position *pos, move_t m)
{
	int lead = 0;
	for (int t = PAWN; t < KING; t++)
		lead += see_value[t] * (popcount(pieces_of(pos, pos->side, t)) - popcount(pieces_of(pos, !pos->side, t)));
	return lead > 0 && see_ge(pos, m, 1 - lead);
}

enum good_mark good_move_mark(struct game *g, int node, const struct annotate_search *before,
                              const struct annotate_search *after, const struct annotate_checker *check)
{
	struct pos_line line = POS_LINE_EMPTY;
	enum good_mark mark = GOOD_NONE;
	char text[EXPLAIN_TEXT_MAX + 64];
	move_t played = game_node_move(g, node);
	if (!before->has_eval || !after->has_eval || !game_node_line(g, game_parent(g, node), &line)) {
		line_free(&line);
		return GOOD_NONE;
	}
	int side = line.pos.side;
	bool best = before->pv_len > 0 && before->pv[0] == played;
	double loss = best ? 0 : mover_es(before, side) - mover_es(after, side);
	if (loss <= GOOD_CLOSE && !see_ge(&line.pos, played, 1 - GOOD_SACRIFICE_CP) &&
	    !taken_back_at_once(&line.pos, played) && !still_ahead_after(&line.pos, played) &&
	    mover_es(after, side) >= GOOD_SOUND &&
	    mover_es(before, side) <= GOOD_DECIDED) {
		sacrifice_text(&line.pos, played, best, text, sizeof text);
		mark = GOOD_BRILLIANT;
	} else if (only_move(&line, played, before, check, text, sizeof text)) {
		mark = GOOD_ONLY;
	}
	if (mark != GOOD_NONE) {
		game_add_nag(g, node, mark == GOOD_ONLY ? 1 : 3);
		if (!strstr(game_comment(g, node, COMMENT_AFTER), text))
			game_add_comment(g, node, COMMENT_AFTER, text);
	}
	line_free(&line);
	return mark;
}
