/*
 * The search.  negamax() is one long function on purpose: its steps are
 * numbered and read top to bottom as the algorithm does.  Every margin and
 * limit is named in search_params.h.
 */
#include "engine/search.h"

#include <math.h>
#include <string.h>

#include "engine/eval_mate.h"
#include "engine/movepick.h"
#include "engine/search_params.h"
#include "engine/see.h"
#include "engine/threats.h"
#include "engine/tablebase.h"
#include "engine/timeman.h"
#include "rules/clock.h"
#include "rules/material.h"

/* The stack is indexed by ply + STACK_OFFSET, so that looking a few plies back from the root is safe. */
#define STACK_OFFSET 4

/* Late move reductions by depth and move number, filled once (and again when the tuning build's margins change). */
static int lmr_table[64][64];

void search_init(void)
{
	for (int d = 1; d < 64; d++)
		for (int m = 1; m < 64; m++)
			lmr_table[d][m] = (int)(LMR_BASE_PCT / 100.0 + log(d) * log(m) / (LMR_DIVISOR_PCT / 100.0));
}

#ifdef OUTPOST_TUNE
#define SEARCH_TUNABLE_DEFINE(name, value, lo, hi, step) int name = value;
SEARCH_TUNABLES(SEARCH_TUNABLE_DEFINE)
#undef SEARCH_TUNABLE_DEFINE

void search_tune_set(enum search_tunable_id id, int value)
{
#define SEARCH_TUNABLE_ADDRESS(name, value, lo, hi, step) &name,
	static int *const vars[SEARCH_TUNABLE_COUNT] = { SEARCH_TUNABLES(SEARCH_TUNABLE_ADDRESS) };
#undef SEARCH_TUNABLE_ADDRESS
	*vars[id] = value;
	search_init();
}
#endif

int search_elapsed_ms(const struct search_shared *sh) { return (int)(monotonic_ms() - sh->start_ms); }

/* Nodes searched by every thread so far. */
static uint64_t search_total_nodes(const struct search_shared *sh)
{
	uint64_t n = 0;
	for (int i = 0; i < sh->nthreads; i++)
		n += atomic_load_explicit(&sh->threads[i]->nodes, memory_order_relaxed);
	return n;
}

/* Tablebase probes answered, by every thread. */
static uint64_t search_total_tbhits(const struct search_shared *sh)
{
	uint64_t n = 0;
	for (int i = 0; i < sh->nthreads; i++)
		n += atomic_load_explicit(&sh->threads[i]->tbhits, memory_order_relaxed);
	return n;
}

void search_thread_reset(struct search_thread *t)
{
	history_clear(&t->hist);
	memset(&t->eval_cache, 0, sizeof t->eval_cache);
}

static inline bool stopped(const struct search_thread *t)
{
	return atomic_load_explicit(&t->shared->stop, memory_order_relaxed);
}

/* The main thread's look at the clock and the node count. */
static void check_limits(struct search_thread *t)
{
	struct search_shared *sh = t->shared;
	/* Never stop before one iteration is done: the move must come from a search. */
	if (t->completed_depth < 1 || atomic_load_explicit(&sh->pondering, memory_order_relaxed))
		return;
	if ((sh->use_time && search_elapsed_ms(sh) >= sh->hard_ms) ||
	    (sh->limits.nodes && search_total_nodes(sh) >= sh->limits.nodes))
		atomic_store_explicit(&sh->stop, true, memory_order_relaxed);
}

static inline void count_node(struct search_thread *t)
{
	uint64_t n = atomic_load_explicit(&t->nodes, memory_order_relaxed) + 1;
	atomic_store_explicit(&t->nodes, n, memory_order_relaxed);
	if (t->id != 0)
		return;
	/* One thread alone stops at the exact node count, so that a node limit is reproducible. */
	if ((n & (TIME_CHECK_INTERVAL - 1)) == 0 || (t->shared->nthreads == 1 && t->shared->limits.nodes &&
	                                             n >= t->shared->limits.nodes))
		check_limits(t);
}

/*
 * Enter a node below the root: count it unless the search has already stopped.  False when the node must
 * return at once; a node entered after the stop is not counted, so that a node limit is exact.
 */
static inline bool enter_node(struct search_thread *t)
{
	if (stopped(t))
		return false;
	count_node(t);
	return !stopped(t);
}

bool search_is_draw(const struct position *pos, int ply)
{
	const struct state *st = pos->st;
	if (st->rule50 >= 100) {
		/* Unless this very move mated: the fifty-move rule does not override a checkmate. */
		move_t list[MAX_MOVES];
		if (!st->checkers || generate(pos, GEN_EVASIONS, list) > 0)
			return true;
	}
	if (pos_is_dead_material(pos))
		return true;
	/*
	 * A repetition of a position inside the tree is a draw at once (the side
	 * that could avoid it would); one of the game before the root must be the
	 * third occurrence.  Only positions since the last irreversible move can
	 * repeat, and none two plies back: the states are walked two at a time.
	 */
	int end = st->rule50 < st->plies_from_null ? st->rule50 : st->plies_from_null;
	int seen = 0;
	const struct state *back = st->prev;
	for (int i = 2; i <= end && back && back->prev; i += 2) {
		const struct state *s = back->prev;
		back = s->prev;
		if (i < 4 || s->key != st->key)
			continue;
		if (i < ply || ++seen == 2)
			return true;
	}
	return false;
}

