/*
 * The coach's reasons, in the order a player most needs to hear them: the
 * mate a move allows, the tactic the opponent's answer makes (when it wins
 * something), the material simply left to be taken, the win the better line
 * had, and else the engine's line with the scores.
 */
#include "study/explain.h"

#include <stdio.h>
#include <string.h>

#include "notation/notation.h"
#include "notation/score_text.h"
#include "rules/movegen.h"
#include "study/explain_tactic.h"
#include "study/explain_words.h"

#define DRAFT_MAX 640 /* a sentence before it is cut to EXPLAIN_TEXT_MAX */

const char *explain_theme_name(enum explain_theme t, int mate_in)
{
	static const char *const mates[] = { "mate", "mateIn1", "mateIn2", "mateIn3", "mateIn4", "mateIn5" };
	static const char *const names[EXPLAIN_THEME_NB] = {
		[EXPLAIN_FALLBACK] = "engineLine",          [EXPLAIN_MATE] = "mate",
		[EXPLAIN_BACK_RANK_MATE] = "backRankMate",  [EXPLAIN_DOUBLE_CHECK] = "doubleCheck",
		[EXPLAIN_FORK] = "fork",                    [EXPLAIN_SKEWER] = "skewer",
		[EXPLAIN_DISCOVERED_ATTACK] = "discoveredAttack", [EXPLAIN_PIN] = "pin",
		[EXPLAIN_HANGING_PIECE] = "hangingPiece",   [EXPLAIN_TRAPPED_PIECE] = "trappedPiece",
		[EXPLAIN_OVERLOADING] = "overloading",      [EXPLAIN_PROMOTION] = "promotion",
		[EXPLAIN_MATERIAL] = "material",            [EXPLAIN_MISSED_MATE] = "missedMate",
		[EXPLAIN_MISSED_WIN] = "missedWin",
	};
	if (t == EXPLAIN_MATE)
		return mate_in >= 1 && mate_in <= 5 ? mates[mate_in] : mates[0];
	return t >= 0 && t < EXPLAIN_THEME_NB ? names[t] : "";
}

/* The sentence, cut to fit when a long line makes it longer than the room. */
static void say(struct explanation *out, enum explain_theme theme, const char *text)
{
	out->theme = theme;
	out->themes |= 1u << theme;
	size_t n = strlen(text) < sizeof out->text ? strlen(text) : sizeof out->text - 1;
	memcpy(out->text, text, n);
	out->text[n] = '\0';
}

/* ": you lose a rook" when the walk takes material from the mover, else "". */
static void consequence(const struct explain_walk *w, char *buf, size_t len)
{
	char what[120];
	explain_material_words(w, w->mover, true, what, sizeof what);
	if (explain_walk_balance(w) < 0 && what[0])
		snprintf(buf, len, ": you lose %s", what);
	else
		snprintf(buf, len, "%s", "");
}

static void say_mate(struct explanation *out, const struct explain_walk *w, const char *san, int mate_in, bool ends)
{
	char count[8], line[160], text[DRAFT_MAX];
	bool back_rank = ends && explain_back_rank_mate(&w->pos[w->given]);
	explain_count_word(mate_in, count, sizeof count);
	explain_walk_san(w, 1, w->given - 1, line, sizeof line);
	if (w->given > 1 && ends)
		snprintf(text, sizeof text, "%s allows %smate in %s: %s.", san, back_rank ? "a back-rank " : "", count, line);
	else if (w->given > 1)
		snprintf(text, sizeof text, "%s allows mate in %s, beginning %s.", san, count, line);
	else
		snprintf(text, sizeof text, "%s allows mate in %s.", san, count);
	out->mate_in = mate_in;
	say(out, EXPLAIN_MATE, text);
	if (back_rank)
		out->themes |= 1u << EXPLAIN_BACK_RANK_MATE;
}

