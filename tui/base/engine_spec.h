/*
 * Which other UCI engine the game uses, and for what, as the `engine` command,
 * --engine and the config key write it:
 *
 *     [panel|opponent|both] FILE [NAME=VALUE ...]      or      off
 *
 * panel (the default) puts it in the analysis panel (analysis and hints),
 * opponent across the board, both in both; Outpost does the rest.  An
 * option's name may hold blanks ("Skill Level=5"), its value not.
 */
#ifndef OUTPOST_TUI_ENGINE_SPEC_H
#define OUTPOST_TUI_ENGINE_SPEC_H

#include <stdbool.h>
#include <stddef.h>

#include "protocol/uci_client.h"

#define ENGINE_SPEC_TEXT_MAX 256 /* a program's path, an option, a whole spec */

enum { ENGINE_FOR_PANEL = 1, ENGINE_FOR_OPPONENT = 2, ENGINE_FOR_BOTH = 3 };

struct engine_spec {
	int roles;                 /* 0: off, else ENGINE_FOR_* */
	char file[ENGINE_SPEC_TEXT_MAX];
	char options[UCI_CLIENT_OPTIONS_MAX][ENGINE_SPEC_TEXT_MAX];
	int noptions;
};

/* Reads a spec; false with what was wrong in err. */
bool engine_spec_parse(const char *text, struct engine_spec *spec, char *err, size_t errlen);
/* "panel", "opponent" or "both". */
const char *engine_spec_role_name(int roles);

#endif
