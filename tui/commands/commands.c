/* The prompt's commands, found by prefix, and moves typed in SAN for anything that is not a command. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "commands.h"
#include "annotator.h"
#include "blind.h"
#include "browse.h"
#include "controls.h"
#include "key_moment.h"
#include "retry.h"
#include "notation/notation.h"
#include "other_engine.h"
#include "persist.h"
#include "picker.h"
#include "premove.h"
#include "room.h"
#include "rules/movegen.h"
#include "safety.h"
#include "session.h"
#include "think.h"
#include "tui/base/config_file.h"
#include "tui/base/game_info.h"
#include "tui/base/suggest.h"
#include "tui/base/typed.h"

struct command {
	const char *name;
	bool whole;  /* it ends or replaces the game: only the whole word is taken, never a prefix */
	void (*run)(struct tui *t, const char *arg);
};

/* ---------------------------------------------------------------- moves */

static bool persons_turn(struct tui *t)
{
	if (game_is_over(t->match.game)) {
		char text[160];
		game_status_text(t->match.game, text, sizeof text);
		tui_status(t, MSG_ERROR, "The game is over (%s) Type new for another, or undo.", text);
		return false;
	}
	if (game_position(t->match.game)->side == t->match.engine_color) {
		tui_status(t, MSG_ERROR, "It is Outpost's move; undo takes yours back, go makes it play on.");
		return false;
	}
	return true;
}

/* The move typed, read in the position shown; false (and the reason said) when it is none. */
static bool read_move(struct tui *t, const char *text, move_t *m)
{
	const struct position *pos = tui_shown_position(t);
	char msg[256], near[64];
	enum san_status st = san_parse(pos, text, m, msg, sizeof msg);
	if (st == SAN_OK)
		return true;
	if (st != SAN_AMBIGUOUS && suggest_moves(pos, text, near, sizeof near) > 0)
		tui_status(t, MSG_ERROR, "%s. Did you mean %s?", msg, near);
	else
		tui_status(t, MSG_ERROR, "%s", msg);
	return false;
}

/*
 * A move typed at a position stepped back to: the move the game (or a
 * variation) made there steps on to it; another starts a new line, asked
 * first while the game is in play.
 */
static void play_at_shown(struct tui *t, const char *text)
{
	struct game *g = t->match.game;
	move_t m;
	if (!read_move(t, text, &m))
		return;
	int child = game_find_child(g, tui_shown_node(t), m);
	if (child != GAME_NODE_NONE) {
		bool main = game_child(g, tui_shown_node(t)) == child;
		browse_show(t, child);
		char note[200];
		game_info_note(g, child, note, sizeof note);
		tui_status(t, MSG_INFO, "%s (%s).", note, main ? "the line's own move" : "a variation's move");
		return;
	}
	if (game_is_over(g))
		session_branch(t, m);
	else
		controls_ask_branch(t, m);
}

void commands_play_move(struct tui *t, const char *text)
{
	if (t->room.open) {
		room_play(t, text);
		return;
	}
	if (tui_browsing(t)) {
		play_at_shown(t, text);
		return;
	}
	if (premove_wanted(t)) {
		premove_keep(t, text, -1, -1);
		return;
	}
	if (!persons_turn(t))
		return;
	move_t m;
	if (!read_move(t, text, &m))
		return;
	think_stop(t); /* a hint or analysis of this position is over */
	if (!safety_stops(t, m))
		session_play_person(t, m);
}

void commands_play_premove(struct tui *t, const char *text)
{
	char before[sizeof t->msg.text], msg[256], san[SAN_MAX];
	const struct position *pos = game_position(t->match.game);
	move_t m;
	/* What the engine's move said stays in front: the premove's fate follows it. */
	snprintf(before, sizeof before, "%s", t->msg.kind == MSG_INFO ? t->msg.text : "");
	browse_follow(t);
	if (san_parse(pos, text, &m, msg, sizeof msg) != SAN_OK) {
		tui_status(t, MSG_ERROR, "%s%sYour premove is dropped, not legal now (%s).", before, before[0] ? " " : "", msg);
		return;
	}
	move_to_san(pos, m, san);
	think_stop(t);
	if (!game_play(t->match.game, m)) {
		session_game_changed(t); /* the flag fell */
		return;
	}
	tui_status(t, MSG_INFO, "%s%sYour premove: you played %s.", before, before[0] ? " " : "", san);
	session_game_changed(t);
}

