/* Puzzles: checking one, naming its themes by simple tests on the position and the line, judging a move. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "study/puzzle.h"
#include "rules/line.h"
#include "rules/movegen.h"
#include "rules/uci_move.h"
#include "study/explain_tactic.h"

static const char *const theme_names[THEME_NB] = {
	[THEME_HANGING_PIECE] = "hangingPiece", [THEME_FORK] = "fork",
	[THEME_PIN] = "pin",                     [THEME_BACK_RANK_MATE] = "backRankMate",
	[THEME_MATE] = "mate",                   [THEME_MATE_IN_1] = "mateIn1",
	[THEME_MATE_IN_2] = "mateIn2",           [THEME_MATE_IN_3] = "mateIn3",
	[THEME_MATE_IN_4] = "mateIn4",           [THEME_MATE_IN_5] = "mateIn5",
	[THEME_RECAPTURE] = "recapture",         [THEME_ENDGAME] = "endgame",
	[THEME_PROMOTION] = "promotion",
};

/* The order a heading prefers: the most telling idea first. */
static const enum puzzle_theme heading_order[THEME_NB] = {
	THEME_BACK_RANK_MATE, THEME_MATE_IN_1, THEME_MATE_IN_2, THEME_MATE_IN_3, THEME_MATE_IN_4, THEME_MATE_IN_5,
	THEME_MATE,           THEME_FORK,      THEME_PIN,       THEME_HANGING_PIECE, THEME_RECAPTURE, THEME_PROMOTION,
	THEME_ENDGAME,
};

const char *puzzle_theme_name(enum puzzle_theme t) { return t >= 0 && t < THEME_NB ? theme_names[t] : ""; }

int puzzle_theme_find(const char *name)
{
	for (int t = 0; t < THEME_NB; t++)
		if (!strcmp(theme_names[t], name))
			return t;
	return -1;
}

void puzzle_themes_text(unsigned themes, char *buf, size_t len)
{
	size_t used = 0;
	if (len)
		buf[0] = '\0';
	for (int t = 0; t < THEME_NB && len; t++)
		if (themes & 1u << t) {
			int n = snprintf(buf + used, len - used, "%s%s", used ? " " : "", theme_names[t]);
			if (n < 0 || (size_t)n >= len - used)
				break;
			used += (size_t)n;
		}
}

const char *puzzle_main_theme(unsigned themes)
{
	for (int i = 0; i < THEME_NB; i++)
		if (themes & 1u << heading_order[i])
			return theme_names[heading_order[i]];
	return "";
}

int puzzle_solver(const struct puzzle *p)
{
	const char *side = strchr(p->fen, ' ');
	return side && side[1] == 'b' ? BLACK : WHITE;
}

/* A legal move of pos, or false with why (naming what) in err. */
static bool legal_here(const struct position *pos, move_t m, const char *what, char *err, size_t errlen)
{
	char uci[UCI_MOVE_MAX];
	if (m != MOVE_NONE && move_is_legal(pos, m))
		return true;
	move_to_uci(m, uci);
	snprintf(err, errlen, "%s %s is not legal in the position", what, m == MOVE_NONE ? "(none)" : uci);
	return false;
}

