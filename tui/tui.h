/*
 * The terminal game's state, and the layers of tui/ around it.  A file uses
 * only its own layer and those its layer names (tests/check-front enforces
 * it, reading the "layer" lines below, so every file must be named there):
 *
 *   base      pure helpers: no game state, no curses
 *   state     this header: what the game holds, in groups, each with its owner
 *   commands  change the state (the game, the engine, the files, the view options); never draw, never curses
 *   views     read the state (always const) and draw it; change nothing, run no command
 *   screen    starts curses, lays out the terminal and composes the views into a frame
 *   loop      keys, readline and timers: runs the commands, then has the screen redraw
 *
 * The readline callback only keeps the typed line; the loop takes it and runs
 * it as a command.  Only the key loop's thread touches the state; the search
 * thread reaches the front end through the analysis snapshot alone.
 *
 * layer base: analysis config_file files format layout options san_list settings suggest
 * layer state: tui
 * layer commands: commands controls persist session think
 * layer views: analysis_view board_view help_view move_list paint prompt_view side_panel
 * layer screen: screen
 * layer loop: front game_mode input
 */
#ifndef OUTPOST_TUI_TUI_H
#define OUTPOST_TUI_TUI_H

#include <stdbool.h>
#include <stdint.h>

#include "analysis.h"
#include "engine/engine.h"
#include "notation/game.h"
#include "layout.h"
#include "san_list.h"
#include "settings.h"

#define TUI_PATH_MAX 4096
#define TUI_LINE_MAX 1024 /* the typed line as the prompt shows it */
#define TUI_PROMPT "> "

/* What the engine is doing for the front end. */
enum task {
	TASK_NONE,
	TASK_MOVE,    /* choosing its own move */
	TASK_HINT,    /* a move for the person, shown on the status line */
	TASK_ANALYZE  /* analysing the person's position until told to stop */
};

enum msg_kind { MSG_INFO, MSG_ERROR, MSG_RESULT };

/* The settings.  Owner: start-up (game_mode.c) and the setting commands. */
struct tui_config {
	struct settings set;   /* in effect now */
	struct settings saved; /* what the config file holds; commands change both */
	char path[TUI_PATH_MAX]; /* the config file */
};

/* The game, who plays which side, and where it is kept.  Owner: session.c and the game commands. */
struct tui_match {
	struct game *game;
	struct san_list moves; /* the game's moves in SAN, rebuilt whenever the game changes */
	bool archived;         /* the finished game is already in the archive */
	int engine_color;      /* the side the engine plays */
	char data_dir[TUI_PATH_MAX]; /* empty when there is none (then nothing is saved) */
};

/* The engine and its task.  Owner: think.c. */
struct tui_think {
	struct engine *engine;
	struct analysis analysis; /* the search thread writes here */
	unsigned seen;           /* the snapshot version last copied */
	unsigned search_id;      /* the current search's id, from analysis_begin */
	enum task task;
	int64_t move_due_ms;     /* the engine's move is shown no sooner (monotonic ms), so it is seen to think */
	bool analyze_mode;       /* analyse whenever it is the person's turn */
	bool failed;             /* it gave no move here: do not ask again until the game changes */
	struct {
		int level, elo, multipv; /* the options last set on the engine, -1 = not yet */
	} applied;
};

/* What the engine last said, as the views show it.  Owner: think.c. */
struct tui_opinion {
	struct analysis_snapshot snap; /* the key loop's copy of the search's snapshot */
	struct position *root;         /* the position the search started from, where its lines begin */
	struct state root_state;       /* its current state */
	bool have_eval;                /* eval_cp holds the engine's last opinion */
	int eval_cp;                   /* from White's view; mates as +-(10000 - moves) */
};

/* How the board and the panel are drawn.  Owner: screen.c (colours, glyphs) and controls.c (the rest). */
struct view {
	bool flipped;      /* Black at the bottom */
	bool unicode;      /* chess glyphs (UTF-8 locale and no --ascii) */
	enum color_mode colors; /* what the terminal gets: COLORS_256, COLORS_8 or COLORS_MONO */
	int moves_top;     /* first move-list row shown, or -1: follow the current move */
	bool show_help;    /* the help page instead of the game */
};

/* The line being typed, as readline holds it.  Owner: input.c. */
struct tui_prompt {
	char line[TUI_LINE_MAX];
	int point;             /* the cursor, a byte offset into line */
	char completions[512]; /* the Tab completions offered, shown until the next key */
};

/* The status line.  Owner: anyone, through tui_status. */
struct tui_message {
	char text[512];
	enum msg_kind kind;
};

/* The loop's own flags.  Owner: game_mode.c; commands ask it to quit, anything asks it to redraw. */
struct tui_loop {
	bool confirm_quit; /* the quit question is asked: the next key answers it */
	bool quit;
	bool dirty;        /* redraw at the next chance */
};

struct tui {
	struct tui_config cfg;
	struct tui_match match;
	struct tui_think think;
	struct tui_opinion opinion;
	struct view view;
	struct layout lay; /* owner: screen.c */
	struct tui_prompt prompt;
	struct tui_message msg;
	struct tui_loop loop;
};

/* Shows a message on the status line (printf-style, checked formats only). */
void tui_status(struct tui *t, enum msg_kind kind, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
