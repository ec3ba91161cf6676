/*
 * The coach's reasons: the mate a move allows first; then, weighed by the
 * material each wins, what the move loses (the tactic in the forcing part of
 * the refutation, else the material simply left to be taken) against what
 * the better line would have won; then the result thrown away; else the
 * better line in words.
 */
#include "study/explain.h"

#include <stdio.h>
#include <string.h>

#include "notation/notation.h"
#include "rules/movegen.h"
#include "study/explain_reasons.h"
#include "study/explain_words.h"
#include "study/forcing_line.h"

#define DRAFT_MAX EXPLAIN_DRAFT_MAX
#define MATE_VALUE 100    /* a mate outweighs any material */
#define LOST_BEFORE_CP 300 /* a mate allowed from here on was coming anyway: it is said to be unavoidable now */
#define PAWN_THROUGH_MARGIN 300 /* say_pawn_through: centipawns the score falls beyond the material lost */

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
		[EXPLAIN_MISSED_WIN] = "missedWin",         [EXPLAIN_THROWN_RESULT] = "resultThrownAway",
	};
	if (t == EXPLAIN_MATE)
		return mate_in >= 1 && mate_in <= 5 ? mates[mate_in] : mates[0];
	return t >= 0 && t < EXPLAIN_THEME_NB ? names[t] : "";
}

static void say(struct explanation *out, enum explain_theme theme, const char *text)
{
	explain_say(out, theme, text);
}

/* Is word the first piece the material words name ("rook" in "two rooks for a knight", "the queen and a pawn")? */
static bool names_lost(const char *what, const char *word)
{
	const char *space = strchr(what, ' ');
	return space && word[0] && strncmp(space + 1, word, strlen(word)) == 0;
}

/*
 * ": you lose a rook" when the walk takes material from the mover, else ""; "in all" when what is lost in the
 * end is not the piece (of type prey; 0: any) that the tactic takes, so that the two do not read as a contradiction.
 */
static void consequence(const struct explain_walk *w, int prey, char *buf, size_t len)
{
	char what[120];
	explain_material_words(w, w->mover, true, what, sizeof what);
	bool sum = prey != 0 && !names_lost(what, explain_piece_word(prey));
	if (explain_walk_balance(w) < 0 && what[0])
		snprintf(buf, len, ": %syou lose %s", sum ? "in all " : "", what);
	else
		snprintf(buf, len, "%s", "");
}

/* The type of the piece the tactic takes first (0 where it names none: a check, a promotion). */
static int prey_type(const struct explain_walk *w, const struct explain_tactic *t)
{
	int sq = t->theme == EXPLAIN_SKEWER ? t->prey[1] : t->prey[0];
	bool held = t->theme == EXPLAIN_TRAPPED_PIECE || (t->theme == EXPLAIN_PIN && t->prey[1] == SQ_NONE);
	int at_ply = held ? t->ply - 1 : t->theme == EXPLAIN_FORK || t->theme == EXPLAIN_PIN ? t->ply + 1 : t->ply;
	const struct position *at = &w->pos[at_ply];
	if (t->theme == EXPLAIN_FORK && piece_type(piece_on(at, sq)) == KING)
		sq = t->prey[1];
	if (t->theme == EXPLAIN_DOUBLE_CHECK || t->theme == EXPLAIN_PROMOTION || t->theme == EXPLAIN_OVERLOADING ||
	    sq == SQ_NONE || (t->theme == EXPLAIN_DISCOVERED_ATTACK && t->prey[1] == SQ_NONE))
		return 0;
	int type = piece_type(piece_on(at, sq));
	return type == KING ? 0 : type;
}

/* ": checkmate is now unavoidable" where the mover was lost already but not yet mated (the mark is small then). */
static const char *unavoidable(const struct explain_input *in)
{
	bool lost = in->before.known && !in->before.mate && in->before.value <= -LOST_BEFORE_CP;
	return lost ? "; checkmate is now unavoidable" : "";
}

static void say_mate(struct explanation *out, const struct explain_input *in, const struct explain_walk *w,
                     const char *san, int mate_in, bool ends)
{
	char count[8], line[160], text[DRAFT_MAX];
	bool back_rank = ends && explain_back_rank_mate(&w->pos[w->given]);
	explain_count_word(mate_in, count, sizeof count);
	explain_walk_san(w, 1, w->given - 1, line, sizeof line);
	if (w->given > 1 && ends)
		snprintf(text, sizeof text, "%s allows %smate in %s: %s%s.", san, back_rank ? "a back-rank " : "", count,
		         line, unavoidable(in));
	else if (w->given > 1)
		snprintf(text, sizeof text, "%s allows mate in %s, beginning %s%s.", san, count, line, unavoidable(in));
	else
		snprintf(text, sizeof text, "%s allows mate in %s%s.", san, count, unavoidable(in));
	out->mate_in = mate_in;
	say(out, EXPLAIN_MATE, text);
	if (back_rank)
		out->themes |= 1u << EXPLAIN_BACK_RANK_MATE;
}

/*
 * A guarded piece taken at once because more pieces attack it than guard it: "Rf6?? puts the rook where the queen
 * on f5 takes it, attacked twice and guarded once: you lose a rook." (the king on g7 is the second attacker).
 */
