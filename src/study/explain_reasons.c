/*
 * What the better line had, and the result a move threw away, in words a
 * player reads: the tactic by its name, the material it wins, the move of
 * the opponent's that left it; "throws the win away" rather than two scores.
 */
#include "study/explain_reasons.h"

#include <stdio.h>
#include <string.h>

#include "engine/see.h"
#include "rules/movegen.h"
#include "study/explain_words.h"
#include "study/forcing_line.h"

#define WINNING_CP 200 /* from here the game is won, or lost, for the reader: about 76% by annotate's curve */
#define LEVEL_CP 50    /* within this a result is a draw (in an ending), or as good as level */
#define CLEAR_CP 80    /* the words for a score: from here clearly better (or worse) */
#define SLIGHT_CP 30   /* and from here slightly */
#define ENDING_PIECES 8 /* each side's pieces worth no more than a rook and a minor piece, and no queen: an ending */

void explain_say(struct explanation *out, enum explain_theme theme, const char *text)
{
	out->theme = theme;
	out->themes |= 1u << theme;
	size_t n = strlen(text) < sizeof out->text ? strlen(text) : sizeof out->text - 1;
	memcpy(out->text, text, n);
	out->text[n] = '\0';
}

void explain_tactic_words(const struct explain_walk *w, const struct explain_tactic *t, char *buf, size_t len)
{
	char move[48], upto[120], a[40], b[40];
	const struct position *after = &w->pos[t->ply + 1], *before = &w->pos[t->ply];
	explain_walk_san(w, t->ply, t->ply, move, sizeof move);
	explain_walk_san(w, 1, t->ply, upto, sizeof upto);
	/* A tactic a few moves into the line comes with the moves that lead to it, so the reader can follow. */
	const char *shown = t->ply > 1 ? upto : move;
	explain_piece_at(after, t->prey[0], a, sizeof a);
	switch (t->theme) {
	case EXPLAIN_FORK:
		explain_piece_at(after, t->prey[1], b, sizeof b);
		snprintf(buf, len, "%s, a fork of %s and %s", shown, a, b);
		break;
	case EXPLAIN_DOUBLE_CHECK: {
		char check[120];
		explain_double_check_words(after, t->by, check, sizeof check);
		snprintf(buf, len, "%s, %s", shown, check);
		break;
	}
	case EXPLAIN_PIN:
		if (t->prey[1] == SQ_NONE) { /* a pin that stood already, which the line uses */
			explain_piece_at(before, t->prey[0], a, sizeof a);
			explain_piece_at(before, t->by, b, sizeof b);
			snprintf(buf, len, "%s, against %s pinned to the king by %s", shown, a, b);
			break;
		}
		snprintf(buf, len, "the pin %s on %s", upto, a);
		break;
	case EXPLAIN_HANGING_PIECE:
		explain_piece_at(before, t->prey[0], a, sizeof a);
		if (explain_outnumbered(before, w->moves[t->ply]))
			snprintf(buf, len, "%s, taking %s, attacked %s and guarded %s", move, a,
			         explain_times_word(explain_guards(before, t->prey[0], before->side)),
			         explain_times_word(explain_guards(before, t->prey[0], !before->side)));
		else
			snprintf(buf, len, "%s, taking %s, which hung", move, a);
		break;
	case EXPLAIN_TRAPPED_PIECE:
		explain_piece_at(&w->pos[t->ply - 1], t->prey[0], a, sizeof a);
		snprintf(buf, len, "%s, trapping %s", upto, a);
		break;
	case EXPLAIN_SKEWER:
		snprintf(buf, len, "the skewer %s", upto);
		break;
	case EXPLAIN_DISCOVERED_ATTACK:
		snprintf(buf, len, "the discovered attack %s", upto);
		break;
	case EXPLAIN_OVERLOADING:
		snprintf(buf, len, "%s, against an overloaded defender", upto);
		break;
	default: /* EXPLAIN_PROMOTION */
		snprintf(buf, len, "%s, promoting the pawn", upto);
		break;
	}
}

