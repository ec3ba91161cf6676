/*
 * The tactics along a coach's walk.  The tests follow the sense Lichess gives
 * its puzzle themes (a fork's prey are worth more than the forker or stand
 * undefended, a skewer takes what stood behind the piece that moved away,
 * a discovered attack captures along a line the previous move opened), so
 * that the coach's words and Lichess's tags can be compared on its puzzles.
 */
#include "study/explain_tactic.h"

#include "engine/see.h"
#include "rules/movegen.h"

static int value_on(const struct position *pos, int sq) { return explain_value[piece_type(piece_on(pos, sq))]; }

static bitboard_t attackers_of(const struct position *pos, int sq, int by)
{
	return attackers_to(pos, sq, occupied(pos)) & pos->by_color[by];
}

/* The squares the piece on sq attacks. */
static bitboard_t attacks_from(const struct position *pos, int sq)
{
	int piece = piece_on(pos, sq), type = piece_type(piece);
	return type == PAWN ? pawn_attacks[piece_color(piece)][sq] : piece_attacks(type, sq, occupied(pos));
}

bool explain_undefended(const struct position *pos, int sq)
{
	return attackers_of(pos, sq, piece_color(piece_on(pos, sq))) == 0;
}

/* The cheapest value among the pieces on the squares of b (b not empty). */
static int cheapest(const struct position *pos, bitboard_t b)
{
	int least = 1000;
	while (b) {
		int v = value_on(pos, pop_lsb(&b));
		least = v < least ? v : least;
	}
	return least;
}

bool explain_in_bad_spot(const struct position *pos, int sq)
{
	bitboard_t enemies = attackers_of(pos, sq, !piece_color(piece_on(pos, sq)));
	return enemies && (explain_undefended(pos, sq) || cheapest(pos, enemies) < value_on(pos, sq));
}

static void tactic_set(struct explain_tactic *t, enum explain_theme theme, int ply, int by, int prey0, int prey1)
{
	t->theme = theme;
	t->ply = ply;
	t->by = by;
	t->prey[0] = prey0;
	t->prey[1] = prey1;
}

bool explain_find_double_check(const struct explain_walk *w, struct explain_tactic *t)
{
	for (int k = 1; k < w->given; k += 2)
		if (more_than_one(w->pos[k + 1].st->checkers)) {
			int to = move_to(w->moves[k]);
			tactic_set(t, EXPLAIN_DOUBLE_CHECK, k, to, king_square(&w->pos[k + 1], w->mover), SQ_NONE);
			return true;
		}
	return false;
}

/*
 * The forker on sq attacks two or more pieces (not pawns) worth more than it or undefended; the biggest two, or the
 * biggest and `taken` where that is one of them (the one the line's forker goes on to take: 19. Nxc7+ against the
 * king, the rook on a8 and the bishop on a6 that 20. Nxa6 takes is a fork of the king and the bishop).
 */
static int fork_prey(const struct position *pos, int sq, int taken, int prey[2])
{
	int forker = value_on(pos, sq), victim = !piece_color(piece_on(pos, sq)), count = 0;
	bitboard_t b = attacks_from(pos, sq) & pos->by_color[victim] & ~pieces(pos, PAWN);
	bool taken_is_prey = false;
	prey[0] = prey[1] = SQ_NONE;
	while (b) {
		int s = pop_lsb(&b), v = value_on(pos, s);
		bool hits_back = (attacks_from(pos, s) & square_bb(sq)) != 0;
		if (v > forker || (explain_undefended(pos, s) && !hits_back)) {
			count++;
			taken_is_prey = taken_is_prey || s == taken;
			if (prey[0] == SQ_NONE || v > value_on(pos, prey[0])) {
				prey[1] = prey[0];
				prey[0] = s;
			} else if (prey[1] == SQ_NONE || v > value_on(pos, prey[1]))
				prey[1] = s;
		}
	}
	if (taken_is_prey && taken != prey[0])
		prey[1] = taken;
	return count;
}

/* The square the piece that moved to sq by the walk's move k takes on with its own next move, else SQ_NONE. */
static int next_taken_by(const struct explain_walk *w, int k, int sq)
{
	for (int j = k + 2; j < w->n; j += 2)
		if (move_from(w->moves[j]) == sq)
			return explain_walk_captured(w, j) != NO_PIECE ? move_to(w->moves[j]) : SQ_NONE;
	return SQ_NONE;
}

