/*
 * A game: its start position (standard or any FEN), the moves played as a
 * tree (the main line and variations at any ply, each move with its comments,
 * NAGs, clock reading and evaluation), undo and redo, the tags, the clocks,
 * and the result with its reason.
 *
 * Results come two ways.  The rules end a game by themselves on checkmate,
 * stalemate, fivefold repetition, the 75-move rule and a dead position; those
 * are read off the position.  A player ends it by resigning, agreeing a draw,
 * claiming threefold repetition or the fifty-move rule, or by losing on time;
 * those are declared on the move where they happened and stick until they are
 * undone.
 */
#ifndef OUTPOST_GAME_H
#define OUTPOST_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "notation/chess_clock.h"
#include "notation/notation.h"
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
	REASON_RECORDED,          /* a result read from a file or set by a caller, reason unknown */
	REASON_ADJUDICATION       /* decided by an arbiter or a program from outside the game */
};

/* A new game from fen (NULL: the standard start).  NULL and a message in err on a bad FEN. */
struct game *game_new(const char *fen, char *err, size_t errlen);
void game_free(struct game *g);
/* A full copy (the whole tree with its notes, the current node, tags, clocks, results). */
struct game *game_clone(const struct game *g);

/*
 * The current node.  The game stands on one node of its tree: the position,
 * the line, the moves, the result, repetitions and the clocks below are those
 * of the line from the start to that node.
 */
const struct position *game_position(const struct game *g);
/* The position with the states of the moves played, for engine_set_line: valid until the game changes. */
const struct pos_line *game_line(const struct game *g);
/* The FEN the game started from (FEN_START for a standard game; X-FEN's castling field for Chess960). */
const char *game_start_fen(const struct game *g);
bool game_is_standard_start(const struct game *g);

/*
 * Chess960.  The rules are the same either way (rules/castling.h); what the
 * flag changes is how the game is written: PGN's [Variant "Chess960"] with
 * SetUp and FEN always, and castling in coordinates as the king taking its
 * rook (UCI_Chess960).  A game whose start has castling rights the standard
 * game cannot have is Chess960 from game_new on, and stays so; any other
 * may be made Chess960 (or standard again) with game_set_chess960, or by the
 * Variant tag (game_set_tag), which reads Chess960 under its usual names
 * (Chess960, Chess 960, Fischerandom, Fischer Random, 960).  False from
 * game_set_chess960 when the start forbids it.
 */
bool game_is_chess960(const struct game *g);
/* A new Chess960 game from start position number (0 to 959); NULL and a message for another number. */
struct game *game_new_chess960(int number, char *err, size_t errlen);
bool game_set_chess960(struct game *g, bool on);
/* The number of the game's start among Chess960's (0 to 959, 518 the standard start), or -1 if it is none. */
int game_start_number(const struct game *g);
/* Plies played to reach the current position (undone plies do not count). */
int game_ply_count(const struct game *g);
/* The i-th move (0-based): played for i < game_ply_count, then the redo line; MOVE_NONE past it. */
move_t game_move(const struct game *g, int i);
/* The moves played, game_ply_count of them, for engine_set_position. */
const move_t *game_moves(const struct game *g);
/* How many undone plies game_redo can replay: the main continuation from the current node to its end. */
int game_redo_count(const struct game *g);

/*
 * Plays m when it is legal and the game is not over (game_play_as with
 * BRANCH_REPLACE).  With a clock running, charges the mover's time and adds
 * the increment, and records the mover's time on the move (%clk); when the
 * mover's flag has already fallen, the move is refused and the game ends on
 * time.  Returns false (and changes nothing else) otherwise.
 */
bool game_play(struct game *g, move_t m);

