/*
 * What the coach's tests read a line from: the positions one after another
 * (the move played, then the refutation), with the exchange that the line's
 * end leaves half done played out, and the material each side took.
 */
#ifndef OUTPOST_EXPLAIN_WALK_H
#define OUTPOST_EXPLAIN_WALK_H

#include <stdbool.h>

#include "rules/position.h"

#define EXPLAIN_WALK_MAX 28 /* the move, a refutation of EXPLAIN_LINE_MAX, and the exchange after it */

struct explain_walk {
	struct position pos[EXPLAIN_WALK_MAX + 1]; /* pos[k] before moves[k]; pos[n] at the end */
	struct state copied[EXPLAIN_WALK_MAX + 1], made[EXPLAIN_WALK_MAX + 1];
	move_t moves[EXPLAIN_WALK_MAX];
	int n;        /* moves played */
	int given;    /* of those, how many came from the lines handed in (the rest settle an exchange) */
	int mover;    /* the side that made moves[0] */
	int retaken;  /* what the opponent's move before took on the square moves[0] takes back on, else NO_PIECE:
	               * a recapture ends an exchange begun before the walk, which counts it as the mover's loss */
};

/* Piece values in pawns, the king far above the rest (a fork of the king counts it as the biggest prey). */
extern const int explain_value[PIECE_TYPE_NB];

/* Starts at pos (copied). */
void explain_walk_start(struct explain_walk *w, const struct position *pos);
/*
 * Where two lines both take back on the square the opponent just took on, the exchange there is lost and won
 * whatever is played: it is weighed out of w (the piece moves[0] takes back counts as the mover's, so the two
 * cancel in the balance and in the words).
 */
void explain_walk_weigh_out_retake(struct explain_walk *w);
/* Plays the legal start of moves[0 .. n); returns how many were played. */
int explain_walk_line(struct explain_walk *w, const move_t *moves, int n);
/* Plays out the captures on the last move's square that pay, the least valuable piece first. */
void explain_walk_settle(struct explain_walk *w);
/*
 * explain_walk_settle, unless the engine's longer form of the walk's line (on, NULL: none; where the walk ends with
 * its first `at` moves) goes on with a move that takes nothing: the engine saw the recaptures and chose otherwise
 * (13... Nxe4 14. Nf5, not 14. Nxe4 Bxe4 15. Rxe4, which 15... Bxh4 answers), and the exchange is left as it stands.
 * With retake_stuck (a refutation's walk: what the mover loses), where the longer line's next moves take nothing
 * until the mover takes the opponent's piece that took last and stayed, the walk goes on to that capture.
 */
void explain_walk_settle_as(struct explain_walk *w, const move_t *on, int on_n, int at, bool retake_stuck);
/* Material of color (pawns, queen 9) in pos, kings left out. */
int explain_material(const struct position *pos, int color);
/* Mover's material lead at the end less that at the start: < 0 the mover lost material. */
int explain_walk_balance(const struct explain_walk *w);
/*
 * The piece captured by moves[k] (NO_PIECE for none); a promotion counts in explain_walk_balance only, and so does
 * w->retaken.
 */
int explain_walk_captured(const struct explain_walk *w, int k);
/* Does moves[k] take back on the square where moves[k - 1] captured (a trade's second half)? */
bool explain_walk_takes_back(const struct explain_walk *w, int k);
/*
 * The forcing part of a walk that takes material from the mover: the index of its move after which the mover is
 * as far down as at the end, and the opponent's moves that follow it with check or a fresh capture (what comes
 * after is play on, not the price).  w->n - 1 where the mover loses nothing.
 */
int explain_walk_forcing_end(const struct explain_walk *w);
/* *cut is w with its given moves ended after index last and the answer to it (the settled exchange dropped then). */
void explain_walk_cut(const struct explain_walk *w, int last, struct explain_walk *cut);
/* Is pos at the walk's end a mate? */
bool explain_is_mate(const struct position *pos);

#endif
