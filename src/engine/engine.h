/*
 * The engine as a service: the one API both front ends (the UCI loop and the
 * terminal game) drive.  It owns the search threads, the transposition table
 * and the options; the caller shares nothing with it except through these
 * calls.  Every function is safe to call from the caller's thread while a
 * search runs; the two callbacks run on the search thread.
 */
#ifndef OUTPOST_ENGINE_H
#define OUTPOST_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/line.h"
#include "rules/movegen.h"
#include "rules/types.h"

struct engine; /* opaque */

/* What bounds one search.  Zero (or false) means "not set"; nothing set means infinite. */
struct engine_limits {
	int depth;                       /* plies */
	uint64_t nodes;                  /* total over all threads */
	int movetime_ms;                 /* exactly this long */
	int time_ms[COLOR_NB];           /* the clocks: wtime, btime */
	int inc_ms[COLOR_NB];            /* winc, binc */
	int movestogo;                   /* moves to the next time control */
	bool infinite;                   /* until engine_stop */
	bool ponder;                     /* thinking on the opponent's time until ponderhit or stop */
	int mate;                        /* look for a mate in this many moves */
	int nsearchmoves;                /* when > 0, only these root moves are searched */
	move_t searchmoves[MAX_MOVES];
};

/* Which side of the window a score is on, from the side to move's view, as UCI says it. */
enum score_bound { BOUND_EXACT_SCORE, BOUND_LOWER_SCORE, BOUND_UPPER_SCORE };

/* One line of analysis. */
struct engine_info {
	int depth, seldepth;
	int multipv;          /* 1-based index of the line */
	int score_cp;         /* centipawns, side to move's view (when !is_mate) */
	bool is_mate;
	int mate_moves;       /* > 0: the side to move mates in N moves; < 0: it is mated in -N */
	enum score_bound bound;
	uint64_t nodes, nps;  /* over all threads */
	int time_ms;          /* since the search began */
	int hashfull;         /* permille of the table in use */
	bool is_tb;           /* score_cp is a tablebase win or loss: ENGINE_TB_CP less the plies to the tables' position */
	bool tb_used;         /* the search had the tablebases (SyzygyPath): tbhits counts their answers */
	uint64_t tbhits;
	bool book;            /* pv[0] comes from the opening book, not a search (depth 0, no score) */
	int book_weight;      /* its weight in the book, 0 .. 65535 */
	int book_permille;    /* its share of the weights the book gives the position, in thousandths */
	int pv_len;
	move_t pv[MAX_PLY];
};

/* A tablebase win as centipawns: beyond any evaluation, below nothing but a mate (as the engines we learn from). */
#define ENGINE_TB_CP 20000

/* Called from the search thread: copy what you need under your own lock; do not draw from here. */
typedef void (*engine_info_fn)(void *ctx, const struct engine_info *info);
/* Called exactly once per engine_go, from the search thread; ponder may be MOVE_NONE. */
typedef void (*engine_best_fn)(void *ctx, move_t best, move_t ponder);

/*
 * Fills the tables the engine reads (attacks, keys, the piece-square sums the
 * position keeps, reductions), once; safe from any thread.  engine_new calls
 * it; a program that evaluates positions it sets up itself calls it first.
 */
void engine_init(void);

/* How the program was built: "portable, magic slider attacks (no PEXT), Syzygy tablebases (libfathom), no
 * sanitizers" (build_info.c). */
const char *engine_build_options(void);
/* The network compiled in, for `outpost --version`: its name and shape, or why there is none. */
const char *engine_network_info(void);
/* EvalFile's value that means the network compiled in. */
#define ENGINE_EVAL_FILE_BUILTIN "<built-in>"

/* A new engine with every option at its default (engine_options). NULL if out of memory. */
struct engine *engine_new(void);
/* Stops any search, joins the threads, frees everything.  NULL is allowed. */
void engine_free(struct engine *e);

/* ---------------------------------------------------------------- options */

/* The kinds of option UCI knows. */
enum engine_option_type { OPTION_SPIN, OPTION_CHECK, OPTION_BUTTON, OPTION_COMBO, OPTION_STRING };

/*
 * One option as the `uci` reply announces it.  The table of these is the one
 * place for each option's name, default and range: engine_set_option checks
 * values against it, the UCI loop prints it, the game takes its ranges from
 * it, and a test holds README.md and the man page to it.
 */
struct engine_option {
	const char *name;              /* UCI's name; matched in any case */
	enum engine_option_type type;
	int def;                       /* spin: the default; check: 1 true, 0 false; combo: the index in vars */
	int min, max;                  /* spin: the range */
	bool max_is_cores;             /* spin: max is the number of cores, found when the program runs */
	const char *text_def;          /* string: the default */
	bool text_def_found;           /* string: the default is looked for when the program runs (the system's book) */
	const char *const *vars;       /* combo: the choices, NULL-terminated */
	const char *help;              /* what it does, in a line */
};

#define ENGINE_MULTIPV_MAX 10 /* MultiPV's max, for a front end that keeps a table of lines */

/* The options in the order `uci` lists them, ended by a NULL name. */
const struct engine_option *engine_options(void);
/* The option called name (in any case), or NULL. */
const struct engine_option *engine_option_find(const char *name);
/* The system's Polyglot book, the first of the places the man page lists that is readable; "" when none is. */
const char *engine_system_book(void);
/* "spin", "check", "button", "combo" or "string". */
const char *engine_option_type_name(enum engine_option_type type);
/* The default as UCI writes it: "16", "false", the combo's choice, the string; "" for a button. */
void engine_option_default(const struct engine_option *o, char *buf, size_t len);
/*
 * Checks value (NULL reads as "") against o: a spin's whole number in range,
 * a check's true or false, one of a combo's choices (in any case), any
 * string; a button needs none.  The number, truth (1/0) or choice's index
 * goes to *out.  On a bad value returns false with what was wrong in err.
 */
