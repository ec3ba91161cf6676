/* Legal move generation, by stage, and perft. */
#ifndef OUTPOST_MOVEGEN_H
#define OUTPOST_MOVEGEN_H

#include "rules/position.h"

#define MAX_MOVES 256 /* no position has more than 218 legal moves */

enum gen_type {
	GEN_CAPTURES, /* captures (en passant too) and every promotion */
	GEN_QUIETS,   /* everything else: quiet moves and castling */
	GEN_EVASIONS, /* every legal move, when in check */
	GEN_ALL       /* every legal move */
};

/* Writes the legal moves of the given stage into list; returns how many. */
int generate(const struct position *pos, enum gen_type type, move_t *list);
static inline int generate_legal(const struct position *pos, move_t *list)
{
	return generate(pos, GEN_ALL, list);
}
/* How many legal moves there are, without writing them. */
int count_legal(const struct position *pos);
/* Is m one of the legal moves here?  For moves from outside: the TT, a user, a file. */
bool move_is_legal(const struct position *pos, move_t m);

/* Leaf nodes at exactly depth plies, counting the last ply in bulk. */
uint64_t perft(struct position *pos, int depth);

#endif