/* A score of a side that has just been mated or that mates, for reporting and pruning. */
static inline bool is_mate_score(score_t s) { return s >= SCORE_MATE_IN_MAX || s <= SCORE_MATED_IN_MAX; }

static void update_pv(struct search_thread *t, int ply, move_t m)
{
	t->pv[ply][0] = m;
	int n = t->pv_len[ply + 1];
	memcpy(&t->pv[ply][1], t->pv[ply + 1], (size_t)n * sizeof(move_t));
	t->pv_len[ply] = n + 1;
}

static struct root_move *find_root_move(struct search_thread *t, move_t m)
{
	for (int i = t->pv_idx; i < t->nroot; i++)
		if (t->root_moves[i].move == m)
			return &t->root_moves[i];
	return NULL;
}

#ifdef OUTPOST_NNUE_CHECK
/* tests/nnue_search_check.c compiles the search again with this: each network score against one from the board. */
void nnue_check_node(const struct position *pos, score_t incremental, score_t fresh, int ply);
#endif

/*
 * The static evaluation: the network when the engine uses one (Use NNUE), in the search's units
 * (NNUE_SEARCH_PCT), else the hand-written one; against a bare king, the score that drives it to the edge
 * (eval_mate.h).
 */
static inline score_t static_eval(struct search_thread *t, int ply)
{
	const struct nnue_net *net = t->shared->net;
	score_t mate_drive;
	if (eval_bare_king(&t->pos, &mate_drive))
		return mate_drive;
	if (!net)
		return evaluate(&t->pos, &t->eval_cache);
	score_t v = nnue_evaluate(net, &t->nnue, &t->pos, ply);
#ifdef OUTPOST_NNUE_CHECK
	nnue_check_node(&t->pos, v, nnue_evaluate_fresh(net, &t->pos), ply);
#endif
	return (score_t)(v * NNUE_SEARCH_PCT / 100);
}

/* A static eval refined by the table's score when its bound says the truth lies beyond. */
static score_t refine_eval(score_t eval, bool hit, score_t tt_score, int bound)
{
	if (hit && tt_score != SCORE_NONE &&
	    (bound & (tt_score > eval ? TT_LOWER : TT_UPPER)))
		return tt_score;
	return eval;
}

/*
 * The quiescence search: captures (and, on its first ply, quiet checks) until
 * the position is quiet enough to trust the static evaluation.  qdepth counts
 * its plies from 0.
 */
static score_t qsearch(struct search_thread *t, score_t alpha, score_t beta, int ply, int qdepth, bool pv_node)
{
	struct position *pos = &t->pos;
	t->pv_len[ply] = 0;
	if (!enter_node(t))
		return 0;
	if (ply > t->seldepth)
		t->seldepth = ply;
	if (search_is_draw(pos, ply))
		return SCORE_DRAW;
	bool check = in_check(pos);
	if (ply >= MAX_PLY - 1)
		return check ? SCORE_DRAW : static_eval(t, ply);

	/* The table: a bound that already settles this window ends the node. */
	struct tt_hit hit;
	bool tt_hit = tt_probe(t->shared->tt, pos_key(pos), &hit);
	score_t tt_score = tt_hit ? score_from_tt(hit.score, ply) : SCORE_NONE;
	if (tt_hit && !pv_node &&
	    (hit.bound & (tt_score >= beta ? TT_LOWER : TT_UPPER)))
		return tt_score;

	/* Stand pat: the side to move may decline every capture (not when in check). */
	score_t best, eval = SCORE_NONE;
	if (check) {
		best = -SCORE_INFINITE;
	} else {
		eval = tt_hit && hit.eval != SCORE_NONE ? hit.eval : static_eval(t, ply);
		best = refine_eval(eval, tt_hit, tt_score, tt_hit ? hit.bound : 0);
		if (best >= beta) {
			if (!tt_hit)
				tt_store(t->shared->tt, pos_key(pos), MOVE_NONE, score_to_tt(best, ply), eval, -1,
				         TT_LOWER);
			return best;
		}
		if (best > alpha)
			alpha = best;
	}

	struct move_picker mp;
	movepick_init_qs(&mp, pos, &t->hist, tt_hit ? hit.move : MOVE_NONE, qdepth == 0);
	move_t m, best_move = MOVE_NONE;
	int moves = 0;
	while ((m = movepick_next(&mp)) != MOVE_NONE) {
		moves++;
		if (!check) {
			/* Under-promotions are never the only way; captures that lose material rarely are. */
			if (move_kind(m) == MOVE_PROMOTION && move_promotion(m) != QUEEN)
				continue;
			/* Delta pruning: even winning the piece outright would not reach alpha. */
			int victim = move_kind(m) == MOVE_EN_PASSANT ? PAWN : piece_type(piece_on(pos, move_to(m)));
			if (move_kind(m) != MOVE_PROMOTION && best + see_value[victim] + QS_DELTA_MARGIN <= alpha &&
			    !pos_gives_check(pos, m))
				continue;
			if (!see_ge(pos, m, 0))
				continue;
		}
		tt_prefetch(t->shared->tt, pos_key_after(pos, m));
		pos_make_move(pos, m, &t->states[ply + 1]);
		score_t s = -qsearch(t, -beta, -alpha, ply + 1, qdepth + 1, pv_node);
		pos_unmake_move(pos);
		if (stopped(t))
			return 0;
		if (s > best) {
			best = s;
			if (s > alpha) {
				best_move = m;
				if (pv_node)
					update_pv(t, ply, m);
				if (s >= beta)
					break;
				alpha = s;
			}
		}
	}
	if (check && moves == 0)
		return mated_in(ply);
	tt_store(t->shared->tt, pos_key(pos), best_move, score_to_tt(best, ply), eval, -1,
	         best >= beta ? TT_LOWER : TT_UPPER);
	return best;
}