bool engine_option_parse(const struct engine_option *o, const char *value, int *out, char *err, size_t errlen);

/*
 * Sets an option by its name in the table (in any case); a button's value is
 * ignored.  On a bad name or value returns false and writes why into err;
 * nothing changes.  A good one stops a running search first (its best move
 * is still reported), as engine_set_position and engine_new_game do, and
 * leaves err empty, or holds a note for the user there: SyzygyPath says what
 * tables it found and each folder or file it left out.
 */
bool engine_set_option(struct engine *e, const char *name, const char *value, char *err, size_t errlen);

/*
 * Sets the position: a start FEN (NULL = the standard start) and the moves
 * played from it, kept as history for repetition draws.  An illegal move or bad
 * FEN returns false with a message naming it (and which move), and the previous
 * position stays.  A running search is stopped first.
 */
bool engine_set_position(struct engine *e, const char *fen, const move_t *moves, int nmoves, char *err,
                         size_t errlen);

/*
 * Sets the position from a line already replayed (a game's, or the UCI loop's):
 * the engine copies it whole, history included, without playing the moves again.
 * False if out of memory (the previous position stays).  A running search is stopped first.
 */
bool engine_set_line(struct engine *e, const struct pos_line *line);

/*
 * The coach's engine: its searches leave out the double extensions, whose lines the coach read worse (its labelled
 * set 81.7% right, 3.7% wrong without them, 79.3% and 5.5% with; tests/bench/results/2026-12-04-coach.md).  The
 * game's and the analysis panel's searches keep them.  Set before a search.
 */
void engine_for_coach(struct engine *e, bool on);

/* A new game: clears the hash table and the move-ordering histories. */
void engine_new_game(struct engine *e);

/*
 * Starts a search of the current position and returns at once.  on_info (may
 * be NULL) receives each completed iteration's lines; on_best is called exactly
 * once when the search ends (with MOVE_NONE when there is no legal move).
 * With OwnBook on (and UCI_Chess960 off) and the position in the book, a book move is chosen instead
 * (by weight; book_pick says how the level varies it), reported in one info
 * with `book` set, and played, unless the search is infinite, pondering, looks
 * for a mate or is limited to some root moves.  A
 * go while a search runs first stops and waits for that one.  With ponder or
 * infinite set, the best move is held back until engine_stop or engine_ponderhit
 * lets the search end.
 */
void engine_go(struct engine *e, const struct engine_limits *l, engine_info_fn on_info, engine_best_fn on_best,
               void *ctx);
/* Asks the search to end; returns at once.  on_best still fires once. */
void engine_stop(struct engine *e);
/* The opponent played the pondered move: the search goes on under its normal time limits. */
void engine_ponderhit(struct engine *e);
/* Blocks until the search has ended and on_best has returned.  Returns at once when idle. */
void engine_wait(struct engine *e);
bool engine_searching(const struct engine *e);

/* The position the next go searches (for printing, or turning a PV into SAN).  Valid until the next set. */
const struct position *engine_position(const struct engine *e);
/* UCI_Chess960: the game is Chess960 (no book; the protocol writes castling as the king taking its rook). */
bool engine_chess960(const struct engine *e);

/* ---------------------------------------------------------------- the levels of people */

/*
 * The levels that play as people do are another part's (src/people/): the
 * engine reaches them only through this table, which that part's caller
 * installs with engine_set_people once per process, before any engine is
 * made.  An engine keeps the table installed when it was made; without one,
 * every level, however low, is the classic weakening (skill.h).
 */
struct engine_people {
	int elo_max;           /* the levels up to this Elo choose their moves by `choose` */
	uint64_t search_nodes; /* the short search whose best move `choose` is given */
	/* What the levels keep for one engine (its human move model); NULL if out of memory. */
	void *(*state_new)(void);
	void (*state_free)(void *state);
	/* HumanModel: the file's model ("" for the built-in one); on a bad file false, why in err, nothing changes. */
	bool (*load_model)(void *state, const char *file, char *err, size_t errlen);
	/*
	 * The level's move at elo after the short search, called on the search
	 * thread; pace is HumanPace.  It may call the functions below.
	 */
	move_t (*choose)(void *state, struct engine *e, int elo, move_t search_best, bool pace);
};
void engine_set_people(const struct engine_people *people);
/* The highest Elo whose level plays as people do on this engine (its table's elo_max), 0 without the table. */
int engine_people_elo_max(const struct engine *e);

/* For a level's choose only, on the search thread: */
/* A uniform number in [0, 1) from the engine's generator. */
double engine_random(struct engine *e);
/* The limits the caller gave the search, before the level narrowed them. */
const struct engine_limits *engine_asked_limits(const struct engine *e);
/* Move Overhead, in ms. */
int engine_move_overhead(const struct engine *e);
/*
 * Searches these n root moves of engine_position for about `nodes` nodes, each
 * as a line of its own, and writes them back best first with their scores
 * (the last completed iteration's).  Returns how many it wrote (0 when no
 * iteration completed), or -1 when a stop came first and nothing was searched.
 */
int engine_look(struct engine *e, move_t *moves, int n, uint64_t nodes, score_t *scores);
/* Waits until ms have passed since the search began (less what was discounted), or until a stop. */
void engine_pace(struct engine *e, int ms);
/*
 * Takes ms off the time the search in progress has used, for its clock and
 * its pace: the terminal game calls it after Ctrl-Z and fg, its clocks having
 * stood still.  (Under UCI the GUI's clock runs on while the engine is
 * stopped, so nothing is discounted there.)
 */
void engine_discount(struct engine *e, int64_t ms);

#endif
