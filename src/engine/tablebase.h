/*
 * The Syzygy endgame tablebases, through Debian's libfathom (built without
 * it, every call answers "no tables").  The prober is one per process, so
 * the tables are too: an engine uses them while its SyzygyPath is the one
 * loaded.  A search holds them from its start to its end (tablebase_hold),
 * and they are never reloaded under a search that holds them, so the probes
 * inside the search need no lock of ours.
 */
#ifndef OUTPOST_TABLEBASE_H
#define OUTPOST_TABLEBASE_H

#include <stdbool.h>
#include <stddef.h>

#include "rules/movegen.h"
#include "rules/position.h"
#include "rules/types.h"

/* A result for the side to move; the cursed win and the blessed loss are a win and a loss the fifty-move rule draws. */
enum tablebase_wdl {
	TABLEBASE_LOSS = -2,
	TABLEBASE_BLESSED_LOSS = -1,
	TABLEBASE_DRAW = 0,
	TABLEBASE_CURSED_WIN = 1,
	TABLEBASE_WIN = 2,
	TABLEBASE_FAILED = 99, /* not in the tables (or no tables) */
};

/* True when the program was built with libfathom. */
bool tablebase_built_in(void);

/*
 * Loads the tables of path (folders joined by ':'; "" or "<empty>": none),
 * replacing those loaded.  Writes what it found into note: the tables and
 * their largest piece count, and each folder or file left out, by name.
 * False, with why in note, when the build has no tablebases or a search
 * (of any engine of the process) holds the tables now.
 */
bool tablebase_load(const char *path, char *note, size_t len);

/*
 * For a search, on its engine's thread before the search starts: when the
 * tables loaded are path's (they are loaded first when none is held), holds
 * them and returns their largest piece count, else 0.  A search that got
 * more than 0 calls tablebase_release when it ends.
 */
int tablebase_hold(const char *path);
void tablebase_release(void);
/* A number that changes whenever other tables are loaded: what was read of the old ones may be forgotten. */
unsigned tablebase_generation(void);

/* The pieces on the board, kings included. */
static inline int tablebase_pieces(const struct position *pos) { return __builtin_popcountll(pos->by_type[0]); }

/* The win/draw/loss probe for the search: the side to move's result, or TABLEBASE_FAILED (castling rights too). */
int tablebase_probe_wdl(const struct position *pos);

/* What the distance-to-zero tables say of a position and its moves. */
struct tablebase_root {
	int wdl;          /* the position's result for the side to move under the fifty-move rule (enum tablebase_wdl) */
	int dtz;          /* plies to the next capture or pawn move on the best line (0 in a draw) */
	int nkeep;        /* the moves that keep the best result, best first... */
	move_t keep[MAX_MOVES];
	bool ranked;      /* ...ranked by the distance-to-zero tables (false: by win/draw/loss alone) */
};

/*
 * Probes the position (not castling, at most the largest piece count) and
 * ranks its moves.  rule50: the fifty-move rule counts (Syzygy50MoveRule);
 * repeated: a position has already repeated since the last capture or pawn
 * move, so a winning line must not dawdle.  False when it is not in the
 * tables or has no legal move.  Safe from any thread (serialised inside).
 */
bool tablebase_probe_root(const struct position *pos, bool rule50, bool repeated, struct tablebase_root *out);

#endif
