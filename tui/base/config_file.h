/* The config file: "key = value" lines, # comments, the settings of settings.h by name. */
#ifndef OUTPOST_TUI_CONFIG_FILE_H
#define OUTPOST_TUI_CONFIG_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "settings.h"

#define CONFIG_FILE_NAME "outpost.conf"

/*
 * Applies the lines of text (named name in messages) to s.  Good lines are
 * taken even when others are bad; the first bad one is described in err as
 * "name:line: why" and the result is false.
 */
bool config_parse_text(const char *text, const char *name, struct settings *s, char *err, size_t errlen);
/* The same from a file; a missing file is not an error. */
bool config_load(const char *path, struct settings *s, char *err, size_t errlen);
/*
 * The text of old (NULL: none) with every setting's line holding s's value:
 * lines that set a key are rewritten in place, comments and unknown lines are
 * kept, and settings not yet present are added at the end.  Malloc'ed.
 */
char *config_update_text(const char *old, const struct settings *s);
/* Rewrites the file at path that way, atomically; makes its directory. */
bool config_save(const char *path, const struct settings *s, char *err, size_t errlen);

#endif
