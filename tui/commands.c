/* The prompt's commands, found by prefix, and moves typed in SAN for anything that is not a command. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "commands.h"
#include "config_file.h"
#include "controls.h"
#include "notation/notation.h"
#include "persist.h"
#include "session.h"
#include "suggest.h"
#include "think.h"

struct command {
	const char *name;
	int min_len; /* the shortest prefix taken: the whole word for what ends a game */
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

static void play_move(struct tui *t, const char *text)
{
	if (!persons_turn(t))
		return;
	const struct position *pos = game_position(t->match.game);
	move_t m;
	char msg[256], san[SAN_MAX], near[64];
	enum san_status st = san_parse(pos, text, &m, msg, sizeof msg);
	if (st != SAN_OK) {
		if (st != SAN_AMBIGUOUS && suggest_moves(pos, text, near, sizeof near) > 0)
			tui_status(t, MSG_ERROR, "%s. Did you mean %s?", msg, near);
		else
			tui_status(t, MSG_ERROR, "%s", msg);
		return;
	}
	move_to_san(pos, m, san);
	think_stop(t); /* a hint or analysis of this position is over */
	if (!game_play(t->match.game, m)) {
		session_game_changed(t); /* the flag fell */
		return;
	}
	tui_status(t, MSG_INFO, "You played %s.", san);
	session_game_changed(t);
}

/* ---------------------------------------------------------------- the game */

static void cmd_new(struct tui *t, const char *arg)
{
	(void)arg;
	char err[160];
	struct game *g = game_new(NULL, err, sizeof err);
	if (!g) {
		tui_status(t, MSG_ERROR, "%s", err);
		return;
	}
	session_replace_game(t, g, true);
	tui_status(t, MSG_INFO, "New game: you play %s.", t->cfg.set.human == WHITE ? "White" : "Black");
}

static void cmd_setup(struct tui *t, const char *arg)
{
	char err[256];
	if (!*arg) {
		tui_status(t, MSG_ERROR, "setup needs a FEN, as in: setup 8/8/8/4k3/8/8/4P3/4K3 w - - 0 1");
		return;
	}
	struct game *g = game_new(arg, err, sizeof err);
	if (!g) {
		tui_status(t, MSG_ERROR, "Bad FEN: %s", err);
		return;
	}
	session_replace_game(t, g, true);
	tui_status(t, MSG_INFO, "Position set up; %s to move.", game_position(g)->side == WHITE ? "White" : "Black");
}