/* What playing a move does to the moves that already follow the current node. */
enum game_branch {
	BRANCH_REPLACE,   /* the move becomes the continuation; the old one is deleted with all after it */
	BRANCH_MAIN,      /* the move becomes the continuation; the old one is kept as the first variation */
	BRANCH_VARIATION  /* the move is added after the other variations; the continuation stays */
};
/*
 * game_play with a choice.  A move that is already a continuation of the
 * current node (main or variation) is not added again: the game steps into
 * it (BRANCH_MAIN and BRANCH_REPLACE first make it the main continuation,
 * BRANCH_REPLACE deleting the one it replaces).
 */
bool game_play_as(struct game *g, move_t m, enum game_branch how);
/*
 * Plays a legal move from a record (a PGN file, a UCI position) even where
 * the rules have already ended the game (players sometimes went on), but not
 * after a declared result.  No clock is charged.  The move is always a new
 * node: the continuation when the current node has none, else a new
 * variation after the others.
 */
bool game_append(struct game *g, move_t m);
/*
 * Adds moves[0..n) as a new line from node's position (its first move a new
 * child of node, after the others, or the continuation where node has none)
 * without moving the current node: for an
 * engine's better line, added while the player steps elsewhere.  Every move
 * must be legal in turn.  The node of the first move, or GAME_NODE_NONE (and
 * nothing added) for an illegal move, a bad node, a declared result there,
 * or out of memory.
 */
int game_add_variation(struct game *g, int node, const move_t *moves, int n);
/*
 * Takes back the last thing done: a declared result (resignation, agreed or
 * claimed draw, loss on time) if there is one, else one ply: the current node
 * moves to the previous move, which stays in the tree for game_redo.  The
 * clocks go back to what they showed then.  False at the start.
 */
bool game_undo(struct game *g);
/* Steps into the main continuation; false when there is none or a result was declared. */
bool game_redo(struct game *g);

/*
 * The tree.  Nodes are numbered: GAME_ROOT is the start position, every
 * other node the move that leads to its position.  A node's children are
 * the moves played from its position: the first is the main continuation,
 * the others are variations (alternatives to it) in order.  The main line
 * is the chain of first children from the root.  A number stays valid until
 * its node is deleted; GAME_NODE_NONE is no node.
 */
#define GAME_ROOT 0
#define GAME_NODE_NONE (-1)
int game_current(const struct game *g);
/*
 * Makes node the current node (any node of any line): stepping back, on,
 * or across to another variation.  Nothing is undone or deleted; the
 * clocks show what they showed there.  False for a bad node or out of memory.
 */
bool game_goto(struct game *g, int node);
bool game_node_valid(const struct game *g, int node);
int game_parent(const struct game *g, int node);
/* The main continuation of node; GAME_NODE_NONE at the end of its line. */
int game_child(const struct game *g, int node);
/* The next alternative to node's move (its next sibling); GAME_NODE_NONE after the last. */
int game_next_variation(const struct game *g, int node);
/* The child of node that plays m, or GAME_NODE_NONE. */
int game_find_child(const struct game *g, int node, move_t m);
/* The move that leads to node (MOVE_NONE at the root) and its ply (0 at the root). */
move_t game_node_move(const struct game *g, int node);
int game_node_ply(const struct game *g, int node);
/* The side to move in node's position (the mover of its children); the start's side for a bad node. */
int game_node_side(const struct game *g, int node);
/* The number of the move that leads to node, as a PGN writes it ("31..." for Black's move 31). */
int game_node_number(const struct game *g, int node);
/* How many variations the line from the root to node enters: 0 on the main line. */
int game_node_level(const struct game *g, int node);
/* The last node reached from node by main continuations (node itself when it has none). */
int game_line_end(const struct game *g, int node);
/*
 * The position at any node with the states of its line, replayed from the
 * start into out (a line of the caller's, set up or empty; for a board view
 * or an engine that looks at a node the game is not on).  False if out of memory.
 */
