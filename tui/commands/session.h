/* The game being played: starting, replacing and ending it, with the archive, autosave and clocks kept in step. */
#ifndef OUTPOST_TUI_SESSION_H
#define OUTPOST_TUI_SESSION_H

#include "tui/state/tui.h"

/*
 * Puts g in place of the current game (which is archived first when it has
 * moves and no result yet, then freed), sets the clocks from the settings
 * when reset_clocks, tells the engine a new game begins, and autosaves.
 */
void session_replace_game(struct tui *t, struct game *g, bool reset_clocks);
/* The game changed: the move list, the clocks, the autosave and (once a game ends) the archive follow. */
void session_game_changed(struct tui *t);
/* Sets both clocks from the settings (or turns them off), starting the one to move once the game is under way. */
void session_apply_clocks(struct tui *t);
/* Plays the engine's move from think_take_move, or says it found none (and does not ask again here). */
void session_play_engine_move(struct tui *t, move_t best);
/* How many undone moves playing m here drops (the whole redo line, unless m is the move redo would replay). */
int session_moves_dropped_by(const struct game *g, move_t m);
/* The end of a sentence on a move just played: "." or, when it dropped the redo line, how many moves went. */
const char *session_dropped_text(int dropped);
/*
 * m, typed at the position shown (an earlier one of the game, or of a
 * variation): the game goes there and on along m, which becomes its main
 * line; the moves that followed stay as a variation.
 */
void session_branch(struct tui *t, move_t m);
/* Plays the person's move m (legal in the game's position) in the game, and says so. */
void session_play_person(struct tui *t, move_t m);
/* A game read from a file (`name` in the message) in place of the current one, its players, tags and clocks kept. */
void session_load(struct tui *t, struct game *g, const char *name);
/* The person now plays `color`; the board turns to their side. */
void session_set_human(struct tui *t, int color);
/*
 * A new Chess960 game from start position number, or one drawn at random
 * when number is -1; NULL and why in err for a number out of 0-959.
 */
struct game *session_new_chess960(int number, char *err, size_t errlen);

#endif