/* ---------------------------------------------------------------- the game */

/* new, or new 960 [N]: a Chess960 game from start position N (0-959), drawn at random without one. */
static void cmd_new(struct tui *t, const char *arg)
{
	char err[160];
	int number = -1;
	bool chess960 = !strncmp(arg, "960", 3) && (arg[3] == '\0' || arg[3] == ' ');
	if (*arg && !chess960) {
		tui_status(t, MSG_ERROR, "new takes nothing, or 960 and a start position's number (0 to 959), as in "
		                         "new 960 518; not '%s'.", arg);
		return;
	}
	if (chess960 && arg[3]) {
		const char *n = arg + 4 + strspn(arg + 4, " ");
		char *end;
		long v = strtol(n, &end, 10);
		if (end == n || *end || v < 0 || v > 959) {
			tui_status(t, MSG_ERROR, "new 960 takes a start position's number from 0 to 959 (518 is the "
			                         "standard one); not '%s'.", n);
			return;
		}
		number = (int)v;
	}
	struct game *g = chess960 ? session_new_chess960(number, err, sizeof err) : game_new(NULL, err, sizeof err);
	if (!g) {
		tui_status(t, MSG_ERROR, "%s", err);
		return;
	}
	session_replace_game(t, g, true);
	if (chess960)
		tui_status(t, MSG_INFO, "New Chess960 game, start position %d: you play %s.", game_start_number(g),
		           t->cfg.set.human == WHITE ? "White" : "Black");
	else
		tui_status(t, MSG_INFO, "New game: you play %s.", t->cfg.set.human == WHITE ? "White" : "Black");
}

static void cmd_setup(struct tui *t, const char *arg)
{
	char err[256];
	if (!*arg) {
		tui_status(t, MSG_ERROR, "setup needs a FEN, as in: setup 8/8/8/4k3/8/8/4P3/4K3 w - - 0 1");
		return;
	}
	char fen[600], said[160];
	int added = typed_complete_fen(arg, fen, sizeof fen);
	struct game *g = game_new(fen, err, sizeof err);
	if (!g) {
		tui_status(t, MSG_ERROR, "Bad FEN: %s", err);
		return;
	}
	session_replace_game(t, g, true);
	typed_fen_defaults(game_start_fen(g), added, said, sizeof said);
	tui_status(t, MSG_INFO, "Position set up; %s to move%s.", game_position(g)->side == WHITE ? "White" : "Black",
	           said);
}

static void cmd_undo(struct tui *t, const char *arg)
{
	(void)arg;
	struct game *g = t->match.game;
	bool engine_was_thinking = t->think.task == TASK_MOVE;
	enum game_reason why = game_reason(g);
	premove_cancel(t, false); /* it was made for the position undo takes away */
	think_stop(t);
	browse_follow(t); /* undo is the game's: its position is shown */
	/* A declared result (resigned, agreed, claimed, flagged) is taken back alone first. */
	if (game_is_over(g) && why >= REASON_THREEFOLD && game_undo(g)) {
		bool flag = why == REASON_TIME_FORFEIT || why == REASON_TIMEOUT_DRAW;
		/* The fallen flag's clock would fall again at once: both clocks go back to what they showed when
		   that turn began, which a ply taken back and replayed restores. */
		if (flag && game_undo(g))
			game_redo(g);
		tui_status(t, MSG_INFO, "The result (%s) is taken back%s: play on.", game_reason_text(why),
		           flag ? ", and the clocks are as they were when that turn began" : "");
		session_game_changed(t);
		return;
	}
	if (!game_undo(g)) {
		tui_status(t, MSG_ERROR, "Nothing to undo.");
		return;
	}
	/* Back to the person's turn: their move and the engine's reply, or just theirs while it was thinking. */
	if (!engine_was_thinking && game_position(g)->side != t->cfg.set.human && game_ply_count(g) > 0)
		game_undo(g);
	tui_status(t, MSG_INFO, "%s", engine_was_thinking ? "Took back your move; Outpost stopped thinking."
	                                                   : "Took back your last move.");
	session_game_changed(t);
}