static void cmd_undo(struct tui *t, const char *arg)
{
	(void)arg;
	struct game *g = t->match.game;
	bool engine_was_thinking = t->think.task == TASK_MOVE;
	enum game_reason why = game_reason(g);
	think_stop(t);
	/* A declared result (resigned, agreed, claimed, flagged) is taken back alone first. */
	if (game_is_over(g) && why >= REASON_THREEFOLD && game_undo(g)) {
		tui_status(t, MSG_INFO, "The result (%s) is taken back: play on.", game_reason_text(why));
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
	think_stop(t);
	session_set_human(t, s.human);
	t->cfg.saved.human = s.human;
	if (!config_save(t->cfg.path, &t->cfg.saved, err, sizeof err))
		tui_status(t, MSG_ERROR, "%s", err);
	else
		tui_status(t, MSG_INFO, "You play %s.", s.human == WHITE ? "White" : "Black");
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
	pos_get_fen(game_position(t->match.game), fen, sizeof fen);
	tui_status(t, MSG_INFO, "%s", fen);
}

/* ---------------------------------------------------------------- the engine */

static void cmd_hint(struct tui *t, const char *arg)
{
	(void)arg;
	if (!persons_turn(t))
		return;
	think_start(t, TASK_HINT);
	tui_status(t, MSG_INFO, "Looking for a hint...");
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
	char err[200], value[64];
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

/* A level replaces an Elo limit. */
static void cmd_level(struct tui *t, const char *arg)
{
	struct settings s = t->cfg.set;
	char err[200];
	if (*arg && settings_set(&s, "level", arg, err, sizeof err))
		t->cfg.set.elo = t->cfg.saved.elo = 0;
	change_setting(t, "level", arg);
}

static void cmd_elo(struct tui *t, const char *arg) { change_setting(t, "elo", arg); }

static void cmd_multipv(struct tui *t, const char *arg)
{
	if (change_setting(t, "multipv", arg) && t->think.task == TASK_ANALYZE)
		think_start(t, TASK_ANALYZE);
}

static void cmd_score(struct tui *t, const char *arg) { change_setting(t, "score", arg); }

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

/* ---------------------------------------------------------------- files */

static void cmd_save(struct tui *t, const char *arg)
{
	char err[512];
	if (!*arg) {
		tui_status(t, MSG_ERROR, "save needs a file name, as in: save game.pgn");
		return;
	}
	persist_tag_game(t);
	if (persist_write_game(t->match.game, arg, err, sizeof err))
		tui_status(t, MSG_INFO, "Saved the game to %s.", arg);
	else
		tui_status(t, MSG_ERROR, "%s", err);
}

static void cmd_load(struct tui *t, const char *arg)
{
	char err[600];
	if (!*arg) {
		tui_status(t, MSG_ERROR, "load needs a file name, as in: load game.pgn");
		return;
	}
	struct game *g = persist_read_last_game(arg, err, sizeof err);
	if (!g) {
		tui_status(t, MSG_ERROR, "%s", err);
		return;
	}
	session_replace_game(t, g, true);
	if (game_is_over(g))
		tui_status(t, MSG_RESULT, "Loaded %s: the game ended %s; undo to play on from before.", arg,
		           game_result_text(game_result(g)));
	else
		tui_status(t, MSG_INFO, "Loaded %s: %d moves played, %s to move.", arg, (game_ply_count(g) + 1) / 2,
		           game_position(g)->side == WHITE ? "White" : "Black");
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

static const struct command commands[] = {
	{ "new", 3, cmd_new },       { "undo", 1, cmd_undo },     { "redo", 3, cmd_redo },
	{ "flip", 2, cmd_flip },     { "hint", 2, cmd_hint },     { "go", 1, cmd_go },
	{ "analyze", 1, cmd_analyze }, { "level", 1, cmd_level }, { "elo", 1, cmd_elo },
	{ "time", 1, cmd_time },     { "side", 2, cmd_side },     { "fen", 2, cmd_fen },
	{ "setup", 3, cmd_setup },   { "save", 2, cmd_save },     { "load", 2, cmd_load },
	{ "claim", 1, cmd_claim },   { "draw", 1, cmd_draw },     { "resign", 6, cmd_resign },
	{ "quit", 1, cmd_quit },     { "help", 2, cmd_help },     { "multipv", 1, cmd_multipv },
	{ "score", 2, cmd_score },
};
#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

const char *commands_name(int i) { return i >= 0 && i < NCOMMANDS ? commands[i].name : NULL; }

int commands_lookup(const char *word)
{
	size_t len = strlen(word);
	int found = -1;
	for (int i = 0; i < NCOMMANDS; i++) {
		if (!strcasecmp(commands[i].name, word))
			return i;
		if (len > 0 && !strncasecmp(commands[i].name, word, len) && (int)len >= commands[i].min_len)
			found = found == -1 ? i : -2;
	}
	return found;
}

/* A command's name the word begins but is too short for (resign, new): it must be typed out. */
static const char *too_short(const char *word)
{
	size_t len = strlen(word);
	for (int i = 0; i < NCOMMANDS; i++)
		if (len > 0 && !strncasecmp(commands[i].name, word, len) && (int)len < commands[i].min_len)
			return commands[i].name;
	return NULL;
}

void commands_execute(struct tui *t, const char *line)
{
	char buf[512], word[64];
	if (strlen(line) >= sizeof buf) {
		tui_status(t, MSG_ERROR, "That line is too long (%zu characters; at most %zu).", strlen(line), sizeof buf - 1);
		return;
	}
	snprintf(buf, sizeof buf, "%s", line);
	char *s = buf, *end = buf + strlen(buf);
	while (isspace((unsigned char)*s))
		s++;
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	if (!*s)
		return;
	size_t n = strcspn(s, " \t");
	snprintf(word, sizeof word, "%.*s", (int)(n < sizeof word ? n : sizeof word - 1), s);
	const char *arg = s + n;
	while (isspace((unsigned char)*arg))
		arg++;
	int c = commands_lookup(word);
	if (c >= 0) {
		commands[c].run(t, arg);
		return;
	}
	if (c == -2) {
		tui_status(t, MSG_ERROR, "'%s' could be more than one command; type more of it (help lists them).", word);
		return;
	}
	const char *full = too_short(word);
	if (full && !*arg && !isdigit((unsigned char)word[strlen(word) - 1])) {
		tui_status(t, MSG_ERROR, "Type '%s' in full.", full);
		return;
	}
	play_move(t, s);
}