bool explain_find_fork(const struct explain_walk *w, struct explain_tactic *t)
{
	for (int k = 1; k < w->given - 1; k += 2) {
		const struct position *pos = &w->pos[k + 1];
		int to = move_to(w->moves[k]), prey[2];
		if (piece_type(piece_on(pos, to)) == KING || explain_in_bad_spot(pos, to))
			continue;
		if (fork_prey(pos, to, next_taken_by(w, k, to), prey) >= 2) {
			tactic_set(t, EXPLAIN_FORK, k, to, prey[0], prey[1]);
			return true;
		}
	}
	return false;
}

static bool is_slider(int type) { return type == BISHOP || type == ROOK || type == QUEEN; }

bool explain_find_skewer(const struct explain_walk *w, struct explain_tactic *t)
{
	for (int k = 3; k < w->given; k += 2) {
		move_t m = w->moves[k], prev = w->moves[k - 1];
		int from = move_to(prev) == move_to(m) ? SQ_NONE : move_from(prev);
		int captured = explain_walk_captured(w, k), slider = piece_type(piece_on(&w->pos[k], move_from(m)));
		if (captured == NO_PIECE || !is_slider(slider) || from == SQ_NONE ||
		    !(between_bb(move_from(m), move_to(m)) & square_bb(from)) || explain_is_mate(&w->pos[k + 1]))
			continue;
		/* Taken back at once, the slider worth as much as it took: an exchange (40. Rxg7 Kxg7), no skewer. */
		if (k + 1 < w->n && move_to(w->moves[k + 1]) == move_to(m) &&
		    explain_value[slider] >= explain_value[piece_type(captured)])
			continue;
		const struct position *before = &w->pos[k - 1];
		bool attacked = piece_on(before, move_from(m)) == piece_on(&w->pos[k], move_from(m)) &&
		                (attacks_from(before, move_from(m)) & square_bb(from));
		if (attacked && value_on(&w->pos[k], move_to(prev)) > explain_value[piece_type(captured)]) {
			tactic_set(t, EXPLAIN_SKEWER, k, move_to(m), from, move_to(m));
			return true;
		}
	}
	return false;
}

/*
 * The opponent's move k uncovers a slider of its own onto a piece of the mover's worth more than the slider (or
 * undefended), and that piece is taken at the opponent's next move, where it stood or where it fled: 19. Nxd5
 * uncovers the bishop on d2 against the queen on a5, 19... Qxd5 20. Bxd5+.  The slider's square, else SQ_NONE;
 * *prey the piece's square.
 */
static int uncovered_onto_lost(const struct explain_walk *w, int k, int *prey)
{
	const struct position *pos = &w->pos[k + 1];
	int opened = move_from(w->moves[k]), them = !w->mover;
	if (k + 2 >= w->given || explain_walk_captured(w, k + 2) == NO_PIECE)
		return SQ_NONE;
	int taken_at = move_to(w->moves[k + 2]), fled = w->moves[k + 1];
	int target = move_to(fled) == taken_at ? move_from(fled) : taken_at;
	/* A prey that takes the slider itself and is taken back was pinned or simply outnumbered, not uncovered. */
	int onto = move_to(fled);
	int v = value_on(pos, target);
	if (piece_on(pos, target) == NO_PIECE || piece_color(piece_on(pos, target)) != w->mover ||
	    piece_type(piece_on(pos, target)) == KING)
		return SQ_NONE;
	/* Lost, not traded: a prey that takes the slider and is taken back (15. Bxe7 Nxe7) is an exchange. */
	const struct position *end = &w->pos[k + 3];
	if (explain_material(end, w->mover) - explain_material(end, them) >=
	    explain_material(pos, w->mover) - explain_material(pos, them) - 1)
		return SQ_NONE;
	bitboard_t sliders = attackers_of(pos, target, them) & ~square_bb(move_to(w->moves[k]));
	while (sliders) {
		int s = pop_lsb(&sliders);
		if (is_slider(piece_type(piece_on(pos, s))) && (between_bb(s, target) & square_bb(opened)) &&
		    (value_on(pos, s) < v || explain_undefended(pos, target)) && !(onto == s && target != taken_at)) {
			*prey = target;
			return s;
		}
	}
	return SQ_NONE;
}

