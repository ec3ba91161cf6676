/*
 * The terminal game's state: what the game holds, in groups, each with its
 * owner.  It is the state layer of tui/, whose folders are its layers
 * (tui/README.md; tests/check-front keeps the arrows between them).
 *
 * The readline callback only keeps the typed line; the loop takes it and runs
 * it as a command.  Only the key loop's thread touches the state; the search
 * thread reaches the front end through the analysis snapshot alone.
 */
#ifndef OUTPOST_TUI_TUI_H
#define OUTPOST_TUI_TUI_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"
#include "protocol/uci_client.h"
#include "study/annotate.h"
#include "notation/eco.h"
#include "notation/game.h"
#include "notation/pgn.h"
#include "tui/base/analysis.h"
#include "tui/base/engine_spec.h"
#include "tui/base/layout.h"
#include "tui/base/move_tree.h"
#include "tui/base/player_rating.h"
#include "tui/base/san_list.h"
#include "tui/base/settings.h"

#define TUI_PATH_MAX 4096
#define TUI_LINE_MAX 1024 /* the typed line as the prompt shows it */
#define TUI_PROMPT "> "

/* What the engine is doing for the front end. */
enum task {
	TASK_NONE,
	TASK_MOVE,    /* choosing its own move */
	TASK_HINT,    /* a move for the person, shown on the status line */
	TASK_ANALYZE, /* analysing the person's position until told to stop */
	TASK_THREAT   /* the opponent's best move were it its turn again (the shown position passed over) */
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
	struct move_tree tree; /* every line of the game with its NAGs, for the move list; rebuilt with moves */
	bool archived;         /* the game is over and in the archive (or came over from a file, which holds it) */
	char *archive_text;    /* what persist_archive appended for it, so that an undo can take it out again */
	long archive_at;       /* the byte where that text begins in the archive; -1 with no text */
	bool autosave_held;    /* until the screen shows the change (and at start-up): an autosave waits (fsync is slow) */
	bool autosave_due;     /* one was asked for while held */
	int engine_color;      /* the side the engine plays */
	struct player_rating player; /* the person's rating from the archive's games against the levels */
	struct glicko puzzle_rating;  /* the trainer's rating of the person's puzzles, while puzzles_rated */
	bool puzzles_rated;
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
	bool private_lines;      /* the search is its own move below full strength: the panel does not show its lines */
	struct pos_line threat_line; /* TASK_THREAT's position: the shown one with the other side to move */
	char threat[240];        /* what the opponent threatens in words, for the panel while threat_key is shown */
	uint64_t threat_key;
	uint64_t threat_from;    /* the key of the position the threat search was started for */
	struct engine *net;      /* the safety net's own engine, made when first needed (safety.c) */
	struct {
		int level, elo, multipv, chess960; /* the options last set on the engine, -1 = not yet */
	} applied;
	/* Another UCI engine (other_engine.c): in the panel, across the board, or both. */
	struct uci_client *other;   /* NULL: Outpost does everything */
	int other_roles;            /* ENGINE_FOR_PANEL, ENGINE_FOR_OPPONENT or both */
	char other_name[UCI_CLIENT_NAME_MAX];
	int other_multipv;          /* MultiPV last set on it, -1 = not yet */
	bool on_other;              /* the current (or last) task ran on the other engine */
};

/* What the engine last said, as the views show it.  Owner: think.c. */
struct tui_opinion {
	struct analysis_snapshot snap; /* the key loop's copy of the search's snapshot */
	struct position *root;         /* the position the search started from, where its lines begin */
	struct state root_state;       /* its current state */
	bool have_eval;                /* eval_cp holds the engine's last opinion */
	int eval_cp;                   /* from White's view; mates as +-(10000 - moves) */
	move_t hint;                   /* the hint's move, shown on the board until the next key; MOVE_NONE */
};

/*
 * The position shown: the game's own (its current node), or any other node of
 * its tree the person stepped to with the arrow keys, while the game itself
 * stays where it is (the engine's move lands there).  Owner: browse.c.
 */
struct tui_browse {
	int shown;            /* GAME_NODE_NONE: the game's current node */
	struct pos_line line; /* the shown node's position and history, while shown is set */
};

/* Choosing one game of a file that holds several.  Owner: picker.c. */
struct tui_picker {
	bool open;
	char path[TUI_PATH_MAX];  /* the file, as opened */
	char name[TUI_PATH_MAX];  /* and as the person typed it */
	char *text;               /* its text, kept while the list is open */
	size_t len;
	struct pgn_list list;     /* its games */
	int *match;               /* the indexes (into list) of the games the filter keeps */
	int nmatch;
	int selected, top;        /* in match: the game chosen, the first row shown */
	char filter[64];          /* what was typed: every word must be found in a game's row */
};

