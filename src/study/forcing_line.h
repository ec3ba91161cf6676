/*
 * The coach's forcing line: what one side (the attacker, to move) wins by
 * force, in material, and the line that wins it.  The attacker plays only
 * captures, checks, promotions and threats (a quiet move that leaves a
 * piece of the defender's attacked where it is lost: by something cheaper,
 * or undefended); it may stop at any time and keep what it has.  The
 * defender answers with every legal move.  When the attacker's moves run
 * out, the captures are played out (a quiescence search), so that a
 * threat left standing is taken.  No evaluation but material: the reason a
 * player is told is the material the line takes, or the mate it ends in.
 *
 * It answers the question a player asks of a mistake ("what does it lose,
 * and how?") with a line whose every move of the attacker's is forcing, the
 * kind of line Lichess's puzzles are: a threat that the engine's line leaves
 * standing, or cashes in later, is played out here.  The same position always
 * gets the same line (a fixed order, a node budget, no tables).
 */
#ifndef OUTPOST_FORCING_LINE_H
#define OUTPOST_FORCING_LINE_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/position.h"

#define FORCING_LINE_MAX 16      /* moves of the line kept */
#define FORCING_MATE 100000      /* a mate, less the plies to it */
#define FORCING_ATTACKS_MAX 3    /* the attacker's moves searched in full (threats among them) */
#define FORCING_NODES 400000     /* the budget: the deepest search done within it is the answer */

struct forcing_result {
	int gain;                       /* centipawns the attacker is up at the line's end over now (FORCING_MATE - n:
	                                 * a mate in n plies) */
	move_t line[FORCING_LINE_MAX];  /* the line, the attacker's move first */
	int len;
	int attacks;                    /* how many attacker moves the search that found it looked at */
	uint64_t nodes;
};

/* The attacker (pos's side to move) searched; false when it has no legal move. */
bool forcing_line(const struct position *pos, uint64_t node_budget, struct forcing_result *out);

#endif