bool explain_find_discovered(const struct explain_walk *w, struct explain_tactic *t)
{
	for (int k = 1; k < w->given; k += 2) {
		const struct position *pos = &w->pos[k + 1];
		bitboard_t others = pos->st->checkers & ~square_bb(move_to(w->moves[k]));
		if (others && move_kind(w->moves[k]) != MOVE_CASTLING) {
			tactic_set(t, EXPLAIN_DISCOVERED_ATTACK, k, lsb(others), SQ_NONE, SQ_NONE);
			return true;
		}
	}
	for (int k = 3; k < w->given; k += 2) {
		move_t m = w->moves[k], opened = w->moves[k - 2];
		if (explain_walk_captured(w, k) == NO_PIECE || move_to(w->moves[k - 1]) == move_to(m) ||
		    move_kind(opened) == MOVE_CASTLING)
			continue;
		if ((between_bb(move_from(m), move_to(m)) & square_bb(move_from(opened))) && move_to(m) != move_to(opened) &&
		    move_from(m) != move_to(opened)) {
			tactic_set(t, EXPLAIN_DISCOVERED_ATTACK, k, move_from(m), move_to(m), k - 2);
			return true;
		}
	}
	return false;
}

bool explain_find_uncovered(const struct explain_walk *w, struct explain_tactic *t)
{
	for (int k = 1; k < w->given; k += 2) {
		int prey, by = uncovered_onto_lost(w, k, &prey);
		if (by != SQ_NONE && move_kind(w->moves[k]) != MOVE_CASTLING) {
			tactic_set(t, EXPLAIN_DISCOVERED_ATTACK, k, by, prey, k);
			return true;
		}
	}
	return false;
}

/* The slider of `by` that pins the piece on sq to its king (sq holds a piece pinned to it). */
static int pinner_of(const struct position *pos, int sq, int by)
{
	int king = king_square(pos, !by);
	bitboard_t b = pos->st->pinners[by];
	while (b) {
		int s = pop_lsb(&b);
		if (between_bb(s, king) & square_bb(sq))
			return s;
	}
	return SQ_NONE;
}

/*
 * The pinned piece on sq may not take what it attacks off the pin's line (worth more than it, or undefended; only
 * the piece that has just landed on `landed`, where that is not SQ_NONE), or cannot step away from an attack by
 * something cheaper along the line.
 */
static bool pin_matters(const struct position *pos, int sq, int pinner, int landed)
{
	int us = piece_color(piece_on(pos, sq)), king = king_square(pos, us), v = value_on(pos, sq);
	bitboard_t line = line_bb(sq, king);
	bitboard_t held = attacks_from(pos, sq) & pos->by_color[!us] & ~line;
	if (landed != SQ_NONE)
		held &= square_bb(landed);
	while (held) {
		int s = pop_lsb(&held);
		if (value_on(pos, s) > v || explain_undefended(pos, s))
			return true;
	}
	/* What attacks it along the line it may take itself, where that pays (undefended, or worth as much). */
	bitboard_t hitters = attackers_of(pos, sq, !us) & line, takeable = hitters & attacks_from(pos, sq);
	while (takeable) {
		int s = pop_lsb(&takeable);
		if (explain_undefended(pos, s) || value_on(pos, s) >= v)
			hitters &= ~square_bb(s);
	}
	/* A pawn pinned along its own file steps off it only to take: undefended there, it is lost pinned or not
	 * (39. Ra1 against the pawn on a4, the king on a7: the pawn is simply taken). */
	bool file_pawn = piece_type(piece_on(pos, sq)) == PAWN && square_file(sq) == square_file(king);
	return (hitters && cheapest(pos, hitters) < v) ||
	       (pinner != SQ_NONE && hitters && explain_undefended(pos, sq) && !file_pawn);
}

/*
 * The pinned piece on sq is attacked off the pin's line, where it can neither take nor step away: by something
 * cheaper, or with no guard but the king, who may not take back on the line (41... Rb2 pins the knight on e2 to the
 * king on f2, and the bishop on b5 takes it).
 */
static bool attacked_off_line(const struct position *pos, int sq)
{
	int us = piece_color(piece_on(pos, sq)), king = king_square(pos, us);
	bitboard_t off = attackers_of(pos, sq, !us) & ~line_bb(sq, king);
	return off && (cheapest(pos, off) < value_on(pos, sq) || !(attackers_of(pos, sq, us) & ~square_bb(king)));
}

