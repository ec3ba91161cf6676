/*
 * The evaluation.  Every term is computed for one colour and added with that
 * colour's sign, using only relative ranks and directions, so that swapping
 * the colours (and mirroring the board) swaps the signs and nothing else.
 */
/* First: the tuner's build renames evaluate() (see eval_trace.h). */
#include "engine/eval_trace.h"

#include "engine/eval.h"

#include <stdlib.h>

#include "engine/eval_scale.h"
#include "engine/eval_weights.h"
#include "rules/psqt.h"

/* Attack maps and king-attack tallies, built once per evaluation. */
struct eval_state {
	const struct position *pos;
	bitboard_t attacked[COLOR_NB][PIECE_TYPE_NB]; /* [c][0]: by any piece of c */
	bitboard_t attacked2[COLOR_NB];               /* by at least two pieces of c */
	bitboard_t mobility_area[COLOR_NB];
	bitboard_t king_zone[COLOR_NB];
	int king_attackers[COLOR_NB]; /* indexed by the attacking colour */
	int king_attack_weight[COLOR_NB];
	int king_zone_hits[COLOR_NB];
	bitboard_t passed;
	unsigned pawn_files; /* files holding a pawn of either side, bits 0 (a) to 7 (h) */
	int closedness;      /* 0 (open lines) to 8 (locked pawn chains) */
};

static inline int sign_of(int color) { return color == WHITE ? 1 : -1; }

static inline bitboard_t adjacent_files_bb(int file)
{
	return (file > 0 ? file_bb(file - 1) : 0) | (file < 7 ? file_bb(file + 1) : 0);
}

/* The ranks strictly in front of sq, from color's side. */
static inline bitboard_t forward_ranks_bb(int color, int sq)
{
	int r = square_rank(sq);
	if (color == WHITE)
		return r == 7 ? 0 : ~0ULL << (8 * (r + 1));
	return r == 0 ? 0 : ~0ULL >> (8 * (8 - r));
}

static inline bitboard_t forward_file_bb(int color, int sq)
{
	return forward_ranks_bb(color, sq) & file_bb(square_file(sq));
}

/* The squares enemy pawns must not be on (or attack from) for a pawn on sq to be passed. */
static inline bitboard_t passed_span_bb(int color, int sq)
{
	int f = square_file(sq);
	return forward_ranks_bb(color, sq) & (file_bb(f) | adjacent_files_bb(f));
}

/* The files that hold a pawn of either side, as bits 0 (a) to 7 (h). */
static inline unsigned pawn_files(const struct position *pos)
{
	bitboard_t b = pos->by_type[PAWN];
	b |= b >> 32;
	b |= b >> 16;
	b |= b >> 8;
	return (unsigned)(b & 0xFF);
}

/* The pawn on sq nearest to the side `color` looks from: the first met moving forward. */
static inline int nearest_forward(int color, bitboard_t b) { return color == WHITE ? lsb(b) : msb(b); }

/* ---------------------------------------------------------------- pawns */

static score_pair_t eval_pawns_of(const struct position *pos, int us, bitboard_t *passed)
{
	int them = !us, up = pawn_push(us);
	bitboard_t ours = pieces_of(pos, us, PAWN), theirs = pieces_of(pos, them, PAWN);
	score_pair_t score = 0;
	for (bitboard_t b = ours; b;) {
		int sq = pop_lsb(&b), f = square_file(sq), r = relative_rank(us, sq);
		bitboard_t neighbours = ours & adjacent_files_bb(f);
		bitboard_t supported = pawn_attacks[them][sq] & ours;
		bitboard_t phalanx = neighbours & rank_bb(square_rank(sq));
		bool stopped_by_own = (ours & forward_file_bb(us, sq)) != 0;

		if (stopped_by_own)
			score += TERM(us, pawn_doubled);
		bool weak = !neighbours;
		if (!neighbours)
			score += TERM(us, pawn_isolated);
		else if (!(neighbours & ~forward_ranks_bb(us, sq)) && (pawn_attacks[us][sq + up] & theirs)) {
			score += TERM(us, pawn_backward);
			weak = true;
		}
		if (weak && !(theirs & forward_file_bb(us, sq)))
			score += TERM(us, pawn_weak_unopposed);
		if (supported | phalanx)
			score += TERM(us, pawn_connected[r]);
		if (!stopped_by_own && !(theirs & passed_span_bb(us, sq))) {
			*passed |= square_bb(sq);
			score += TERM(us, passed_pawn[r]);
		}
	}
	return score;
}