/* A continuation table that is not the stand-in for "no move". */
static inline bool is_real_cont(const struct history *h, const cont_hist_t *cont)
{
	return cont != &h->continuation[NO_PIECE][0];
}

/* Moves the quiet move m's butterfly and continuation histories by bonus. */
static void update_quiet(struct search_thread *t, const struct stack_entry *ss, move_t m, int bonus)
{
	struct history *h = &t->hist;
	int pc = moved_piece(&t->pos, m), to = move_to(m);
	history_update(&h->butterfly[t->pos.side][move_from(m)][to], bonus);
	for (int back = 1; back <= 2; back++)
		if (is_real_cont(h, (ss - back)->cont))
			history_update(&(*(ss - back)->cont)[pc][to], bonus);
}

/* Rewards the move that caused a cutoff and punishes the ones tried before it. */
static void update_histories(struct search_thread *t, int ply, int depth, move_t best, const move_t *quiets,
                             int nquiets, const move_t *captures, int ncaptures)
{
	struct position *pos = &t->pos;
	struct history *h = &t->hist;
	const struct stack_entry *ss = &t->stack[ply + STACK_OFFSET];
	int bonus = history_bonus(depth);
	if (!is_capture(pos, best) && move_kind(best) != MOVE_PROMOTION) {
		update_quiet(t, ss, best, bonus);
		for (int i = 0; i < nquiets; i++)
			update_quiet(t, ss, quiets[i], -bonus);
		killers_add(h, ply, best);
		const struct stack_entry *prev = ss - 1;
		if (ply > 0 && prev->move != MOVE_NONE && prev->move != MOVE_NULL)
			h->counter[prev->piece][move_to(prev->move)] = best;
	} else {
		int victim = move_kind(best) == MOVE_EN_PASSANT ? PAWN : piece_type(piece_on(pos, move_to(best)));
		history_update(&h->capture[moved_piece(pos, best)][move_to(best)][victim], bonus);
	}
	for (int i = 0; i < ncaptures; i++) {
		move_t c = captures[i];
		int victim = move_kind(c) == MOVE_EN_PASSANT ? PAWN : piece_type(piece_on(pos, move_to(c)));
		history_update(&h->capture[moved_piece(pos, c)][move_to(c)][victim], -bonus);
	}
}

/*
 * The win/draw/loss tables at a node: only after a capture or a pawn move (their results assume a fresh fifty-move
 * count), without castling rights, and at the largest piece count only from SyzygyProbeDepth on.  A result that
 * settles the window is stored and returned, true; a win is a score in the band below the mates, so that a real
 * mate still outranks it.
 */
static bool probe_tables(struct search_thread *t, int depth, int ply, score_t alpha, score_t beta, score_t *out)
{
	const struct search_shared *sh = t->shared;
	struct position *pos = &t->pos;
	int pieces = tablebase_pieces(pos);
	if (pieces > sh->tb_pieces || (pieces == sh->tb_pieces && depth < sh->tb_probe_depth) || pos->st->rule50 ||
	    pos->st->castling)
		return false;
	int wdl = tablebase_probe_wdl(pos);
	if (wdl == TABLEBASE_FAILED)
		return false;
	atomic_fetch_add_explicit(&t->tbhits, 1, memory_order_relaxed);
	int draw = sh->tb_rule50; /* with the rule, a cursed win or a blessed loss is a draw, told apart by 2 cp */
	score_t v = wdl < -draw ? -tb_win_in(ply) : wdl > draw ? tb_win_in(ply) : SCORE_DRAW + 2 * wdl * draw;
	int bound = wdl < -draw ? TT_UPPER : wdl > draw ? TT_LOWER : TT_EXACT;
	if (bound != TT_EXACT && (bound == TT_LOWER ? v < beta : v > alpha))
		return false;
	int stored = depth + 6 < MAX_PLY - 1 ? depth + 6 : MAX_PLY - 1;
	tt_store(sh->tt, pos_key(pos), MOVE_NONE, score_to_tt(v, ply), SCORE_NONE, stored, bound);
	*out = v;
	return true;
}