static void cmd_redo(struct tui *t, const char *arg)
{
	(void)arg;
	struct game *g = t->match.game;
	think_stop(t);
	browse_follow(t);
	if (!game_redo(g)) {
		tui_status(t, MSG_ERROR, "Nothing to redo.");
		return;
	}
	if (game_position(g)->side != t->cfg.set.human && game_redo_count(g) > 0)
		game_redo(g);
	tui_status(t, MSG_INFO, "Replayed.");
	session_game_changed(t);
}

static void cmd_go(struct tui *t, const char *arg)
{
	(void)arg;
	if (game_is_over(t->match.game)) {
		tui_status(t, MSG_ERROR, "The game is over.");
		return;
	}
	int stm = game_position(t->match.game)->side;
	if (t->match.engine_color != stm || t->think.task != TASK_MOVE) {
		think_stop(t);
		session_set_human(t, !stm);
		t->think.failed = false;
	}
	tui_status(t, MSG_INFO, "Outpost plays %s; you play %s.", stm == WHITE ? "White" : "Black",
	           stm == WHITE ? "Black" : "White");
}

static void cmd_side(struct tui *t, const char *arg)
{
	char err[160];
	struct settings s = t->cfg.set;
	if (!settings_set(&s, "side", arg, err, sizeof err)) {
		tui_status(t, MSG_ERROR, "%s", err);
		return;
	}
	bool was_thinking = t->think.task == TASK_MOVE;
	think_stop(t);
	session_set_human(t, s.human);
	t->cfg.saved.human = s.human;
	if (!config_save(t->cfg.path, &t->cfg.saved, err, sizeof err))
		tui_status(t, MSG_ERROR, "%s", err);
	else
		tui_status(t, MSG_INFO, "You play %s%s.", s.human == WHITE ? "White" : "Black",
		           was_thinking ? "; Outpost stopped thinking, and every move stays" : "");
	t->think.failed = false;
	session_game_changed(t);
}

static void cmd_flip(struct tui *t, const char *arg)
{
	(void)arg;
	controls_flip(t);
}

static void cmd_fen(struct tui *t, const char *arg)
{
	(void)arg;
	char fen[FEN_MAX];
	pos_get_fen(tui_shown_position(t), fen, sizeof fen);
	tui_status(t, MSG_INFO, "%s", fen);
}

/* ---------------------------------------------------------------- the engine */

static void cmd_hint(struct tui *t, const char *arg)
{
	(void)arg;
	move_t moves[MAX_MOVES];
	if (tui_browsing(t) && generate_legal(tui_shown_position(t), moves) == 0) {
		tui_status(t, MSG_ERROR, "No hint: the position shown has no legal move.");
		return;
	}
	if (!tui_browsing(t) && !persons_turn(t))
		return;
	think_start(t, TASK_HINT);
	tui_status(t, MSG_INFO, "Looking for a hint...");
}

static void cmd_threat(struct tui *t, const char *arg)
{
	(void)arg;
	char err[200];
	if (!think_threat(t, err, sizeof err)) {
		tui_status(t, MSG_ERROR, "%s", err[0] ? err : "No threat to read now.");
		return;
	}
	tui_status(t, MSG_INFO, "Looking for the threat...");
}

static void cmd_analyze(struct tui *t, const char *arg)
{
	(void)arg;
	t->think.analyze_mode = !t->think.analyze_mode;
	if (!t->think.analyze_mode && t->think.task == TASK_ANALYZE)
		think_stop(t);
	t->think.failed = false;
	tui_status(t, MSG_INFO, "Analysis %s.",
	           t->think.analyze_mode ? "on: the engine analyses while it is your turn" : "off");
}

/* Sets a setting for now and for later (the config file), from a command's argument. */
static bool change_setting(struct tui *t, const char *key, const char *arg)
{
	char err[200], value[SETTINGS_TEXT_MAX];
	struct settings s = t->cfg.set;
	if (!*arg) {
		settings_get(&t->cfg.set, key, value, sizeof value);
		tui_status(t, MSG_INFO, "%s is %s", key, value);
		return false;
	}
	if (!settings_set(&s, key, arg, err, sizeof err)) {
		tui_status(t, MSG_ERROR, "%s", err);
		return false;
	}
	t->cfg.set = s;
	settings_set(&t->cfg.saved, key, arg, err, sizeof err);
	settings_get(&t->cfg.set, key, value, sizeof value);
	if (!config_save(t->cfg.path, &t->cfg.saved, err, sizeof err))
		tui_status(t, MSG_ERROR, "%s is %s, but it was not saved: %s", key, value, err);
	else
		tui_status(t, MSG_INFO, "%s is now %s", key, value);
	return true;
}

