/* The game being played: starting, replacing and ending it, with the archive, autosave and clocks kept in step. */
#ifndef OUTPOST_TUI_SESSION_H
#define OUTPOST_TUI_SESSION_H

#include "tui.h"

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
/* The person now plays `color`; the board turns to their side. */
void session_set_human(struct tui *t, int color);

#endif