/* Is side's piece on sq pinned to its king by the piece on pinner in pos? */
static bool pinned_by(const struct position *pos, int sq, int pinner, int side)
{
	return (pos->st->blockers[side] & square_bb(sq)) && piece_color(piece_on(pos, sq)) == side &&
	       pinner_of(pos, sq, !side) == pinner;
}

/* Does the walk cost the mover material from its move k on (the material lead before it above the one at the end)? */
static bool costs_from(const struct explain_walk *w, int k)
{
	const struct position *a = &w->pos[k], *b = &w->pos[w->n];
	int us = w->mover;
	return explain_material(a, us) - explain_material(a, !us) > explain_material(b, us) - explain_material(b, !us);
}

/* Is the mover's piece on sq taken there by a move of the walk from k on? */
static bool taken_on(const struct explain_walk *w, int k, int sq)
{
	for (; k < w->n; k++)
		if (move_to(w->moves[k]) == sq && explain_walk_captured(w, k) != NO_PIECE &&
		    piece_color(explain_walk_captured(w, k)) == w->mover)
			return true;
	return false;
}

bool explain_find_pin(const struct explain_walk *w, struct explain_tactic *t)
{
	for (int k = 1; k < w->given; k += 2) {
		const struct position *pos = &w->pos[k + 1];
		bitboard_t pinned = pos->st->blockers[w->mover] & pos->by_color[w->mover] & ~pieces(pos, KING);
		while (pinned) {
			int sq = pop_lsb(&pinned), pinner = pinner_of(pos, sq, !w->mover);
			/* A pin that stood before the mover's move k - 1 (9. Nd4 against the knight on c6 that 8. Bb5
			 * pinned): the line uses it, neither side's last move made it; prey[1] SQ_NONE says so.  It is
			 * used where move k lands where the pinned piece would take it, or the pinned piece is taken,
			 * not where it is merely kept from a pawn that stood there (44. Kd2 leaves d4 to the knight on
			 * c6, pinned, and the line wins a pawn elsewhere), neither where the line loses nothing from there
			 * on (16. Bxd7+ Kxd7 17. Qxe7+ Kxe7 beside the queen on e7, pinned: the king takes back, and the
			 * queens are traded). */
			bool stood = pinner != SQ_NONE && pinned_by(&w->pos[k], sq, pinner, w->mover) &&
			             pinned_by(&w->pos[k - 1], sq, pinner, w->mover);
			/* A pinned piece that takes a pinner worth as much next holds nothing (18... Qxa1 19. Qxa1 Bxa1:
			 * the queen on d1 was pinned, and took the queen along the pin's line); taking a cheaper pinner
			 * that is taken back (10. Bh3 Qxh3 11. Nxh3) is what the pin wins. */
			bool takes_pinner = k + 1 < w->n && move_from(w->moves[k + 1]) == sq &&
			                    move_to(w->moves[k + 1]) == pinner && value_on(pos, pinner) >= value_on(pos, sq);
			/* A pin move k makes, that wins the piece where something else takes it. */
			bool made_and_won = !stood && attacked_off_line(pos, sq) && taken_on(w, k + 1, sq);
			if (pinner != SQ_NONE && !takes_pinner && (pin_matters(pos, sq, pinner, SQ_NONE) || made_and_won) &&
			    (!stood || ((pin_matters(pos, sq, pinner, move_to(w->moves[k])) || taken_on(w, k + 1, sq)) &&
			                costs_from(w, k)))) {
				tactic_set(t, EXPLAIN_PIN, k, pinner, sq, stood ? SQ_NONE : king_square(pos, w->mover));
				return true;
			}
		}
	}
	return false;
}

int explain_guards(const struct position *pos, int sq, int side)
{
	return popcount(attackers_to(pos, sq, occupied(pos)) & pos->by_color[side]);
}

bool explain_outnumbered(const struct position *pos, move_t m)
{
	int to = move_to(m), taker_side = pos->side;
	int guards = explain_guards(pos, to, !taker_side);
	int taker = explain_value[piece_type(piece_on(pos, move_from(m)))];
	int taken = explain_value[piece_type(piece_on(pos, to))];
	return guards > 0 && taker >= taken && explain_guards(pos, to, taker_side) > guards &&
	       see_ge(pos, m, see_value[piece_type(piece_on(pos, to))]);
}

/* The mover's material over the walk after its move (what the move itself took left apart): negative, lost. */
static int lost_after_move(const struct explain_walk *w)
{
	const struct position *a = &w->pos[1], *z = &w->pos[w->n];
	return explain_material(z, w->mover) - explain_material(z, !w->mover) -
	       (explain_material(a, w->mover) - explain_material(a, !w->mover));
}

