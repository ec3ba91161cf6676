/*
 * The coach: why a move was a mistake, in one plain sentence with the moves
 * in SAN, found from the position, the move played, the opponent's best
 * answer to it (the refutation: the reply first) and the line the mover
 * should have played (the better line).  No search: whoever calls hands in
 * the lines (annotate's searches, a puzzle's solution), and the reason is
 * read off them with the rules: the mate the line ends in, the tactic the
 * opponent's moves make on the way (named with Lichess's theme words, as
 * the puzzle trainer names them), the material the exchanges take, or what
 * the better line would have won (and the opponent's move that allowed
 * it), the result thrown away.  The reasons are weighed in one unit, the
 * material at the end of each line's forcing part, and the largest is said;
 * a tactic counts only where it lies in the forcing part of the line that
 * wins the material.  Where none is found the sentence says, in words, what
 * the engine's better line keeps, never a guess.
 */
#ifndef OUTPOST_EXPLAIN_H
#define OUTPOST_EXPLAIN_H

#include <stdbool.h>
#include <stddef.h>

#include "rules/position.h"
#include "study/explain_tablebase.h"

#define EXPLAIN_TEXT_MAX 400 /* two reasons, each with its line */
#define EXPLAIN_LINE_MAX 16 /* moves of a line read; more are left out */

enum explain_theme {
	EXPLAIN_FALLBACK,          /* no concrete reason: the engine's line and the scores */
	EXPLAIN_MATE,              /* allows mate; mate_in says in how many (Lichess: mateIn1 ..) */
	EXPLAIN_BACK_RANK_MATE,
	EXPLAIN_DOUBLE_CHECK,
	EXPLAIN_FORK,
	EXPLAIN_SKEWER,
	EXPLAIN_DISCOVERED_ATTACK,
	EXPLAIN_PIN,
	EXPLAIN_HANGING_PIECE,
	EXPLAIN_TRAPPED_PIECE,
	EXPLAIN_OVERLOADING,
	EXPLAIN_PROMOTION,
	EXPLAIN_MATERIAL,          /* loses material to the refutation's captures, no tactic named */
	EXPLAIN_MISSED_MATE,       /* the better line mates */
	EXPLAIN_MISSED_WIN,        /* the better line wins material */
	EXPLAIN_THROWN_RESULT,     /* a win thrown away, a draw turned into a loss, with no material lost */
	EXPLAIN_THEME_NB
};

/* A score from the mover's view: centipawns, or when mate, moves to mate (> 0 the mover mates). */
struct explain_score {
	bool known;
	bool mate;
	int value;
};

struct explain_input {
	const struct position *pos;  /* before the move; not changed */
	move_t played;               /* legal in pos */
	const move_t *refutation;    /* the opponent's best line after played, its reply first (may be empty) */
	int refutation_len;
	const move_t *better;        /* the best line from pos (may be empty: then the refutation is taken for a forced
	                              * solution, a puzzle's, and a tactic anywhere in it counts) */
	int better_len;
	/*
	 * The same two lines as far as their searches saw them (NULL: no further than the lines above), read only to
	 * check that material the lines' first moves take stays taken: a pawn lost there and won back further on
	 * (11. O-O Be7 12. exd6 Bf6 13. Re1+ Kf8 14. Qg4 h5 15. Qe2 Nxd6) is not what the move cost, nor what the
	 * better move would have won.
	 */
	const move_t *refutation_on;
	int refutation_on_len;
	const move_t *better_on;
	int better_on_len;
	struct explain_score before; /* the best line's score, mover's view */
	struct explain_score after;  /* the score after played, mover's view */
	const char *mark;            /* "??", "?", "?!" or NULL: written after the move's SAN */
	const struct position *prev; /* before the opponent's last move (NULL: not known): a miss names that move */
	move_t last;                 /* that move, legal in prev, leading to pos */
	const struct explain_verdict *tables; /* the tablebases' verdict on played (NULL or not known: none) */
	bool loss_only;              /* beside what the move loses, no better move is named (a warning before the move,
	                              * which must not give the answer away) */
	int marked_drop_cp;          /* what the search that marked the move saw it lose, centipawns (0: not known) */
	bool verify;                 /* check the engine's lines with forcing lines of the coach's own (forcing_line.h):
	                              * what the opponent wins by force after played, where the refutation shows less */
};

struct explanation {
	enum explain_theme theme;    /* the reason the sentence gives */
	unsigned themes;             /* bits 1 << enum explain_theme: every theme the sentence names */
	int mate_in;                 /* for a mate: in how many of the mating side's moves */
	char text[EXPLAIN_TEXT_MAX]; /* one sentence, ending in a full stop */
};

/* Explains in->played into out; false (out->text empty) when played is not legal in in->pos. */
bool explain_move(const struct explain_input *in, struct explanation *out);

/* How a score leaves the mover, in words: "you are winning", "the game is level", "you are losing". */
const char *explain_standing(const struct explain_score *s);

/*
 * The theme's name as Lichess writes it ("fork", "hangingPiece", "mateIn2"
 * for a mate in 2, "backRankMate"); ours where Lichess has none ("material",
 * "missedWin", "missedMate", "engineLine").
 */
const char *explain_theme_name(enum explain_theme t, int mate_in);

/*
 * What the opponent threatens: the move it would play if it were its turn
 * again (threat, a line from the position with the side to move swapped),
 * in words: "Black threatens 23...Qxf2#, mate." or "Black threatens
 * 23...Bxc3, winning the knight on c3.".  False where there is nothing
 * to say (no line, a move not legal there, nothing won).
 */
bool explain_threat(const struct position *pos, const move_t *threat, int threat_len, char *buf, size_t len);

#endif