static score_t negamax(struct search_thread *t, score_t alpha, score_t beta, int depth, int ply, bool cut_node)
{
	struct position *pos = &t->pos;
	struct search_shared *sh = t->shared;
	bool pv_node = beta - alpha > 1, root = ply == 0;
	bool check = in_check(pos);

	/* Step 1. At the horizon, resolve captures before trusting the evaluation. */
	if (depth <= 0)
		return qsearch(t, alpha, beta, ply, 0, pv_node);
	t->pv_len[ply] = 0;
	if (root)
		count_node(t);
	else if (!enter_node(t))
		return 0;
	if (ply > t->seldepth)
		t->seldepth = ply;

	/* Step 2. Draws, the ply limit, and mate-distance pruning: a mate found nearer the root wins. */
	if (!root) {
		if (search_is_draw(pos, ply))
			return SCORE_DRAW;
		if (ply >= MAX_PLY - 1)
			return check ? SCORE_DRAW : static_eval(t, ply);
		alpha = alpha > mated_in(ply) ? alpha : mated_in(ply);
		beta = beta < mate_in(ply + 1) ? beta : mate_in(ply + 1);
		if (alpha >= beta)
			return alpha;
	}

	/*
	 * Step 3. The transposition table: outside the PV, a deep enough bound ends the node.  Not in a singular
	 * search (step 11), which asks about this position without one of its moves.
	 */
	struct stack_entry *ss = &t->stack[ply + STACK_OFFSET];
	move_t excluded = ss->excluded;
	ss->double_exts = root ? 0 : (ss - 1)->double_exts;
	struct tt_hit hit;
	bool tt_hit = !excluded && tt_probe(sh->tt, pos_key(pos), &hit);
	score_t tt_score = tt_hit ? score_from_tt(hit.score, ply) : SCORE_NONE;
	move_t tt_move = root ? t->root_moves[t->pv_idx].move : tt_hit ? hit.move : MOVE_NONE;
	if (!pv_node && tt_hit && hit.depth >= depth && pos->st->rule50 < 90 &&
	    (hit.bound & (tt_score >= beta ? TT_LOWER : TT_UPPER)))
		return tt_score;

	/* Step 3b. The tablebases, where a capture or a pawn move has just brought the pieces down to them. */
	if (!root && !excluded && sh->tb_pieces) {
		score_t tb_score;
		if (probe_tables(t, depth, ply, alpha, beta, &tb_score))
			return tb_score;
	}

	/*
	 * Step 4. The static evaluation, and whether it improved on our previous move's: where it did,
	 * trust a high eval sooner (step 5) but prune and reduce late moves less (steps 10 and 12).  The flag
	 * against a constant false: +109 +/- 31 Elo in 296 games at 20k nodes.
	 */
	score_t eval = SCORE_NONE;
	bool improving = false;
	if (!check) {
		ss->static_eval = tt_hit && hit.eval != SCORE_NONE ? hit.eval : static_eval(t, ply);
		eval = refine_eval(ss->static_eval, tt_hit, tt_score, tt_hit ? hit.bound : 0);
		score_t before = (ss - 2)->static_eval != SCORE_NONE ? (ss - 2)->static_eval : (ss - 4)->static_eval;
		improving = before == SCORE_NONE || ss->static_eval > before;
	} else {
		ss->static_eval = SCORE_NONE;
	}
	(ss + 1)->move = MOVE_NONE;
	t->hist.killers[ply + 1][0] = t->hist.killers[ply + 1][1] = MOVE_NONE;

	if (!pv_node && !check && !excluded) {
		/* Step 5. Reverse futility: so far above beta that a quiet move will not bring it down. */
		if (depth <= RFP_MAX_DEPTH && eval - RFP_MARGIN * (depth - improving) >= beta && eval < SCORE_MATE_IN_MAX)
			return eval;

		/* Step 6. Razoring: hopelessly below alpha near the leaves; let captures have their say. */
		if (depth <= RAZOR_MAX_DEPTH && eval + RAZOR_MARGIN * depth < alpha) {
			score_t s = qsearch(t, alpha, alpha + 1, ply, 0, false);
			if (s <= alpha)
				return s;
		}

		/*
		 * Step 7. Null move: if passing still leaves us above beta after a
		 * reduced search, a real move will do at least as well.  Not with
		 * pawns alone (zugzwang) nor twice in a row.  (ProbCut after it,
		 * beta + 200 at depth - 4, was tried: -4.7 +/- 22.5 Elo in 520
		 * games at 20k nodes, dropped.)
		 */
		if (depth >= NMP_MIN_DEPTH && eval >= beta && ss->static_eval >= beta && (ss - 1)->move != MOVE_NULL &&
		    pos->non_pawn_material[pos->side] > 0 && beta > SCORE_MATED_IN_MAX) {
			int extra = (eval - beta) / NMP_EVAL_DIV;
			int r = NMP_BASE + depth / NMP_DEPTH_DIV + (extra < NMP_EVAL_MAX ? extra : NMP_EVAL_MAX);
			ss->move = MOVE_NULL;
			ss->piece = NO_PIECE;
			ss->cont = &t->hist.continuation[NO_PIECE][0];
			pos_make_null(pos, &t->states[ply + 1]);
			tt_prefetch(sh->tt, pos_key(pos));
			score_t s = -negamax(t, -beta, -beta + 1, depth - r, ply + 1, !cut_node);
			pos_unmake_null(pos);
			if (stopped(t))
				return 0;
			if (s >= beta)
				return s > SCORE_TB_WIN_IN_MAX ? beta : s; /* a mate or a table's win unproven by a pass */
		}
	}

	/* Step 8. Internal iterative reduction: a node with no hash move is likely less important. */
	if (!root && !excluded && tt_move == MOVE_NONE && depth >= IIR_MIN_DEPTH && (pv_node || cut_node))
		depth--;

	/*
	 * Step 9. The moves, best first; quiets by butterfly and continuation histories (these: +18 +/- 14 Elo),
	 * captures by victim, then capture history (it: -0.7 +/- 12.0 Elo in 2000 games at 20k nodes, no
	 * measurable gain at that depth; kept until a longer test decides).
	 */
	move_t counter = MOVE_NONE;
	if ((ss - 1)->move != MOVE_NONE && (ss - 1)->move != MOVE_NULL)
		counter = t->hist.counter[(ss - 1)->piece][move_to((ss - 1)->move)];
	struct move_picker mp;
	const cont_hist_t *cont[2] = { (ss - 1)->cont, (ss - 2)->cont };
	movepick_init(&mp, pos, &t->hist, cont, tt_move, ply, counter);
	move_t quiets[64], captures[32], best_move = MOVE_NONE, m;
	int nquiets = 0, ncaptures = 0, move_count = 0;
	score_t best = -SCORE_INFINITE;
	int lmp_limit = (LMP_BASE + depth * depth) / (improving ? 1 : 2);
	struct threats threats = { 0 }; /* found once, where a quiet move may be pruned */
	bool threats_known = false;

	while ((m = movepick_next(&mp)) != MOVE_NONE) {
		if ((root && !find_root_move(t, m)) || m == excluded)
			continue;
		move_count++;
		bool capture = is_capture(pos, m), quiet = !capture && move_kind(m) != MOVE_PROMOTION;
		int hist = quiet ? history_quiet(&t->hist, cont, pos->side, moved_piece(pos, m), m) : 0;

		/* Step 10. Shallow pruning, once a move has saved us from being mated.  (Pruning quiets by their history,
		   below -4096 * depth at depth 3 or less, was tried: -1.1 +/- 17.3 Elo in 640 games, dropped.)  A
		   piece attacked by something cheaper keeps its escapes: pruned, they left a queen attacked by a pawn
		   to be taken in the tree, and a search at depth 12 missed that 6... Qa5+ wins a bishop. */
		if (!root && best > SCORE_MATED_IN_MAX && pos->non_pawn_material[pos->side] > 0) {
			if (quiet && !threats_known && depth <= LMP_MAX_DEPTH) {
				threats_find(pos, &threats);
				threats_known = true;
			}
			bool escape = quiet && threats_known && threats_escape(pos, &threats, m);
			if (quiet && !escape) {
				if (depth <= LMP_MAX_DEPTH && move_count > lmp_limit) {
					mp.skip_quiets = !threats.pieces;
					continue;
				}
				if (!check && depth <= FUTILITY_MAX_DEPTH &&
				    eval + FUTILITY_BASE + FUTILITY_PER_DEPTH * depth <= alpha && !pos_gives_check(pos, m)) {
					mp.skip_quiets = !threats.pieces;
					continue;
				}
				if (depth <= SEE_PRUNE_MAX_DEPTH && !see_ge(pos, m, -SEE_QUIET_MARGIN * depth))
					continue;
			} else if (depth <= SEE_PRUNE_MAX_DEPTH && !see_ge(pos, m, -SEE_CAPTURE_MARGIN * depth * depth)) {
				continue;
			}
		}

		/*
		 * Step 11. Extensions.  Singular: when the table's move is the only one that holds the table's score
		 * (every other falls short of it by a margin in a reduced search without it), search it deeper; when
		 * even without it the reduced search beats beta, so do several moves and the node is cut (multi-cut);
		 * when the table's score alone beats beta, it is searched a little less (singular, multi-cut and
		 * negative extensions together: +27 +/- 18 Elo at 20k nodes); off the PV, one that holds it by a margin
		 * more is searched two plies deeper, a few times a line at most (+16.3 +/- 11.9 Elo in 2000 games at 10k
		 * nodes).  Else checks, bounded so that check sequences cannot run away.
		 */
		int extension = 0;
		bool gives_check = pos_gives_check(pos, m); /* here, not before: most pruned moves never ask */
		if (!root && m == tt_move && !excluded && depth >= SE_MIN_DEPTH && tt_hit && (hit.bound & TT_LOWER) &&
		    hit.depth >= depth - SE_TT_DEPTH_MARGIN && !is_decisive_score(tt_score)) {
			score_t singular_beta = tt_score - SE_MARGIN_PER_DEPTH * depth;
			ss->excluded = m;
			score_t s = negamax(t, singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node);
			ss->excluded = MOVE_NONE;
			if (stopped(t))
				return 0;
			if (s < singular_beta - SE_DOUBLE_MARGIN && !pv_node && ss->double_exts < sh->double_ext_max) {
				extension = 2;
				ss->double_exts++;
			} else if (s < singular_beta) {
				extension = 1;
			}
			else if (singular_beta >= beta)
				return singular_beta;
			else if (tt_score >= beta)
				extension = -1;
		} else if (gives_check && ply < CHECK_EXT_PLY_FACTOR * t->root_depth) {
			extension = 1;
		}
		int new_depth = depth - 1 + extension;

		ss->move = m;
		ss->piece = moved_piece(pos, m);
		ss->cont = &t->hist.continuation[ss->piece][move_to(m)];
		tt_prefetch(sh->tt, pos_key_after(pos, m));
		pos_make_move(pos, m, &t->states[ply + 1]);

		/*
		 * Step 12. Late move reductions: later quiet moves are searched
		 * shallower with a null window first, and again at full depth only
		 * if they beat alpha.  Then the principal variation search: every
		 * move after the first gets a null window, the PV a full one.  A
		 * move's history changes its reduction (that term: +7.6 +/- 11.8
		 * Elo in 2000 games at 20k nodes, inconclusive; kept).
		 */
		score_t s = 0;
		if (depth >= LMR_MIN_DEPTH && move_count > 1 + pv_node && quiet) {
			int r = lmr_table[depth < 64 ? depth : 63][move_count < 64 ? move_count : 63];
			r += !improving - pv_node + cut_node;
			r -= m == mp.killers[0] || m == mp.killers[1] || m == counter;
			r -= hist / LMR_HISTORY_DIV;
			int d = new_depth - (r > 0 ? r : 0);
			d = d < 1 ? 1 : d > new_depth ? new_depth : d;
			s = -negamax(t, -(alpha + 1), -alpha, d, ply + 1, true);
			if (s > alpha && d < new_depth)
				s = -negamax(t, -(alpha + 1), -alpha, new_depth, ply + 1, !cut_node);
		} else if (!pv_node || move_count > 1) {
			s = -negamax(t, -(alpha + 1), -alpha, new_depth, ply + 1, !cut_node);
		}
		if (pv_node && (move_count == 1 || (s > alpha && (root || s < beta))))
			s = -negamax(t, -beta, -alpha, new_depth, ply + 1, false);
		pos_unmake_move(pos);
		if (stopped(t))
			return 0;

		/* Step 13. At the root, remember each move's score and line for ordering and reporting. */
		if (root) {
			struct root_move *rm = find_root_move(t, m);
			if (move_count == 1 || s > alpha) {
				rm->score = s;
				rm->seldepth = t->seldepth;
				rm->bound = s >= beta ? BOUND_LOWER_SCORE : s <= alpha ? BOUND_UPPER_SCORE : BOUND_EXACT_SCORE;
				rm->pv[0] = m;
				rm->pv_len = 1;
				for (int i = 0; i < t->pv_len[1] && i + 1 < MAX_PLY; i++)
					rm->pv[rm->pv_len++] = t->pv[1][i];
				if (move_count > 1)
					t->best_move_changes += 1;
			} else {
				rm->score = -SCORE_INFINITE;
			}
		}

		if (s > best) {
			best = s;
			if (s > alpha) {
				best_move = m;
				if (pv_node && !root)
					update_pv(t, ply, m);
				if (s >= beta)
					break;
				alpha = s;
			}
		}
		if (m != best_move) {
			if (quiet && nquiets < 64)
				quiets[nquiets++] = m;
			else if (!quiet && ncaptures < 32)
				captures[ncaptures++] = m;
		}
	}

	/* Step 14. No legal move: mate or stalemate (in a singular search: no other move, so nothing holds). */
	if (move_count == 0)
		return excluded ? alpha : check ? mated_in(ply) : SCORE_DRAW;

	if (best >= beta && best_move != MOVE_NONE)
		update_histories(t, ply, depth, best_move, quiets, nquiets, captures, ncaptures);

	/*
	 * Step 15. Store what we learnt; the extra PV lines of MultiPV would mislead the first, so not those.  (A
	 * correction history, the static evaluation corrected by a running mean of its error by side and pawn key,
	 * learnt here from quiet best moves, was tried: -4.9 +/- 15.2 Elo in 1286 games at 20k nodes, stopped at
	 * LLR -1.18, dropped.  Again with the network, at most 64 cp, weight (depth + 1) / 256: by the pawn key
	 * with the kings, +3.7 +/- 11.8 in 2000 games at 20k nodes and -10 in 439 at 60k; by the pawns alone, -2.1 in
	 * 1350 at 20k; dropped.)
	 */
	if (!(root && t->pv_idx > 0) && !excluded) {
		int bound = best >= beta ? TT_LOWER : pv_node && best_move != MOVE_NONE ? TT_EXACT : TT_UPPER;
		tt_store(sh->tt, pos_key(pos), best_move, score_to_tt(best, ply), ss->static_eval, depth, bound);
	}
	return best;
}