static void say_outnumbered(char *text, size_t len, const struct explain_walk *w, const char *san, int sq,
                            const char *lose)
{
	const struct position *before = &w->pos[1];
	char piece[40], taker[40], move[48];
	explain_piece_at(before, sq, piece, sizeof piece);
	explain_piece_at(before, move_from(w->moves[1]), taker, sizeof taker);
	const char *attacked = explain_times_word(explain_guards(before, sq, !w->mover));
	const char *guarded = explain_times_word(explain_guards(before, sq, w->mover));
	if (move_to(w->moves[0]) == sq) {
		snprintf(text, len, "%s puts the %s where %s takes it, attacked %s and guarded %s%s.", san,
		         explain_piece_word(piece_type(piece_on(before, sq))), taker, attacked, guarded, lose);
		return;
	}
	explain_walk_san(w, 1, 1, move, sizeof move);
	/* A guard the move took away: the piece that moved, or one whose line it now blocks. */
	const struct position *start = &w->pos[0];
	bitboard_t lost = attackers_to(start, sq, occupied(start)) & start->by_color[w->mover] &
	                  ~attackers_to(before, sq, occupied(before));
	int from = move_from(w->moves[0]), to = move_to(w->moves[0]);
	char guard[40];
	if ((lost & square_bb(from)) && !(attackers_to(before, sq, occupied(before)) & square_bb(to))) {
		snprintf(text, len, "%s no longer guards %s, now attacked %s and guarded %s: %s takes it%s.", san, piece,
		         attacked, guarded, move, lose);
	} else if (lost && !more_than_one(lost) && piece_on(before, lsb(lost)) == piece_on(start, lsb(lost)) &&
	           (between_bb(lsb(lost), sq) & square_bb(to))) {
		explain_piece_at(before, lsb(lost), guard, sizeof guard);
		snprintf(text, len, "%s cuts %s off from %s, now attacked %s and guarded %s: %s takes it%s.", san, guard,
		         piece, attacked, guarded, move, lose);
	} else {
		snprintf(text, len, "%s leaves %s attacked %s and guarded %s: %s takes it%s.", san, piece, attacked,
		         guarded, move, lose);
	}
}

/* The sentence for a tactic t found along the walk; what the mover loses by it is said after a colon. */
static void say_tactic(struct explanation *out, const struct explain_walk *w, const char *san,
                       const struct explain_tactic *t)
{
	char text[DRAFT_MAX], move[48], upto[120], lose[140], a[40], b[40], c[40];
	const struct position *after = &w->pos[t->ply + 1], *before = &w->pos[t->ply];
	explain_walk_san(w, t->ply, t->ply, move, sizeof move);
	explain_walk_san(w, 1, t->ply, upto, sizeof upto);
	/* A tactic a few moves into the line comes with the moves that lead to it, so the reader can follow. */
	const char *shown = t->ply > 1 ? upto : move;
	consequence(w, prey_type(w, t), lose, sizeof lose);
	a[0] = b[0] = '\0';
	switch (t->theme) {
	case EXPLAIN_DOUBLE_CHECK: { /* the moving piece's check and the one it uncovers: name the uncovered piece */
		char check[120];
		if (explain_double_check_words(after, t->by, check, sizeof check))
			out->themes |= 1u << EXPLAIN_DISCOVERED_ATTACK;
		snprintf(text, sizeof text, "%s allows %s, %s%s.", san, shown, check, lose);
		break;
	}
	case EXPLAIN_FORK:
		explain_piece_at(after, t->prey[0], a, sizeof a);
		explain_piece_at(after, t->prey[1], b, sizeof b);
		snprintf(text, sizeof text, "%s allows %s, a fork of %s and %s%s.", san, shown, a, b, lose);
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
			snprintf(text, sizeof text, "%s allows %s, a discovered check from %s%s.", san, shown, a, lose);
			break;
		}
		if (t->prey[1] == t->ply) { /* the piece uncovered does not take: its prey flees and is taken */
			char then[96];
			explain_walk_san(w, t->ply + 1, t->ply + 2, then, sizeof then);
			snprintf(text, sizeof text, "%s allows a discovered attack: %s uncovers %s against %s (%s)%s.", san,
			         shown, a, b, then, lose);
			break;
		}
		/* From the first answer on, so that the reader can follow to the move that uncovers. */
		explain_walk_san(w, 1, t->prey[1], upto, sizeof upto);
		snprintf(text, sizeof text, "%s allows a discovered attack: %s uncovers %s, and %s takes %s%s.", san, upto,
		         a, move, b, lose);
		break;
	case EXPLAIN_PIN:
		if (t->prey[1] == SQ_NONE) { /* a pin that stood already, held the piece where it is taken */
			explain_piece_at(&w->pos[t->ply - 1], t->prey[0], a, sizeof a);
			explain_piece_at(&w->pos[t->ply - 1], t->by, b, sizeof b);
			snprintf(text, sizeof text, "%s leaves %s pinned to the king by %s: %s%s.", san, a, b, upto, lose);
			break;
		}
		explain_piece_at(after, t->prey[0], a, sizeof a);
		explain_piece_at(after, t->by, b, sizeof b);
		snprintf(text, sizeof text, "%s allows a pin, %s: %s is pinned to the king by %s%s.", san, upto, a, b,
		         lose);
		break;
	case EXPLAIN_HANGING_PIECE:
		explain_piece_at(before, t->prey[0], a, sizeof a);
		explain_piece_at(before, move_from(w->moves[t->ply]), b, sizeof b);
		if (explain_outnumbered(before, w->moves[t->ply]))
			say_outnumbered(text, sizeof text, w, san, t->prey[0], lose);
		else if (move_to(w->moves[0]) == t->prey[0])
			snprintf(text, sizeof text, "%s puts the %s where %s takes it, a hanging piece%s.", san,
			         explain_piece_word(piece_type(piece_on(before, t->prey[0]))), b, lose);
		else
			snprintf(text, sizeof text, "%s leaves %s hanging: %s takes it%s.", san, a, move, lose);
		break;
	case EXPLAIN_TRAPPED_PIECE: /* where it stood before the mover's last move: it may have fled in vain */
		explain_piece_at(&w->pos[t->ply - 1], t->prey[0], a, sizeof a);
		snprintf(text, sizeof text, "%s leaves %s trapped: %s%s.", san, a, upto, lose);
		break;
	case EXPLAIN_OVERLOADING:
		explain_piece_at(&w->pos[t->ply - 2], t->by, a, sizeof a);
		explain_piece_at(&w->pos[t->ply - 2], t->prey[0], b, sizeof b);
		explain_piece_at(&w->pos[t->ply - 2], t->prey[1], c, sizeof c);
		snprintf(text, sizeof text, "%s allows %s: %s cannot guard both %s and %s, an overloaded defender%s.", san,
		         upto, a, b, c, lose);
		break;
	default: { /* EXPLAIN_PROMOTION: what is lost on the way to it, not what the new piece takes later (the line
		    * ends at the promotion, so a pawn taken after it would read as the pawn that promoted) */
		struct explain_walk cut;
		explain_walk_cut(w, t->ply, &cut);
		consequence(&cut, 0, lose, sizeof lose);
		snprintf(text, sizeof text, "%s lets the pawn promote: %s%s.", san, upto, lose);
		break;
	}
	}
	say(out, t->theme, text);
}

