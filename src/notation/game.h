/*
 * A game: its start position (standard or any FEN), the moves played, undo and
 * redo, the tags, the clocks, and the result with its reason.
 *
 * Results come two ways.  The rules end a game by themselves on checkmate,
 * stalemate, fivefold repetition, the 75-move rule and a dead position; those
 * are read off the current position.  A player ends it by resigning, agreeing
 * a draw, claiming threefold repetition or the fifty-move rule, or by losing
 * on time; those are declared and stick until they are undone.
 */
#ifndef OUTPOST_GAME_H
#define OUTPOST_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "notation/chess_clock.h"
#include "notation/tag_list.h"
#include "rules/line.h"

struct game;

enum game_result { RESULT_NONE, RESULT_WHITE_WINS, RESULT_BLACK_WINS, RESULT_DRAW };

enum game_reason {
	REASON_NONE,
	REASON_CHECKMATE,
	REASON_STALEMATE,
	REASON_FIVEFOLD,          /* the same position the fifth time: drawn at once */
	REASON_SEVENTY_FIVE,      /* 150 plies without a capture or pawn move: drawn at once */
	REASON_DEAD_POSITION,     /* no sequence of legal moves can mate (K v K, K+minor v K, ...) */
	REASON_THREEFOLD,         /* claimed */
	REASON_FIFTY_MOVES,       /* claimed: 100 plies, not 50 */
	REASON_RESIGNATION,
	REASON_AGREEMENT,
	REASON_TIME_FORFEIT,      /* the flag fell and the opponent could still mate */
	REASON_TIMEOUT_DRAW,      /* the flag fell but the opponent cannot mate by any series of moves */
	REASON_RECORDED           /* a result read from a file or set by a caller, reason unknown */
};

/* A new game from fen (NULL: the standard start).  NULL and a message in err on a bad FEN. */
struct game *game_new(const char *fen, char *err, size_t errlen);
void game_free(struct game *g);
/* A full copy (moves, redo line, tags, clocks, result). */
struct game *game_clone(const struct game *g);

const struct position *game_position(const struct game *g);
/* The position with the states of the moves played, for engine_set_line: valid until the game changes. */
const struct pos_line *game_line(const struct game *g);
/* The FEN the game started from (FEN_START for a standard game). */
const char *game_start_fen(const struct game *g);
bool game_is_standard_start(const struct game *g);
/* Plies played to reach the current position (undone plies do not count). */
int game_ply_count(const struct game *g);
/* The i-th move (0-based): played for i < game_ply_count, then the redo line; MOVE_NONE past it. */
move_t game_move(const struct game *g, int i);
/* The moves played, game_ply_count of them, for engine_set_position. */
const move_t *game_moves(const struct game *g);
/* How many undone plies game_redo can replay. */
int game_redo_count(const struct game *g);

/*
 * Plays m when it is legal and the game is not over; drops the redo line.
 * With a clock running, charges the mover's time and adds the increment;
 * when the mover's flag has already fallen, the move is refused and the game
 * ends on time.  Returns false (and changes nothing else) otherwise.
 */
bool game_play(struct game *g, move_t m);
/*
 * Plays a legal move from a record (a PGN file, a UCI position) even where
 * the rules have already ended the game (players sometimes went on), but not
 * after a declared result.  No clock is charged.
 */
bool game_append(struct game *g, move_t m);
/*
 * Takes back the last thing done: a declared result (resignation, agreed or
 * claimed draw, loss on time) if there is one, else one ply.  The clocks go
 * back to what they showed then.  False at the start.
 */
bool game_undo(struct game *g);
/* Replays one undone ply; false when there is none or a result was declared. */
bool game_redo(struct game *g);

