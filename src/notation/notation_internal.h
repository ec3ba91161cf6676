/* What notation.c and san_parse.c share and nobody else needs. */
#ifndef OUTPOST_NOTATION_INTERNAL_H
#define OUTPOST_NOTATION_INTERNAL_H

#include "rules/position.h"

/* A malloc'ed copy of pos carrying only its current state, to make moves on; NULL if out of memory. */
struct position *notation_scratch(const struct position *pos);

/*
 * Makes m on a scratch board, first dropping every older state when the
 * stack is full: for walking long records, where only the current position matters.
 */
void notation_walk(struct position *pos, move_t m);

#endif