/* The engine marking every move of the game in the background, with an engine of its own.  Owner: annotator.c. */
struct tui_annotator {
	struct engine *engine;     /* made for the first annotation, kept after */
	struct engine *like;       /* the rating estimate's short searches (study/played_like.h), made with it */
	struct analysis analysis;  /* its search thread writes here */
	unsigned seen, search_id;
	bool running;
	int *nodes;                /* the main line's nodes as it stood when asked, the root first */
	int n, next;               /* how many; the one searched now */
	struct annotate_search before; /* what the search said of the position before nodes[next] */
	struct annotate_tally tally[COLOR_NB];
	bool done;                 /* it ended (or was stopped): the players' figures stand in the panel */
};

/* The opening the game is in, from the system's ECO file.  Owner: openings.c. */
struct tui_openings {
	struct eco *eco;             /* NULL without the file: nothing is named */
	struct eco_opening current;  /* the game's deepest named position; code "" when none is */
};

/* How the board and the panel are drawn.  Owner: screen.c (colours, glyphs) and controls.c (the rest). */
struct view {
	bool flipped;      /* Black at the bottom */
	bool unicode;      /* chess glyphs (UTF-8 locale and no --ascii) */
	enum color_mode colors; /* what the terminal gets: COLORS_256, COLORS_8 or COLORS_MONO */
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
	char text[4096]; /* room for a file's games listed in plain text */
	enum msg_kind kind;
	unsigned serial; /* counts the messages set, so that the same text said twice is seen twice */
};

/* What plain mode has written already, so that it writes only what is new.  Owner: plain_screen.c. */
struct tui_plain {
	bool on;                 /* plain text on standard output instead of curses */
	unsigned msg_serial;     /* the last message written */
	int plies;               /* the moves written, as the SAN list numbers them */
	uint64_t line_hash;      /* of those moves' SAN, to tell moves added from a line replaced */
	bool flipped;            /* the board's side when it was last written */
	bool help;               /* the help was written and not yet put away */
	int analysis_depth;      /* of the analysis last written, and when (monotonic ms) */
	int64_t analysis_ms;
	unsigned analysis_search;
};

/* A question on the status line, answered yes or no by the next key (the next line in plain mode). */
enum question {
	ASK_NOTHING,
	ASK_QUIT,          /* Ctrl-C: quit? */
	ASK_REPLACE_FILE,  /* save: the file exists; replace it? */
	ASK_BRANCH,        /* a move typed at an earlier position of the game in play: a new line from there? */
	ASK_UNSAFE         /* the safety net: a move that throws much away, played all the same? */
};

/*
 * The piece picked up with the mouse, valid only while the board shows the
 * position it was picked in (node and key), so that a move, an undo or a new
 * game puts it down by itself.  Owner: clicks.c.
 */
struct tui_clicks {
	int selected;    /* its square, -1 when none is picked */
	int node;        /* the node shown when it was picked */
	uint64_t key;    /* and that position's key */
	int pressed;     /* where the button went down on the picked piece (a drag may start there), -1 none */
	bool again;      /* that press was on the piece already picked: releasing it there puts it down */
	bool down;       /* the button is down (its press was seen) */
};

/*
 * A move made while the engine thinks, played as soon as it has moved, if it
 * is legal then.  Owner: premove.c (the commands play it).
 */
struct tui_premove {
	bool set;
	char text[32]; /* as typed ("Nf3") or clicked ("g1f3"), read again in the position after the engine's move */
	int from, to;  /* its squares, for the board; -1 when the text names none yet (a capture of a piece to come) */
};

/*
 * The trainer's room: the player's puzzles on the game's board while the game
 * waits, its clock stopped, and the finder searching the archive for more on
 * a thread of its own (it goes on when the player goes back to the game).
 * Owner: room.c; the view shows its texts, made there.
 */