/*
 * The piece taken at answer k stood on its square when the mistake was made,
 * or was forced there (out of check, or fleeing from where it was lost: 7. a3
 * Bxc5 8. Ne4 Bb4 9. axb4): a pawn the mover gives up later in the engine's
 * line (3... Qf6 4. d4 exd4) is the line's choice, not the price of the
 * mistake.
 */
static bool lost_to_the_mistake(const struct explain_walk *w, int k)
{
	int sq = move_to(w->moves[k]);
	for (int j = 2; j < k; j += 2)
		if (move_to(w->moves[j]) == sq && !in_check(&w->pos[j]) &&
		    !explain_in_bad_spot(&w->pos[j], move_from(w->moves[j])))
			return false;
	return true;
}

/* The last capture of the walk's forcing part: where the line that takes the material ends. */
static int last_capture(const struct explain_walk *w)
{
	int end = explain_walk_forcing_end(w);
	while (end > 0 && explain_walk_captured(w, end) == NO_PIECE)
		end--;
	return end;
}

/* The mover's material lead after the walk's move k, less that at the start (as explain_walk_balance counts it). */
static int balance_after(const struct explain_walk *w, int k)
{
	const struct position *a = &w->pos[0], *b = &w->pos[k + 1];
	int us = w->mover, retaken = w->retaken == NO_PIECE ? 0 : explain_value[piece_type(w->retaken)];
	return explain_material(b, us) - explain_material(b, !us) - (explain_material(a, us) - explain_material(a, !us)) -
	       retaken;
}

/*
 * The mover stays as far down as at the end from the walk's move k on.  A capture of the mover's taken back at once
 * is a trade, not material kept (13... dxc3 14. bxc3 cxd3 ... 18. Nxf6+ gxf6: the pawn on d3 is what is lost).
 */
static bool down_from(const struct explain_walk *w, int k)
{
	int end = explain_walk_balance(w);
	for (int j = k; j < w->n; j++) {
		bool traded = j % 2 == 0 && explain_walk_takes_back(w, j + 1);
		if (!traded && balance_after(w, j) > end)
			return false;
	}
	return true;
}

/*
 * The opponent's capture that costs the mover the material: the first after which the mover stays as far down as
 * at the end.  A capture the mover's exchange takes back (8... Nxe5 after dxe5, 17. gxf7+ Qxf7) is not what is
 * lost; the pawn taken next is.  Else the first capture; -1 where there is none.
 */
static int decisive_capture(const struct explain_walk *w)
{
	int first = -1;
	for (int k = 1; k < w->n; k += 2) {
		if (explain_walk_captured(w, k) == NO_PIECE || !lost_to_the_mistake(w, k))
			continue;
		if (down_from(w, k))
			return k;
		first = first < 0 && balance_after(w, k) < 0 ? k : first;
	}
	/* None as far down as the end (the mover's own desperado in between): the first capture that leaves the mover
	 * down begins the loss.  An even trade is not one: 16. Bxe5 dxe5 17. b4 ... 19... axb5 20. cxb5 Bxb5 loses only
	 * the pawns the line's own pushes give. */
	return first;
}

/*
 * Does the opponent take anything but its move k, up to the line's last capture, that costs the mover: down after
 * its answer more than before it?  A piece taken back where the mover has just taken (17. gxf7+ Qxf7) is weighed
 * from before the mover's capture, an even exchange; any other capture from where the mover's last move left it
 * (40. Rxf3 Nxf3 41. Nxb7: the pawn is lost, though the rook was down a move before; 42. Nxd4 cxd4+ 43. Kxd4: the
 * third capture on d4 takes a pawn the knights' trade left).
 */
static bool takes_more_than(const struct explain_walk *w, int k)
{
	for (int j = 1; j <= last_capture(w); j += 2) {
		int answered = j + 1 < w->n ? balance_after(w, j + 1) : balance_after(w, j);
		int sq = move_to(w->moves[j]);
		bool takes_back = j >= 2 && explain_walk_captured(w, j - 1) != NO_PIECE && move_to(w->moves[j - 1]) == sq &&
		                  !(explain_walk_captured(w, j - 2) != NO_PIECE && move_to(w->moves[j - 2]) == sq);
		int before = j < 2 ? 0 : takes_back ? balance_after(w, j - 2) : balance_after(w, j - 1);
		if (j != k && explain_walk_captured(w, j) != NO_PIECE && answered < before)
			return true;
	}
	return false;
}

/* The line's last capture, and the mover's capture that answers it (the sum counts what that takes back). */
static int sum_end(const struct explain_walk *w)
{
	int end = last_capture(w);
	return end + 1 < w->n && explain_walk_captured(w, end + 1) != NO_PIECE ? end + 1 : end;
}

/*
 * The square where the mover's piece taken by moves[k] on sq stood once the move was played, where the line moved it
 * on before it was taken: the reader finds it there on the board (25. Qf6?? loses the queen on f6, though 27. Qxf8
 * Rxf8 takes it on f8; 51. c5?? the pawn on c5, pushed on and taken on c6; 11... Bb4?? the queen on g6, chased to
 * f6 and taken there; the rook on d8 that interposes on d7).
 */