/*
 * The move attacks a piece of the opponent's worth `value` or more with the piece it moved, and that piece takes it
 * later in the walk, from where it stands: where the mover then loses less than the piece less a pawn, the piece
 * left to be taken was traded for it (23... h4 leaves the bishop on h3 to 24. gxh3 and takes the bishop on g3 with
 * 26... hxg3: a pawn lost in all), not hanging.
 */
static bool counter_attacked(const struct explain_walk *w, int value)
{
	const struct position *after = &w->pos[1];
	int from = move_to(w->moves[0]);
	int type = piece_type(piece_on(after, from));
	bitboard_t reach = type == PAWN ? pawn_attacks[w->mover][from] : piece_attacks(type, from, occupied(after));
	bitboard_t hit = reach & after->by_color[!w->mover];
	for (int k = 2; k < w->n; k += 2) {
		int sq = move_to(w->moves[k]), c = explain_walk_captured(w, k);
		if (move_from(w->moves[k]) == from && (hit & square_bb(sq)) && c != NO_PIECE &&
		    explain_value[piece_type(c)] >= value && piece_on(after, sq) == c)
			return true;
	}
	return false;
}

bool explain_find_hanging(const struct explain_walk *w, struct explain_tactic *t)
{
	if (w->given < 2)
		return false;
	move_t m = w->moves[1];
	const struct position *pos = &w->pos[1];
	int captured = explain_walk_captured(w, 1), to = move_to(m);
	if (captured == NO_PIECE || piece_type(captured) == PAWN)
		return false;
	bitboard_t occ = occupied(pos) ^ square_bb(move_from(m));
	if ((attackers_to(pos, to, occ) & pos->by_color[w->mover] & occ) && !explain_outnumbered(pos, m))
		return false;
	int first = explain_walk_captured(w, 0);
	if (move_to(w->moves[0]) == to && first != NO_PIECE &&
	    explain_value[piece_type(first)] >= explain_value[piece_type(captured)])
		return false;
	/* Not hanging where the mover's answer wins all of it back (an exchange, not a piece left to be taken), or
	 * the move after it, where the answer checks (14. Bxg4 Qh4+ 15. g3 Qxg4: a fork takes the bishop back). */
	for (int back = 4; back <= 6 && back <= w->given; back += 2) {
		int solver = !w->mover;
		const struct position *a = &w->pos[1], *b = &w->pos[back];
		int kept = explain_material(b, solver) - explain_material(b, w->mover);
		if (kept <= explain_material(a, solver) - explain_material(a, w->mover))
			return false;
		if (!in_check(&w->pos[3]))
			break;
	}
	if (counter_attacked(w, explain_value[piece_type(captured)]) &&
	    -lost_after_move(w) < explain_value[piece_type(captured)] - 1)
		return false;
	tactic_set(t, EXPLAIN_HANGING_PIECE, 1, to, to, SQ_NONE);
	return true;
}

/* Has the piece on sq (side to move's) a move to a square where it is safe, or one that takes as much as it is worth? */
static bool can_escape(const struct position *pos, int sq)
{
	move_t list[MAX_MOVES];
	int n = generate_legal(pos, list), v = value_on(pos, sq);
	for (int i = 0; i < n; i++) {
		if (move_from(list[i]) != sq)
			continue;
		if (piece_on(pos, move_to(list[i])) != NO_PIECE && value_on(pos, move_to(list[i])) >= v)
			return true;
		struct position after;
		struct state st, next;
		pos_copy(&after, &st, pos);
		pos_make_move(&after, list[i], &next);
		if (!explain_in_bad_spot(&after, move_to(list[i])))
			return true;
	}
	return false;
}

/*
 * Was the piece on sq trapped already before the move played, standing there attacked with no safe square?  The
 * move did not trap it (22... O-O-O, the bishop on b6 held by 23. cxb6 whatever Black plays: the rook left on h8 to
 * the bishop on a1 is what the move lost).
 */
static bool trapped_before(const struct explain_walk *w, int sq, int piece)
{
	const struct position *start = &w->pos[0];
	return piece_on(start, sq) == piece && move_from(w->moves[0]) != sq && !in_check(start) &&
	       explain_in_bad_spot(start, sq) && !can_escape(start, sq);
}

