/* The staged move picker. */
#include "engine/movepick.h"

#include "engine/see.h"

enum stage {
	STAGE_TT,
	STAGE_GEN_CAPTURES,
	STAGE_GOOD_CAPTURES,
	STAGE_KILLER1,
	STAGE_KILLER2,
	STAGE_COUNTER,
	STAGE_GEN_QUIETS,
	STAGE_QUIETS,
	STAGE_BAD_CAPTURES,
	STAGE_DONE,
	/* In check: everything at once. */
	STAGE_EV_TT,
	STAGE_EV_GEN,
	STAGE_EV_MOVES,
	/* Quiescence. */
	STAGE_QS_TT,
	STAGE_QS_GEN,
	STAGE_QS_CAPTURES,
	STAGE_QS_GEN_CHECKS,
	STAGE_QS_CHECKS,
};

/* The ordering value of a capture or promotion: victim first, then capture history. */
static int movepick_capture_score(const struct position *pos, const struct history *hist, move_t m)
{
	int victim = move_kind(m) == MOVE_EN_PASSANT ? PAWN : piece_type(piece_on(pos, move_to(m)));
	int score = see_value[victim] * 16;
	if (move_kind(m) == MOVE_PROMOTION)
		score += (see_value[move_promotion(m)] - see_value[PAWN]) * 16;
	return score + hist->capture[moved_piece(pos, m)][move_to(m)][victim];
}

void movepick_init(struct move_picker *mp, const struct position *pos, const struct history *hist,
                   const cont_hist_t *const cont[2], move_t tt_move, int ply, move_t counter)
{
	mp->pos = pos;
	mp->hist = hist;
	mp->cont[0] = cont[0];
	mp->cont[1] = cont[1];
	mp->skip_quiets = mp->qs_checks = false;
	mp->cur = mp->end = mp->bad_end = 0;
	mp->tt_move = move_is_legal(pos, tt_move) ? tt_move : MOVE_NONE;
	mp->killers[0] = hist->killers[ply][0];
	mp->killers[1] = hist->killers[ply][1];
	mp->counter = counter;
	mp->stage = in_check(pos) ? STAGE_EV_TT : STAGE_TT;
}

void movepick_init_qs(struct move_picker *mp, const struct position *pos, const struct history *hist,
                      move_t tt_move, bool checks)
{
	mp->pos = pos;
	mp->hist = hist;
	/* No continuation in the quiescence search: its evasions are ordered by the butterfly table alone. */
	mp->cont[0] = mp->cont[1] = &hist->continuation[NO_PIECE][0];
	mp->skip_quiets = false;
	mp->qs_checks = checks;
	mp->cur = mp->end = mp->bad_end = 0;
	mp->killers[0] = mp->killers[1] = mp->counter = MOVE_NONE;
	if (in_check(pos)) {
		mp->tt_move = move_is_legal(pos, tt_move) ? tt_move : MOVE_NONE;
		mp->stage = STAGE_EV_TT;
	} else {
		bool tactical = tt_move && (is_capture(pos, tt_move) || move_kind(tt_move) == MOVE_PROMOTION);
		mp->tt_move = tactical && move_is_legal(pos, tt_move) ? tt_move : MOVE_NONE;
		mp->stage = STAGE_QS_TT;
	}
}

/* Moves the best-scored remaining move to the front of the stage and returns it. */
static move_t pick_best(struct move_picker *mp)
{
	int best = mp->cur;
	for (int i = mp->cur + 1; i < mp->end; i++)
		if (mp->list[i].score > mp->list[best].score)
			best = i;
	struct scored_move tmp = mp->list[best];
	mp->list[best] = mp->list[mp->cur];
	mp->list[mp->cur] = tmp;
	return mp->list[mp->cur++].move;
}

static void load_captures(struct move_picker *mp)
{
	move_t moves[MAX_MOVES];
	int n = generate(mp->pos, GEN_CAPTURES, moves);
	mp->cur = mp->end = 0;
	for (int i = 0; i < n; i++) {
		if (moves[i] == mp->tt_move)
			continue;
		mp->list[mp->end].move = moves[i];
		mp->list[mp->end++].score = movepick_capture_score(mp->pos, mp->hist, moves[i]);
	}
}

/* Quiet moves by history, sorted at once: most nodes look at several of them. */
static void load_quiets(struct move_picker *mp)
{
	move_t moves[MAX_MOVES];
	int n = generate(mp->pos, GEN_QUIETS, moves);
	int us = mp->pos->side;
	mp->cur = mp->end = 0;
	for (int i = 0; i < n; i++) {
		move_t m = moves[i];
		if (m == mp->tt_move || m == mp->killers[0] || m == mp->killers[1] || m == mp->counter)
			continue;
		int score = history_quiet(mp->hist, mp->cont, us, moved_piece(mp->pos, m), m);
		int j = mp->end++;
		for (; j > 0 && mp->list[j - 1].score < score; j--)
			mp->list[j] = mp->list[j - 1];
		mp->list[j].move = m;
		mp->list[j].score = score;
	}
}