enum room_phase {
	ROOM_WAITING,  /* for a puzzle to be due (or found) */
	ROOM_SOLVING,  /* the player's move */
	ROOM_REFUTED,  /* a wrong move and its refutation shown: the answer comes next */
	ROOM_DONE      /* solved, or the answer shown: the next puzzle comes next */
};
#define ROOM_TEXT_MAX 1600
#define ROOM_SHOWN_MAX 32
struct train_session;
struct tui_room {
	bool open;
	enum room_phase phase;
	struct train_session *s;  /* kept while the finder runs, the room open or not */
	pthread_mutex_t lock;     /* the session's queue, between the finder and the room */
	pthread_t finder;
	bool finder_running;      /* started and not yet joined */
	atomic_bool finder_done;
	atomic_int games_searched, found;
	char finder_error[700];   /* written by the finder before finder_done */
	struct pos_line start;    /* the puzzle's position as the player stands in it (an answer is shown from here) */
	move_t start_last;        /* the move that led to it */
	struct pos_line shown;    /* the board in the room */
	move_t last;              /* the move that led to shown, lit; MOVE_NONE */
	int hint_square;          /* the piece `hint` names, lit; -1 */
	move_t queue[ROOM_SHOWN_MAX]; /* moves still to be played on shown, one at a time */
	int nqueue, next;
	int64_t next_ms;          /* when the next of them is played (monotonic ms) */
	bool was_flipped;         /* the game's view, given back on leaving */
	int clock_running;        /* the side whose clock ran when the room opened, -1 none */
	char heading[400];        /* "White to move: fork (from games.pgn, game 2, 14. Nf3)" */
	char said[ROOM_TEXT_MAX]; /* what happened, and what comes next */
	char counts[200];         /* "3 due, 2 solved, 1 learned of 9; puzzle rating 1532 (+-120)" */
	char themes[400];         /* "By theme, solved of found: fork 1/3, pin 0/1" ("" before any) */
	char finding[200];        /* the finder's progress, "" when it is not running */
	char answer[512];         /* after a wrong move: the solution in SAN, and its moves from start */
	move_t answer_moves[ROOM_SHOWN_MAX];
	int nanswer;
};

/* The loop's own flags.  Owner: game_mode.c; commands ask questions and to quit, anything asks it to redraw. */
struct tui_loop {
	enum question asking;
	char asked_path[TUI_PATH_MAX]; /* ASK_REPLACE_FILE: the file, as given and as opened */
	char asked_name[TUI_PATH_MAX];
	move_t asked_move;             /* ASK_BRANCH: the move */
	bool quit;
	bool train;        /* the `train` command asked for the trainer: the loop hands it the terminal */
	bool dirty;        /* redraw at the next chance */
};

struct tui {
	struct tui_config cfg;
	struct tui_match match;
	struct tui_think think;
	struct tui_opinion opinion;
	struct tui_openings openings;
	struct tui_browse browse;
	struct tui_picker picker;
	struct tui_annotator annotator;
	struct view view;
	struct layout lay; /* owner: screen.c */
	struct tui_prompt prompt;
	struct tui_message msg;
	struct tui_loop loop;
	struct tui_plain plain;
	struct tui_clicks clicks;
	struct tui_premove premove;
	struct tui_room room;
};

/* Who plays the engine's side: the other engine's name when it does, NULL when Outpost does. */
static inline const char *tui_other_opponent(const struct tui *t)
{
	return t->think.other && (t->think.other_roles & ENGINE_FOR_OPPONENT) ? t->think.other_name : NULL;
}

/* Is the person looking at another node than the game's current one? */
static inline bool tui_browsing(const struct tui *t) { return t->browse.shown != GAME_NODE_NONE; }
/* The node shown: the one stepped to, else the game's current node. */
static inline int tui_shown_node(const struct tui *t)
{
	return tui_browsing(t) ? t->browse.shown : game_current(t->match.game);
}
/* The shown node's position with its history (for the engine), and the position alone; the trainer's own board. */
static inline const struct pos_line *tui_shown_line(const struct tui *t)
{
	if (t->room.open)
		return &t->room.shown;
	return tui_browsing(t) ? &t->browse.line : game_line(t->match.game);
}
static inline const struct position *tui_shown_position(const struct tui *t) { return &tui_shown_line(t)->pos; }

/* The move that led to the position shown, lit on the board; MOVE_NONE when none. */
static inline move_t tui_shown_last_move(const struct tui *t)
{
	return t->room.open ? t->room.last : game_node_move(t->match.game, tui_shown_node(t));
}

/* The square of the piece picked up with the mouse, -1 when none is (or the board shown has changed since). */
static inline int tui_picked_square(const struct tui *t)
{
	const struct tui_clicks *c = &t->clicks;
	if (c->selected < 0 || c->node != tui_shown_node(t) || c->key != pos_key(tui_shown_position(t)))
		return -1;
	return c->selected;
}

/* Shows a message on the status line (printf-style, checked formats only). */
void tui_status(struct tui *t, enum msg_kind kind, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