/* "; 17. Qh5 allowed it" when the opponent's last move is known and led to in->pos, else "". */
static void allowed_by(const struct explain_input *in, struct explain_walk *m, char *buf, size_t len)
{
	char last[48];
	snprintf(buf, len, "%s", "");
	if (!in->prev || in->last == MOVE_NONE)
		return;
	explain_walk_start(m, in->prev);
	if (explain_walk_line(m, &in->last, 1) != 1 || pos_key(&m->pos[1]) != pos_key(in->pos))
		return;
	explain_walk_san(m, 0, 0, last, sizeof last);
	snprintf(buf, len, "; %s allowed it", last);
}

/* The tactic that wins the material in the walk of the last move and the better line, in words; false if none. */
static bool missed_tactic(struct explain_walk *m, const struct explain_input *in, char *buf, size_t len)
{
	int n = in->better_len < EXPLAIN_LINE_MAX ? in->better_len : EXPLAIN_LINE_MAX;
	struct explain_walk cut;
	struct explain_tactic t;
	if (explain_walk_line(m, in->better, n) != n || m->given < 2)
		return false;
	explain_walk_settle(m);
	if (explain_walk_balance(m) >= 0)
		return false;
	explain_walk_cut(m, explain_walk_forcing_end(m), &cut);
	/* A piece left hanging is said plainly: the move that takes it, and what it wins.  A fork or a skewer the opponent
	 * walks into with a free move is not what was missed (15... Nd7 16. Qe2 Nf6 17. Bb4 Qxd4). */
	if (!explain_find_tactic(&cut, &t) || t.theme == EXPLAIN_HANGING_PIECE ||
	    (explain_walked_into(t.theme) && explain_free_before(m, t.ply)))
		return false;
	explain_tactic_words(m, &t, buf, len);
	return true;
}

/* Does the mover take or promote among the moves handed in?  A win that only the exchange played out after the
 * line's end finds (a quiet last move left en prise) is not shown by the line, and is not said. */
static bool mover_takes(const struct explain_walk *w)
{
	for (int k = 0; k < w->given; k += 2)
		if (explain_walk_captured(w, k) != NO_PIECE || move_kind(w->moves[k]) == MOVE_PROMOTION)
			return true;
	return false;
}

/*
 * The index of the walk's last capture among the moves handed in (its last move where none captures).  Where the
 * line stops on a capture, the recaptures that settle it count: the win is weighed with them, so a line that stops
 * on the opponent's taking back ("22. Rxc7 Rxc7") is shown with the mover's answer ("23. Qxc7").
 */
static int last_capture(const struct explain_walk *w)
{
	for (int k = w->given - 1; k > 0; k--)
		if (explain_walk_captured(w, k) != NO_PIECE || move_kind(w->moves[k]) == MOVE_PROMOTION)
			return k == w->given - 1 && explain_walk_captured(w, k) != NO_PIECE ? w->n - 1 : k;
	return explain_walk_captured(w, 0) != NO_PIECE ? 0 : w->given - 1;
}

int explain_retake_missed(const struct explain_input *in, const struct explain_walk *b)
{
	if (b->given < 1 || b->retaken == NO_PIECE || move_to(in->played) == move_to(b->moves[0]))
		return 0;
	int taken = explain_walk_captured(b, 0);
	return taken == NO_PIECE ? 0 : explain_value[piece_type(taken)];
}

/* "Ng6?? misses 30. Nxf5, taking back a knight." where the better line begins with the recapture forgotten. */
static bool say_retake(struct explanation *out, const struct explain_input *in, const struct explain_walk *b,
                       const char *san)
{
	char first[48], text[EXPLAIN_DRAFT_MAX];
	int back = explain_retake_missed(in, b);
	/* Where the line wins as much again beyond the recapture (6... Qxc5 takes back a pawn and then the bishop on
	 * c4), that is the win to name. */
	if (!back || explain_walk_balance(b) + back <= 0 || explain_walk_balance(b) >= back)
		return false;
	int type = piece_type(explain_walk_captured(b, 0));
	explain_walk_san(b, 0, 0, first, sizeof first);
	snprintf(text, sizeof text, "%s misses %s, taking back %s %s.", san, first, type == QUEEN ? "the" : "a",
	         explain_piece_word(type));
	explain_say(out, EXPLAIN_MISSED_WIN, text);
	return true;
}