/* The result and its reason: a declared one, else what the rules say of the current position. */
enum game_result game_result(const struct game *g);
enum game_reason game_reason(const struct game *g);
static inline bool game_is_over(const struct game *g) { return game_result(g) != RESULT_NONE; }
/* "1-0", "0-1", "1/2-1/2" or "*", as PGN writes them. */
const char *game_result_text(enum game_result r);
/* A few words: "checkmate", "threefold repetition", "fifty-move rule", ... */
const char *game_reason_text(enum game_reason r);
/* A sentence for a status line: "Black wins by checkmate.", "Draw by stalemate.", "" while in play. */
void game_status_text(const struct game *g, char *buf, size_t len);

/*
 * Which draw the side to move may claim now: REASON_THREEFOLD,
 * REASON_FIFTY_MOVES or REASON_NONE.  With intended != MOVE_NONE, also a
 * claim made by announcing that legal move, which would bring the third
 * repetition or the hundredth quiet ply (FIDE 9.2.1, 9.3.1).
 */
enum game_reason game_can_claim(const struct game *g, move_t intended);
/*
 * Claims the draw game_can_claim offers; an intended move is played first
 * (when the position itself cannot be claimed).  False if there is nothing to claim.
 */
bool game_claim_draw(struct game *g, move_t intended);
/* color resigns; false if the game is already over. */
bool game_resign(struct game *g, int color);
/* Both players agree a draw; false if the game is already over. */
bool game_agree_draw(struct game *g);
/*
 * Sets a result from outside (a PGN Result tag, an adjudication); RESULT_NONE
 * clears a declared one.  A result the rules already give keeps their reason.
 */
void game_set_result(struct game *g, enum game_result r, enum game_reason why);

/*
 * Repetition as FIDE counts it: how many times the current position (same
 * pieces, side to move, castling rights and en passant capture actually
 * possible) has stood on the board in this game, itself included.
 */
int game_repetitions(const struct game *g);

/*
 * Clocks.  Times are milliseconds, read from a time source (by default the
 * monotonic clock); tests set their own.  A game starts untimed.
 */
typedef clock_time_fn game_time_fn;
void game_set_time_source(struct game *g, game_time_fn now, void *ctx);
/* Sets a side's remaining time and increment; stops the clocks.  time_ms <= 0 on both: untimed. */
void game_clock_set(struct game *g, int color, int64_t time_ms, int64_t inc_ms);
bool game_clock_enabled(const struct game *g);
/* Starts the clock of the side to move (no-op when untimed or over). */
void game_clock_start(struct game *g);
/* Stops the running clock, charging the time used so far. */
void game_clock_stop(struct game *g);
/* The colour whose clock runs, or -1. */
int game_clock_running(const struct game *g);
/* Time left for color now, counting the running clock; may be negative once the flag fell. */
int64_t game_clock_remaining(const struct game *g, int color);
int64_t game_clock_increment(const struct game *g, int color);
/*
 * Looks at the running clock: if its flag has fallen, ends the game (loss on
 * time, or a draw when the opponent cannot mate) and returns true.  The front
 * end calls it a few times a second.
 */
bool game_clock_check(struct game *g);

/*
 * Tags (PGN tag pairs).  A new game holds the seven tag roster with "?"
 * values ("????.??.??" for Date).  Result always reads the game's result, and
 * setting it ("1-0", "0-1", "1/2-1/2", "*") sets the result.  SetUp and FEN
 * read the start position (NULL for the standard one) and cannot be set.
 * Names are case-sensitive PGN symbols; values at most 4095 bytes.
 */
const char *game_tag(const struct game *g, const char *name); /* NULL if absent */
/* The seven tag roster is tag_roster[TAG_ROSTER_SIZE] (notation/tag_list.h). */
/* Sets (value != NULL) or removes (NULL) a tag; false if the name or value is refused or memory fails. */
bool game_set_tag(struct game *g, const char *name, const char *value);
int game_tag_count(const struct game *g);
/* The i-th tag in insertion order (the roster first); false past the end. */
bool game_tag_at(const struct game *g, int i, const char **name, const char **value);

#endif
