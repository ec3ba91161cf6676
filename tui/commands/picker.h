/*
 * Choosing one game of a PGN file that holds several (`load FILE`): the
 * games listed with their players, event, date, result, opening and length,
 * narrowed by what the person types (every word must be found in a game's
 * row, in any case), one of them chosen with the arrow keys and Enter.
 */
#ifndef OUTPOST_TUI_PICKER_H
#define OUTPOST_TUI_PICKER_H

#include "tui/state/tui.h"

/* Opens the list over the file's text and games, which the picker takes over (freed when it closes). */
void picker_open(struct tui *t, const char *name, const char *path, char *text, size_t len, struct pgn_list *list);
/* Closes it without loading anything; cancel also says so. */
void picker_close(struct tui *t);
void picker_cancel(struct tui *t);
/* A character typed: added to the filter; erase takes the last one back. */
void picker_type(struct tui *t, char c);
void picker_erase(struct tui *t);
/* Moves the choice by rows (negative: up), stopping at the ends; page_rows is what the list shows. */
void picker_move(struct tui *t, int rows, int page_rows);
/* Loads the game chosen and closes the list (a message says what went wrong, and the list stays). */
void picker_choose(struct tui *t);
/* The first games of a list as lines of text, for plain text, where there is no list to choose from. */
void picker_list_text(const struct pgn_list *list, const char *name, char *buf, size_t len);
/* The text a row of the list is filtered on: players, event, site, date, round, result, opening. */
void picker_row_text(const struct pgn_entry *e, char *buf, size_t len);

#endif