/* The sentence for a tactic t found along the walk; what the mover loses by it is said after a colon. */
static void say_tactic(struct explanation *out, const struct explain_walk *w, const char *san,
                       const struct explain_tactic *t)
{
	char text[DRAFT_MAX], move[48], upto[120], lose[140], a[40], b[40], c[40];
	const struct position *after = &w->pos[t->ply + 1], *before = &w->pos[t->ply];
	explain_walk_san(w, t->ply, t->ply, move, sizeof move);
	explain_walk_san(w, 1, t->ply, upto, sizeof upto);
	consequence(w, lose, sizeof lose);
	a[0] = b[0] = '\0';
	switch (t->theme) {
	case EXPLAIN_DOUBLE_CHECK:
		snprintf(text, sizeof text, "%s allows %s, a double check%s.", san, move, lose);
		break;
	case EXPLAIN_FORK:
		explain_piece_at(after, t->prey[0], a, sizeof a);
		explain_piece_at(after, t->prey[1], b, sizeof b);
		snprintf(text, sizeof text, "%s allows %s, a fork of %s and %s%s.", san, move, a, b, lose);
		break;
	case EXPLAIN_SKEWER:
		explain_piece_at(&w->pos[t->ply - 1], t->prey[0], a, sizeof a);
		explain_piece_at(before, t->prey[1], b, sizeof b);
		snprintf(text, sizeof text, "%s allows a skewer, %s: %s moves away and %s behind it is taken%s.", san,
		         upto, a, b, lose);
		break;
	case EXPLAIN_DISCOVERED_ATTACK:
		explain_piece_at(before, t->by, a, sizeof a);
		explain_piece_at(before, t->prey[0], b, sizeof b);
		if (t->prey[1] == SQ_NONE) {
			snprintf(text, sizeof text, "%s allows %s, a discovered check from %s%s.", san, move, a, lose);
			break;
		}
		explain_walk_san(w, t->prey[1], t->prey[1], upto, sizeof upto);
		snprintf(text, sizeof text, "%s allows a discovered attack: %s uncovers %s, and %s takes %s%s.", san, upto,
		         a, move, b, lose);
		break;
	case EXPLAIN_PIN:
		explain_piece_at(after, t->prey[0], a, sizeof a);
		explain_piece_at(after, t->by, b, sizeof b);
		snprintf(text, sizeof text, "%s allows a pin, %s: %s is pinned to the king by %s%s.", san, upto, a, b,
		         lose);
		break;
	case EXPLAIN_HANGING_PIECE:
		explain_piece_at(before, t->prey[0], a, sizeof a);
		explain_piece_at(before, move_from(w->moves[t->ply]), b, sizeof b);
		if (move_to(w->moves[0]) == t->prey[0])
			snprintf(text, sizeof text, "%s puts the %s where %s takes it, a hanging piece%s.", san,
			         explain_piece_word(piece_type(piece_on(before, t->prey[0]))), b, lose);
		else
			snprintf(text, sizeof text, "%s leaves %s hanging: %s takes it%s.", san, a, move, lose);
		break;
	case EXPLAIN_TRAPPED_PIECE:
		explain_piece_at(before, t->prey[0], a, sizeof a);
		snprintf(text, sizeof text, "%s leaves %s trapped: %s%s.", san, a, upto, lose);
		break;
	case EXPLAIN_OVERLOADING:
		explain_piece_at(&w->pos[t->ply - 2], t->by, a, sizeof a);
		explain_piece_at(&w->pos[t->ply - 2], t->prey[0], b, sizeof b);
		explain_piece_at(&w->pos[t->ply - 2], t->prey[1], c, sizeof c);
		snprintf(text, sizeof text, "%s allows %s: %s cannot guard both %s and %s, an overloaded defender%s.", san,
		         upto, a, b, c, lose);
		break;
	default: /* EXPLAIN_PROMOTION */
		snprintf(text, sizeof text, "%s lets the pawn promote: %s%s.", san, upto, lose);
		break;
	}
	say(out, t->theme, text);
}

typedef bool (*tactic_test)(const struct explain_walk *, struct explain_tactic *);