static void cmd_elo(struct tui *t, const char *arg) { change_setting(t, "elo", arg); }

/*
 * A level replaces an Elo limit.  A whole number beyond the levels' range and in the Elo's is the rating a level
 * is named by ("Outpost (1000 Elo)"): `level 1000` is `elo 1000`; `level 99` is neither, and says the levels'.
 */
static void cmd_level(struct tui *t, const char *arg)
{
	struct settings s = t->cfg.set;
	char err[200], *end;
	long n = strtol(arg, &end, 10);
	bool level = *arg && settings_set(&s, "level", arg, err, sizeof err);
	if (*arg && !level && end != arg && *end == '\0' && n > 0 && settings_set(&s, "elo", arg, err, sizeof err)) {
		cmd_elo(t, arg);
		return;
	}
	if (level)
		t->cfg.set.elo = t->cfg.saved.elo = 0;
	change_setting(t, "level", arg);
}

static void cmd_multipv(struct tui *t, const char *arg)
{
	if (change_setting(t, "multipv", arg) && t->think.task == TASK_ANALYZE)
		think_start(t, TASK_ANALYZE);
}

static void cmd_score(struct tui *t, const char *arg) { change_setting(t, "score", arg); }
static void cmd_safety(struct tui *t, const char *arg) { change_setting(t, "safety", arg); }

static void cmd_time(struct tui *t, const char *arg)
{
	if (!change_setting(t, "time", arg))
		return;
	bool restart = t->think.task == TASK_MOVE;
	think_stop(t);
	session_apply_clocks(t);
	persist_autosave(t);
	if (restart)
		think_start(t, TASK_MOVE); /* with the new clocks */
}

/*
 * A setting that something must take before it counts (the engine a book, the
 * other engine its program): checked, handed to apply, and only then set and
 * saved, so that what is refused changes nothing.  False when nothing changed.
 */
static bool change_applied_setting(struct tui *t, const char *key, const char *arg,
                                   bool (*apply)(struct tui *t, const char *value, char *err, size_t errlen),
                                   const char *refused)
{
	char err[512], value[SETTINGS_TEXT_MAX];
	struct settings s = t->cfg.set;
	if (*arg && !settings_set(&s, key, arg, err, sizeof err)) {
		tui_status(t, MSG_ERROR, "%s", err);
		return false;
	}
	settings_get(&s, key, value, sizeof value);
	if (*arg && !apply(t, value, err, sizeof err)) {
		tui_status(t, MSG_ERROR, "%s: %s", refused, err);
		return false;
	}
	return change_setting(t, key, arg);
}

/* The engine takes the book, or keeps the one it had. */
static bool apply_book(struct tui *t, const char *book, char *err, size_t errlen)
{
	char ignored[512];
	if (think_set_book(t, book, err, errlen))
		return true;
	think_set_book(t, t->cfg.set.book, ignored, sizeof ignored);
	return false;
}

static bool apply_engine(struct tui *t, const char *spec, char *err, size_t errlen)
{
	think_stop(t);
	return other_engine_set(t, spec, err, errlen);
}

/* book on|off|FILE */
static void cmd_book(struct tui *t, const char *arg)
{
	if (change_applied_setting(t, "book", arg, apply_book, "Book not changed") && !strcmp(t->cfg.set.book, "on") &&
	    !engine_system_book()[0])
		tui_status(t, MSG_INFO, "book is on, but this system has none (apt-get install gnuchess-book, or give "
		                        "a .bin file)");
}

