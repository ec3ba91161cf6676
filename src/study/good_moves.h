/*
 * Good moves marked too: `!` (NAG $1) on the only move, `!!` ($3) on a
 * sound sacrifice, each with a short sentence, as chess.com and En Croissant
 * mark them (our thresholds, on annotate.h's expected score):
 *
 * - `!`, the only move: the player found the engine's best move, the best
 *   other move (the coach's search with the move played left out) keeps at
 *   least GOOD_ONLY_MARGIN less of the mover's expected score (every other
 *   move is a blunder), there were three legal moves or more, the move is no
 *   recapture on the square just taken on (those are found by everyone), and
 *   the best move keeps the mover at least GOOD_HOLDS (there was something to
 *   hold).  A quick look first (the human model's one-ply probe) spares the
 *   search where some other move holds as well by it (within
 *   GOOD_PROBE_MARGIN).
 * - `!!`, a sound sacrifice: the exchange the move starts on its square loses
 *   GOOD_SACRIFICE_CP or more (two pawns), the move loses no more than
 *   GOOD_CLOSE against the best, the mover keeps at least GOOD_SOUND after it
 *   and was not already winning beyond GOOD_DECIDED before it; not where
 *   taking it lets a capture win as much back at once (within a pawn), nor
 *   where the mover is still ahead in material once the exchange is played
 *   out (material given back from a lead).
 *
 * The sacrifice is told first where a move is both.  `outpost annotate`
 * marks them (its coach's search gives the best other move); the terminal's
 * background annotation, which has only its timed lines, marks `!!` alone.
 */
#ifndef OUTPOST_GOOD_MOVES_H
#define OUTPOST_GOOD_MOVES_H

#include "study/annotate.h"

#define GOOD_ONLY_MARGIN 0.20
#define GOOD_HOLDS 0.10
#define GOOD_PROBE_MARGIN 0.03
#define GOOD_SACRIFICE_CP 200
#define GOOD_CLOSE 0.02
#define GOOD_SOUND 0.40
#define GOOD_DECIDED 0.90

enum good_mark { GOOD_NONE, GOOD_ONLY, GOOD_BRILLIANT };

/*
 * Marks node (a move judged good by annotate_mark) `!` or `!!` with its sentence as the move's comment, from the
 * searches before and after it and check's (NULL: no `!`).  Returns the mark.
 */
enum good_mark good_move_mark(struct game *g, int node, const struct annotate_search *before,
                              const struct annotate_search *after, const struct annotate_checker *check);

#endif