static const struct pawn_entry *eval_pawns(const struct position *pos, struct eval_cache *cache,
                                           struct pawn_entry *scratch)
{
	uint64_t key = pos->st->pawn_key;
	struct pawn_entry *e = cache ? &cache->pawns[key & (PAWN_CACHE_SIZE - 1)] : scratch;
	if (cache && e->key == key)
		return e;
	bitboard_t passed = 0;
	e->key = key;
	e->score = eval_pawns_of(pos, WHITE, &passed) - eval_pawns_of(pos, BLACK, &passed);
	e->passed = passed;
	return e;
}

/*
 * The square rule, against a side with no piece but pawns: the pawn on sq has a free path and promotes before
 * the enemy king can reach the queening square (the first step may be a double one).
 */
static bool is_unstoppable(const struct position *pos, int us, int sq)
{
	int r = relative_rank(us, sq), queening = relative_square(us, square_file(sq) + 56);
	int steps = 7 - r - (r == 1);
	if (pos->non_pawn_material[!us] || (forward_file_bb(us, sq) & occupied(pos)))
		return false;
	return steps < square_distance(king_square(pos, !us), queening) - (pos->side != us);
}

/* Passed pawns again, now that the pieces are known: a free path, the kings' distances, the race. */
static score_pair_t eval_passed(const struct eval_state *es, int us)
{
	const struct position *pos = es->pos;
	int them = !us;
	score_pair_t score = 0;
	for (bitboard_t b = es->passed & pos->by_color[us]; b;) {
		int sq = pop_lsb(&b), r = relative_rank(us, sq), block = sq + pawn_push(us);
		score += TERMS(us, passed_king_their[r], square_distance(king_square(pos, them), block)) +
		         TERMS(us, passed_king_own[r], square_distance(king_square(pos, us), block));
		if (piece_on(pos, block) == NO_PIECE && !(es->attacked[them][0] & square_bb(block)))
			score += TERM(us, passed_free_step[r]);
		if (is_unstoppable(pos, us, sq))
			score += TERM(us, passed_unstoppable);
	}
	return score;
}

/* ---------------------------------------------------------------- pieces */

static void add_attacks(struct eval_state *es, int us, int type, bitboard_t attacks)
{
	es->attacked2[us] |= es->attacked[us][0] & attacks;
	es->attacked[us][0] |= attacks;
	es->attacked[us][type] |= attacks;
}

