/*
 * Another UCI engine (Stockfish, say) as a child process, driven the way our
 * own engine is: a position, a search with struct engine_limits, and the same
 * two callbacks with the same struct engine_info, so that a front end can put
 * either in its panel or across the board.
 *
 * It lives in the Engine part because it needs nothing above the Rules and
 * speaks the Engine's types, and the Front, which may not use the Protocol,
 * can reach it here.
 *
 * The child is never trusted: its output is parsed defensively
 * (protocol/uci_info.h), and whatever it does (garbled lines, an illegal move,
 * exiting, crashing, never answering) is reported through
 * uci_client_take_problem and never blocks or ends the caller.  A search that
 * cannot end normally still calls on_best exactly once, with MOVE_NONE.  The
 * child is always reaped; its standard error goes to /dev/null, so that it
 * cannot write over a terminal screen.
 */
#ifndef OUTPOST_UCI_CLIENT_H
#define OUTPOST_UCI_CLIENT_H

#include <sys/types.h>

#include "engine/engine.h"

#define UCI_CLIENT_TIMEOUT_MS 5000 /* for uciok, readyok, and for bestmove beyond the search's own time */
#define UCI_CLIENT_OPTIONS_MAX 16
#define UCI_CLIENT_NAME_MAX 64

struct uci_client;

struct uci_client_config {
	const char *file;                 /* the program: a path, or a name looked up in PATH */
	const char *const *options;       /* "Name=Value" (the name may hold blanks), set after uciok */
	int noptions;
	int timeout_ms;                   /* 0: UCI_CLIENT_TIMEOUT_MS */
};

/*
 * Starts the program and shakes hands: uci ... uciok (taking its `id name`),
 * each option (which it must have announced), isready ... readyok.  NULL with
 * a message in err when it cannot be started, says no uciok or readyok in
 * time, exits, or lacks an option; the child is then killed and reaped.  It
 * sets SIGPIPE to be ignored: a child that dies must not take us with it.
 */
struct uci_client *uci_client_start(const struct uci_client_config *cfg, char *err, size_t errlen);
/* Sends quit, waits a moment, then kills; always reaps the child.  NULL is allowed. */
void uci_client_free(struct uci_client *c);

/* The name it gave (`id name`), else the file's base name. */
const char *uci_client_name(const struct uci_client *c);
/* Did it announce this option (in any case)? */
bool uci_client_has_option(const struct uci_client *c, const char *name);
/* Sends setoption (only for an option it announced); false when it did not, or it is gone. */
bool uci_client_set_option(struct uci_client *c, const char *name, const char *value);
/* The child's process id (for tests), 0 once it is gone. */
pid_t uci_client_pid(const struct uci_client *c);
/* Has it exited, crashed, or been killed for not answering? Then it takes no more searches. */
bool uci_client_dead(const struct uci_client *c);

/*
 * Searches the position after `moves` from fen (NULL: the start) under l:
 * sends position and go and returns at once.  on_info gets each line of
 * analysis, on_best the move (checked legal; MOVE_NONE when it was not, or the
 * engine died or hung), from the client's reading thread.  A bestmove later
 * than the search's time (movetime, or the side's clock with its increment)
 * plus the timeout counts as a hang: the child is killed.  Under infinite,
 * depth or nodes alone there is no time to wait for until uci_client_stop.
 * False with a message when it is gone or the moves are not legal.
 */
bool uci_client_go(struct uci_client *c, const char *fen, const move_t *moves, int nmoves,
                   const struct engine_limits *l, engine_info_fn on_info, engine_best_fn on_best, void *ctx,
                   char *err, size_t errlen);
/* Sends stop; the bestmove must then come within the timeout. */
void uci_client_stop(struct uci_client *c);
/* Blocks until the search has ended and on_best has returned (at most the timeout after a stop). */
void uci_client_wait(struct uci_client *c);
bool uci_client_searching(const struct uci_client *c);
/* Sends ucinewgame (no wait). */
void uci_client_new_game(struct uci_client *c);
/*
 * Chess960 on or off: sets UCI_Chess960 (when it changes), after which the
 * moves of uci_client_go are sent with castling as the king taking its rook.
 * False when on is asked of an engine that did not announce the option (it
 * plays no Chess960), or it is gone.
 */
bool uci_client_set_chess960(struct uci_client *c, bool on);

/*
 * What went wrong since last asked, once: "Stockfish 16 exited (status 1)",
 * "... sent a garbled line ...", "... did not answer in time".  Copies it into
 * buf and returns true; false when nothing did.
 */
bool uci_client_take_problem(struct uci_client *c, char *buf, size_t len);

#endif