static int square_after_move(const struct explain_walk *w, int k, int sq)
{
	int from = sq;
	for (int j = k - 1; j >= 2; j -= 2)
		if (move_to(w->moves[j]) == from && move_kind(w->moves[j]) != MOVE_CASTLING)
			from = move_from(w->moves[j]);
	return from;
}

/*
 * "Nc5? loses the bishop on d5 to 18... exd5: you lose a bishop for a pawn."; where the loss is more than that one
 * piece (two captures, or a piece for another), the sum first and the line up to the last capture, so that every
 * capture the sum counts is in it: "b4? loses two rooks for a bishop and a knight: 10... Bxc3+ 11. Nxc3 Nxg3
 * 12. fxg3."
 */
static bool say_material(struct explanation *out, const struct explain_walk *w, const char *san)
{
	int k = decisive_capture(w);
	if (k < 0)
		return false;
	char a[40], line[160], net[120], text[DRAFT_MAX];
	int c = explain_walk_captured(w, k);
	/* En passant takes the pawn beside the square it goes to. */
	int at = move_to(w->moves[k]) ^ (move_kind(w->moves[k]) == MOVE_EN_PASSANT ? 8 : 0);
	int stood = k % 2 ? square_after_move(w, k, at) : at;
	explain_piece_at(&w->pos[stood == at ? k : 1], stood, a, sizeof a);
	explain_material_words(w, w->mover, true, net, sizeof net);
	if (!net[0])
		return false;
	/* Why a piece the line takes was not taken back, where the mover could have and it would have cost more. */
	char why[160] = "";
	for (int j = 1; j <= last_capture(w) && !why[0]; j += 2)
		if (explain_walk_captured(w, j) == NO_PIECE || !explain_why_not_retaken(w, j, why, sizeof why))
			why[0] = '\0';
	/* The piece alone, where it is all the loss (14... exd4 15. cxd4 Rxd4+: a knight), or nothing else is taken. */
	char alone[48];
	snprintf(alone, sizeof alone, "%s %s", piece_type(c) == QUEEN ? "the" : "a", explain_piece_word(piece_type(c)));
	if (names_lost(net, explain_piece_word(piece_type(c))) && (!strcmp(net, alone) || !takes_more_than(w, k))) {
		/* The moves up to the capture when it is not the first answer, so the reader can follow it, and on
		 * through the captures on its square that follow, where a retaking fails (7... Bxd4 8. Bxd4 Qxd4). */
		int end = k;
		while (explain_walk_takes_back(w, end + 1))
			end++;
		end -= (end - k) % 2; /* the mover's last retaking is in the words ("for a pawn") */
		explain_walk_san(w, 1, end, line, sizeof line);
		snprintf(text, sizeof text, "%s loses %s%s%s: you lose %s%s%s.", san, a, end == 1 ? " to " : ": ", line,
		         net, why[0] ? "; " : "", why);
	} else {
		/* On to where the sum is reached, where the line is further down before it (31... Qxe3 32. Ng6+ hxg6 33.
		 * fxe3: a knight, not the queen the first move takes). */
		int end = sum_end(w) > k ? sum_end(w) : k;
		while (end + 1 < w->n && balance_after(w, end) < explain_walk_balance(w))
			end++;
		explain_walk_san(w, 1, end, line, sizeof line);
		snprintf(text, sizeof text, "%s loses %s: %s%s%s.", san, net, line, why[0] ? "; " : "", why);
	}
	say(out, EXPLAIN_MATERIAL, text);
	return true;
}

/*
 * The reply takes with a pawn on the mover's second rank, the pawn stays there (or goes on to queen), and the score
 * falls by three pawns more than the material: the pawn one step from queening is why, not the pawn it took (22.
 * Na5?? dxc2: a knight must stop it; "loses the pawn on c2: you lose a pawn" would say it cost a pawn).
 */
static bool say_pawn_through(struct explanation *out, const struct explain_input *in, const struct explain_walk *w,
                             int lost, const char *san)
{
	if (w->n < 2 || !in->before.known || !in->after.known || in->before.mate || in->after.mate ||
	    in->before.value - in->after.value < 100 * lost + PAWN_THROUGH_MARGIN)
		return false;
	move_t m = w->moves[1];
	int to = move_to(m), them = !w->mover;
	if (piece_type(piece_on(&w->pos[1], move_from(m))) != PAWN || explain_walk_captured(w, 1) == NO_PIECE ||
	    relative_rank(them, to) != 6)
		return false;
	int end = w->n - 1 < 3 ? w->n - 1 : 3;
	for (int j = 2; j < w->n; j++) {
		if (move_from(w->moves[j]) == to) { /* it goes on: promotes or takes beside */
			end = j > end ? j : end;
			break;
		}
		if (move_to(w->moves[j]) == to)
			return false; /* taken: the material is the loss */
	}
	char line[160], text[DRAFT_MAX];
	explain_walk_san(w, 1, end, line, sizeof line);
	snprintf(text, sizeof text, "%s lets the pawn through to %c%c, one step from queening: %s.", san,
	         'a' + square_file(to), '1' + square_rank(to), line);
	say(out, EXPLAIN_PROMOTION, text);
	return true;
}

/*
 * The better line's material a move past the capture that costs the refutation's material, an exchange begun there
 * played out: a piece its engine line gives up many moves on (the tail of a short search: 12. Nce4 Nxe4, where
 * nothing takes back) is play on, not what the better move fails to keep.
 */
static int better_cut(const struct explain_walk *b, const struct explain_walk *w)
{
	int k = (decisive_capture(w) > 1 ? decisive_capture(w) : 1) + 3;
	if (k >= b->n - 1)
		return b->n - 1;
	while (k + 1 < b->n && explain_walk_captured(b, k + 1) != NO_PIECE)
		k++;
	return k;
}