bool explain_say_missed(struct explanation *out, const struct explain_input *in, const struct explain_walk *b,
                        const struct explain_walk *w, const char *san)
{
	struct explain_walk m;
	char line[160], first[48], won[120], tactic[160], allowed[64], count[8], text[EXPLAIN_DRAFT_MAX];
	explain_walk_san(b, 0, b->given - 1, line, sizeof line);
	explain_walk_san(b, 0, 0, first, sizeof first);
	allowed_by(in, &m, allowed, sizeof allowed);
	if (explain_is_mate(&b->pos[b->given]) || (in->before.known && in->before.mate && in->before.value > 0)) {
		int mate_in = explain_is_mate(&b->pos[b->given]) ? (b->given + 1) / 2 : in->before.value;
		explain_count_word(mate_in, count, sizeof count);
		snprintf(text, sizeof text, "%s misses mate in %s: %s%s.", san, count, line, allowed);
		out->mate_in = mate_in;
		explain_say(out, EXPLAIN_MISSED_MATE, text);
		return true;
	}
	if (say_retake(out, in, b, san))
		return true;
	if (explain_walk_balance(b) <= 0 || !mover_takes(b))
		return false;
	int last = last_capture(b);
	bool tactic_said = allowed[0] && missed_tactic(&m, in, tactic, sizeof tactic);
	/* Beyond what the move played takes, where the line shown takes it too (23... Qxf6, 23... Qxe3+ ... 26... gxf6). */
	explain_material_words_beyond(b, tactic_said ? -1 : last, w, b->mover, won, sizeof won);
	if (!won[0])
		return false;
	/* The line's first capture takes back what the opponent just took, which the sum counts as lost (19... Bxb4+
	 * 20. Kf1 Rxa3 21. Rxa3 Bxa3 after 19. cxb4 took a pawn: it takes two and wins one). */
	char back[48] = "";
	if (explain_retake_missed(in, b))
		snprintf(back, sizeof back, "takes back %s %s and ", piece_type(b->retaken) == QUEEN ? "the" : "a",
		         explain_piece_word(piece_type(b->retaken)));
	if (tactic_said)
		snprintf(text, sizeof text, "%s misses %s, which %swins %s%s.", san, tactic, back, won, allowed);
	else if (last == 0)
		snprintf(text, sizeof text, "%s misses %s, which %swins %s%s.", san, first, back, won, allowed);
	else {
		/* The line as far as its last capture: what comes after it is not what wins. */
		explain_walk_san(b, 0, last, line, sizeof line);
		snprintf(text, sizeof text, "%s misses %s, which %swins %s: %s%s.", san, first, back, won, line, allowed);
	}
	explain_say(out, EXPLAIN_MISSED_WIN, text);
	return true;
}

/* The side to move's legal capture on sq with its cheapest piece, or MOVE_NONE. */
static move_t cheapest_capture_on(const struct position *pos, int sq)
{
	move_t list[MAX_MOVES], best = MOVE_NONE;
	int n = generate_legal(pos, list), least = 1000;
	for (int i = 0; i < n; i++) {
		int v = explain_value[piece_type(moved_piece(pos, list[i]))];
		if (move_to(list[i]) == sq && is_capture(pos, list[i]) && move_kind(list[i]) == MOVE_NORMAL && v < least) {
			best = list[i];
			least = v;
		}
	}
	return best;
}

