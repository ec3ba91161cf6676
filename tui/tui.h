/*
 * The terminal game's state, shared by its parts: the loop (game_mode.c), the
 * engine driver (think.c), the commands, the screen and its views.  Only the
 * key loop's thread touches it; the search thread reaches the front end through
 * the analysis snapshot alone.
 */
#ifndef OUTPOST_TUI_TUI_H
#define OUTPOST_TUI_TUI_H

#include <stdbool.h>
#include <stdint.h>

#include "analysis.h"
#include "engine/engine.h"
#include "notation/game.h"
#include "layout.h"
#include "settings.h"

#define TUI_PATH_MAX 4096

/* What the engine is doing for the front end. */
enum task {
	TASK_NONE,
	TASK_MOVE,    /* choosing its own move */
	TASK_HINT,    /* a move for the person, shown on the status line */
	TASK_ANALYZE  /* analysing the person's position until told to stop */
};

enum msg_kind { MSG_INFO, MSG_ERROR, MSG_RESULT };

/* How the board is drawn; fixed at start except for the flip. */
struct view {
	bool flipped;      /* Black at the bottom */
	bool unicode;      /* chess glyphs (UTF-8 locale and no --ascii) */
	enum color_mode colors; /* what the terminal gets: COLORS_256, COLORS_8 or COLORS_MONO */
};

struct tui {
	struct settings set;   /* in effect now */
	struct settings saved; /* what the config file holds; commands change both */
	char config_path[TUI_PATH_MAX];
	char data_dir[TUI_PATH_MAX]; /* empty when there is none (then nothing is saved) */

	struct game *game;
	unsigned game_version; /* bumps whenever the game changes, so caches know */
	bool archived;         /* the finished game is already in the archive */

	struct engine *engine;
	struct analysis analysis;
	struct analysis_snapshot snap; /* the key loop's copy */
	unsigned snap_seen;
	struct position *root; /* the position the current search started from */
	struct state root_state; /* its current state */
	unsigned search_id;    /* the current search's id, from analysis_begin */
	enum task task;
	int64_t move_due_ms;   /* the engine's move is shown no sooner (monotonic ms), so it is seen to think */
	bool analyze_mode;     /* analyse whenever it is the person's turn */
	int engine_color;      /* the side the engine plays */
	bool engine_failed;    /* it gave no move here: do not ask again until the game changes */
	struct {
		int level, elo, multipv; /* the options last set on the engine, -1 = not yet */
	} applied;
	bool have_eval;        /* last_eval_cp holds the engine's last opinion */
	int last_eval_cp;      /* from White's view; mates as +-(10000 - moves) */

	struct view view;
	struct layout lay;
	char status[512];
	enum msg_kind status_kind;
	char completions[512]; /* the Tab completions offered, shown until the next key */
	int moves_top;         /* first move-list row shown, or -1: follow the current move */
	bool show_help, confirm_quit, quit;
	bool dirty;            /* redraw at the next chance */
};

/* Shows a message on the status line (printf-style, checked formats only). */
void tui_status(struct tui *t, enum msg_kind kind, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The game changed: caches and the autosave must follow. */
void tui_game_changed(struct tui *t);

#endif
