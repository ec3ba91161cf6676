/* A game's moves in SAN, numbered two a row: the played ones, then the undone ones that redo replays. */
#ifndef OUTPOST_TUI_SAN_LIST_H
#define OUTPOST_TUI_SAN_LIST_H

#include <stdbool.h>

#include "notation/game.h"
#include "notation/notation.h"

struct san_list {
	char (*san)[SAN_MAX]; /* san[0 .. total) */
	int played, total;    /* the first `played` are on the board */
	bool black_first;     /* the game started with Black to move */
	int first_number;     /* the first move's number */
	int cap;
};

/* Rebuilds the list from g; on failure (out of memory) it is left empty. */
void san_list_update(struct san_list *l, const struct game *g);
void san_list_free(struct san_list *l);
/* The row of ply i (rows hold White's move, then Black's). */
int san_list_row(const struct san_list *l, int ply);
/* Rows the list needs for every move, played and undone. */
int san_list_rows(const struct san_list *l);
/* The top row that keeps the current move in view in a window of `rows` rows. */
int san_list_follow_top(const struct san_list *l, int rows);

#endif