/*
 * The opponent's move k takes a piece (not a pawn) that had no safe square when the mover was to move before it:
 * it stood there attacked, or it fled from such a square to where it was taken (7. e5 Ng4 8. Bxg4, every square
 * of the knight on f6 covered).
 */
bool explain_find_trapped(const struct explain_walk *w, struct explain_tactic *t)
{
	for (int k = 1; k < w->given; k += 2) {
		int captured = explain_walk_captured(w, k), sq = move_to(w->moves[k]);
		move_t fled = w->moves[k - 1];
		const struct position *before = &w->pos[k - 1];
		int from = move_to(fled) == sq && move_kind(fled) == MOVE_NORMAL ? move_from(fled) : sq;
		if (captured == NO_PIECE || piece_type(captured) == PAWN || piece_on(before, from) != captured ||
		    before->side != w->mover || in_check(before) || (from == sq && move_from(fled) == sq))
			continue;
		if (explain_in_bad_spot(before, from) && !can_escape(before, from) && !trapped_before(w, from, captured)) {
			/* Held by a pin to its king, it is the pin that keeps it there (the rook on f5, pinned by the
			 * queen on d3 to the king on h7, and 27. g4): a pin already standing, prey[1] SQ_NONE. */
			int pinner = pinner_of(before, from, !w->mover);
			if (pinner != SQ_NONE && from == sq)
				tactic_set(t, EXPLAIN_PIN, k, pinner, from, SQ_NONE);
			else
				tactic_set(t, EXPLAIN_TRAPPED_PIECE, k, move_from(w->moves[k]), from, SQ_NONE);
			return true;
		}
	}
	return false;
}

/*
 * The opponent takes on one square, the mover's defender there takes back, and the opponent takes on another square
 * that the same defender guarded before: it could not guard both.
 */
bool explain_find_overloading(const struct explain_walk *w, struct explain_tactic *t)
{
	for (int k = 1; k + 2 < w->given; k += 2) {
		move_t take = w->moves[k], back = w->moves[k + 1], next = w->moves[k + 2];
		int defender = move_from(back), other = move_to(next);
		if (explain_walk_captured(w, k) == NO_PIECE || move_to(back) != move_to(take) ||
		    explain_walk_captured(w, k + 2) == NO_PIECE || other == move_to(take))
			continue;
		bool guarded = (attacks_from(&w->pos[k], defender) & square_bb(other)) != 0;
		if (guarded && explain_undefended(&w->pos[k + 2], other)) {
			tactic_set(t, EXPLAIN_OVERLOADING, k + 2, defender, move_to(take), other);
			return true;
		}
	}
	return false;
}

bool explain_find_promotion(const struct explain_walk *w, struct explain_tactic *t)
{
	for (int k = 1; k < w->given; k += 2)
		if (move_kind(w->moves[k]) == MOVE_PROMOTION) {
			tactic_set(t, EXPLAIN_PROMOTION, k, move_to(w->moves[k]), SQ_NONE, SQ_NONE);
			return true;
		}
	return false;
}

/*
 * The pin lets the opponent's piece stand where the pinned piece would take it (26... Na3+, the pawn on b2 pinned
 * by the rook on b8): the pin, not what that piece goes on to do, is what wins.
 */
static bool pin_shields(const struct explain_walk *w, const struct explain_tactic *pin)
{
	const struct position *pos = &w->pos[pin->ply + 1];
	int landed = move_to(w->moves[pin->ply]);
	return (attacks_from(pos, pin->prey[0]) & square_bb(landed)) && landed != pin->by;
}

/*
 * The pinned piece took its pinner and was taken back by move t->ply, a check uncovered on the way (28... Bc5 29.
 * Qxc5 Nxc5+: the queen on d4 was pinned to the king, and the knight's discovered check took nothing the pin had
 * not won).
 */
static bool pin_won_it(const struct explain_walk *w, const struct explain_tactic *pin, const struct explain_tactic *t)
{
	int k = t->ply;
	return t->theme == EXPLAIN_DISCOVERED_ATTACK && k > pin->ply && explain_walk_takes_back(w, k) &&
	       move_from(w->moves[k - 1]) == pin->prey[0] && move_to(w->moves[k - 1]) == pin->by;
}

typedef bool (*tactic_test)(const struct explain_walk *, struct explain_tactic *);