bool explain_why_not_retaken(const struct explain_walk *w, int k, char *buf, size_t len)
{
	struct explain_walk r;
	struct forcing_result f;
	char back[48], reply[48], prey[40];
	int sq = move_to(w->moves[k]);
	if (k + 1 >= w->given || move_to(w->moves[k + 1]) == sq)
		return false;
	/* A recapture the exchange on the square allows: what refutes it must be elsewhere (a pin, an opened line). */
	move_t retake = cheapest_capture_on(&w->pos[k + 1], sq);
	if (retake == MOVE_NONE || !see_ge(&w->pos[k + 1], retake, 0))
		return false;
	explain_walk_start(&r, &w->pos[k + 1]);
	explain_walk_line(&r, &retake, 1);
	int got = explain_value[piece_type(explain_walk_captured(&r, 0))];
	if (!forcing_line(&r.pos[1], FORCING_NODES / 4, &f) || f.len < 1 || f.gain < 100 * got + 100 ||
	    f.gain >= FORCING_MATE - 1000 || explain_walk_line(&r, f.line, 1) != 1 || explain_walk_captured(&r, 1) == NO_PIECE ||
	    move_to(r.moves[1]) == sq)
		return false;
	/* The piece the reply takes must be one the line keeps: lost either way, it is not why nothing took back. */
	for (int j = k + 2; j < w->n; j += 2)
		if (move_to(w->moves[j]) == move_to(r.moves[1]))
			return false;
	explain_walk_san(&r, 0, 0, back, sizeof back);
	explain_walk_san(&r, 1, 1, reply, sizeof reply);
	explain_piece_at(&r.pos[1], move_to(r.moves[1]), prey, sizeof prey);
	/* The reply takes along the line the recapturing piece would leave: that piece is pinned to what it shields. */
	if (between_bb(move_from(r.moves[1]), move_to(r.moves[1])) & square_bb(move_from(retake))) {
		char pinned[40], both[96];
		explain_piece_at(&r.pos[0], move_from(retake), pinned, sizeof pinned);
		explain_walk_san(&r, 0, 1, both, sizeof both);
		snprintf(buf, len, "%s cannot take back: it is pinned to %s (%s)", pinned, prey, both);
	} else
		snprintf(buf, len, "taking back, %s, loses %s to %s", back, prey, reply);
	return true;
}

enum outcome { LOST, WORSE, SLIGHTLY_WORSE, LEVEL, SLIGHTLY_BETTER, BETTER, WON };

static enum outcome outcome_of(const struct explain_score *s)
{
	if (s->mate)
		return s->value > 0 ? WON : LOST;
	return s->value >= WINNING_CP    ? WON
	       : s->value >= CLEAR_CP    ? BETTER
	       : s->value >= SLIGHT_CP   ? SLIGHTLY_BETTER
	       : s->value > -SLIGHT_CP   ? LEVEL
	       : s->value > -CLEAR_CP    ? SLIGHTLY_WORSE
	       : s->value > -WINNING_CP  ? WORSE
	                                 : LOST;
}

/* A score that an ending holds as a draw, and that elsewhere is as good as level. */
static bool drawn(const struct explain_score *s) { return !s->mate && s->value > -LEVEL_CP && s->value < LEVEL_CP; }

/*
 * A win gone, not yet a loss: below clearly better.  An ending the engine scores +0.7 after a won one is most often
 * a draw it cannot see to the end (a rook and bishop against a rook), not a win still there.
 */
static bool win_gone(const struct explain_score *s) { return !s->mate && s->value < CLEAR_CP && s->value > -CLEAR_CP; }

/* No queens, and each side's pieces worth a rook and a minor piece at most: a level score there is a draw. */
static bool is_ending(const struct position *pos)
{
	for (int c = WHITE; c <= BLACK; c++)
		if (pieces_of(pos, c, QUEEN) || explain_material(pos, c) - popcount(pieces_of(pos, c, PAWN)) > ENDING_PIECES)
			return false;
	return true;
}

bool explain_say_result(struct explanation *out, const struct explain_input *in, const char *san)
{
	struct explain_walk b;
	char first[48], text[EXPLAIN_DRAFT_MAX];
	/* Only in an ending is a score the result; elsewhere the fallback says what the better move keeps. */
	if (!in->before.known || !in->after.known || in->better_len <= 0 || !is_ending(in->pos))
		return false;
	explain_walk_start(&b, in->pos);
	if (explain_walk_line(&b, in->better, 1) != 1)
		return false;
	explain_walk_san(&b, 0, 0, first, sizeof first);
	enum outcome was = outcome_of(&in->before), is = outcome_of(&in->after);
	if (was == WON && win_gone(&in->after))
		snprintf(text, sizeof text, "%s throws the win away; %s kept it.", san, first);
	else if (was == WON && is <= WORSE)
		snprintf(text, sizeof text, "%s turns a win into a loss; %s kept the win.", san, first);
	else if (drawn(&in->before) && is == LOST)
		snprintf(text, sizeof text, "%s turns a draw into a loss; %s held it.", san, first);
	else
		return false;
	explain_say(out, EXPLAIN_THROWN_RESULT, text);
	return true;
}