/* Quiet moves that give check, in generation order. */
static void load_quiet_checks(struct move_picker *mp)
{
	move_t moves[MAX_MOVES];
	int n = generate(mp->pos, GEN_QUIETS, moves);
	mp->cur = mp->end = 0;
	for (int i = 0; i < n; i++) {
		if (moves[i] == mp->tt_move || !pos_gives_check(mp->pos, moves[i]))
			continue;
		mp->list[mp->end].move = moves[i];
		mp->list[mp->end++].score = 0;
	}
}

/* Every evasion: captures by victim, then quiet moves by history. */
static void load_evasions(struct move_picker *mp)
{
	move_t moves[MAX_MOVES];
	int n = generate(mp->pos, GEN_EVASIONS, moves);
	int us = mp->pos->side;
	mp->cur = mp->end = 0;
	for (int i = 0; i < n; i++) {
		move_t m = moves[i];
		if (m == mp->tt_move)
			continue;
		int score = is_capture(mp->pos, m) || move_kind(m) == MOVE_PROMOTION
		                    ? (1 << 20) + movepick_capture_score(mp->pos, mp->hist, m)
		                    : history_quiet(mp->hist, mp->cont, us, moved_piece(mp->pos, m), m);
		mp->list[mp->end].move = m;
		mp->list[mp->end++].score = score;
	}
}

/* A killer or counter move is worth trying if it is a legal quiet move not tried already. */
static bool quiet_candidate(const struct move_picker *mp, move_t m)
{
	return m != MOVE_NONE && m != mp->tt_move && !is_capture(mp->pos, m) && move_kind(m) != MOVE_PROMOTION &&
	       move_is_legal(mp->pos, m);
}

move_t movepick_next(struct move_picker *mp)
{
	for (;;) {
		switch (mp->stage) {
		case STAGE_TT:
		case STAGE_EV_TT:
		case STAGE_QS_TT:
			mp->stage++;
			if (mp->tt_move)
				return mp->tt_move;
			break;
		case STAGE_GEN_CAPTURES:
		case STAGE_QS_GEN:
			load_captures(mp);
			mp->stage++;
			break;
		case STAGE_GOOD_CAPTURES:
			while (mp->cur < mp->end) {
				move_t m = pick_best(mp);
				/* Under-promotions and losing captures wait until after the quiet moves. */
				bool under = move_kind(m) == MOVE_PROMOTION && move_promotion(m) != QUEEN;
				if (!under && see_ge(mp->pos, m, 0))
					return m;
				mp->bad[mp->bad_end++] = m;
			}
			mp->stage++;
			break;
		case STAGE_KILLER1:
		case STAGE_KILLER2: {
			move_t m = mp->killers[mp->stage - STAGE_KILLER1];
			mp->stage++;
			if (!mp->skip_quiets && quiet_candidate(mp, m))
				return m;
			break;
		}
		case STAGE_COUNTER: {
			move_t m = mp->counter;
			mp->stage++;
			if (!mp->skip_quiets && m != mp->killers[0] && m != mp->killers[1] && quiet_candidate(mp, m))
				return m;
			break;
		}
		case STAGE_GEN_QUIETS:
			if (!mp->skip_quiets)
				load_quiets(mp);
			else
				mp->cur = mp->end = 0;
			mp->stage++;
			break;
		case STAGE_QUIETS:
			if (!mp->skip_quiets && mp->cur < mp->end)
				return mp->list[mp->cur++].move;
			mp->cur = 0;
			mp->stage++;
			break;
		case STAGE_BAD_CAPTURES:
			if (mp->cur < mp->bad_end)
				return mp->bad[mp->cur++];
			mp->stage = STAGE_DONE;
			break;
		case STAGE_EV_GEN:
			load_evasions(mp);
			mp->stage++;
			break;
		case STAGE_EV_MOVES:
			if (mp->cur < mp->end)
				return pick_best(mp);
			mp->stage = STAGE_DONE;
			break;
		case STAGE_QS_CAPTURES:
			if (mp->cur < mp->end)
				return pick_best(mp);
			mp->stage = mp->qs_checks ? STAGE_QS_GEN_CHECKS : STAGE_DONE;
			break;
		case STAGE_QS_GEN_CHECKS:
			load_quiet_checks(mp);
			mp->stage++;
			break;
		case STAGE_QS_CHECKS:
			if (mp->cur < mp->end)
				return mp->list[mp->cur++].move;
			mp->stage = STAGE_DONE;
			break;
		default:
			return MOVE_NONE;
		}
	}
}
