/*
 * Every search parameter, named once.  Margins are in centipawns, depths in
 * plies.  These are first, hand-set values chosen to be safe; the strength
 * work measures and tunes them (a change here changes the bench signature).
 */
#ifndef OUTPOST_SEARCH_PARAMS_H
#define OUTPOST_SEARCH_PARAMS_H

/* Aspiration windows: from this depth on, a window of this half-width around the last score. */
#define ASPIRATION_MIN_DEPTH 4
#define ASPIRATION_DELTA 16

/* Reverse futility (static null move): eval - margin * depth >= beta at shallow non-PV nodes. */
#define RFP_MAX_DEPTH 7
#define RFP_MARGIN 75

/* Razoring: eval far below alpha at depth 1-2: verify with a quiescence search. */
#define RAZOR_MAX_DEPTH 2
#define RAZOR_MARGIN 300

/* Null move pruning: reduction = BASE + depth / DIV + min((eval - beta) / EVAL_DIV, EVAL_MAX). */
#define NMP_MIN_DEPTH 2
#define NMP_BASE 3
#define NMP_DEPTH_DIV 4
#define NMP_EVAL_DIV 200
#define NMP_EVAL_MAX 3

/* Internal iterative reduction: without a TT move, search one ply less. */
#define IIR_MIN_DEPTH 4

/* Late move pruning: at depth d skip quiets after (LMP_BASE + d * d) / (improving ? 1 : 2) moves. */
#define LMP_MAX_DEPTH 8
#define LMP_BASE 3

/* Futility pruning of quiet moves: eval + BASE + PER_DEPTH * depth <= alpha. */
#define FUTILITY_MAX_DEPTH 8
#define FUTILITY_BASE 80
#define FUTILITY_PER_DEPTH 90

/* SEE pruning thresholds at shallow depth: quiets -Q * depth, captures -C * depth^2. */
#define SEE_PRUNE_MAX_DEPTH 8
#define SEE_QUIET_MARGIN 60
#define SEE_CAPTURE_MARGIN 20

/* Late move reductions: r = BASE + ln(depth) * ln(moves) / DIV, from this depth and move number. */
#define LMR_MIN_DEPTH 3
#define LMR_BASE 0.75
#define LMR_DIVISOR 2.25
#define LMR_HISTORY_DIV 16384 /* one ply less (more) per this much history (butterfly and continuations) */

/* Quiescence: delta pruning margin over the captured piece's value. */
#define QS_DELTA_MARGIN 200

/* History: bonus = min(depth * depth * MUL, MAX); values are kept within +-HISTORY_LIMIT. */
#define HISTORY_BONUS_MUL 16
#define HISTORY_BONUS_MAX 1600
#define HISTORY_LIMIT 16384

/*
 * Singular extensions: from this depth, for a table move whose lower bound is at most MARGIN plies shallower,
 * a search of the other moves to (depth - 1) / 2 against tt_score - PER_DEPTH * depth.
 */
#define SE_MIN_DEPTH 8
#define SE_TT_DEPTH_MARGIN 3
#define SE_MARGIN_PER_DEPTH 2

/* Check extension applies while ply < this many times the root depth (stops runaway check chains). */
#define CHECK_EXT_PLY_FACTOR 2

/* How often (in nodes) the main thread looks at the clock. */
#define TIME_CHECK_INTERVAL 1024

/* Bound lines (fail high/low) are reported only after this long, so short searches stay quiet. */
#define REPORT_BOUNDS_AFTER_MS 2500

#endif
