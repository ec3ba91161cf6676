/*
 * The trainer: the player's puzzles kept in the trainer file beside the
 * archive (study/trainer_file.h), found in the archive's games and in
 * any PGN file (study/puzzle_find.h, with an engine of its own), and one
 * puzzle at a time played: the position as it stood, the player's move
 * judged against the solution, the reply played, the refutation of a wrong
 * move searched only once it is typed.  It changes files and draws nothing:
 * `outpost train` (train_mode.c) and the game's `train` command show it.
 */
#ifndef OUTPOST_TUI_TRAINER_H
#define OUTPOST_TUI_TRAINER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"
#include "study/explain.h"
#include "study/trainer_file.h"
#include "rules/line.h"

#define TRAINER_FILE "trainer.txt"  /* beside the archive, games.pgn */
#define TRAINER_PATH_MAX 4096
#define TRAINER_TEXT_MAX 512
#define TRAIN_SHOWN_MAX 16          /* moves a try puts on the board: the move, then the reply or the refutation */

struct train_session {
	struct trainer t;
	char dir[TRAINER_PATH_MAX];   /* the data directory ("" keeps nothing on disk) */
	char path[TRAINER_PATH_MAX];  /* the trainer file in it */
	struct engine *e;             /* made when first needed: a refutation */
	struct engine *find_e;        /* the finder's own, so that it may search on another thread beside a refutation */
	pthread_mutex_t *lock;        /* set while a finder runs on another thread: held by both sides around the queue */
	atomic_bool cancel;           /* train_cancel: the finder stops before the next game and keeps nothing of this one */
	/* The puzzle being played. */
	bool active;
	struct puzzle cur;
	bool queued;                  /* cur is in the queue (else one of Lichess's) */
	struct pos_line line;         /* the puzzle's position and the moves played in it so far */
	int step;                     /* the index in cur.line of the solver's next move */
};

/* Loads the trainer file of dir (none there: an empty trainer).  False with "file:line: why" in err. */
bool train_open(struct train_session *s, const char *dir, char *err, size_t errlen);
/* Writes the trainer file whole (temporary file, renamed).  False with why in err. */
bool train_save(struct train_session *s, char *err, size_t errlen);
void train_close(struct train_session *s);

/* Told after each game searched: the game's number and how many puzzles it gave. */
typedef void (*train_progress_fn)(void *ctx, int game, int found);
/*
 * Searches the games of the PGN file at path not searched before for the player's puzzles (player NULL: the side
 * that played Outpost, else both) and adds them to the queue, saving the file after each game.  Returns how many it
 * added (0 for a file that is not there when quiet_missing), -1 with why in err.
 */
int train_find(struct train_session *s, const char *path, const char *player, bool quiet_missing,
               train_progress_fn progress, void *ctx, char *err, size_t errlen);
/* Asks a finder running on another thread to stop soon (its search is stopped; call again until it has ended). */
void train_cancel(struct train_session *s);
/* Adds the puzzles of a trainer file of puzzles (ours in data/) not in the queue yet; how many, -1 with why. */
int train_add_from(struct train_session *s, const char *path, char *err, size_t errlen);
/*
 * A new player with no puzzles of their own starts on ours: when the queue is empty, the shipped puzzles
 * ($OUTPOST_PUZZLES, else puzzles.txt in the installed data; an empty OUTPOST_PUZZLES: none) are added.  How many.
 */
int train_add_shipped(struct train_session *s);

/*
 * A puzzle of a Lichess puzzle CSV for the player: one near their puzzle rating (within 100 points, else 200,
 * 400, any), liked by those who played it (Popularity 50 or more), with the Lichess theme word theme when not
 * NULL, and not played before; chosen at random among those.  1 with it in out, 0 when none fits, -1 with why
 * in err (a file that cannot be read, a row that is not a puzzle: "file:line: why").
 */
int train_pick_lichess(const struct train_session *s, const char *csv, const char *theme, struct puzzle *out,
                       char *err, size_t errlen);

/* Starts the due puzzle the queue gives first; false when none is due. */
bool train_start_due(struct train_session *s, int64_t now);
/* Starts a puzzle from outside the queue (one of Lichess's). */
bool train_start_other(struct train_session *s, const struct puzzle *p);
/* The position the player is to move in. */
const struct position *train_position(const struct train_session *s);

enum train_verdict {
	TRAIN_UNREADABLE, /* not a legal move here: why in the feedback's text */
	TRAIN_RIGHT,      /* the right move; the reply is played and the next move is the player's */
	TRAIN_SOLVED,     /* the right move, and the last: the puzzle is solved */
	TRAIN_WRONG       /* another move: the refutation and the answer in the feedback */
};

struct train_feedback {
	char text[TRAINER_TEXT_MAX];       /* why a move is not read, or the move and its reply */
	char refutation[TRAINER_TEXT_MAX]; /* the engine's answer to a wrong move, in SAN from after it */
	char why[EXPLAIN_TEXT_MAX];        /* the coach's reason the wrong move fails, "" where it finds none concrete */
	char answer[TRAINER_TEXT_MAX];     /* the solution in SAN from the puzzle's position */
	/* For a board: from the position the move was typed in, what was played (the move, then its reply or the
	 * refutation), and the rest of the solution from there. */
	move_t played[TRAIN_SHOWN_MAX];
	int nplayed;
	move_t answer_line[PUZZLE_LINE_MAX];
	int nanswer;
};

/* Judges the typed move (SAN or UCI); a wrong one or the last right one ends the puzzle and records it. */
enum train_verdict train_try(struct train_session *s, const char *typed, int64_t now, struct train_feedback *fb);
/* Gives up the puzzle: recorded as missed, its answer in fb. */
void train_give_up(struct train_session *s, int64_t now, struct train_feedback *fb);
/* "Black played Qh4." for the move that led to the puzzle's position; "" when it is unknown. */
void train_last_move(const struct train_session *s, char *buf, size_t len);
/* "The knight on f3": the piece the solution moves now, and nothing of where to. */
void train_hint(const struct train_session *s, char *buf, size_t len);
/* "White to move: fork (from games.pgn, game 2, 14. Nf3)" */
void train_heading(const struct train_session *s, char *buf, size_t len);
/* "No puzzle is due now; the next comes back in 10 minutes." (or that there are none yet) */
void train_next_due_text(const struct train_session *s, int64_t now, char *buf, size_t len);
/* "3 due, 2 solved, 1 learned of 9; puzzle rating 1532 (+-120)" */
void train_counts_text(const struct train_session *s, int64_t now, char *buf, size_t len);

#endif