static void init_state(struct eval_state *es, const struct position *pos, bitboard_t passed)
{
	es->pos = pos;
	es->passed = passed;
	for (int c = WHITE; c <= BLACK; c++) {
		for (int t = 0; t < PIECE_TYPE_NB; t++)
			es->attacked[c][t] = 0;
		es->attacked2[c] = 0;
		es->king_attackers[c] = es->king_attack_weight[c] = es->king_zone_hits[c] = 0;
	}
	for (int c = WHITE; c <= BLACK; c++) {
		int ksq = king_square(pos, c);
		bitboard_t pawn_att = pawns_attacks_bb(c, pieces_of(pos, c, PAWN));
		es->attacked2[c] = pawn_att & king_attacks[ksq];
		es->attacked[c][PAWN] = pawn_att;
		es->attacked[c][KING] = king_attacks[ksq];
		es->attacked[c][0] = pawn_att | king_attacks[ksq];
		/* The king's neighbourhood, one rank deeper toward the enemy. */
		bitboard_t zone = king_attacks[ksq] | square_bb(ksq);
		es->king_zone[c] = zone | shift_forward(c, zone);
	}
	for (int c = WHITE; c <= BLACK; c++)
		es->mobility_area[c] = ~(pieces_of(pos, c, PAWN) | pieces_of(pos, c, KING) | es->attacked[!c][PAWN]);
	/* Many pawns, pawns locked head to head and few open files make a closed position: knights like it, rooks not. */
	bitboard_t white_pawns = pieces_of(pos, WHITE, PAWN), black_pawns = pieces_of(pos, BLACK, PAWN);
	int locked = popcount(shift_forward(WHITE, white_pawns) & black_pawns);
	es->pawn_files = pawn_files(pos);
	int open_files = 8 - popcount(es->pawn_files);
	int closed = (popcount(white_pawns | black_pawns) + 3 * locked - 4 * open_files) / 3;
	es->closedness = closed < 0 ? 0 : closed > 8 ? 8 : closed;
}

static score_pair_t mobility_bonus(int us, int type, int count)
{
	switch (type) {
	case KNIGHT: return TERM(us, mobility_knight[count]);
	case BISHOP: return TERM(us, mobility_bishop[count]);
	case ROOK: return TERM(us, mobility_rook[count]);
	default: return TERM(us, mobility_queen[count]);
	}
}

/* A knight or bishop on the enemy's half, defended by a pawn, that no enemy pawn can ever chase away. */
static bool is_outpost(const struct position *pos, const struct eval_state *es, int us, int sq)
{
	int r = relative_rank(us, sq);
	bitboard_t chasers = forward_ranks_bb(us, sq) & adjacent_files_bb(square_file(sq));
	return r >= 3 && r <= 5 && (es->attacked[us][PAWN] & square_bb(sq)) &&
	       !(pieces_of(pos, !us, PAWN) & chasers);
}

static score_pair_t eval_pieces(struct eval_state *es, int us, int type)
{
	const struct position *pos = es->pos;
	int them = !us, ksq = king_square(pos, us);
	bitboard_t occ = occupied(pos);
	score_pair_t score = 0;
	for (bitboard_t b = pieces_of(pos, us, type); b;) {
		int sq = pop_lsb(&b);
		bitboard_t attacks = piece_attacks(type, sq, occ);
		/* A pinned piece only moves along the pin. */
		if (pos->st->blockers[us] & square_bb(sq))
			attacks &= line_bb(ksq, sq);
		add_attacks(es, us, type, attacks);
		score += mobility_bonus(us, type, popcount(attacks & es->mobility_area[us]));
		if (attacks & es->king_zone[them]) {
			es->king_attackers[us]++;
			es->king_attack_weight[us] += DANGER(them, king_attacker_weight[type]);
			es->king_zone_hits[us] += popcount(attacks & es->king_zone[them]);
		}
		if (type == KNIGHT)
			score += TERM(us, knight_closedness[es->closedness]);
		else if (type == ROOK)
			score += TERM(us, rook_closedness[es->closedness]);
		if ((type == KNIGHT || type == BISHOP) && is_outpost(pos, es, us, sq))
			score += type == KNIGHT ? TERM(us, knight_outpost) : TERM(us, bishop_outpost);
		if ((type == KNIGHT || type == BISHOP) && (shift_forward(us, square_bb(sq)) & pos->by_type[PAWN]))
			score += TERM(us, minor_behind_pawn);
		if (type == BISHOP) {
			bitboard_t colour = LIGHT_SQUARES_BB & square_bb(sq) ? LIGHT_SQUARES_BB : ~LIGHT_SQUARES_BB;
			score += TERMS(us, bishop_pawns, popcount(pieces_of(pos, us, PAWN) & colour));
		}
		if (type == ROOK && !(pieces_of(pos, us, PAWN) & file_bb(square_file(sq))))
			score += pieces_of(pos, them, PAWN) & file_bb(square_file(sq)) ? TERM(us, rook_semi_open_file)
			                                                                : TERM(us, rook_open_file);
		if (type == ROOK && relative_rank(us, sq) == 6 &&
		    (relative_rank(us, king_square(pos, them)) == 7 || (pieces_of(pos, them, PAWN) & rank_bb(square_rank(sq)))))
			score += TERM(us, rook_on_seventh);
	}
	if (type == BISHOP && more_than_one(pieces_of(pos, us, BISHOP)))
		score += TERM(us, bishop_pair);
	return score;
}

