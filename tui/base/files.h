/* Where the game keeps its files (XDG directories), and writing them so a crash never leaves half a file. */
#ifndef OUTPOST_TUI_FILES_H
#define OUTPOST_TUI_FILES_H

#include <stdbool.h>
#include <stddef.h>

/* $XDG_CONFIG_HOME/outpost, else ~/.config/outpost.  False when neither it nor HOME can be found. */
bool files_config_dir(char *buf, size_t len);
/* $XDG_DATA_HOME/outpost, else ~/.local/share/outpost. */
bool files_data_dir(char *buf, size_t len);
/* dir/name into buf; false when it does not fit. */
bool files_join(char *buf, size_t len, const char *dir, const char *name);
/* Creates dir and its missing parents (mode 0700); false with a message in err. */
bool files_make_dir(const char *dir, char *err, size_t errlen);

/* What marks our temporary files: "current.pgn.tmp1234" is written by process 1234 before it becomes current.pgn. */
#define FILES_TEMP_MARK ".tmp"

/*
 * Writes data into a temporary file beside path, flushes it to disk and renames it over path (flushing the
 * directory too), so that path is always whole: the old text or the new, after a full disk or a kill as well.
 */
bool files_write_atomic(const char *path, const char *data, size_t len, char *err, size_t errlen);
/* Waits for and takes the lock on dir that our read-change-write cycles hold; returns what files_unlock takes. */
int files_lock(const char *dir);
void files_unlock(int lock);
/* Removes the temporary files in dir of writers that are gone (killed while writing); returns how many. */
int files_remove_stale_temps(const char *dir);

#endif
