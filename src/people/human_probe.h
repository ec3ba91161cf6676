/*
 * The shallow looks that a person takes at a move: what it wins or loses when
 * only the captures that follow are counted (quiescence), and when the
 * opponent's best reply is seen too (one ply and quiescence).  A small
 * alpha-beta of its own, with no table and no pruning beyond the window, so
 * that the same position always gives the same values; the human move model
 * (human_model.h) reads them as features.
 */
#ifndef OUTPOST_HUMAN_PROBE_H
#define OUTPOST_HUMAN_PROBE_H

#include "rules/movegen.h"

/* Losses beyond this many centipawns (8 pawns) are not told apart: the window stops there. */
#define HUMAN_PROBE_CAP 800
#define HUMAN_PROBE_CAP_PAWNS 8

/*
 * Values of every move of list[0..n) from the side to move's view: after
 * the move and the captures that follow (q[i]), and after the opponent's best
 * reply to it and the captures after that (d1[i]).  Values more than
 * HUMAN_PROBE_CAP below the best move's are bounds, never above the truth
 * plus the cap.  Returns the nodes visited.  pos is left as it was.
 */
uint64_t human_probe_moves(struct position *pos, const move_t *list, int n, score_t *q, score_t *d1);

#endif