/* ---------------------------------------------------------------- king safety */

/* Missing shield pawns and advancing enemy pawns on the three files around the king. */
static int king_shelter(const struct position *pos, int us)
{
	int ksq = king_square(pos, us);
	int center = square_file(ksq) < 1 ? 1 : square_file(ksq) > 6 ? 6 : square_file(ksq);
	bitboard_t front = forward_ranks_bb(us, ksq);
	int penalty = 0;
	for (int f = center - 1; f <= center + 1; f++) {
		bitboard_t ours = pieces_of(pos, us, PAWN) & front & file_bb(f);
		bitboard_t theirs = pieces_of(pos, !us, PAWN) & front & file_bb(f);
		penalty += SHELTER(us, king_shelter_missing[ours ? relative_rank(us, nearest_forward(us, ours)) : 0]);
		if (theirs)
			penalty += SHELTER(us, king_storm[relative_rank(us, nearest_forward(us, theirs))]);
	}
	return penalty;
}

/* Files between the king and the nearest file holding a pawn of either side; none when no pawn is left. */
static int king_pawn_file_gap(const struct eval_state *es, int us)
{
	unsigned files = es->pawn_files;
	int kf = square_file(king_square(es->pos, us));
	for (int d = 0; d < 8; d++)
		if (files & (((1u << kf) << d) | ((1u << kf) >> d)))
			return d;
	return -1;
}

static score_pair_t eval_king(const struct eval_state *es, int us)
{
	const struct position *pos = es->pos;
	int them = !us, ksq = king_square(pos, us);
	bitboard_t occ = occupied(pos);
	int shelter = king_shelter(pos, us);
	score_pair_t score = S(-shelter, 0);
	int gap = king_pawn_file_gap(es, us);
	if (gap >= 0)
		score += TERM(us, king_pawn_file_distance[gap]);

	/* Checks the enemy could give from squares we do not guard. */
	bitboard_t safe = ~pos->by_color[them] & ~es->attacked[us][0];
	bitboard_t diag = bishop_attacks(ksq, occ), straight = rook_attacks(ksq, occ);
	int danger = es->king_attack_weight[them] + DANGERS(us, king_danger_per_hit, es->king_zone_hits[them]);
	danger += shelter;
	if (knight_attacks[ksq] & es->attacked[them][KNIGHT] & safe)
		danger += DANGER(us, king_safe_check[KNIGHT]);
	if (diag & es->attacked[them][BISHOP] & safe)
		danger += DANGER(us, king_safe_check[BISHOP]);
	if (straight & es->attacked[them][ROOK] & safe)
		danger += DANGER(us, king_safe_check[ROOK]);
	if ((diag | straight) & es->attacked[them][QUEEN] & safe)
		danger += DANGER(us, king_safe_check[QUEEN]);
	if (!pieces_of(pos, them, QUEEN))
		danger += DANGERS(us, king_danger_no_queen, -1);
	/* Zone squares they attack that only our king or queen defends, if anything. */
	bitboard_t weak = es->attacked[them][0] & ~es->attacked2[us] &
	                  (~es->attacked[us][0] | es->attacked[us][KING] | es->attacked[us][QUEEN]);
	danger += DANGERS(us, king_danger_weak_square, popcount(weak & es->king_zone[us]));
	TRACE_KING(us, danger, es->king_attackers[them] >= 2);
	if (es->king_attackers[them] >= 2 && danger > 0)
		score -= S(danger * danger / KING_DANGER_DIV, danger / KING_DANGER_EG_DIV);
	return score;
}

