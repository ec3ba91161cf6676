/*
 * Another UCI engine beside Outpost's own (protocol/uci_client.h), for the game:
 * started from a spec (engine_spec.h), given the tasks its roles name, and
 * dropped, with Outpost taking over, when it dies or hangs.
 */
#ifndef OUTPOST_TUI_OTHER_ENGINE_H
#define OUTPOST_TUI_OTHER_ENGINE_H

#include "tui/state/tui.h"

/*
 * Starts the engine a spec names (freeing the one before it), or goes back to
 * Outpost alone for "off"; the caller has stopped any search (think_stop).
 * False with a message when the spec is bad or the program does not start;
 * what was in use stays.
 */
bool other_engine_set(struct tui *t, const char *spec, char *err, size_t errlen);
/* Does the other engine do this task (its move for TASK_MOVE, the panel's for hints and analysis)? */
bool other_engine_takes(const struct tui *t, enum task task);
/* Starts the task on it from the game's position, into the analysis snapshot; false with a message. */
bool other_engine_go(struct tui *t, enum task task, const struct engine_limits *lim, char *err, size_t errlen);
/* Stops its search and waits for its answer (bounded by its timeout); nothing when it does not search. */
void other_engine_stop(struct tui *t);
/* Waits for its search to end (after on_best). */
void other_engine_wait(struct tui *t);
/*
 * Shows what went wrong with it on the status line; when it has died, frees
 * it and Outpost takes over its roles.  True when something was shown.
 */
bool other_engine_check(struct tui *t);
void other_engine_new_game(struct tui *t);
void other_engine_free(struct tui *t);

#endif