static int better_kept(const struct explain_walk *b, const struct explain_walk *w)
{
	int k = better_cut(b, w);
	return k >= b->n - 1 ? explain_walk_balance(b) : balance_after(b, k);
}

/*
 * The refutation wins a piece where the better line, as far down in all, gives up pawns alone (1Ejt7: a knight
 * for a pawn against two pawns for play): the scores, which fell by the material or more, count the piece lost.
 */
static bool piece_for_pawns(const struct explain_input *in, const struct explain_walk *w, const struct explain_walk *b)
{
	int k = decisive_capture(w);
	if (k < 0 || piece_type(explain_walk_captured(w, k)) < KNIGHT || !in->before.known || !in->after.known ||
	    in->before.mate || in->after.mate || in->before.value - in->after.value < -100 * explain_walk_balance(w))
		return false;
	for (int j = 1; j < b->n; j += 2)
		if (explain_walk_captured(b, j) != NO_PIECE && piece_type(explain_walk_captured(b, j)) != PAWN)
			return false;
	return true;
}

/* The better line as a settled walk, when there is one other than the move played; false when not. */
static bool better_walk(const struct explain_input *in, struct explain_walk *b)
{
	int n = in->better_len < EXPLAIN_LINE_MAX ? in->better_len : EXPLAIN_LINE_MAX;
	if (n <= 0 || in->better[0] == in->played)
		return false;
	explain_walk_start(b, in->pos);
	explain_walk_line(b, in->better, n);
	explain_walk_settle_as(b, in->better_on, in->better_on_len, n, false);
	return b->given > 0;
}

/* The other side's first move after k that takes on sq, where the piece there stayed till then; -1 where none. */
static int taken_later(const struct explain_walk *w, int k, int sq)
{
	for (int j = k + 1; j < w->n; j++) {
		if ((j & 1) != (k & 1) && move_to(w->moves[j]) == sq && explain_walk_captured(w, j) != NO_PIECE)
			return j;
		if (move_from(w->moves[j]) == sq || move_to(w->moves[j]) == sq)
			return -1;
	}
	return -1;
}

/*
 * What move k of the walk gives away, in pawns: a move, not out of check, of a piece that stood safe (not
 * attacked, or guarded well enough), taken there later and not taken back, less what it took on the way (6. Qg2
 * Nd4 7. Bb3 h5 8. gxh5 Qd7: the engine's choice to open the h-file; 16... Rxc3 17. bxc3, the exchange given).
 * A line's gift is its side's choice, not what the first move wins or loses.
 */
static int gift_of(const struct explain_walk *w, int k)
{
	const struct position *p = &w->pos[k];
	move_t m = w->moves[k];
	int to = move_to(m), j = taken_later(w, k, to);
	if (j < 0 || in_check(p) || move_kind(m) != MOVE_NORMAL || explain_in_bad_spot(p, move_from(m)))
		return 0;
	/* What the piece took on its way there is what the other side got for it (16... Rxc3 17. bxc3). */
	int took = explain_walk_captured(w, k) == NO_PIECE ? 0 : explain_value[piece_type(explain_walk_captured(w, k))];
	int gift = explain_value[piece_type(explain_walk_captured(w, j))] - took;
	/* The walk is settled: a recapture that pays at its end is played there. */
	return gift > 0 && !explain_walk_takes_back(w, j + 1) ? gift : 0;
}

/* What the opponent gives away in the better line (gift_of): the better move does not win it. */
static int gifts(const struct explain_walk *b)
{
	int given = 0;
	for (int k = 1; k + 1 < b->n; k += 2)
		given += gift_of(b, k);
	return given;
}

/*
 * The mover's own forcing line from the position, where it begins with the engine's better move and wins a pawn
 * more than the engine's line shows (which may give the material back for play, or take it later): it replaces
 * the better line's walk *b, true.  The engine chose the move; the forcing line says plainly what it wins.
 */
static bool verify_better(const struct explain_input *in, struct explain_walk *b)
{
	struct forcing_result r;
	struct explain_walk fb;
	if (!in->verify || !forcing_line(in->pos, FORCING_NODES, &r) || r.len < 1 || r.line[0] != in->better[0] ||
	    r.gain < 100)
		return false;
	explain_walk_start(&fb, in->pos);
	explain_walk_line(&fb, r.line, r.len < EXPLAIN_LINE_MAX ? r.len : EXPLAIN_LINE_MAX);
	if (explain_walk_balance(&fb) < explain_walk_balance(b) + 1)
		return false;
	explain_walk_cut(&fb, fb.n, b);
	return true;
}

#define NOT_FURTHER (-1000) /* given_back: the longer line reads no further */
#define FURTHER_MAX 12       /* moves of a longer line read: its tail is the engine's play on, less sure */

/*
 * The value of the most valuable piece that the moves of w from `from` (on) of side `by` (0: the mover) take, a
 * piece taken back at once on its square left out: 6... Qxd1+ 7. Bxd1 is a trade, and what is lost after it is
 * the bishop 9... Bxf3 takes, which 11. gxf3 wins back.
 */
static int biggest_taken(const struct explain_walk *w, int by, int from, int to)
{
	int most = 0;
	for (int k = from; k < to; k++) {
		int c = (k & 1) == by ? explain_walk_captured(w, k) : NO_PIECE;
		if (c != NO_PIECE && !explain_walk_takes_back(w, k + 1) && explain_value[piece_type(c)] > most)
			most = explain_value[piece_type(c)];
	}
	return most;
}

/*
 * The balance at the end of `line` (a line's longer form, explain_input) after first (NULL: none), settled, where it
 * runs further than the walk `than` read and, further on, the side that took material in `than` (`taker`: 0 the
 * mover, 1 the opponent) has a piece as valuable as the most valuable it took taken back; else NOT_FURTHER.  A
 * knight lost for three pawns later is still the knight lost.
 */