/* ---------------------------------------------------------------- threats */

/* The squares our pawns can push to, one step or two, where no enemy pawn takes them and a piece holds them. */
static bitboard_t safe_pawn_pushes(const struct eval_state *es, int us)
{
	const struct position *pos = es->pos;
	int them = !us;
	bitboard_t empty = ~occupied(pos), third_rank = rank_bb(us == WHITE ? 2 : 5);
	bitboard_t push = shift_forward(us, pieces_of(pos, us, PAWN)) & empty;
	push |= shift_forward(us, push & third_rank) & empty;
	return push & ~es->attacked[them][PAWN] & (es->attacked[us][0] | ~es->attacked[them][0]);
}

static score_pair_t eval_threats(const struct eval_state *es, int us)
{
	const struct position *pos = es->pos;
	int them = !us;
	bitboard_t minors = pieces_of(pos, them, KNIGHT) | pieces_of(pos, them, BISHOP);
	bitboard_t majors = pieces_of(pos, them, ROOK) | pieces_of(pos, them, QUEEN);
	bitboard_t their_pieces = minors | majors, undefended = ~es->attacked[them][0];
	bitboard_t by_minor = es->attacked[us][KNIGHT] | es->attacked[us][BISHOP];
	bitboard_t loose_minors = minors & ~es->attacked[them][PAWN];
	score_pair_t score = 0;
	score += TERMS(us, threat_by_pawn, popcount(es->attacked[us][PAWN] & their_pieces));
	score += TERMS(us, threat_minor_on_minor, popcount(by_minor & loose_minors));
	score += TERMS(us, threat_minor_on_major, popcount(by_minor & majors));
	score += TERMS(us, threat_rook_on_minor, popcount(es->attacked[us][ROOK] & loose_minors));
	score += TERMS(us, threat_rook_on_queen, popcount(es->attacked[us][ROOK] & pieces_of(pos, them, QUEEN)));
	score += TERMS(us, threat_hanging, popcount(es->attacked[us][0] & undefended & their_pieces));
	score += TERMS(us, threat_by_king, popcount(es->attacked[us][KING] & undefended & their_pieces));
	score += TERMS(us, threat_weak_pawn, popcount(es->attacked[us][0] & undefended & pieces_of(pos, them, PAWN)));
	score += TERMS(us, threat_pawn_push, popcount(pawns_attacks_bb(us, safe_pawn_pushes(es, us)) & their_pieces));
	return score;
}

/* ---------------------------------------------------------------- space */

/* Room to manoeuvre behind our pawns in the centre files, worth more with more men to use it. */
static score_pair_t eval_space(const struct eval_state *es, int us)
{
	const struct position *pos = es->pos;
	bitboard_t centre_files = file_bb(2) | file_bb(3) | file_bb(4) | file_bb(5);
	bitboard_t own_half = us == WHITE ? rank_bb(1) | rank_bb(2) | rank_bb(3) : rank_bb(4) | rank_bb(5) | rank_bb(6);
	bitboard_t safe = centre_files & own_half & ~pieces_of(pos, us, PAWN) & ~es->attacked[!us][PAWN];
	/* Up to three squares behind each of our pawns. */
	bitboard_t behind = pieces_of(pos, us, PAWN);
	behind |= us == WHITE ? behind >> 8 : behind << 8;
	behind |= us == WHITE ? behind >> 16 : behind << 16;
	int count = popcount(safe) + popcount(safe & behind);
	return TERMS(us, space_bonus, count * popcount(pos->by_color[us]) / 8);
}

/* ---------------------------------------------------------------- complexity */