/* The most valuable piece of the mover's that the opponent takes from move k on, a recapture left out. */
static int taken_from(const struct explain_walk *w, int k)
{
	int most = 0;
	for (; k < w->n; k++) {
		int c = explain_walk_captured(w, k);
		if ((k & 1) && c != NO_PIECE && !explain_walk_takes_back(w, k) && explain_value[piece_type(c)] > most)
			most = explain_value[piece_type(c)];
	}
	return most;
}

/*
 * A piece left hanging and taken at once, worth more than all a later tactic takes, is why (f4?? leaves the knight
 * on a6 to 20. Qxa6; the discovered attack 21. d4 and 22. Bxf4 after it takes a pawn).
 */
static bool hanging_first(const struct explain_walk *w, const struct explain_tactic *t, struct explain_tactic *h)
{
	return t->theme != EXPLAIN_HANGING_PIECE && t->ply > 1 && explain_find_hanging(w, h) &&
	       explain_value[piece_type(explain_walk_captured(w, 1))] > taken_from(w, t->ply);
}

/*
 * A piece taken at once by a cheaper one and not taken back, worth more than all a later tactic takes: no tactic is
 * why, the piece given is (20. Bf5 exf5: the pawn on e4 guards f5, but 21. exf5 is not played; 21... Nh4's
 * discovered attack then takes a pawn).  The material's own sentence says it, from the first capture.
 */
static bool given_first(const struct explain_walk *w, const struct explain_tactic *t)
{
	int c = explain_walk_captured(w, 1), us = w->mover;
	if (t->ply <= 1 || w->n < 3 || c == NO_PIECE || move_kind(w->moves[1]) != MOVE_NORMAL)
		return false;
	int taker = piece_type(piece_on(&w->pos[1], move_from(w->moves[1]))), value = explain_value[piece_type(c)];
	/* Not won back by the mover's answer, on that square or another (8. Nxd8 Rxf3: the queens traded). */
	const struct position *a = &w->pos[0], *b = &w->pos[3];
	int answered = explain_material(b, us) - explain_material(b, !us) - explain_material(a, us) +
	               explain_material(a, !us);
	return explain_value[taker] < value && answered <= 1 - value && value > taken_from(w, t->ply);
}

bool explain_find_tactic(const struct explain_walk *w, struct explain_tactic *t)
{
	static const tactic_test tests[] = { explain_find_double_check, explain_find_fork,    explain_find_skewer,
		                             explain_find_discovered,   explain_find_pin,     explain_find_hanging,
		                             explain_find_uncovered,    explain_find_trapped, explain_find_overloading,
		                             explain_find_promotion };
	struct explain_tactic pin;
	for (size_t i = 0; i < sizeof tests / sizeof *tests; i++)
		if (tests[i](w, t)) {
			if (t->theme != EXPLAIN_PIN && explain_find_pin(w, &pin) && pin.ply < t->ply &&
			    (pin_shields(w, &pin) || pin_won_it(w, &pin, t)))
				*t = pin;
			else if (hanging_first(w, t, &pin))
				*t = pin;
			else if (given_first(w, t))
				return false;
			return true;
		}
	return false;
}

bool explain_back_rank_mate(const struct position *pos)
{
	int them = pos->side, king = king_square(pos, them);
	if (!explain_is_mate(pos) || relative_rank(them, king) != 0 || more_than_one(pos->st->checkers))
		return false;
	int checker = lsb(pos->st->checkers), type = piece_type(piece_on(pos, checker));
	if ((type != ROOK && type != QUEEN) || square_rank(checker) != square_rank(king))
		return false;
	bitboard_t front = shift_forward(them, square_bb(king));
	front |= shift_east(front) | shift_west(front);
	if ((front & pos->by_color[them]) != front)
		return false;
	/* Walled in by its own pieces alone: a wall square the mating side attacks makes it another mate. */
	while (front)
		if (attackers_of(pos, pop_lsb(&front), !them))
			return false;
	return true;
}

bool explain_free_before(const struct explain_walk *w, int ply)
{
	for (int j = 2; j < ply && j < w->n; j += 2)
		if (!in_check(&w->pos[j]) && explain_walk_captured(w, j) == NO_PIECE &&
		    explain_walk_captured(w, j - 1) == NO_PIECE && !explain_in_bad_spot(&w->pos[j], move_from(w->moves[j])))
			return true;
	return false;
}

bool explain_walked_into(enum explain_theme theme)
{
	return theme == EXPLAIN_FORK || theme == EXPLAIN_SKEWER;
}