static int given_back(const struct explain_input *in, const move_t *first, const move_t *line, int len,
                      const struct explain_walk *than, int taker)
{
	struct explain_walk far;
	int n = len < FURTHER_MAX ? len : FURTHER_MAX;
	if (!line || n <= 0)
		return NOT_FURTHER;
	explain_walk_start(&far, in->pos);
	if (first && explain_walk_line(&far, first, 1) != 1)
		return NOT_FURTHER;
	explain_walk_line(&far, line, n);
	if (far.given <= than->given)
		return NOT_FURTHER;
	explain_walk_settle(&far);
	int took = biggest_taken(than, taker, 0, than->given);
	if (took == 0 || biggest_taken(&far, !taker, than->given, far.n) < took)
		return NOT_FURTHER;
	return explain_walk_balance(&far);
}

/*
 * The engine's scores leave room for the material the forcing line takes (lost pawns, < 0): they fell by as much,
 * give or take a pawn and a half (by the coach's search or the one that marked the move, which may have seen
 * further).  Where they fell by far less, the material comes back another way (an attack, a
 * pin to come) and the line is not why.
 */
static bool scores_agree(const struct explain_input *in, int lost)
{
	if (!in->before.known || !in->after.known || in->before.mate || in->after.mate)
		return true;
	int drop = in->before.value - in->after.value;
	drop = in->marked_drop_cp > drop ? in->marked_drop_cp : drop;
	return drop >= -lost * 100 - 150;
}

/* What the better line wins, in the walk's unit (pawns; a mate above all), where it keeps a pawn more than w. */
static int missed_value(const struct explain_input *in, const struct explain_walk *b, bool has, int balance,
                        int common)
{
	if (!has)
		return 0;
	if (explain_is_mate(&b->pos[b->given]) || (in->before.known && in->before.mate && in->before.value > 0))
		return MATE_VALUE;
	int won = explain_walk_balance(b) + explain_retake_missed(in, b) - common - gifts(b);
	/* Where the scores fell by far less than the material, the better line gives it back another way (13... f6
	 * wins a bishop, and 17. Qh7+ Kf7 18. Qg6+ is a perpetual: 0.00): not what was missed. */
	if (won > 0 && !scores_agree(in, -won))
		return 0;
	return won > 0 && won >= balance + 1 ? won : 0;
}

/*
 * What the move played and the better move both take, where both capture on one square (two ways to take back a
 * piece, 22... Rxd8 or 22... Qxd8): it is no part of either's price or win, and is weighed out of both.
 */
static int common_capture(const struct explain_input *in, const struct explain_walk *w)
{
	if (in->better_len <= 0 || in->better[0] == in->played || move_to(in->better[0]) != move_to(in->played) ||
	    w->retaken != NO_PIECE)
		return 0;
	int c = explain_walk_captured(w, 0);
	return c == NO_PIECE || move_kind(in->played) == MOVE_EN_PASSANT ? 0 : explain_value[piece_type(c)];
}

/*
 * A tactic past the forcing part that the line ends on, threatening a piece worth twice what the line took:
 * the line stops where the engine sees the rest as won, so that is the price (a pin that will win the queen).
 */
static bool ends_on_threat(const struct explain_walk *w, const struct explain_tactic *t)
{
	int lost = -explain_walk_balance(w), prey = prey_type(w, t);
	return t->ply >= w->given - 2 && prey && explain_value[prey] >= 2 * (lost > 1 ? lost : 1);
}

/*
 * The tactic of the refutation's forcing part, when the move loses what it wins or loses nothing.  A refutation
 * handed in with no better line is a puzzle's solution, forced from end to end: all of it is the forcing part.
 */
static bool allowed_tactic(const struct explain_walk *w, bool engine_line, struct explain_tactic *t)
{
	struct explain_walk cut;
	explain_walk_cut(w, engine_line ? explain_walk_forcing_end(w) : w->n, &cut);
	bool found = explain_find_tactic(&cut, t) || (explain_find_tactic(w, t) && ends_on_threat(w, t));
	return found && !(engine_line && explain_walked_into(t->theme) && explain_free_before(w, t->ply));
}

static bool say_allowed_tactic(struct explanation *out, const struct explain_walk *w, bool engine_line, const char *san)
{
	struct explain_tactic t;
	if (!allowed_tactic(w, engine_line, &t))
		return false;
	say_tactic(out, w, san, &t);
	return true;
}

/*
 * The walk of first (legal in in->pos) and the opponent's forcing line after it, settled; false where that line
 * takes nothing.
 */
static bool forced_walk(const struct explain_input *in, move_t first, struct explain_walk *fw)
{
	struct position after;
	struct state st, made;
	struct forcing_result r;
	pos_copy(&after, &st, in->pos);
	pos_make_move(&after, first, &made);
	if (!forcing_line(&after, FORCING_NODES, &r) || r.gain < 100 || r.len == 0)
		return false;
	/* Not settled: the line's end is the forcing search's own, its captures played out already. */
	explain_walk_start(fw, in->pos);
	explain_walk_line(fw, &first, 1);
	explain_walk_line(fw, r.line, r.len < EXPLAIN_LINE_MAX ? r.len : EXPLAIN_LINE_MAX);
	return fw->given > 1;
}

/*
 * The forcing line after the move, where it takes a pawn or more beyond the engine's refutation and beyond what
 * the better move's forcing line gives up: it replaces the refutation's walk (*w), and is forced from end to end.
 */