int search_setup_root(struct search_thread *t)
{
	const struct engine_limits *l = &t->shared->limits;
	move_t list[MAX_MOVES];
	int n = generate_legal(&t->pos, list);
	t->nroot = 0;
	for (int i = 0; i < n; i++) {
		bool wanted = l->nsearchmoves == 0;
		for (int j = 0; j < l->nsearchmoves && !wanted; j++)
			wanted = l->searchmoves[j] == list[i];
		if (!wanted)
			continue;
		struct root_move *rm = &t->root_moves[t->nroot++];
		rm->move = list[i];
		rm->score = rm->prev_score = -SCORE_INFINITE;
		rm->bound = BOUND_EXACT_SCORE;
		rm->seldepth = 0;
		rm->pv[0] = list[i];
		rm->pv_len = 1;
	}
	/* searchmoves naming no legal move: search them all rather than nothing. */
	if (t->nroot == 0 && l->nsearchmoves > 0 && n > 0) {
		struct engine_limits *ml = &t->shared->limits;
		ml->nsearchmoves = 0;
		return search_setup_root(t);
	}
	return t->nroot;
}

/* Orders root moves [from, to) by score, keeping the earlier order among equals. */
static void sort_root_moves(struct search_thread *t, int from, int to)
{
	for (int i = from + 1; i < to; i++) {
		struct root_move tmp = t->root_moves[i];
		int j = i;
		for (; j > from && t->root_moves[j - 1].score < tmp.score; j--)
			t->root_moves[j] = t->root_moves[j - 1];
		t->root_moves[j] = tmp;
	}
}