bool puzzle_check(const struct puzzle *p, char *err, size_t errlen)
{
	struct pos_line l = POS_LINE_EMPTY;
	char why[160];
	bool ok = line_set_fen(&l, p->fen, why, sizeof why, NULL, 0);
	if (!ok)
		snprintf(err, errlen, "bad FEN: %s", why);
	if (ok && (p->line_len < 1 || p->line_len > PUZZLE_LINE_MAX || p->line_len % 2 == 0)) {
		snprintf(err, errlen, "a solution of %d moves: it must have an odd number, 1 to %d", p->line_len,
		         PUZZLE_LINE_MAX - 1);
		ok = false;
	}
	if (ok && p->played != MOVE_NONE)
		ok = legal_here(&l.pos, p->played, "the played move", err, errlen);
	for (int i = 0; ok && i < p->line_len; i++) {
		char what[40];
		snprintf(what, sizeof what, "move %d of the solution", i + 1);
		ok = legal_here(&l.pos, p->line[i], what, err, errlen) && line_play(&l, p->line[i]);
	}
	line_free(&l);
	if (ok && p->last != MOVE_NONE) {
		ok = line_set_fen(&l, p->last_fen, why, sizeof why, NULL, 0);
		if (!ok)
			snprintf(err, errlen, "bad FEN before the last move: %s", why);
		ok = ok && legal_here(&l.pos, p->last, "the move before", err, errlen);
		line_free(&l);
	}
	return ok;
}

/* ---------------------------------------------------------------- themes */

static const int value[PIECE_TYPE_NB] = { 0, 1, 3, 3, 5, 9, 100 };

static bool is_mate(const struct position *pos) { return in_check(pos) && count_legal(pos) == 0; }

/* The pieces of colour `by` that attack sq, with occ as the board's occupancy. */
static bitboard_t attackers_of(const struct position *pos, int sq, int by, bitboard_t occ)
{
	return attackers_to(pos, sq, occ) & pos->by_color[by] & occ;
}

/* The first move takes a piece (not a pawn) that nothing defends. */
static bool hanging_piece(const struct position *pos, move_t m)
{
	int victim = piece_on(pos, move_to(m));
	if (move_kind(m) == MOVE_CASTLING || victim == NO_PIECE || piece_type(victim) == PAWN)
		return false;
	bitboard_t occ = occupied(pos) ^ square_bb(move_from(m));
	return attackers_of(pos, move_to(m), piece_color(victim), occ) == 0;
}

/*
 * After the solver's move m (made: pos is after it), the moved piece attacks two or more pieces (not pawns) that
 * are worth more than it or undefended; the squares of those it attacks (the king excepted) into *targets.
 */
static int fork_targets(const struct position *pos, move_t m, bitboard_t *targets)
{
	int to = move_to(m), piece = piece_on(pos, to), us = piece_color(piece), them = !us;
	bitboard_t attacked = piece_type(piece) == PAWN ? pawn_attacks[us][to]
	                                                : piece_attacks(piece_type(piece), to, occupied(pos));
	bitboard_t prey = attacked & pos->by_color[them] & ~pieces(pos, PAWN);
	int count = 0;
	*targets = 0;
	while (prey) {
		int sq = pop_lsb(&prey), type = piece_type(piece_on(pos, sq));
		if (type == KING || value[type] > value[piece_type(piece)] || !attackers_of(pos, sq, them, occupied(pos))) {
			count++;
			if (type != KING)
				*targets |= square_bb(sq);
		}
	}
	return count;
}

/*
 * A piece of them that attacks sq is pinned to its king along a line that sq is not on: it may not take what
 * stands there.
 */
static bool pin_holds_back(const struct position *pos, int sq, int them)
{
	bitboard_t held = attackers_of(pos, sq, them, occupied(pos)) & pos->st->blockers[them] & pos->by_color[them];
	int king = king_square(pos, them);
	while (held) {
		int from = pop_lsb(&held);
		if (!aligned(from, sq, king))
			return true;
	}
	return false;
}

/* Enemy pieces (not pawns) pinned to their king by a slider of the side that just moved. */
static bitboard_t pinned_of(const struct position *pos, int color)
{
	return pos->st->blockers[color] & pos->by_color[color] & ~pieces(pos, PAWN);
}

/* Few pieces: six or fewer knights, bishops, rooks and queens on the board, both sides together. */
static bool endgame(const struct position *pos)
{
	return popcount(occupied(pos) & ~pieces(pos, PAWN) & ~pieces(pos, KING)) <= 6;
}