static bool verified_loss(const struct explain_input *in, struct explain_walk *w)
{
	struct explain_walk fw, fb;
	if (!in->verify || !forced_walk(in, in->played, &fw))
		return false;
	int lost = explain_walk_balance(&fw);
	if (lost > explain_walk_balance(w) - 1 || lost >= 0 || !scores_agree(in, lost))
		return false;
	if (in->better_len > 0 && in->better[0] != in->played && move_is_legal(in->pos, in->better[0])) {
		if (!forced_walk(in, in->better[0], &fb)) { /* the better move alone, its exchange played out */
			explain_walk_start(&fb, in->pos);
			explain_walk_line(&fb, in->better, 1);
			explain_walk_settle(&fb);
		}
		if (explain_walk_balance(&fb) < lost + 1)
			return false;
	}
	explain_walk_cut(&fw, fw.n, w);
	return true;
}

/*
 * Two reasons close in weight are both said, the larger first: the second joins the sentence after a semicolon
 * ("...; it also misses 16... Nc6, which wins a bishop for a pawn.").  Nothing is joined where the room is short.
 */
static void join(struct explanation *out, const struct explanation *second)
{
	size_t n = strlen(out->text), m = strlen(second->text);
	if (n < 2 || !m || n + m + 2 >= sizeof out->text || out->text[n - 1] != '.')
		return;
	out->text[n - 1] = ';';
	out->text[n] = ' ';
	memcpy(out->text + n + 1, second->text, m + 1);
	out->themes |= second->themes;
}

/*
 * A second reason weighs enough to be said beside a first of `first` pawns: a pawn or more, and two thirds of the
 * first (a pawn missed beside a knight lost is noise to the reader: 4. Nxe5?? in the Two Knights is the knight).
 */
static bool close_to(int second, int first) { return second >= 1 && 3 * second >= 2 * first && first < MATE_VALUE; }

/*
 * Beside a missed win: the piece the move leaves hanging, taken at once by the refutation (Qxd3?? takes a bishop
 * back but leaves the knight on a5 to 17. Qxa5), where it weighs about as much.
 */
static void also_hangs(struct explanation *out, const struct explain_walk *w, int missed)
{
	struct explain_tactic t;
	struct explanation second = { 0 };
	if (!explain_find_hanging(w, &t))
		return;
	int taken = explain_walk_captured(w, t.ply);
	if (taken == NO_PIECE || !close_to(explain_value[piece_type(taken)], missed))
		return;
	say_tactic(&second, w, "it also", &t);
	join(out, &second);
}

/*
 * Beside a missed win: the piece the move takes, won back by a tactic of the refutation's forcing part, where it
 * weighs about as much (fxg5?? takes a rook and misses 38... Qh7+; 39. Qh6+, the pawn on g7 pinned, wins it back).
 */
static bool also_won_back(struct explanation *out, const struct explain_walk *w, bool engine_line, int missed)
{
	struct explanation second = { 0 };
	struct explain_tactic t;
	char tactic[160], lose[140] = "", text[DRAFT_MAX];
	int taken = explain_walk_captured(w, 0), balance = explain_walk_balance(w);
	if (taken == NO_PIECE || piece_type(taken) == PAWN || balance > 0 ||
	    !close_to(explain_value[piece_type(taken)] - balance, missed) ||
	    !allowed_tactic(w, engine_line, &t) || t.theme == EXPLAIN_HANGING_PIECE)
		return false;
	explain_tactic_words(w, &t, tactic, sizeof tactic);
	if (balance < 0) {
		char what[100];
		explain_material_words(w, w->mover, true, what, sizeof what);
		snprintf(lose, sizeof lose, ", and in all you lose %s", what);
	}
	snprintf(text, sizeof text, "the %s it takes is won back by %s%s.", explain_piece_word(piece_type(taken)), tactic,
	         lose);
	explain_say(&second, t.theme, text);
	join(out, &second);
	return true;
}

/*
 * Beside a missed win: what the move loses, where it weighs about as much (the tactic of the refutation's forcing
 * part, else the material), or what it takes won back by a tactic, or else the piece it leaves hanging.
 */
static void also_loses(struct explanation *out, const struct explain_walk *w, bool engine_line, bool counts, int lost,
                       int missed)
{
	struct explanation second = { 0 };
	if (counts && close_to(lost, missed) &&
	    (say_allowed_tactic(&second, w, engine_line, "it also") || say_material(&second, w, "it also")))
		join(out, &second);
	else if (!also_won_back(out, w, engine_line, missed))
		also_hangs(out, w, missed);
}

/* Beside what the move loses: the win the better line had, where it weighs about as much. */
static void also_missed(struct explanation *out, const struct explain_input *in, const struct explain_walk *b,
                        const struct explain_walk *w, int missed, int lost)
{
	struct explanation second = { 0 };
	if (!in->loss_only && close_to(missed, lost) && explain_say_missed(&second, in, b, w, "it also"))
		join(out, &second);
}

/*
 * Beside what the move loses, where the better line, as far on, gives up a piece's worth too and at least half as
 * much (15... Ne4? loses the knight to 16. Nxe4, where 15. e5 had forked it and the bishop, and 15... Be7 16. exf6
 * Bxf6 gives up a knight for a pawn): what the better line gives up at once, so that the loss is not read as the
 * move's alone.  Pawns the better line gives beside a piece lost, and what it gives up further on, are left out:
 * they would only blur the reason.
 */
static void also_better_loses(struct explanation *out, const struct explain_walk *b, const struct explain_walk *w,
                              int lost)
{
	int k = better_cut(b, w), gives_up = -better_kept(b, w);
	if (gives_up < 2 || gives_up >= lost || 2 * gives_up < lost || k < 1)
		return;
	struct explain_walk cut;
	explain_walk_cut(b, k - 1, &cut);
	/* The line on to its last capture, so that every capture the words count is in it; a piece among them. */
	int end = 0;
	bool piece = false;
	for (int j = 1; j < cut.n; j++) {
		int c = explain_walk_captured(&cut, j);
		end = c != NO_PIECE ? j : end;
		piece = piece || (c != NO_PIECE && piece_color(c) == cut.mover && piece_type(c) >= KNIGHT);
	}
	char first[48], line[160], gives[120];
	explain_material_words(&cut, cut.mover, true, gives, sizeof gives);
	if (!gives[0] || end < 1 || end > 3 || !piece) /* at once: a long engine line's trades are play on */
		return;
	explain_walk_san(&cut, 0, 0, first, sizeof first);
	explain_walk_san(&cut, 1, end, line, sizeof line);
	struct explanation second = { 0 }; /* no theme: the reason is the first sentence's */
	snprintf(second.text, sizeof second.text, "%s gives up only %s: %s.", first, gives, line);
	join(out, &second);
}