/* engine [panel|opponent|both] FILE [NAME=VALUE ...] | off */
static void cmd_engine(struct tui *t, const char *arg)
{
	if (!change_applied_setting(t, "engine", arg, apply_engine, "Engine not changed") || t->msg.kind == MSG_ERROR)
		return;
	const struct tui_think *th = &t->think;
	if (!th->other)
		tui_status(t, MSG_INFO, "Outpost alone plays and analyses.");
	else
		tui_status(t, MSG_INFO, "%s now %s; Outpost does the rest.", th->other_name,
		           th->other_roles == ENGINE_FOR_BOTH    ? "plays you and analyses in the panel"
		           : th->other_roles == ENGINE_FOR_PANEL ? "analyses in the panel"
		                                                 : "plays you");
}

/* ---------------------------------------------------------------- files */

/* The file a save or load names, ~ read as the shell reads it; false (and a message) when there is none. */
static bool file_argument(struct tui *t, const char *command, const char *arg, char *path, size_t len)
{
	if (!*arg) {
		tui_status(t, MSG_ERROR, "%s needs a file name, as in: %s game.pgn", command, command);
		return false;
	}
	if (!typed_expand_home(arg, path, len)) {
		tui_status(t, MSG_ERROR, "%s: there is no such home folder", arg);
		return false;
	}
	return true;
}

static void cmd_save(struct tui *t, const char *arg)
{
	char path[TUI_PATH_MAX];
	if (!file_argument(t, "save", arg, path, sizeof path))
		return;
	if (access(path, F_OK) == 0)
		controls_ask_replace(t, arg, path);
	else
		persist_save_as(t, arg, path);
}

/* "FILE N": the game's number at the end, taken off name; 0 when there is none. */
static int game_number_argument(char *name)
{
	char *space = strrchr(name, ' ');
	if (!space || space == name || !space[1] || strspn(space + 1, "0123456789") != strlen(space + 1))
		return 0;
	int n = atoi(space + 1);
	while (space > name && space[-1] == ' ')
		space--;
	*space = '\0';
	return n > 0 ? n : -1;
}

/* Whether the file holds one game; one of several opens the list (in plain text, says its games). */
static bool holds_one_game(struct tui *t, const char *name, const char *path)
{
	char err[TUI_PATH_MAX + 100];
	struct persist_listing listing;
	if (!persist_list_games(path, &listing, err, sizeof err)) {
		tui_status(t, MSG_ERROR, "%s", err);
		return false;
	}
	int games = listing.list.n;
	if (games > 1 && !t->plain.on) {
		picker_open(t, name, path, listing.text, listing.len, &listing.list);
		return false;
	}
	if (games > 1) {
		char text[4096]; /* plain text has no list to choose from: the games are said */
		picker_list_text(&listing.list, name, text, sizeof text);
		tui_status(t, MSG_INFO, "%s", text);
	}
	persist_listing_free(&listing);
	return games == 1;
}

/* load FILE [N]: the file's only game, game N, or the game chosen from the list of a file that holds several. */
static void cmd_load(struct tui *t, const char *arg)
{
	char name[TUI_PATH_MAX], path[TUI_PATH_MAX], err[TUI_PATH_MAX + 100], said[TUI_PATH_MAX + 32];
	snprintf(name, sizeof name, "%s", arg);
	int n = access(arg, F_OK) == 0 ? 0 : game_number_argument(name);
	if (n < 0) {
		tui_status(t, MSG_ERROR, "Games are numbered from 1, as in: load games.pgn 3");
		return;
	}
	if (!file_argument(t, "load", name, path, sizeof path) || (n == 0 && !holds_one_game(t, name, path)))
		return;
	struct game *g = persist_read_nth_game(path, n ? n : 1, err, sizeof err);
	if (!g) {
		tui_status(t, MSG_ERROR, "%s", err);
		return;
	}
	if (n > 0)
		snprintf(said, sizeof said, "%s (game %d)", name, n);
	else
		snprintf(said, sizeof said, "%s", name);
	session_load(t, g, said);
}

static void cmd_annotate(struct tui *t, const char *arg)
{
	if (!strcmp(arg, "off") || !strcmp(arg, "stop")) {
		bool was = t->annotator.running;
		annotator_stop(t);
		tui_status(t, MSG_INFO, "%s", was ? "Annotation stopped; the marks made so far stay." : "Not annotating.");
	} else if (*arg) {
		tui_status(t, MSG_ERROR, "annotate takes nothing, or off to stop: %s", arg);
	} else {
		annotator_start(t);
	}
}

