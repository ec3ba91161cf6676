/* The coach's words for pieces, squares, lines and material. */
#include "study/explain_words.h"

#include <stdio.h>
#include <string.h>

#include "notation/notation.h"

const char *explain_piece_word(int type)
{
	static const char *const words[PIECE_TYPE_NB] = { "", "pawn", "knight", "bishop", "rook", "queen", "king" };
	return type > 0 && type < PIECE_TYPE_NB ? words[type] : "";
}

void explain_piece_at(const struct position *pos, int sq, char *buf, size_t len)
{
	int type = piece_type(piece_on(pos, sq));
	if (type == KING)
		snprintf(buf, len, "the king");
	else
		snprintf(buf, len, "the %s on %c%c", explain_piece_word(type), 'a' + square_file(sq), '1' + square_rank(sq));
}

void explain_walk_san(const struct explain_walk *w, int first, int last, char *buf, size_t len)
{
	if (len)
		buf[0] = '\0';
	if (first < 0 || first > last || last >= w->n)
		return;
	san_format_line(&w->pos[first], &w->moves[first], last - first + 1, buf, len);
}

bool explain_double_check_words(const struct position *after, int by, char *buf, size_t len)
{
	bitboard_t uncovered = after->st->checkers & ~square_bb(by);
	char from[40];
	if (!(after->st->checkers & square_bb(by)) || !uncovered) {
		snprintf(buf, len, "a double check");
		return false;
	}
	explain_piece_at(after, lsb(uncovered), from, sizeof from);
	snprintf(buf, len, "a double check (the %s's and a discovered check from %s)",
	         explain_piece_word(piece_type(piece_on(after, by))), from);
	return true;
}

const char *explain_times_word(int n)
{
	static const char *const words[] = { "never", "once", "twice", "three times", "four times", "five times" };
	return words[n < 0 ? 0 : n < 5 ? n : 5];
}

void explain_count_word(int n, char *buf, size_t len)
{
	static const char *const words[] = { "zero", "one", "two", "three", "four", "five" };
	if (n >= 0 && n <= 5)
		snprintf(buf, len, "%s", words[n]);
	else
		snprintf(buf, len, "%d", n);
}

/*
 * Is move k a capture taken back at once by one of equal value (16. Bxc6+ Qxc6, a bishop for a knight), the only two
 * captures there?  In a longer run on one square (13. Nxd5 Bxd5 14. Bxd5 Nxd5) the first piece taken is the loss.
 */
static bool even_trade(const struct explain_walk *w, int k)
{
	int c = explain_walk_captured(w, k), back = explain_walk_captured(w, k + 1);
	return c != NO_PIECE && explain_walk_takes_back(w, k + 1) && !explain_walk_takes_back(w, k) &&
	       !explain_walk_takes_back(w, k + 2) && explain_value[piece_type(c)] == explain_value[piece_type(back)];
}

/*
 * A piece taken that a side promoted to, while that side has such a new piece standing, is the pawn it was (12.
 * bxa8=Q Rxa8: a rook lost, not "for the queen"; 13... bxa1=Q 14. Qxa5: the queen taken on a5 is made good by the
 * new one).  Returns the type to count, and takes the new piece off the side's count.
 */
static int taken_type(int c, int fresh[PIECE_TYPE_NB])
{
	if (fresh[piece_type(c)] <= 0)
		return piece_type(c);
	fresh[piece_type(c)]--;
	return PAWN;
}

/*
 * Counts by type of the pieces each side took in the walk; equal values (a knight for a bishop) cancel.  An even
 * trade on one square is left out first, so that what is left pairs what was won with what was lost for it (12...
 * Bxf2+ 13. Kh1 Bxe1 14. Qxe1 d4 15. Bxc6+ Qxc6: a rook and a pawn for a bishop, not "for a knight").  The pieces
 * `who` promoted to and still has go to made, apart: a new queen is not one taken ("wins the queen" read as the
 * opponent's), less those the other side made too.  The other side's promotions count for nothing else: the
 * sentence says it lets the pawn promote.
 */
static void taken_counts(const struct explain_walk *w, int who, int lost[PIECE_TYPE_NB], int won[PIECE_TYPE_NB],
                         int made[PIECE_TYPE_NB])
{
	int theirs[PIECE_TYPE_NB] = { 0 };
	memset(lost, 0, PIECE_TYPE_NB * sizeof *lost);
	memset(won, 0, PIECE_TYPE_NB * sizeof *won);
	memset(made, 0, PIECE_TYPE_NB * sizeof *made);
	if (w->retaken != NO_PIECE)
		(piece_color(w->retaken) == who ? lost : won)[piece_type(w->retaken)]++;
	for (int k = 0; k < w->n; k++) {
		int c = explain_walk_captured(w, k);
		if (even_trade(w, k)) {
			k++;
			continue;
		}
		if (c != NO_PIECE && piece_color(c) == who)
			lost[taken_type(c, made)]++;
		else if (c != NO_PIECE)
			won[taken_type(c, theirs)]++;
		if (move_kind(w->moves[k]) == MOVE_PROMOTION)
			(w->pos[k].side == who ? made : theirs)[move_promotion(w->moves[k])]++;
	}
	for (int t = PAWN; t < KING; t++) {
		int both = lost[t] < won[t] ? lost[t] : won[t];
		lost[t] -= both;
		won[t] -= both;
		both = made[t] < theirs[t] ? made[t] : theirs[t]; /* a queen made on each side */
		made[t] -= both;
	}
	int minor = lost[KNIGHT] + lost[BISHOP] < won[KNIGHT] + won[BISHOP] ? lost[KNIGHT] + lost[BISHOP]
	                                                                    : won[KNIGHT] + won[BISHOP];
	for (int i = 0; i < minor; i++) {
		lost[lost[KNIGHT] ? KNIGHT : BISHOP]--;
		won[won[KNIGHT] ? KNIGHT : BISHOP]--;
	}
}

