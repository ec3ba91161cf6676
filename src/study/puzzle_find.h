/*
 * Finding puzzles in a player's games: the positions where they made a
 * mistake or a blunder (a move that lost 0.10 or more of expected score, as
 * annotate.h judges it) and where one move was clearly best, so that the
 * answer is not a matter of taste.
 *
 * The finder knows no engine: whoever calls it hands it a search (the game
 * has its own engine, `outpost train` its own; a test a table of answers).
 * It asks for short searches to annotate a game that has no evaluations yet
 * (marking its moves as `annotate` does), then, at each mistake, for a
 * deeper search of the two best lines: the position is a puzzle when the
 * second loses PUZZLE_UNIQUE_GAP or more of expected score beside the first.
 * The solution is the best line for as long as it stays forced that way (a
 * step whose best move mates at once is kept too: any mate is accepted).
 */
#ifndef OUTPOST_PUZZLE_FIND_H
#define OUTPOST_PUZZLE_FIND_H

#include <stdbool.h>

#include "notation/game.h"
#include "study/puzzle.h"

#define PUZZLE_UNIQUE_GAP 0.20    /* the second best loses at least this much expected score beside the best */
#define PUZZLE_SOLVER_MOVES_MAX 4 /* moves of the solver in a line that is not a mate */
#define PUZZLE_MATE_MOVES_MAX 5

/* One line of a search, from the side to move's view. */
struct puzzle_pv {
	int score_cp;         /* when !is_mate */
	bool is_mate;
	int mate_moves;       /* > 0: the side to move mates in N; < 0: it is mated */
	move_t pv[PUZZLE_LINE_MAX];
	int pv_len;
};

/*
 * Searches the position at the end of line to depth plies for its `lines`
 * best lines (1 or 2), best first, into out; returns how many it found (0
 * when there is no legal move), -1 when it could not search.
 */
typedef int (*puzzle_search_fn)(void *ctx, const struct pos_line *line, int lines, int depth, struct puzzle_pv *out);

struct puzzle_finder {
	puzzle_search_fn search;
	void *ctx;
	int quick_depth;      /* the annotation's search of every position */
	int deep_depth;       /* the check of a mistake's position and of each step of its line */
	const char *player;   /* the player's name, or NULL: the side that played Outpost, else both */
	const char *source;   /* the file's name, for each puzzle's source */
};

/* Mover's expected score (0 .. 1) of a search line. */
double puzzle_pv_score(const struct puzzle_pv *pv);

/* The sides (bits 1 << WHITE, 1 << BLACK) whose mistakes count in g, as the finder's player says. */
unsigned puzzle_finder_sides(const struct puzzle_finder *f, const struct game *g);

/*
 * Annotates g first if its main line lacks evaluations, then adds the
 * puzzles of the chosen sides' mistakes to out (at most max); game_no names
 * the game in their source.  Returns how many it added, -1 when a search
 * failed or memory ran out.
 */
int puzzle_find_in_game(const struct puzzle_finder *f, struct game *g, int game_no, struct puzzle *out, int max);

/*
 * How deep a search must go to find the puzzle's first move (and keep it at
 * every depth after), 1 .. limit; limit + 1 when even limit does not.  -1 on failure.
 */
int puzzle_depth_needed(const struct puzzle_finder *f, const struct puzzle *p, int limit);
/* A rating from that depth: 1 ply 600, each ply more 100 more. */
int puzzle_rating_of_depth(int depth);

#endif