bool game_node_line(const struct game *g, int node, struct pos_line *out);
/* node's move in SAN (replayed from the start: for one move; game_walk writes many); "" at the root. */
void game_node_san(const struct game *g, int node, char buf[SAN_MAX]);
/* The result at node (declared there, else the rules'), its reason in *why when why is not NULL. */
enum game_result game_node_result(const struct game *g, int node, enum game_reason *why);
/* The game's result as PGN records it: the result at the end of the main line. */
enum game_result game_main_result(const struct game *g);
enum game_reason game_main_reason(const struct game *g);
/*
 * Makes the line through node the main line: at each fork on the way from
 * the root, the branch towards node becomes the first child.  Nothing moves
 * in the tree but the order of siblings.  False for the root or a bad node.
 */
bool game_promote(struct game *g, int node);
/*
 * Deletes node with every move after it (a variation, or the rest of a
 * line).  When the current node was among them, the game steps back to
 * node's parent.  False for the root or a bad node.
 */
bool game_delete(struct game *g, int node);

/*
 * Notes on a move.  A comment may stand before a move where a line starts
 * (the first move of a variation) and after any move; the comment after the
 * root is the one before the game's first move.  Comments are kept on one
 * line: runs of white space become one space, and '}' (which PGN cannot
 * hold in a comment) becomes ')'.
 */
enum game_comment_place { COMMENT_BEFORE, COMMENT_AFTER };
/* The comment, "" when there is none. */
const char *game_comment(const struct game *g, int node, enum game_comment_place where);
/*
 * Sets (text not empty) or removes (NULL or "") a comment.  COMMENT_BEFORE
 * is refused on the root and on a first child, whose "before" is the comment
 * after its parent.  False then, for a bad node, or out of memory.
 */
bool game_set_comment(struct game *g, int node, enum game_comment_place where, const char *text);
/* Appends text to a comment, a space between. */
bool game_add_comment(struct game *g, int node, enum game_comment_place where, const char *text);

/*
 * NAGs (Numeric Annotation Glyphs, $1 to $255: $1 good move, $2 mistake,
 * $3 brilliant, $4 blunder, $5 interesting, $6 dubious, $10 equal, $14 White
 * is slightly better, ...), at most GAME_NAG_MAX a move, in order.
 */
#define GAME_NAG_MAX 8
/* How many NAGs node has, copied to out[GAME_NAG_MAX] when out is not NULL. */
int game_nags(const struct game *g, int node, uint8_t *out);
/* Adds one (1..255) unless node has it already or has GAME_NAG_MAX; false then, or for the root. */
bool game_add_nag(struct game *g, int node, int nag);
void game_clear_nags(struct game *g, int node);
/* The suffix a player writes for NAGs 1-6 ("!", "?", "!!", "??", "!?", "?!"), else NULL. */
const char *game_nag_suffix(int nag);

/*
 * The clock reading on a move (PGN's [%clk]): the time the mover had left
 * after it, in milliseconds.  False when there is none.
 */
bool game_node_clock(const struct game *g, int node, int64_t *ms);
/* Sets (ms >= 0) or removes (ms < 0) the reading; false for the root or a bad node. */
bool game_set_node_clock(struct game *g, int node, int64_t ms);

/* An evaluation of the position after a move (PGN's [%eval]), from White's point of view. */
struct game_eval {
	bool mate;  /* value is moves to mate: > 0 White mates, < 0 Black mates */
	int value;  /* centipawns, or moves to mate */
	int depth;  /* the search depth, 0 when unknown */
};
/* Evaluations are at most GAME_EVAL_MAX_CP centipawns (a 1000-pawn lead) and mates in at most GAME_EVAL_MAX_MATE. */
#define GAME_EVAL_MAX_CP 100000
#define GAME_EVAL_MAX_MATE 1000
bool game_node_eval(const struct game *g, int node, struct game_eval *out);
/* Sets (e not NULL) or removes (NULL) the evaluation; false for the root, a bad node or a value out of range. */
bool game_set_eval(struct game *g, int node, const struct game_eval *e);

/*
 * A walk through the tree in the order PGN writes it: each move of a line,
 * and after each move the variations that replace it, each between an
 * enter and a leave; then the line goes on.
 */
