/*
 * The engine as the puzzle finder's search (study/puzzle_find.h): an engine
 * of the trainer's own, one thread, searched to a depth for one or two lines.
 */
#ifndef OUTPOST_TUI_PUZZLE_SEARCH_H
#define OUTPOST_TUI_PUZZLE_SEARCH_H

#include "engine/engine.h"
#include "study/puzzle_find.h"

#define PUZZLE_QUICK_DEPTH 8  /* the annotation of each position of a game: a 60-move game in a few seconds */
#define PUZZLE_DEEP_DEPTH 12  /* a mistake's position and each step of its solution */

/* A finder over the engine e (its MultiPV option set as each search needs). */
struct puzzle_finder puzzle_search_finder(struct engine *e, const char *player, const char *source);
/* The finder's search (puzzle_search_fn) with ctx the engine. */
int puzzle_search_run(void *ctx, const struct pos_line *line, int lines, int depth, struct puzzle_pv *out);

#endif