/* ---------------------------------------------------------------- results */

static void cmd_claim(struct tui *t, const char *arg)
{
	struct game *g = t->match.game;
	move_t m = MOVE_NONE;
	char msg[256];
	if (!persons_turn(t))
		return;
	if (*arg && san_parse(game_position(g), arg, &m, msg, sizeof msg) != SAN_OK) {
		tui_status(t, MSG_ERROR, "%s", msg);
		return;
	}
	if (game_can_claim(g, m) == REASON_NONE) {
		tui_status(t, MSG_ERROR, "No draw to claim: this position has stood here %d time%s, and the last capture "
		                         "or pawn move was %d plies ago.",
		           game_repetitions(g), game_repetitions(g) == 1 ? "" : "s", game_position(g)->st->rule50);
		return;
	}
	think_stop(t);
	game_claim_draw(g, m);
	session_game_changed(t);
}

/* Outpost takes a draw when its last opinion is half a pawn against it, or level after move 40. */
static void cmd_draw(struct tui *t, const char *arg)
{
	(void)arg;
	if (game_is_over(t->match.game)) {
		tui_status(t, MSG_ERROR, "The game is over.");
		return;
	}
	int for_engine = t->match.engine_color == WHITE ? t->opinion.eval_cp : -t->opinion.eval_cp;
	bool late = game_position(t->match.game)->fullmove > 40;
	if (!t->opinion.have_eval || (for_engine > -50 && !(late && for_engine < 25 && for_engine > -25))) {
		tui_status(t, MSG_INFO, "Outpost declines the draw.");
		return;
	}
	think_stop(t);
	game_agree_draw(t->match.game);
	session_game_changed(t);
}

static void cmd_resign(struct tui *t, const char *arg)
{
	(void)arg;
	if (game_is_over(t->match.game)) {
		tui_status(t, MSG_ERROR, "The game is over.");
		return;
	}
	think_stop(t);
	game_resign(t->match.game, t->cfg.set.human);
	session_game_changed(t);
}

static void cmd_quit(struct tui *t, const char *arg)
{
	(void)arg;
	controls_quit(t);
}

static void cmd_help(struct tui *t, const char *arg)
{
	(void)arg;
	controls_show_help(t, true);
}

static void cmd_train(struct tui *t, const char *arg)
{
	if (*arg) {
		tui_status(t, MSG_ERROR, "train takes nothing: %s", arg);
		return;
	}
	if (!t->match.data_dir[0]) {
		tui_status(t, MSG_ERROR, "No data directory: the trainer has nowhere to keep your puzzles.");
		return;
	}
	t->loop.train = true;
}

static const struct command commands[] = {
	{ "new", true, cmd_new },         { "undo", false, cmd_undo },       { "redo", false, cmd_redo },
	{ "flip", false, cmd_flip },      { "hint", false, cmd_hint },       { "go", false, cmd_go },
	{ "analyze", false, cmd_analyze }, { "level", false, cmd_level },    { "elo", false, cmd_elo },
	{ "time", false, cmd_time },      { "side", false, cmd_side },       { "fen", false, cmd_fen },
	{ "setup", true, cmd_setup },     { "save", false, cmd_save },       { "load", true, cmd_load },
	{ "claim", true, cmd_claim },     { "draw", true, cmd_draw },        { "resign", true, cmd_resign },
	{ "quit", false, cmd_quit },      { "help", false, cmd_help },       { "multipv", false, cmd_multipv },
	{ "score", false, cmd_score },    { "book", false, cmd_book },       { "engine", false, cmd_engine },
	{ "annotate", false, cmd_annotate }, { "train", false, cmd_train }, { "threat", false, cmd_threat },
	{ "safety", false, cmd_safety },    { "key", false, key_moment_step },
	{ "retry", false, retry_shown },
	/* For players who cannot see the board (blind.c). */
	{ "pieces", false, blind_pieces },  { "scan", false, blind_scan },     { "what", false, blind_what },
	{ "last", false, blind_last },      { "clocks", false, blind_clocks }, { "moves", false, blind_moves },
};
#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

const char *commands_name(int i) { return i >= 0 && i < NCOMMANDS ? commands[i].name : NULL; }