enum game_walk_event { WALK_MOVE, WALK_ENTER, WALK_LEAVE };
struct game_walk_step {
	enum game_walk_event event;
	int node;                   /* the move; for WALK_ENTER and WALK_LEAVE, the variation's first move */
	int level;                  /* 0 on the main line, 1 in a variation, 2 in one inside that ... */
	const struct position *pos; /* the position before the move (WALK_MOVE) */
	const char *san;            /* the move in SAN (WALK_MOVE) */
};
/* Calls fn for each step; fn returns false to stop.  False if stopped or out of memory. */
bool game_walk(const struct game *g, bool (*fn)(const struct game_walk_step *step, void *ctx), void *ctx);

/*
 * Compares two games: the start, the tree (moves and the order of
 * variations), comments, NAGs, clock readings, evaluations and the result
 * of the main line, and the tags when `tags` is set.  True when all are the
 * same; else false with the first difference in why (when not NULL).
 */
bool game_compare(const struct game *a, const struct game *b, bool tags, char *why, size_t whylen);

/* The result and its reason at the current node: a declared one, else what the rules say of the position. */
enum game_result game_result(const struct game *g);
enum game_reason game_reason(const struct game *g);
static inline bool game_is_over(const struct game *g) { return game_result(g) != RESULT_NONE; }
/* "1-0", "0-1", "1/2-1/2" or "*", as PGN writes them. */
const char *game_result_text(enum game_result r);
/* A few words: "checkmate", "threefold repetition", "fifty-move rule", ... */
const char *game_reason_text(enum game_reason r);
/*
 * The value of PGN's Termination tag for a reason: "normal" for the rules'
 * ends, resignation, agreement and claims; "time forfeit" when a flag fell
 * (a loss or a draw); "adjudication"; NULL when the reason says nothing.
 */
const char *game_reason_termination(enum game_reason r);
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
 * Sets a result at the current node from outside (a PGN Result tag, an
 * adjudication); RESULT_NONE clears a declared one.  A result the rules
 * already give keeps their reason.  A declared result ends the line: the
 * moves after the current node are deleted.
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
 * monotonic clock); tests set their own.  A game starts untimed.  Each node
 * keeps both clocks as they stood when its position arose: stepping to a
 * node shows them.  A game read from PGN with [%clk] readings is timed, its
 * clocks restored from the readings (and the TimeControl tag).
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
 * Makes the clocks follow the readings on the moves (game_node_clock), as
 * after reading PGN with [%clk]: at the start each side has base_ms (when
 * > 0, else its first reading on the main line), at every node the last
 * reading of each side on the way there; inc_ms is the increment.  The game
 * becomes timed, its clocks stopped at the current node's.  False if out of memory.
 */
bool game_clock_from_readings(struct game *g, int64_t base_ms, int64_t inc_ms);

/*
 * Tags (PGN tag pairs).  A new game holds the seven tag roster with "?"
 * values ("????.??.??" for Date).  Result always reads the game's result
 * (game_main_result), and setting it ("1-0", "0-1", "1/2-1/2", "*") sets
 * the result at the current node.  Termination reads the main line's reason
 * where it says one (game_reason_termination), else the tag as set, else
 * "unterminated" while the game is in play.  SetUp and FEN read the start
 * position (NULL for the standard one) and cannot be set.  Names are
 * case-sensitive PGN symbols; values at most 4095 bytes.
 */
const char *game_tag(const struct game *g, const char *name); /* NULL if absent */
/* The seven tag roster is tag_roster[TAG_ROSTER_SIZE] (notation/tag_list.h). */
/* Sets (value != NULL) or removes (NULL) a tag; false if the name or value is refused or memory fails. */
bool game_set_tag(struct game *g, const char *name, const char *value);
int game_tag_count(const struct game *g);
/* The i-th tag in insertion order (the roster first); false past the end. */
bool game_tag_at(const struct game *g, int i, const char **name, const char **value);

#endif