/*
 * Beside a result thrown away: how, where the refutation takes material ("...; 50... d3 kept it; it loses the pawn
 * on d4 to 51. Kxd4: you lose a pawn.").
 */
static void also_how(struct explanation *out, const struct explain_walk *w, bool engine_line)
{
	struct explanation second = { 0 };
	if (explain_walk_balance(w) < 0 && (say_allowed_tactic(&second, w, engine_line, "it") ||
	                                    say_material(&second, w, "it")))
		join(out, &second);
}

bool explain_move(const struct explain_input *in, struct explanation *out)
{
	memset(out, 0, sizeof *out);
	if (!move_is_legal(in->pos, in->played))
		return false;
	struct explain_walk w, b;
	char san[SAN_MAX + 4];
	move_to_san(in->pos, in->played, san);
	if (in->mark)
		strncat(san, in->mark, 3);
	explain_walk_start(&w, in->pos);
	explain_walk_line(&w, &in->played, 1);
	int n = in->refutation_len < EXPLAIN_LINE_MAX ? in->refutation_len : EXPLAIN_LINE_MAX;
	explain_walk_line(&w, in->refutation, n);
	explain_walk_settle_as(&w, in->refutation_on, in->refutation_on_len, n, true);
	if (w.given > 1 && explain_is_mate(&w.pos[w.given])) {
		say_mate(out, in, &w, san, w.given / 2, true);
		return true;
	}
	if (in->after.known && in->after.mate && in->after.value < 0) {
		say_mate(out, in, &w, san, -in->after.value, false);
		return true;
	}
	/* The result thrown away, where the tables say so or an ending's scores do, is the truth; material the how. */
	bool engine_line = in->better_len > 0;
	if (explain_say_tablebase(out, in, san) || (explain_ending_thrown(in) && explain_say_result(out, in, san))) {
		also_how(out, &w, engine_line);
		return true;
	}
	/* A forcing line of the coach's own that takes more than the engine's refutation shows is the truth of it. */
	bool forced = verified_loss(in, &w);
	if (forced && explain_is_mate(&w.pos[w.given])) {
		say_mate(out, in, &w, san, w.given / 2, true);
		return true;
	}
	bool has_better = better_walk(in, &b), forcing_better = has_better && verify_better(in, &b);
	/* Both take back what the opponent just took (16... Qxd6 and 16... Nxd6 after 16. exd6 took the bishop): the
	 * bishop is gone whatever is played, and no part of what 16... Qxd6 loses. */
	if (has_better && w.retaken != NO_PIECE && b.retaken != NO_PIECE) {
		explain_walk_weigh_out_retake(&w);
		explain_walk_weigh_out_retake(&b);
	}
	/* What the move loses counts where the better line does not lose it too; what the better line wins, beside it. */
	int common = common_capture(in, &w);
	/* What the opponent took just before, that the move takes back on and the better line's first move does not, is
	 * lost whatever is played (19... Nxd5 took a pawn; 20. Nxd5 Bxd5 is a trade of knights, and 20. Ng4 does not
	 * win it back; 23. Nc4, taking the bishop on e4 four moves later, neither): both lines are weighed from here. */
	int already = has_better && w.retaken != NO_PIECE && b.retaken == NO_PIECE
	                      ? explain_value[piece_type(w.retaken)]
	                      : 0;
	int balance = explain_walk_balance(&w) - common + already;
	/* Material the lines take and their longer forms give back is not the reason (the coach's forcing lines are). */
	int far = forced ? NOT_FURTHER : given_back(in, &in->played, in->refutation_on, in->refutation_on_len, &w, 1);
	bool counts = balance < 0 && (far == NOT_FURTHER || far < 0) &&
	              (!has_better || better_kept(&b, &w) - common >= balance + 1 || piece_for_pawns(in, &w, &b));
	int lost = counts ? -balance : 0, missed = missed_value(in, &b, has_better, balance, common);
	int far_won = forcing_better || !missed || missed >= MATE_VALUE
	                      ? NOT_FURTHER
	                      : given_back(in, NULL, in->better_on, in->better_on_len, &b, 0);
	if (far_won != NOT_FURTHER && far_won + explain_retake_missed(in, &b) - common < balance + 1)
		missed = 0;
	/* Nothing lost, nothing missed, and the game still thrown away: the trade into an ending that the scores call so. */
	if (!counts && !missed && explain_say_traded_ending(out, in, &w, san))
		return true;
	if (missed > lost && explain_say_missed(out, in, &b, &w, san)) {
		also_loses(out, &w, engine_line && !forced, counts, lost, missed);
		return true;
	}
	/* A tactic that wins nothing tells why only in a puzzle's forced line: in an engine's line it is play on. */
	if (((counts || (balance >= 0 && !missed && !engine_line)) &&
	     say_allowed_tactic(out, &w, engine_line && !forced, san)) ||
	    (counts && (say_pawn_through(out, in, &w, lost, san) || say_material(out, &w, san)))) {
		also_missed(out, in, &b, &w, missed, lost);
		if (counts && has_better && !common && !already)
			also_better_loses(out, &b, &w, lost);
		return true;
	}
	if (missed && explain_say_missed(out, in, &b, &w, san))
		return true;
	if (balance >= 0 && !missed && explain_say_result(out, in, san))
		return true;
	explain_say_fallback(out, in, &w, san);
	return true;
}