/* Does word begin the name of command i?  A capital K, Q, R, B or N first is a piece, never a command's start. */
static bool begins(int i, const char *word)
{
	size_t len = strlen(word);
	return len > 0 && !strchr("KQRBN", word[0]) && !strncasecmp(commands[i].name, word, len);
}

int commands_lookup(const char *word)
{
	int found = -1;
	for (int i = 0; i < NCOMMANDS; i++) {
		if (!strcasecmp(commands[i].name, word))
			return i;
		if (begins(i, word))
			found = found == -1 ? i : -2;
	}
	return found >= 0 && commands[found].whole ? -1 : found;
}

/* The commands whose names word begins, as "save, score, setup or side"; returns how many. */
static int commands_begun(const char *word, char *out, size_t len)
{
	int n = 0, total = 0;
	for (int i = 0; i < NCOMMANDS; i++)
		total += begins(i, word);
	out[0] = '\0';
	for (int i = 0; i < NCOMMANDS; i++) {
		if (!begins(i, word))
			continue;
		size_t used = strlen(out);
		snprintf(out + used, len - used, "%s%s", n == 0 ? "" : n == total - 1 ? " or " : ", ", commands[i].name);
		n++;
	}
	return n;
}

/* Does some legal move's SAN begin with word (in any case)?  Then word is a move being typed, not a command. */
static bool begins_a_move(const struct tui *t, const char *word)
{
	const struct position *pos = tui_shown_position(t);
	move_t list[MAX_MOVES];
	int n = game_is_over(t->match.game) && !tui_browsing(t) ? 0 : generate_legal(pos, list);
	for (int i = 0; i < n; i++) {
		char san[SAN_MAX];
		move_to_san(pos, list[i], san);
		if (!strncasecmp(san, word, strlen(word)))
			return true;
	}
	return false;
}

/* A word of letters alone, followed by more or not the start of any move, that names no command. */
static bool unknown_command(const struct tui *t, const char *word, const char *arg, const char *line)
{
	for (const char *p = word; *p; p++)
		if (!isalpha((unsigned char)*p))
			return false;
	move_t m;
	return *arg || (san_parse(tui_shown_position(t), line, &m, NULL, 0) == SAN_INVALID &&
	                !begins_a_move(t, word));
}

/* Splits the trimmed line s into its first word and the rest; false for an empty line. */
static bool split_line(char *s, char *word, size_t len, const char **arg)
{
	char *end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	if (!*s)
		return false;
	size_t n = strcspn(s, " \t");
	snprintf(word, len, "%.*s", (int)(n < len ? n : len - 1), s);
	*arg = s + n;
	while (isspace((unsigned char)**arg))
		(*arg)++;
	return true;
}

void commands_execute(struct tui *t, const char *line)
{
	char buf[512], word[64], names[160];
	const char *arg;
	if (strlen(line) >= sizeof buf) {
		tui_status(t, MSG_ERROR, "That line is too long (%zu characters; at most %zu).", strlen(line), sizeof buf - 1);
		return;
	}
	if (!typed_readable(line, typed_locale_utf8())) {
		tui_status(t, MSG_ERROR, "That line has characters the %s locale cannot read, so nothing was done%s.",
		           typed_locale_name(), typed_locale_utf8() ? "" : " (a UTF-8 locale reads them)");
		return;
	}
	if (t->room.open) {
		room_execute(t, line); /* the trainer reads its own words and moves */
		return;
	}
	char *s = buf;
	snprintf(buf, sizeof buf, "%s", line);
	while (isspace((unsigned char)*s))
		s++;
	if (!split_line(s, word, sizeof word, &arg))
		return;
	int c = !strcmp(word, "?") ? commands_lookup("help") : commands_lookup(word);
	if (c >= 0) {
		commands[c].run(t, arg);
		return;
	}
	int n = commands_begun(word, names, sizeof names);
	if (n > 1)
		tui_status(t, MSG_ERROR, "'%s' could be %s: type more of it.", word, names);
	else if (n == 1)
		tui_status(t, MSG_ERROR, "Type '%s' in full: it ends or replaces the game.", names);
	else if (unknown_command(t, word, arg, s))
		tui_status(t, MSG_ERROR, "Unknown command: %s (help lists the commands).", word);
	else
		commands_play_move(t, s);
}
