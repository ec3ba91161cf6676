/*
 * The trainer's file: the player's puzzles with their Leitner boxes (when each
 * comes back), the results so far, the games already searched for puzzles
 * and the player's puzzle rating.  Plain text, a record a line, a keyword and
 * tab-separated fields:
 *
 *   outpost-trainer 1
 *   rating  1500.0  350.0  0.060000
 *   game    0123456789abcdef
 *   puzzle  ID  BOX  DUE  SEEN  SOLVED  RATING  FEN  LINE  PLAYED  LAST  LAST-FEN  THEMES  SOURCE
 *   result  ID  TIME  solved|missed
 *
 * with a tab between fields, never inside one.  DUE and TIME are seconds
 * since 1970; LINE the solution in UCI moves separated by blanks; PLAYED,
 * LAST, LAST-FEN and THEMES are "-" when there is none.  Reading refuses a
 * broken file whole, with "file:line: what was wrong", so that nothing is
 * lost by writing over it; the caller writes it whole and renames it (as the
 * game's archive is).
 *
 * Leitner boxes: a new puzzle is in box 0 and due at once.  Solved, it goes
 * up a box and comes back after that box's interval (1, 3, 7, 21, 60 days);
 * missed, it goes back to box 0 and comes back in ten minutes.  From box 4
 * (solved four times running, over weeks) it counts as learned.
 */
#ifndef OUTPOST_TRAINER_FILE_H
#define OUTPOST_TRAINER_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "study/glicko.h"
#include "study/puzzle.h"

#define TRAINER_HEADER "outpost-trainer 1"
#define TRAINER_BOX_MAX 5
#define TRAINER_LEARNED_BOX 4
#define TRAINER_MISSED_DELAY 600 /* seconds until a missed puzzle comes back */

struct trainer_item {
	struct puzzle p;
	int box;        /* 0 .. TRAINER_BOX_MAX */
	int64_t due;    /* seconds since 1970 */
	int seen, solved;
};

struct trainer_result {
	char id[PUZZLE_ID_MAX];
	int64_t when;
	bool solved;
};

struct trainer {
	struct trainer_item *items;
	int n, cap;
	struct trainer_result *history;
	int nhistory, caphistory;
	uint64_t *games; /* keys of the games already searched */
	int ngames, capgames;
	struct glicko rating;
};

/* An empty trainer (no puzzles, a new player's rating). */
void trainer_init(struct trainer *t);
void trainer_free(struct trainer *t);

/*
 * Reads the text of a trainer file (len bytes; name for messages) into t
 * (initialised here).  False with "name:line: why" in err, and t empty.
 */
bool trainer_parse(struct trainer *t, const char *text, size_t len, const char *name, char *err, size_t errlen);
/* The file's text, malloc'ed; NULL if out of memory. */
char *trainer_format(const struct trainer *t);

/* The seconds a puzzle waits after being solved into box (1 .. TRAINER_BOX_MAX). */
int64_t trainer_interval(int box);
/* Adds a puzzle (new, due at now) unless one with its id is there; false if out of memory. */
bool trainer_add(struct trainer *t, const struct puzzle *p, int64_t now);
/* The puzzle with that id, or NULL. */
struct trainer_item *trainer_find(struct trainer *t, const char *id);
/* The puzzle due soonest that is due at now (the lowest box first among them), or NULL when none is due. */
struct trainer_item *trainer_next_due(struct trainer *t, int64_t now);
/* Records a result: the box, the due time, the counts and the history. False if out of memory. */
bool trainer_record(struct trainer *t, struct trainer_item *it, bool solved, int64_t now);
/* Records a result of a puzzle not kept in the queue (one of Lichess's): the history and the rating alone. */
bool trainer_record_other(struct trainer *t, const char *id, int rating, bool solved, int64_t now);

/* Has the game with this key been searched already?  Marks one that has. */
bool trainer_has_game(const struct trainer *t, uint64_t key);
bool trainer_add_game(struct trainer *t, uint64_t key);

struct trainer_counts {
	int total, due, solved, learned;
};
void trainer_count(const struct trainer *t, int64_t now, struct trainer_counts *c);

/* Per theme: puzzles with it, and of those solved the last time. */
struct trainer_theme_count {
	int puzzles, solved;
};
void trainer_theme_counts(const struct trainer *t, struct trainer_theme_count out[THEME_NB]);

#endif