void search_fill_info(const struct search_thread *t, int i, struct engine_info *info)
{
	const struct search_shared *sh = t->shared;
	const struct root_move *rm = &t->root_moves[i];
	/* A line not searched yet in this iteration shows the last one's result. */
	bool fresh = rm->score != -SCORE_INFINITE;
	score_t s = fresh ? rm->score : rm->prev_score;
	if (s == -SCORE_INFINITE)
		s = 0;
	/* A root in the tables shows their result, unless the search found the mate itself. */
	bool tb_root = sh->tb_root && !is_mate_score(s);
	if (tb_root)
		s = sh->tb_root_score;
	memset(info, 0, sizeof *info);
	info->depth = fresh ? t->root_depth : t->completed_depth > 0 ? t->completed_depth : 1;
	info->seldepth = rm->seldepth > info->depth ? rm->seldepth : info->depth;
	info->multipv = i + 1;
	info->is_mate = is_mate_score(s);
	info->is_tb = !info->is_mate && is_decisive_score(s);
	info->score_cp = info->is_mate ? 0 : search_reported(sh, s);
	if (info->is_mate)
		info->mate_moves = s > 0 ? (SCORE_MATE - s + 1) / 2 : -(SCORE_MATE + s) / 2;
	if (info->is_tb)
		info->score_cp = s > 0 ? ENGINE_TB_CP - (SCORE_TB_WIN - s) : -ENGINE_TB_CP + (SCORE_TB_WIN + s);
	info->bound = fresh && !tb_root ? rm->bound : BOUND_EXACT_SCORE;
	info->tb_used = sh->tb_used;
	info->tbhits = search_total_tbhits(sh);
	info->nodes = search_total_nodes(sh);
	info->time_ms = search_elapsed_ms(sh);
	info->nps = info->time_ms > 0 ? info->nodes * 1000 / (uint64_t)info->time_ms : info->nodes * 1000;
	info->hashfull = tt_hashfull(sh->tt);
	info->pv_len = rm->pv_len;
	memcpy(info->pv, rm->pv, (size_t)rm->pv_len * sizeof(move_t));
}