/*
 * "the queen", "a rook and a pawn", "two pawns": the biggest two kinds of counts; then the new pieces made ("a
 * knight and a new queen", "a rook, a pawn and a new queen").
 */
static void pieces_words(const int count[PIECE_TYPE_NB], const int made[PIECE_TYPE_NB], char *buf, size_t len)
{
	char one[4][40];
	int kinds = 0;
	for (int t = QUEEN; t >= PAWN && kinds < 2; t--) {
		if (!count[t])
			continue;
		if (count[t] == 1)
			snprintf(one[kinds], sizeof one[kinds], "%s %s", t == QUEEN ? "the" : "a", explain_piece_word(t));
		else {
			char n[8];
			explain_count_word(count[t], n, sizeof n);
			snprintf(one[kinds], sizeof one[kinds], "%s %ss", n, explain_piece_word(t));
		}
		kinds++;
	}
	for (int t = QUEEN; made && t > PAWN && kinds < 4; t--)
		if (made[t])
			snprintf(one[kinds++], sizeof one[0], "a new %s", explain_piece_word(t));
	buf[0] = '\0';
	for (int i = 0, used = 0; i < kinds; i++) {
		int w = snprintf(buf + used, len - (size_t)used, "%s%s", i == 0 ? "" : i == kinds - 1 ? " and " : ", ",
		                 one[i]);
		if (w < 0 || (size_t)w >= len - (size_t)used)
			break;
		used += w;
	}
}

/*
 * The piece the move played (w's first move) takes, where the walk b takes it too, on the same square (the bishop on
 * f6: 23... Qxf6 at once, 23... Qxe3+ with 26... gxf6 at the end) by its move upto; NO_PIECE where it does not.
 */
static int taken_in_both(const struct explain_walk *b, int upto, const struct explain_walk *w, int who)
{
	int c = w->n > 0 && w->pos[0].side == who ? explain_walk_captured(w, 0) : NO_PIECE;
	/* Not where the captures on its square give it back (11. exd6 Qxd6); a trade there after it keeps it (17...
	 * Qxg6 18. Qxg6 fxg6). */
	int kept = 0;
	for (int k = 0; c != NO_PIECE && (k == 0 || explain_walk_takes_back(w, k)); k++)
		kept += (k % 2 ? -1 : 1) * explain_value[piece_type(explain_walk_captured(w, k))];
	if (c != NO_PIECE && kept < explain_value[piece_type(c)])
		return NO_PIECE;
	for (int k = 0; c != NO_PIECE && k <= upto && k < b->n; k++)
		if (b->pos[k].side == who && explain_walk_captured(b, k) == c && move_to(b->moves[k]) == move_to(w->moves[0]))
			return c;
	return NO_PIECE;
}

bool explain_material_words_beyond(const struct explain_walk *b, int upto, const struct explain_walk *w, int who,
                                   char *buf, size_t len)
{
	int lost[PIECE_TYPE_NB], won[PIECE_TYPE_NB], made[PIECE_TYPE_NB], both = taken_in_both(b, upto, w, who);
	char get[80], give[80], common[48];
	taken_counts(b, who, lost, won, made);
	bool beyond = both != NO_PIECE && won[piece_type(both)] > 0; /* not where b gives it back (a trade) */
	if (beyond)
		won[piece_type(both)]--;
	pieces_words(won, made, get, sizeof get);
	pieces_words(lost, NULL, give, sizeof give);
	if (!beyond) {
		explain_material_words(b, who, false, buf, len);
		return false;
	}
	/* Nothing beyond it (20... Qxa2 against 20... exf4 21. Rxf4 Qxa2): the line wins no more than the move took. */
	if (!get[0]) {
		snprintf(buf, len, "%s", "");
		return true;
	}
	explain_piece_at(&w->pos[0], move_to(w->moves[0]), common, sizeof common);
	snprintf(buf, len, "%s%s%s besides %s", get, give[0] ? " for " : "", give, common);
	return true;
}

void explain_material_words(const struct explain_walk *w, int who, bool lost, char *buf, size_t len)
{
	int l[PIECE_TYPE_NB], g[PIECE_TYPE_NB], made[PIECE_TYPE_NB];
	char give[80], get[80];
	taken_counts(w, who, l, g, made);
	pieces_words(lost ? l : g, lost ? NULL : made, give, sizeof give);
	pieces_words(lost ? g : l, lost ? made : NULL, get, sizeof get);
	if (!give[0])
		snprintf(buf, len, "%s", "");
	else if (!get[0])
		snprintf(buf, len, "%s", give);
	else
		snprintf(buf, len, "%s for %s", give, get);
}