/* The endgame score moved away from zero by the position's complexity, or toward it, never across. */
static int eval_complexity(const struct position *pos, int eg, bitboard_t passed)
{
	bitboard_t pawns = pos->by_type[PAWN], queenside = file_bb(0) | file_bb(1) | file_bb(2) | file_bb(3);
	int npm = pos->non_pawn_material[WHITE] + pos->non_pawn_material[BLACK];
	int c = COMPLEXITY(complexity_pawns, popcount(pawns)) +
	        COMPLEXITY(complexity_both_wings, (pawns & queenside) && (pawns & ~queenside)) +
	        COMPLEXITY(complexity_pawn_ending, npm == 0) + COMPLEXITY(complexity_passed, popcount(passed)) +
	        COMPLEXITY(complexity_base, 1);
	int sign = (eg > 0) - (eg < 0);
	return sign * (c > -abs(eg) ? c : -abs(eg));
}

/* ---------------------------------------------------------------- blending */

#ifndef EVAL_TRACE
void eval_init(void) { psqt_fill(material_weight, psq_weight); }
#else
/* The material and square values that the position keeps summed as it moves (psqt.h), piece by piece. */
static void trace_psq(const struct position *pos)
{
	for (bitboard_t b = occupied(pos); b;) {
		int sq = pop_lsb(&b), c = piece_color(piece_on(pos, sq)), t = piece_type(piece_on(pos, sq));
		(void)TERM(c, material_weight[t]);
		(void)TERM(c, psq_weight[t][psqt_index(c, sq)]);
	}
}
#endif

score_t evaluate(const struct position *pos, struct eval_cache *cache)
{
#ifdef EVAL_TRACE
	trace_psq(pos);
	cache = NULL; /* every pawn term must be seen */
#endif
	struct pawn_entry scratch;
	const struct pawn_entry *pe = eval_pawns(pos, cache, &scratch);
	struct eval_state es;
	init_state(&es, pos, pe->passed);

	score_pair_t score = pos->psq + pe->score;
	for (int c = WHITE; c <= BLACK; c++) {
		score_pair_t side = 0;
		for (int type = KNIGHT; type <= QUEEN; type++)
			side += eval_pieces(&es, c, type);
		score += side * sign_of(c);
	}
	for (int c = WHITE; c <= BLACK; c++) {
		score_pair_t side = eval_king(&es, c) + eval_passed(&es, c) + eval_threats(&es, c) + eval_space(&es, c);
		score += side * sign_of(c);
	}

	int npm = pos->non_pawn_material[WHITE] + pos->non_pawn_material[BLACK];
	npm = npm < PHASE_EG_MATERIAL ? PHASE_EG_MATERIAL : npm > PHASE_MG_MATERIAL ? PHASE_MG_MATERIAL : npm;
	int phase = (npm - PHASE_EG_MATERIAL) * PHASE_MAX / (PHASE_MG_MATERIAL - PHASE_EG_MATERIAL);
	int mg = mg_value(score), eg = eg_value(score);
	eg += eval_complexity(pos, eg, pe->passed);
	int scale = eval_endgame_scale(pos, eg, pe->passed);
	int v = (mg * phase + eg * (PHASE_MAX - phase) * scale / SCALE_NORMAL) / PHASE_MAX;
	TRACE_BLEND(mg, eg, phase, scale);

	v = pos->side == WHITE ? v : -v;
	TRACE_TEMPO(pos->side, tempo_bonus);
	v += (phase * mg_value(tempo_bonus) + (PHASE_MAX - phase) * eg_value(tempo_bonus)) / PHASE_MAX;
	/* Stay clear of the mates and the tablebase band below them, whatever the weights. */
	return v > SCORE_TB_WIN_IN_MAX - 1 ? SCORE_TB_WIN_IN_MAX - 1 : v < SCORE_TB_LOSS_IN_MAX + 1 ? SCORE_TB_LOSS_IN_MAX + 1 : v;
}
