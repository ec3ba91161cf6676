/*
 * The game kept on disk, in the user's data directory: the game in progress
 * (autosaved after every move, atomically), resumed at the next start, and an
 * archive of every finished or abandoned game.  Also PGN save and load.
 */
#ifndef OUTPOST_TUI_PERSIST_H
#define OUTPOST_TUI_PERSIST_H

#include "tui/state/tui.h"

#define PERSIST_CURRENT "current.pgn" /* the game in progress */
#define PERSIST_UNDONE_TAG "Undone" /* the autosave's tag: how many plies were taken back, there to redo */
#define PERSIST_ARCHIVE "games.pgn"   /* every game played, appended */
#define PERSIST_HISTORY "history"     /* the prompt's history */

/* Writes the player names, date, time control and clocks into the game's tags. */
void persist_tag_game(struct tui *t);
/*
 * After loading g: sets its clocks (and the time control in effect) from its
 * tags where they say, and *clocks then; returns the person's side, or -1 if unsaid.
 */
int persist_read_tags(struct tui *t, struct game *g, bool *clocks);

/*
 * Saves the game in progress; false (and a status message) on failure.  While held, it only notes that it is
 * due.  A finished game in the archive is not saved: it left the autosave when the archive took it.
 */
bool persist_autosave(struct tui *t);
/* Ends the hold (t->match.autosave_held) and saves, if a save was asked for meanwhile. */
void persist_release_autosave(struct tui *t);
/* Removes the autosave: the game is finished and archived. */
void persist_discard_autosave(const struct tui *t);
/* Appends the game to the archive, remembering what it wrote and where (for persist_unarchive). */
bool persist_archive(struct tui *t);
/*
 * The game has ended: kept in the autosave, then archived, then the autosave removed, so that a kill between two
 * steps leaves it in one place or both (persist_archive_leftover sorts that out).  When the archive cannot take
 * it (a full disk), it stays in the autosave and the status line says so.  Returns whether it was archived.
 */
bool persist_finish_game(struct tui *t);
/*
 * An unfinished (or unarchived finished) game leaves the board for another: archived, and its autosave removed;
 * when the archive cannot take it, its autosave is renamed to current.pgn.unarchived rather than overwritten.
 */
void persist_archive_leaving(struct tui *t);
/* At start-up: a finished game left in the autosave goes to the archive (once), or aside when it cannot. */
void persist_archive_leftover(struct tui *t);
/* Takes the game persist_archive last wrote out of the archive again (it was reopened by an undo), if it is there. */
void persist_unarchive(struct tui *t);
/* The person's rating, made again from the archive's games (none counted when there is no archive), and the
 * puzzle rating from the trainer's file beside it. */
void persist_rate_player(struct tui *t);
/* The autosaved game at the move it was saved at (the plies taken back there to redo), or NULL when there is none
 * (msg says why when there was one that could not be read). */
struct game *persist_resume(const struct tui *t, char *msg, size_t len);
/* Steps back over the plies the player had taken back when the game was saved (its PERSIST_UNDONE_TAG), redo
 * kept; a tag that is not a count we wrote is left alone. */
void persist_take_back_undone(struct game *g);

/* Renames an autosave that cannot be read to current.pgn.broken (its new path in kept), so it is not lost. */
void persist_set_aside(const struct tui *t, char *kept, size_t len);

/* The last game of a PGN text (len bytes, named name in messages); NULL with "name:line:column: why" in err. */
struct game *persist_last_game_of(const char *text, size_t len, const char *name, char *err, size_t errlen);
/* A PGN file's text and the list of its games. */
struct persist_listing {
	char *text;
	size_t len;
	struct pgn_list list;
};
/* Lists the games of the file at path; false with why in err (no game in it counts as an error). */
bool persist_list_games(const char *path, struct persist_listing *out, char *err, size_t errlen);
void persist_listing_free(struct persist_listing *l);
/* The n-th game (1-based) of a PGN file; NULL with "file:line:column: why", or that there are fewer, in err. */
struct game *persist_read_nth_game(const char *path, int n, char *err, size_t errlen);
/* The last game of a PGN file; NULL with "file:line:column: why" in err. */
struct game *persist_read_last_game(const char *path, char *err, size_t errlen);
/* Tags the game and writes it to path (as the person named it: name), saying on the status line how it went. */
void persist_save_as(struct tui *t, const char *name, const char *path);
/* Writes the game as PGN to path (replacing the file, atomically). */
bool persist_write_game(const struct game *g, const char *path, char *err, size_t errlen);

#endif
