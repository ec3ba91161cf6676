/*
 * The UCI loop.  The reading thread parses commands and drives the engine;
 * the search thread prints info and bestmove lines through the callbacks.
 * Both print whole lines under one lock, so lines never interleave.
 */
#include "protocol/uci.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "engine/engine.h"
#include "notation/notation.h"
#include "notation/score_text.h"

struct uci {
	struct engine *engine;
	FILE *out;
	pthread_mutex_t out_lock;
	atomic_bool gone; /* a write failed: nobody reads us any more (the GUI went away) */
	int gone_errno;
};

/* Prints one line (no format from outside ever reaches here); a failed write ends the session. */
static void say(struct uci *u, const char *line)
{
	pthread_mutex_lock(&u->out_lock);
	if (!atomic_load(&u->gone) &&
	    (fputs(line, u->out) == EOF || fputc('\n', u->out) == EOF || fflush(u->out) == EOF)) {
		u->gone_errno = errno;
		atomic_store(&u->gone, true);
	}
	pthread_mutex_unlock(&u->out_lock);
}

static void info_string(struct uci *u, const char *what, const char *detail)
{
	char line[512];
	snprintf(line, sizeof line, "info string %s%s%.400s", what, detail ? ": " : "", detail ? detail : "");
	/* A line break inside the detail would start a new (bogus) command for the GUI. */
	for (char *p = line; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	say(u, line);
}

/* An option's note on success (SyzygyPath's tables and what it left out): longer than a complaint may be. */
static void info_note(struct uci *u, const char *note)
{
	char line[1536];
	snprintf(line, sizeof line, "info string %.1400s", note);
	for (char *p = line; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	say(u, line);
}

/*
 * A move of the position being searched, in coordinates: castling as the king taking its rook under
 * UCI_Chess960.  The search thread calls this too: the root it reads does not change while a search runs.
 */
static void write_move(struct uci *u, move_t m, char *buf)
{
	move_to_uci_in(engine_position(u->engine), m, engine_chess960(u->engine), buf);
}

/* Appends formatted text to buf at *len, never past size. */
static void append(char *buf, size_t size, size_t *len, const char *text)
{
	size_t n = strlen(text);
	if (*len + n + 1 > size)
		return;
	memcpy(buf + *len, text, n + 1);
	*len += n;
}

static void on_info(void *ctx, const struct engine_info *info)
{
	struct uci *u = ctx;
	char line[MAX_PLY * 6 + 256], part[128], score[SCORE_TEXT_MAX];
	size_t len = 0;
	line[0] = '\0';
	if (info->book) {
		/* A book move has no depth or score to report: say where it came from. */
		char m[UCI_MOVE_MAX];
		write_move(u, info->pv[0], m);
		snprintf(line, sizeof line, "info string book move %s weight %d (%d.%d%% of the book's weight here)", m,
		         info->book_weight, info->book_permille / 10, info->book_permille % 10);
		say(u, line);
		return;
	}
	score_text(score, sizeof score, SCORE_UCI, info->score_cp, info->is_mate, info->mate_moves);
	if (info->depth == 0 && info->pv_len == 0) {
		/* No legal move: mated ("mate 0") or stalemated ("cp 0"). */
		snprintf(part, sizeof part, "info depth 0 score %s", score);
		say(u, part);
		return;
	}
	snprintf(part, sizeof part, "info depth %d seldepth %d multipv %d score %s%s", info->depth, info->seldepth,
	         info->multipv, score,
	         info->bound == BOUND_LOWER_SCORE   ? " lowerbound"
	         : info->bound == BOUND_UPPER_SCORE ? " upperbound"
	                                            : "");
	append(line, sizeof line, &len, part);
	snprintf(part, sizeof part, " nodes %llu nps %llu hashfull %d", (unsigned long long)info->nodes,
	         (unsigned long long)info->nps, info->hashfull);
	append(line, sizeof line, &len, part);
	if (info->tb_used) { /* only a search with the tables has hits to count: without them the line stays as it was */
		snprintf(part, sizeof part, " tbhits %llu", (unsigned long long)info->tbhits);
		append(line, sizeof line, &len, part);
	}
	snprintf(part, sizeof part, " time %d pv", info->time_ms);
	append(line, sizeof line, &len, part);
	for (int i = 0; i < info->pv_len; i++) {
		char m[UCI_MOVE_MAX + 1] = " ";
		write_move(u, info->pv[i], m + 1);
		append(line, sizeof line, &len, m);
	}
	say(u, line);
}

static void on_best(void *ctx, move_t best, move_t ponder)
{
	struct uci *u = ctx;
	char line[64], b[UCI_MOVE_MAX], p[UCI_MOVE_MAX];
	write_move(u, best, b);
	if (ponder != MOVE_NONE) {
		write_move(u, ponder, p);
		snprintf(line, sizeof line, "bestmove %s ponder %s", b, p);
	} else {
		snprintf(line, sizeof line, "bestmove %s", b);
	}
	say(u, line);
}

/* ---------------------------------------------------------------- commands */

void uci_option_line(const struct engine_option *o, char *buf, size_t len)
{
	char def[128];
	size_t n = 0;
	engine_option_default(o, def, sizeof def);
	n += (size_t)snprintf(buf, len, "option name %s type %s", o->name, engine_option_type_name(o->type));
	/* UCI writes an empty string default as <empty>. */
	if (o->type != OPTION_BUTTON && n < len)
		n += (size_t)snprintf(buf + n, len - n, " default %s", def[0] ? def : "<empty>");
	if (o->type == OPTION_SPIN && n < len)
		n += (size_t)snprintf(buf + n, len - n, " min %d max %d", o->min, o->max);
	for (int i = 0; o->type == OPTION_COMBO && o->vars[i] && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, " var %s", o->vars[i]);
}

/* "uci": the name, the authors and the options, then uciok (a name of its own: cmd_uci is the entry point). */
static void cmd_identify(struct uci *u)
{
	char line[512];
	snprintf(line, sizeof line, "id name Outpost %s", PACKAGE_VERSION);
	say(u, line);
	say(u, "id author the Outpost authors");
	for (const struct engine_option *o = engine_options(); o->name; o++) {
		uci_option_line(o, line, sizeof line);
		say(u, line);
	}
	say(u, "uciok");
}

/* setoption name NAME WITH SPACES [value VALUE WITH SPACES] */
static void cmd_setoption(struct uci *u, char *args)
{
	char *name = strstr(args, "name");
	if (!name || (name != args && name[-1] != ' ') || (name[4] != ' ' && name[4] != '\0')) {
		info_string(u, "setoption needs 'name'", args);
		return;
	}
	name += 4;
	char *value = strstr(name, " value");
	if (value) {
		*value = '\0';
		value += 6;
		value += strspn(value, " ");
	}
	name += strspn(name, " ");
	for (size_t n = strlen(name); n > 0 && name[n - 1] == ' '; n--)
		name[n - 1] = '\0';
	char err[1400];
	if (!engine_set_option(u->engine, name, value, err, sizeof err))
		info_string(u, "setoption ignored", err);
	else if (err[0]) /* what SyzygyPath found and left out */
		info_note(u, err);
}

/* position startpos|fen FEN [moves M...]: all or nothing. */
static void cmd_position(struct uci *u, char *args)
{
	char fen[512] = "", err[256], *save = NULL;
	char *tok = strtok_r(args, " ", &save);
	if (tok && !strcmp(tok, "startpos")) {
		snprintf(fen, sizeof fen, "%s", FEN_START);
		tok = strtok_r(NULL, " ", &save);
	} else if (tok && !strcmp(tok, "fen")) {
		size_t len = 0;
		while ((tok = strtok_r(NULL, " ", &save)) && strcmp(tok, "moves")) {
			if (len + strlen(tok) + 2 > sizeof fen) {
				info_string(u, "position ignored", "FEN too long");
				return;
			}
			len += (size_t)snprintf(fen + len, sizeof fen - len, "%s%s", len ? " " : "", tok);
		}
	} else {
		info_string(u, "position ignored: expected 'startpos' or 'fen'", tok);
		return;
	}
	/* Each move is read in the position it is played from, once; the engine takes the line as it stands. */
	struct pos_line line = POS_LINE_EMPTY;
	if (!line_set_fen(&line, fen, err, sizeof err, NULL, 0)) {
		info_string(u, "position ignored: bad FEN", err);
		return;
	}
	if (tok && strcmp(tok, "moves")) {
		info_string(u, "position ignored: expected 'moves'", tok);
		line_free(&line);
		return;
	}
	const char *why = NULL;
	while (!why && tok && (tok = strtok_r(NULL, " ", &save))) {
		move_t m = uci_parse_move(&line.pos, tok);
		if (m == MOVE_NONE) {
			snprintf(err, sizeof err, "move %d '%.20s' is not legal there", line.ply + 1, tok);
			why = err;
		} else if (!line_play(&line, m)) {
			why = "out of memory";
		}
	}
	if (!why && !engine_set_line(u->engine, &line))
		why = "out of memory";
	if (why)
		info_string(u, "position ignored", why);
	line_free(&line);
}

/* A number after a go keyword; false (and a message) if it is missing or not a number. */
static bool go_number(struct uci *u, const char *key, const char *tok, long long *out)
{
	char *end;
	long long v = tok ? strtoll(tok, &end, 10) : 0;
	if (!tok || end == tok || *end) {
		info_string(u, "go: expected a number after", key);
		return false;
	}
	*out = v;
	return true;
}

static int clamp_int(long long v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : (int)v; }

static void cmd_go(struct uci *u, char *args)
{
	static const char *const keys[] = { "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate",
		                            "movetime" };
	struct engine_limits l;
	memset(&l, 0, sizeof l);
	char *save = NULL;
	char *tok = strtok_r(args, " ", &save);
	while (tok) {
		if (!strcmp(tok, "infinite")) {
			l.infinite = true;
		} else if (!strcmp(tok, "ponder")) {
			l.ponder = true;
		} else if (!strcmp(tok, "searchmoves")) {
			/* Every following token that is a legal move here. */
			while ((tok = strtok_r(NULL, " ", &save))) {
				move_t m = uci_parse_move(engine_position(u->engine), tok);
				if (m == MOVE_NONE)
					break;
				if (l.nsearchmoves < MAX_MOVES)
					l.searchmoves[l.nsearchmoves++] = m;
			}
			continue;
		} else {
			size_t k = 0, nkeys = sizeof keys / sizeof keys[0];
			while (k < nkeys && strcmp(tok, keys[k]))
				k++;
			long long v;
			char *key = tok;
			if (k == nkeys) {
				info_string(u, "go: unknown parameter ignored", tok);
			} else if (go_number(u, key, tok = strtok_r(NULL, " ", &save), &v)) {
				/* A clock at zero or below still counts as a clock: think as briefly as possible. */
				int ms = clamp_int(v, 1, 1 << 30), n = clamp_int(v, 0, 1 << 30);
				switch (k) {
				case 0: l.time_ms[WHITE] = ms; break;
				case 1: l.time_ms[BLACK] = ms; break;
				case 2: l.inc_ms[WHITE] = n; break;
				case 3: l.inc_ms[BLACK] = n; break;
				case 4: l.movestogo = n; break;
				case 5: l.depth = clamp_int(v, 1, MAX_PLY - 2); break;
				case 6: l.nodes = v < 1 ? 1 : (uint64_t)v; break;
				case 7: l.mate = clamp_int(v, 1, MAX_PLY / 2); break;
				default: l.movetime_ms = ms; break;
				}
			} else if (!tok) {
				break;
			} else {
				continue; /* the bad value may be the next keyword */
			}
		}
		tok = strtok_r(NULL, " ", &save);
	}
	engine_go(u->engine, &l, on_info, on_best, u);
}

/* The non-standard `d`: the position as FEN, for people typing at the engine. */
static void cmd_display(struct uci *u)
{
	char fen[FEN_MAX], line[FEN_MAX + 16];
	pos_get_fen(engine_position(u->engine), fen, sizeof fen);
	snprintf(line, sizeof line, "info string fen %s", fen);
	say(u, line);
}

/* One command line; returns false on quit. */
static bool dispatch(struct uci *u, char *line)
{
	for (char *p = line; *p; p++)
		if (*p == '\t' || *p == '\r' || *p == '\n')
			*p = ' ';
	line += strspn(line, " ");
	for (size_t n = strlen(line); n > 0 && line[n - 1] == ' '; n--)
		line[n - 1] = '\0';
	if (!*line)
		return true;
	char *args = line + strcspn(line, " ");
	if (*args)
		*args++ = '\0';
	args += strspn(args, " ");

	if (!strcmp(line, "quit"))
		return false;
	if (!strcmp(line, "uci"))
		cmd_identify(u);
	else if (!strcmp(line, "isready"))
		say(u, "readyok");
	else if (!strcmp(line, "setoption"))
		cmd_setoption(u, args);
	else if (!strcmp(line, "ucinewgame"))
		engine_new_game(u->engine);
	else if (!strcmp(line, "position"))
		cmd_position(u, args);
	else if (!strcmp(line, "go"))
		cmd_go(u, args);
	else if (!strcmp(line, "stop"))
		engine_stop(u->engine);
	else if (!strcmp(line, "ponderhit"))
		engine_ponderhit(u->engine);
	else if (!strcmp(line, "debug") || !strcmp(line, "register"))
		; /* accepted: there is no debug output to turn on and nothing to register */
	else if (!strcmp(line, "d"))
		cmd_display(u);
	else
		info_string(u, "unknown command", line);
	return true;
}

int uci_loop(FILE *in, FILE *out)
{
	struct uci u;
	memset(&u, 0, sizeof u);
	u.out = out;
	atomic_init(&u.gone, false);
	u.engine = engine_new();
	if (!u.engine) {
		fprintf(stderr, "outpost: out of memory starting the engine\n");
		return 1;
	}
	pthread_mutex_init(&u.out_lock, NULL);
	char *line = NULL;
	size_t cap = 0;
	while (!atomic_load(&u.gone) && getline(&line, &cap, in) >= 0) {
		if (!dispatch(&u, line))
			break;
	}
	/* quit, end of input or output lost: stop thinking, let the last bestmove out, then go. */
	engine_stop(u.engine);
	engine_wait(u.engine);
	engine_free(u.engine);
	pthread_mutex_destroy(&u.out_lock);
	free(line);
	if (atomic_load(&u.gone)) {
		fprintf(stderr, "outpost: cannot write the UCI answers (%s); stopping\n",
		        u.gone_errno ? strerror(u.gone_errno) : "output error");
		return 1;
	}
	return 0;
}