/* The first tactic of the walk, in the order its name tells most: false when none. */
static bool find_tactic(const struct explain_walk *w, struct explain_tactic *t)
{
	static const tactic_test tests[] = { explain_find_double_check, explain_find_fork,    explain_find_skewer,
		                             explain_find_discovered,   explain_find_pin,     explain_find_hanging,
		                             explain_find_trapped,      explain_find_overloading,
		                             explain_find_promotion };
	for (size_t i = 0; i < sizeof tests / sizeof *tests; i++)
		if (tests[i](w, t))
			return true;
	return false;
}

/*
 * The piece taken at answer k stood on its square when the mistake was made,
 * or was forced there (out of check): a pawn the mover gives up later in the
 * engine's line (3... Qf6 4. d4 exd4) is the line's choice, not the price of
 * the mistake.
 */
static bool lost_to_the_mistake(const struct explain_walk *w, int k)
{
	int sq = move_to(w->moves[k]);
	for (int j = 2; j < k; j += 2)
		if (move_to(w->moves[j]) == sq && !in_check(&w->pos[j]))
			return false;
	return true;
}

/* "Nc5? loses the bishop on d5 to 18... exd5: you lose a bishop for a pawn." */
static bool say_material(struct explanation *out, const struct explain_walk *w, const char *san)
{
	for (int k = 1; k < w->n; k += 2) {
		int c = explain_walk_captured(w, k);
		if (c == NO_PIECE || !lost_to_the_mistake(w, k))
			continue;
		char a[40], line[160], lose[140], net[120], taken[40], text[DRAFT_MAX];
		explain_piece_at(&w->pos[k], move_to(w->moves[k]), a, sizeof a);
		/* The moves up to the capture when it is not the first answer, so the reader can follow it. */
		explain_walk_san(w, 1, k, line, sizeof line);
		consequence(w, lose, sizeof lose);
		/* When the exchanges that follow change what is lost, say it is the sum. */
		explain_material_words(w, w->mover, true, net, sizeof net);
		snprintf(taken, sizeof taken, "%s %s", piece_type(c) == QUEEN ? "the" : "a", explain_piece_word(piece_type(c)));
		if (lose[0] && strncmp(net, taken, strlen(taken)) != 0)
			snprintf(lose, sizeof lose, ": in all you lose %s", net);
		if (k == 1)
			snprintf(text, sizeof text, "%s loses %s to %s%s.", san, a, line, lose);
		else
			snprintf(text, sizeof text, "%s loses %s: %s%s.", san, a, line, lose);
		say(out, EXPLAIN_MATERIAL, text);
		return true;
	}
	return false;
}

/* What the better line would have had: a mate, or material (a pawn or more beyond what the move played keeps). */
static bool say_missed(struct explanation *out, const struct explain_input *in, const struct explain_walk *played,
                       const char *san)
{
	struct explain_walk w;
	char line[160], first[48], won[120], text[DRAFT_MAX];
	int n = in->better_len < EXPLAIN_LINE_MAX ? in->better_len : EXPLAIN_LINE_MAX;
	if (n <= 0 || in->better[0] == in->played)
		return false;
	explain_walk_start(&w, in->pos);
	explain_walk_line(&w, in->better, n);
	explain_walk_settle(&w);
	if (w.given == 0)
		return false;
	explain_walk_san(&w, 0, w.given - 1, line, sizeof line);
	explain_walk_san(&w, 0, 0, first, sizeof first);
	if (explain_is_mate(&w.pos[w.given]) || (in->before.known && in->before.mate && in->before.value > 0)) {
		char count[8];
		int mate_in = explain_is_mate(&w.pos[w.given]) ? (w.given + 1) / 2 : in->before.value;
		explain_count_word(mate_in, count, sizeof count);
		snprintf(text, sizeof text, "%s misses mate in %s: %s.", san, count, line);
		out->mate_in = mate_in;
		say(out, EXPLAIN_MISSED_MATE, text);
		return true;
	}
	explain_material_words(&w, w.mover, false, won, sizeof won);
	if (explain_walk_balance(&w) <= 0 || explain_walk_balance(&w) < explain_walk_balance(played) + 1 || !won[0])
		return false;
	snprintf(text, sizeof text, "%s misses %s, which wins %s: %s.", san, first, won, line);
	say(out, EXPLAIN_MISSED_WIN, text);
	return true;
}