/* The move before the puzzle captured on the square the first move captures on. */
static bool recapture(const struct puzzle *p, const struct position *pos)
{
	struct pos_line before = POS_LINE_EMPTY;
	bool yes = false;
	if (p->last != MOVE_NONE && is_capture(pos, p->line[0]) && move_to(p->line[0]) == move_to(p->last) &&
	    line_set_fen(&before, p->last_fen, NULL, 0, NULL, 0))
		yes = move_is_legal(&before.pos, p->last) && is_capture(&before.pos, p->last);
	line_free(&before);
	return yes;
}

/*
 * What the solver's moves do along the line: a fork that wins one of the pieces it hit; a pin, made by the moved
 * piece or keeping a piece of theirs from taking it; a promotion.
 */
static unsigned line_themes(struct pos_line *l, const struct puzzle *p)
{
	unsigned themes = 0;
	int solver = l->pos.side;
	bitboard_t forked = 0;
	for (int i = 0; i < p->line_len; i++) {
		move_t m = p->line[i];
		bool ours = i % 2 == 0;
		if (ours && forked && is_capture(&l->pos, m) && (forked & square_bb(move_to(m))))
			themes |= 1u << THEME_FORK;
		if (ours && move_kind(m) == MOVE_PROMOTION)
			themes |= 1u << THEME_PROMOTION;
		bitboard_t pinned_before = pinned_of(&l->pos, !solver);
		if (!line_play(l, m))
			break;
		if (!ours)
			continue;
		bitboard_t targets;
		if (fork_targets(&l->pos, m, &targets) >= 2)
			forked |= targets;
		bitboard_t pinned_now = pinned_of(&l->pos, !solver) & ~pinned_before;
		if (pin_holds_back(&l->pos, move_to(m), !solver))
			themes |= 1u << THEME_PIN;
		if (pinned_now && (between_bb(move_to(m), king_square(&l->pos, !solver)) & pinned_now))
			themes |= 1u << THEME_PIN;
	}
	return themes;
}

unsigned puzzle_find_themes(const struct puzzle *p)
{
	struct pos_line l = POS_LINE_EMPTY;
	unsigned themes = 0;
	if (p->line_len < 1 || !line_set_fen(&l, p->fen, NULL, 0, NULL, 0))
		return 0;
	/* Taking back what was just taken is a recapture, not a piece left hanging. */
	if (recapture(p, &l.pos))
		themes |= 1u << THEME_RECAPTURE;
	else if (hanging_piece(&l.pos, p->line[0]))
		themes |= 1u << THEME_HANGING_PIECE;
	if (endgame(&l.pos))
		themes |= 1u << THEME_ENDGAME;
	themes |= line_themes(&l, p);
	if (l.ply == p->line_len && is_mate(&l.pos)) {
		int moves = (p->line_len + 1) / 2;
		themes |= 1u << THEME_MATE;
		if (moves <= 5)
			themes |= 1u << (THEME_MATE_IN_1 + moves - 1);
		if (explain_back_rank_mate(&l.pos))
			themes |= 1u << THEME_BACK_RANK_MATE;
	}
	line_free(&l);
	return themes;
}

bool puzzle_step_ok(const struct puzzle *p, int step, const struct position *pos, move_t m)
{
	if (step < 0 || step >= p->line_len || !move_is_legal(pos, m))
		return false;
	if (m == p->line[step])
		return true;
	struct position after;
	struct state st, next;
	pos_copy(&after, &st, pos);
	pos_make_move(&after, m, &next);
	return is_mate(&after);
}

void puzzle_make_id(const struct puzzle *p, char *buf, size_t len)
{
	uint64_t h = 1469598103934665603ULL; /* FNV-1a over the FEN and the first move */
	for (const char *c = p->fen; *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ULL;
	h = (h ^ (p->line_len ? p->line[0] : 0)) * 1099511628211ULL;
	snprintf(buf, len, "p%012llx", (unsigned long long)(h & 0xffffffffffffULL));
}
