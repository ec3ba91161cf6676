/*
 * The tactics the coach looks for along a walk (explain_walk.h): each test
 * reads the opponent's moves (the solver's, at the walk's odd indices: the
 * reply to the move played first) and says where the tactic happens and
 * which pieces it hits, in the sense Lichess gives its puzzle themes.
 */
#ifndef OUTPOST_EXPLAIN_TACTIC_H
#define OUTPOST_EXPLAIN_TACTIC_H

#include "study/explain.h"
#include "study/explain_walk.h"

struct explain_tactic {
	enum explain_theme theme;
	int ply;      /* the walk's move that makes it */
	int by;       /* the square of the piece that does it (a discovered attack's: before the capture) */
	int prey[2];  /* the squares of what it hits, the biggest first, SQ_NONE where none; a discovered attack's
	               * second is the ply of the move that opens the line (SQ_NONE for a discovered check; the
	               * tactic's own ply where the piece uncovered does not take: its prey flees and is taken); a
	               * pin's second is the king's square, or SQ_NONE for a pin that stood before the mover's last
	               * move (the line uses it, "leaves ... pinned") */
};

/* Each: true with *t filled when the walk holds the tactic. */
bool explain_find_double_check(const struct explain_walk *w, struct explain_tactic *t);
bool explain_find_fork(const struct explain_walk *w, struct explain_tactic *t);
bool explain_find_skewer(const struct explain_walk *w, struct explain_tactic *t);
bool explain_find_discovered(const struct explain_walk *w, struct explain_tactic *t);
bool explain_find_pin(const struct explain_walk *w, struct explain_tactic *t);
/* A discovered attack whose prey flees and is taken elsewhere (after the pin and the hanging piece, which say more). */
bool explain_find_uncovered(const struct explain_walk *w, struct explain_tactic *t);
/* A piece taken at once: unguarded, or outnumbered (explain_outnumbered), and not won back by the mover's answer. */
bool explain_find_hanging(const struct explain_walk *w, struct explain_tactic *t);
/* How many of side's pieces attack sq, directly. */
int explain_guards(const struct position *pos, int sq, int side);
/*
 * The capture m (the side to move's) takes a guarded piece that more pieces attack than guard, with a piece worth
 * as much or more (a cheaper one wins it however it is guarded), and wins all of it by the exchange's count
 * (Lichess's hanging piece: insufficiently defended).
 */
bool explain_outnumbered(const struct position *pos, move_t m);
bool explain_find_trapped(const struct explain_walk *w, struct explain_tactic *t);
bool explain_find_overloading(const struct explain_walk *w, struct explain_tactic *t);
bool explain_find_promotion(const struct explain_walk *w, struct explain_tactic *t);
/* The first tactic of the walk, in the order its name tells most (a double check before a fork ..): false when none. */
bool explain_find_tactic(const struct explain_walk *w, struct explain_tactic *t);
/* The walk's end is a mate along the mated king's first rank, its own pieces walling it in. */
bool explain_back_rank_mate(const struct position *pos);
/* No piece of pos->board[sq]'s colour defends sq. */
bool explain_undefended(const struct position *pos, int sq);
/* The piece on sq can be taken with profit: attacked, and undefended or attacked by something cheaper. */
bool explain_in_bad_spot(const struct position *pos, int sq);
/*
 * Had the walk's mover a free move before its move ply: one not in check, taking nothing, after an answer that took
 * nothing, not saving a piece from where it would be lost?  A fork after it is the line's own choice, not forced
 * (15. Kh2? "allows 15... Nd7 16. Qe2 Nf6 17. Bb4 Qxd4, a fork": 17. Bb4 walks into it).  A trap, a pin or a pawn's
 * run goes on whatever the mover does meanwhile.
 */
bool explain_free_before(const struct explain_walk *w, int ply);
/* A tactic that one move makes on two pieces (a fork, a skewer), which a free move may walk into.  (Discovered
 * attacks too lost two of the puzzles tagged so, whose lines run through quiet defensive moves.) */
bool explain_walked_into(enum explain_theme theme);

#endif