static void score_words(const struct explain_score *s, char *buf, size_t len)
{
	score_text(buf, len, SCORE_WORDS, s->mate ? 0 : s->value, s->mate, s->mate ? s->value : 0);
}

/* The engine's line and the scores, when no reason is found. */
static void say_fallback(struct explanation *out, const struct explain_input *in, const struct explain_walk *w,
                         const char *san)
{
	struct explain_walk b;
	char line[160], text[DRAFT_MAX], was[SCORE_TEXT_MAX], is[SCORE_TEXT_MAX];
	int n = in->better_len < EXPLAIN_LINE_MAX ? in->better_len : EXPLAIN_LINE_MAX;
	explain_walk_start(&b, in->pos);
	explain_walk_line(&b, in->better, n > 0 ? n : 0);
	score_words(&in->before, was, sizeof was);
	score_words(&in->after, is, sizeof is);
	if (b.given > 0) {
		explain_walk_san(&b, 0, b.given - 1, line, sizeof line);
		if (in->before.known && in->after.known)
			snprintf(text, sizeof text, "%s: better was %s (%s for you, rather than %s).", san, line, was, is);
		else
			snprintf(text, sizeof text, "%s: better was %s.", san, line);
	} else if (w->given > 1) {
		explain_walk_san(w, 1, w->given - 1, line, sizeof line);
		snprintf(text, sizeof text, "%s: the engine answers %s.", san, line);
	} else
		snprintf(text, sizeof text, "%s: the engine finds no line to show.", san);
	say(out, EXPLAIN_FALLBACK, text);
}

/* The better line keeps at least a pawn more than the refutation leaves: the refutation's loss is the reason. */
static bool loss_is_the_reason(const struct explain_input *in, const struct explain_walk *w)
{
	struct explain_walk b;
	int n = in->better_len < EXPLAIN_LINE_MAX ? in->better_len : EXPLAIN_LINE_MAX;
	if (n <= 0)
		return true;
	explain_walk_start(&b, in->pos);
	explain_walk_line(&b, in->better, n);
	explain_walk_settle(&b);
	return explain_walk_balance(&b) >= explain_walk_balance(w) + 1;
}

bool explain_move(const struct explain_input *in, struct explanation *out)
{
	memset(out, 0, sizeof *out);
	if (!move_is_legal(in->pos, in->played))
		return false;
	struct explain_walk w;
	char san[SAN_MAX + 4];
	move_to_san(in->pos, in->played, san);
	if (in->mark)
		strncat(san, in->mark, 3);
	explain_walk_start(&w, in->pos);
	explain_walk_line(&w, &in->played, 1);
	explain_walk_line(&w, in->refutation, in->refutation_len < EXPLAIN_LINE_MAX ? in->refutation_len : EXPLAIN_LINE_MAX);
	explain_walk_settle(&w);
	bool ends_in_mate = w.given > 1 && explain_is_mate(&w.pos[w.given]);
	if (ends_in_mate) {
		say_mate(out, &w, san, w.given / 2, true);
		return true;
	}
	if (in->after.known && in->after.mate && in->after.value < 0) {
		say_mate(out, &w, san, -in->after.value, false);
		return true;
	}
	struct explain_tactic t;
	/* A tactic that wins nothing still tells why; one whose loss the better line suffers too does not. */
	bool reason = explain_walk_balance(&w) >= 0 || loss_is_the_reason(in, &w);
	bool loses = explain_walk_balance(&w) < 0 && reason;
	if (reason && find_tactic(&w, &t))
		say_tactic(out, &w, san, &t);
	else if (!(loses && say_material(out, &w, san)) && !say_missed(out, in, &w, san))
		say_fallback(out, in, &w, san);
	return true;
}