bool explain_ending_thrown(const struct explain_input *in)
{
	if (!in->before.known || !in->after.known || !is_ending(in->pos))
		return false;
	enum outcome was = outcome_of(&in->before), is = outcome_of(&in->after);
	return (was == WON && (win_gone(&in->after) || is <= WORSE)) || (drawn(&in->before) && is == LOST);
}

/* The ending the pieces make: "pawn ending", "rook ending", else "ending". */
static const char *ending_name(const struct position *pos)
{
	bitboard_t minors = pieces(pos, KNIGHT) | pieces(pos, BISHOP);
	return !minors && !pieces(pos, ROOK) ? "pawn ending" : !minors ? "rook ending" : "ending";
}

/* The mover's material lead in pos, less its lead where the walk starts. */
static int lead_change(const struct explain_walk *w, const struct position *pos)
{
	int now = explain_material(pos, w->mover) - explain_material(pos, !w->mover);
	return now - (explain_material(&w->pos[0], w->mover) - explain_material(&w->pos[0], !w->mover));
}

/*
 * Where the walk trades into an ending, material level: the index of the position there (after the recapture
 * that ends the trade), 0 where it does not.  The mover's moves on the way are forced (captures, answers to
 * check): a trade the mover could have kept out of is not what the line shows.
 */
static int traded_ending_at(const struct explain_walk *w)
{
	for (int i = 1; i <= w->given; i++) {
		int k = i - 1; /* the move that led to pos[i]: the mover's at even k, the played move at 0 */
		if (k >= 2 && k % 2 == 0 && explain_walk_captured(w, k) == NO_PIECE && !w->pos[k].st->checkers)
			return 0;
		if (!is_ending(&w->pos[i]))
			continue;
		if (i < w->given && explain_walk_captured(w, i) != NO_PIECE)
			i++; /* the recapture that ends the trade */
		return lead_change(w, &w->pos[i]) >= 0 ? i : 0;
	}
	return 0;
}

/*
 * The mover's piece that the opponent's move k of the walk pins to its king and that must then take the pinner
 * (the trade is forced by the pin): its square, or SQ_NONE.
 */
static int pinned_into_trade(const struct explain_walk *w, int k)
{
	if (k + 1 >= w->given)
		return SQ_NONE;
	const struct position *pos = &w->pos[k + 1];
	move_t reply = w->moves[k + 1];
	int from = move_from(reply);
	bool pinned = pos->st->blockers[w->mover] & square_bb(from) & pos->by_color[w->mover];
	return pinned && move_to(reply) == move_to(w->moves[k]) && piece_type(piece_on(pos, from)) != KING ? from
	                                                                                                : SQ_NONE;
}

bool explain_say_traded_ending(struct explanation *out, const struct explain_input *in, const struct explain_walk *w,
                               const char *san)
{
	struct explain_walk b;
	char line[160], kept[48], pinned[40], text[EXPLAIN_DRAFT_MAX];
	if (!in->before.known || !in->after.known || in->better_len <= 0 || is_ending(in->pos) || w->given < 2)
		return false;
	enum outcome was = outcome_of(&in->before), is = outcome_of(&in->after);
	bool drawn_now = was == WON && win_gone(&in->after);
	if (!drawn_now && !(was == WON && is <= WORSE) && !(drawn(&in->before) && is == LOST))
		return false;
	int at = traded_ending_at(w);
	explain_walk_start(&b, in->pos);
	if (!at || explain_walk_line(&b, in->better, 1) != 1)
		return false;
	explain_walk_san(&b, 0, 0, kept, sizeof kept);
	const char *result = drawn_now ? "drawn" : "lost", *name = ending_name(&w->pos[at]);
	const char *held = was == WON ? "kept the win" : "held the draw";
	int pin = at > 2 ? pinned_into_trade(w, 1) : SQ_NONE;
	if (pin != SQ_NONE) {
		char first[48];
		explain_walk_san(w, 1, 1, first, sizeof first);
		explain_walk_san(w, 2, at - 1, line, sizeof line);
		explain_piece_at(&w->pos[2], pin, pinned, sizeof pinned);
		snprintf(text, sizeof text, "%s goes into a %s %s: after %s %s is pinned to the king and must take, %s; %s %s.",
		         san, result, name, first, pinned, line, kept, held);
		explain_say(out, EXPLAIN_THROWN_RESULT, text);
		out->themes |= 1u << EXPLAIN_PIN;
		return true;
	}
	explain_walk_san(w, at > 1 ? 1 : 0, at - 1, line, sizeof line);
	snprintf(text, sizeof text, "%s goes into a %s %s: %s; %s %s.", san, result, name, line, kept, held);
	explain_say(out, EXPLAIN_THROWN_RESULT, text);
	return true;
}