static void report(const struct search_thread *t, int lines)
{
	const struct search_shared *sh = t->shared;
	if (t->id != 0 || !sh->on_info)
		return;
	for (int i = 0; i < lines; i++) {
		struct engine_info info;
		search_fill_info(t, i, &info);
		sh->on_info(sh->ctx, &info);
	}
}

/* One root search of line pv_idx at this depth, widening the aspiration window until the score fits. */
static void aspiration(struct search_thread *t, int depth)
{
	struct search_shared *sh = t->shared;
	struct root_move *rm = &t->root_moves[t->pv_idx];
	score_t prev = rm->prev_score, alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
	int delta = ASPIRATION_DELTA;
	if (depth >= ASPIRATION_MIN_DEPTH && prev != -SCORE_INFINITE && !is_decisive_score(prev)) {
		alpha = prev - delta > -SCORE_INFINITE ? prev - delta : -SCORE_INFINITE;
		beta = prev + delta < SCORE_INFINITE ? prev + delta : SCORE_INFINITE;
	}
	for (;;) {
		t->seldepth = 0;
		score_t s = negamax(t, alpha, beta, depth, 0, false);
		sort_root_moves(t, t->pv_idx, t->nroot);
		if (stopped(t))
			return;
		if (s > alpha && s < beta)
			return;
		if (t->id == 0 && sh->multipv == 1 && search_elapsed_ms(sh) > REPORT_BOUNDS_AFTER_MS)
			report(t, 1);
		if (s <= alpha) {
			beta = (alpha + beta) / 2;
			alpha = s - delta > -SCORE_INFINITE ? s - delta : -SCORE_INFINITE;
		} else {
			beta = s + delta < SCORE_INFINITE ? s + delta : SCORE_INFINITE;
		}
		delta += delta / 2;
		if (delta > 1000)
			alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
	}
}

/* What the main thread remembers of its iterations, for the time it spends. */
struct iteration_trend {
	int stable;      /* iterations in a row that kept the best move */
	int scores;      /* how many of last[] are filled, up to 2 */
	score_t last[2]; /* the root scores of the two iterations before, newest first */
};

static void trend_add(struct iteration_trend *tr, score_t s)
{
	tr->last[1] = tr->last[0];
	tr->last[0] = s;
	tr->scores += tr->scores < 2;
}

/* After an iteration: has the main thread used enough of its time, or found the mate it was asked for? */
static bool iteration_says_stop(struct search_thread *t, move_t last_best, struct iteration_trend *tr)
{
	struct search_shared *sh = t->shared;
	const struct engine_limits *l = &sh->limits;
	score_t s = t->root_moves[0].score;
	if (l->mate && s >= mate_in(2 * l->mate - 1))
		return true;
	if (l->depth && t->completed_depth >= l->depth)
		return true;
	if (!sh->use_time || atomic_load_explicit(&sh->pondering, memory_order_relaxed))
		return false;
	/* One legal move: nothing to think about. */
	if (t->nroot == 1)
		return true;
	/* A fixed movetime is used whole: the hard limit ends it. */
	if (l->movetime_ms)
		return false;
	tr->stable = t->root_moves[0].move == last_best ? tr->stable + 1 : 0;
	double scale = 1.0 + (t->best_move_changes < 2.0 ? t->best_move_changes : 2.0) * 0.4;
	if (tr->stable >= 4)
		scale *= 0.8;
	/* The first iterations' scores swing too much to say anything. */
	if (t->completed_depth >= 4 && tr->scores == 2)
		scale *= timeman_falling_score_scale(tr->last[1], tr->last[0], s);
	/* (The best move's share of the root's nodes, times 1.35 * (1.5 - share) from depth 6, was tried: -10.4 +- 27.2
	   Elo in 200 games at 10+0.1, dropped.) */
	trend_add(tr, s);
	t->best_move_changes /= 2;
	return search_elapsed_ms(sh) >= sh->soft_ms * scale;
}

void search_run(struct search_thread *t)
{
	struct search_shared *sh = t->shared;
	int lines = sh->multipv < t->nroot ? sh->multipv : t->nroot;
	struct iteration_trend trend = { 0, 0, { 0, 0 } };
	t->completed_depth = 0;
	t->best_move_changes = 0;
	t->seldepth = 0;
	for (int i = 0; i < MAX_PLY + 8; i++) {
		t->stack[i].static_eval = SCORE_NONE;
		t->stack[i].move = MOVE_NONE;
		t->stack[i].piece = NO_PIECE;
		t->stack[i].cont = &t->hist.continuation[NO_PIECE][0];
		t->stack[i].excluded = MOVE_NONE;
		t->stack[i].double_exts = 0;
	}
	for (int depth = 1; depth < MAX_PLY - 1; depth++) {
		/* Helpers skip every other depth in turn so that the threads spread over more depths. */
		if (t->id > 0 && (depth + t->id) % 2 == 0 && depth > 1)
			continue;
		if (t->id == 0 && sh->limits.depth && depth > sh->limits.depth)
			break;
		move_t last_best = t->root_moves[0].move;
		t->root_depth = depth;
		for (int i = 0; i < t->nroot; i++) {
			t->root_moves[i].prev_score = t->root_moves[i].score;
			t->root_moves[i].score = -SCORE_INFINITE;
		}
		for (t->pv_idx = 0; t->pv_idx < lines; t->pv_idx++) {
			aspiration(t, depth);
			sort_root_moves(t, 0, t->pv_idx + 1);
			if (stopped(t))
				break;
		}
		if (stopped(t))
			break;
		t->completed_depth = depth;
		t->pv_idx = 0;
		report(t, lines);
		if (t->id == 0 && iteration_says_stop(t, last_best, &trend))
			break;
	}
	t->pv_idx = 0;
}