bool explain_say_tablebase(struct explanation *out, const struct explain_input *in, const char *san)
{
	const struct explain_verdict *v = in->tables;
	struct explain_walk b;
	char kept[48], text[EXPLAIN_DRAFT_MAX];
	if (!v || !v->known || v->after >= v->before)
		return false;
	explain_walk_start(&b, in->pos);
	if (explain_walk_line(&b, &v->kept, 1) != 1)
		return false;
	explain_walk_san(&b, 0, 0, kept, sizeof kept);
	if (v->before > 0 && v->after == 0)
		snprintf(text, sizeof text, "%s throws away the tablebase win; %s kept it.", san, kept);
	else if (v->before > 0)
		snprintf(text, sizeof text, "%s turns the tablebase win into a loss; %s kept the win.", san, kept);
	else
		snprintf(text, sizeof text, "%s turns the tablebase draw into a loss; %s held it.", san, kept);
	explain_say(out, EXPLAIN_THROWN_RESULT, text);
	return true;
}

const char *explain_standing(const struct explain_score *s)
{
	static const char *const words[] = { "you are losing", "you are worse", "you are slightly worse",
		                             "the game is level", "you are slightly better", "you are better",
		                             "you are winning" };
	return s->known ? words[outcome_of(s)] : "the engine cannot say";
}

/* What the better line keeps, and how the game stands now, in words. */
static void standing_words(const struct explain_input *in, char *buf, size_t len)
{
	static const char *const keeps[] = { "which holds out longer", "which keeps you in the game",
		                             "which keeps you only slightly worse", "which keeps the game level",
		                             "which keeps you slightly better", "which keeps you better",
		                             "which keeps you winning" };
	static const char *const now[] = { "now you are losing", "now you are worse", "now you are slightly worse",
		                           "now the game is level", "you are still slightly better",
		                           "you are still better", "you are still winning" };
	enum outcome was = outcome_of(&in->before), is = outcome_of(&in->after);
	if (!in->before.known)
		snprintf(buf, len, "%s", "");
	else if (!in->after.known)
		snprintf(buf, len, ", %s", keeps[was]);
	else if (was == is)
		snprintf(buf, len, ", %s", was >= SLIGHTLY_BETTER ? "which keeps more of your advantage" : keeps[was]);
	else
		snprintf(buf, len, ", %s; %s", keeps[was], now[is]);
}

void explain_say_fallback(struct explanation *out, const struct explain_input *in, const struct explain_walk *w,
                          const char *san)
{
	struct explain_walk b;
	char line[160], text[EXPLAIN_DRAFT_MAX], words[120];
	int n = in->better_len < EXPLAIN_LINE_MAX ? in->better_len : EXPLAIN_LINE_MAX;
	explain_walk_start(&b, in->pos);
	explain_walk_line(&b, in->better, n > 0 ? n : 0);
	if (b.given > 0) {
		explain_walk_san(&b, 0, b.given - 1, line, sizeof line);
		standing_words(in, words, sizeof words);
		snprintf(text, sizeof text, "%s: better was %s%s.", san, line, words);
	} else if (w->given > 1) {
		explain_walk_san(w, 1, w->given - 1, line, sizeof line);
		snprintf(text, sizeof text, "%s: the engine answers %s.", san, line);
	} else
		snprintf(text, sizeof text, "%s: the engine finds no line to show.", san);
	explain_say(out, EXPLAIN_FALLBACK, text);
}
