/*
 * The UCI client.  The handshake runs on the caller's thread; after it, a
 * reading thread owns the child's output: it parses info and bestmove lines,
 * calls the callbacks, watches the deadline of a search, and on the child's
 * end (or a hang, when it kills it) reaps it and ends any search with
 * MOVE_NONE.  The caller's thread writes commands; `lock` guards the search's
 * state between the two.
 */
#include "protocol/uci_client.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <unistd.h>

#include "protocol/uci_info.h"
#include "rules/clock.h"
#include "rules/line.h"
#include "rules/uci_move.h"

#define OPTION_NAMES_MAX 128
#define OPTION_NAME_MAX 64
#define READ_POLL_MS 100 /* how often the reading thread looks at the deadline and at quitting */
#define QUIT_GRACE_MS 1000 /* how long a child gets to leave after quit before it is killed */

extern char **environ;

enum search_state { IDLE, SEARCHING, REPORTING };

struct uci_client {
	pid_t pid; /* 0 once reaped */
	int to, from;
	int timeout_ms;
	char name[UCI_CLIENT_NAME_MAX];
	char option_names[OPTION_NAMES_MAX][OPTION_NAME_MAX];
	int noption_names;

	/* What has been read and not yet taken as a line (the handshake's, then the reading thread's). */
	char buf[UCI_INFO_LINE_MAX];
	size_t len;
	bool discarding; /* the rest of an overlong line is being dropped */

	pthread_t reader;
	bool reader_started;
	atomic_bool quitting;

	pthread_mutex_t lock;
	pthread_cond_t cond;
	/* Under lock: */
	enum search_state state;
	bool dead;
	bool garbled_said;  /* one garbled line a search is reported, not every one */
	int64_t deadline;   /* monotonic ms by which bestmove must come; 0: none */
	engine_info_fn on_info;
	engine_best_fn on_best;
	void *ctx;
	struct pos_line root; /* the position searched; changed only while idle */
	char problem[512];
	bool chess960;        /* UCI_Chess960 set: castling is sent as the king taking its rook */
};

/* ---------------------------------------------------------------- the child */

/* A pipe whose ends do not leak into the child (dup2 gives it its own copies of the ends it needs). */
static bool make_pipe(int fd[2], char *err, size_t errlen)
{
	if (pipe(fd) != 0) {
		snprintf(err, errlen, "cannot make a pipe: %s", strerror(errno));
		return false;
	}
	fcntl(fd[0], F_SETFD, FD_CLOEXEC);
	fcntl(fd[1], F_SETFD, FD_CLOEXEC);
	return true;
}

static bool spawn_child(struct uci_client *c, const char *file, char *err, size_t errlen)
{
	int in[2], out[2];
	if (!make_pipe(in, err, errlen))
		return false;
	if (!make_pipe(out, err, errlen)) {
		close(in[0]);
		close(in[1]);
		return false;
	}
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, in[0], STDIN_FILENO);
	posix_spawn_file_actions_adddup2(&fa, out[1], STDOUT_FILENO);
	posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
	char *argv[] = { (char *)file, NULL };
	int rc = posix_spawnp(&c->pid, file, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(in[0]);
	close(out[1]);
	if (rc != 0) {
		snprintf(err, errlen, "cannot start '%s': %s", file, strerror(rc));
		close(in[1]);
		close(out[0]);
		c->pid = 0;
		return false;
	}
	c->to = in[1];
	c->from = out[0];
	/* A child that stops reading must not block us: a command that does not fit is dropped instead. */
	fcntl(c->to, F_SETFL, fcntl(c->to, F_GETFL) | O_NONBLOCK);
	return true;
}

/* "exited (status 1)", "crashed (Segmentation fault)". */
static void describe_status(int status, char *buf, size_t len)
{
	if (WIFEXITED(status))
		snprintf(buf, len, "exited (status %d)", WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(buf, len, "crashed (%s)", strsignal(WTERMSIG(status)));
	else
		snprintf(buf, len, "ended");
}

/* Waits for the child (killing it first when asked, or when it lingers); the status, or -1 when already reaped. */
static int reap(struct uci_client *c, bool kill_first)
{
	pid_t pid = c->pid;
	int status = 0;
	if (pid <= 0)
		return -1;
	if (kill_first)
		kill(pid, SIGKILL);
	int64_t until = monotonic_ms() + QUIT_GRACE_MS;
	pid_t r;
	while ((r = waitpid(pid, &status, WNOHANG)) == 0 && monotonic_ms() < until)
		usleep(10000);
	if (r == 0) {
		kill(pid, SIGKILL);
		r = waitpid(pid, &status, 0);
	}
	c->pid = 0;
	return r == pid ? status : -1;
}

/* Writes a whole command and its newline; false when the child is gone or not reading. */
static bool send_line(struct uci_client *c, const char *text)
{
	size_t n = strlen(text);
	char *line = malloc(n + 2);
	if (!line)
		return false;
	memcpy(line, text, n);
	line[n] = '\n';
	size_t done = 0;
	while (done < n + 1) {
		ssize_t w = write(c->to, line + done, n + 1 - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		done += (size_t)w;
	}
	free(line);
	return done == n + 1;
}

/*
 * The next line within timeout_ms: 1 with it in line, 0 on timeout, -1 at the
 * end of the output.  A line longer than the buffer is cut and its rest dropped.
 */
static int read_line(struct uci_client *c, char *line, size_t size, int timeout_ms)
{
	int64_t until = monotonic_ms() + timeout_ms;
	for (;;) {
		char *nl = memchr(c->buf, '\n', c->len);
		if (nl || c->len == sizeof c->buf) {
			size_t n = nl ? (size_t)(nl - c->buf) : c->len, take = n < size - 1 ? n : size - 1;
			bool drop = c->discarding;
			memcpy(line, c->buf, take);
			line[take] = '\0';
			if (take > 0 && line[take - 1] == '\r')
				line[take - 1] = '\0';
			size_t used = nl ? n + 1 : n;
			memmove(c->buf, c->buf + used, c->len - used);
			c->len -= used;
			c->discarding = !nl;
			if (!drop)
				return 1;
			continue;
		}
		int left = (int)(until - monotonic_ms());
		if (left <= 0)
			return 0;
		struct pollfd pfd = { c->from, POLLIN, 0 };
		int p = poll(&pfd, 1, left);
		if (p < 0 && errno != EINTR)
			return -1;
		if (p <= 0)
			continue;
		ssize_t r = read(c->from, c->buf + c->len, sizeof c->buf - c->len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		c->len += (size_t)r;
	}
}

/* ---------------------------------------------------------------- the handshake */

/* "option name Skill Level type spin ...": the name, kept for checking the options asked for. */
static void note_option(struct uci_client *c, const char *line)
{
	const char *name = line + strlen("option name ");
	const char *type = strstr(name, " type ");
	size_t n = type ? (size_t)(type - name) : strlen(name);
	if (c->noption_names < OPTION_NAMES_MAX && n > 0 && n < OPTION_NAME_MAX)
		snprintf(c->option_names[c->noption_names++], OPTION_NAME_MAX, "%.*s", (int)n, name);
}

/* Reads lines until one is `want`; the id and options on the way are noted.  False with a message. */
static bool await(struct uci_client *c, const char *want, const char *sent, char *err, size_t errlen)
{
	char line[UCI_INFO_LINE_MAX];
	int64_t until = monotonic_ms() + c->timeout_ms;
	for (;;) {
		int left = (int)(until - monotonic_ms());
		int r = left > 0 ? read_line(c, line, sizeof line, left) : 0;
		if (r == 0) {
			snprintf(err, errlen, "%s: no %s within %d ms of %s", c->name, want, c->timeout_ms, sent);
			return false;
		}
		if (r < 0) {
			char how[64];
			describe_status(reap(c, false), how, sizeof how);
			snprintf(err, errlen, "%s %s before %s", c->name, how, want);
			return false;
		}
		if (!strcmp(line, want))
			return true;
		if (!strncmp(line, "id name ", 8) && line[8])
			snprintf(c->name, sizeof c->name, "%.*s", UCI_CLIENT_NAME_MAX - 1, line + 8);
		else if (!strncmp(line, "option name ", 12))
			note_option(c, line);
	}
}

bool uci_client_has_option(const struct uci_client *c, const char *name)
{
	for (int i = 0; i < c->noption_names; i++)
		if (!strcasecmp(c->option_names[i], name))
			return true;
	return false;
}

/* "Name=Value" into its two halves, blanks trimmed. */
static bool split_option(const char *text, char *name, size_t nlen, char *value, size_t vlen)
{
	const char *eq = strchr(text, '=');
	if (!eq)
		return false;
	const char *a = text + strspn(text, " "), *b = eq;
	while (b > a && b[-1] == ' ')
		b--;
	snprintf(name, nlen, "%.*s", (int)(b - a), a);
	snprintf(value, vlen, "%s", eq + 1 + strspn(eq + 1, " "));
	return name[0] != '\0';
}

static bool set_options(struct uci_client *c, const struct uci_client_config *cfg, char *err, size_t errlen)
{
	for (int i = 0; i < cfg->noptions; i++) {
		char name[OPTION_NAME_MAX], value[256];
		if (!split_option(cfg->options[i], name, sizeof name, value, sizeof value)) {
			snprintf(err, errlen, "'%s' is not NAME=VALUE", cfg->options[i]);
			return false;
		}
		if (!uci_client_has_option(c, name)) {
			snprintf(err, errlen, "%s has no option '%s'", c->name, name);
			return false;
		}
		uci_client_set_option(c, name, value); /* a child gone meanwhile shows at readyok */
	}
	return true;
}

/* ---------------------------------------------------------------- the reading thread */

/* Ends the search (if one runs) with this move: on_best once, then idle. */
static void finish_search(struct uci_client *c, move_t best, move_t ponder)
{
	pthread_mutex_lock(&c->lock);
	if (c->state != SEARCHING) {
		pthread_mutex_unlock(&c->lock);
		return;
	}
	c->state = REPORTING;
	engine_best_fn on_best = c->on_best;
	void *ctx = c->ctx;
	pthread_mutex_unlock(&c->lock);
	on_best(ctx, best, ponder);
	pthread_mutex_lock(&c->lock);
	c->state = IDLE;
	pthread_cond_broadcast(&c->cond);
	pthread_mutex_unlock(&c->lock);
}

/* Notes a problem for the caller to take (the first one since it last asked is kept). */
static void say_problem(struct uci_client *c, const char *what, const char *detail)
{
	pthread_mutex_lock(&c->lock);
	if (!c->problem[0])
		snprintf(c->problem, sizeof c->problem, "%s %s%s%.80s%s", c->name, what, detail ? " '" : "",
		         detail ? detail : "", detail ? "'" : "");
	pthread_mutex_unlock(&c->lock);
}

static void on_info_line(struct uci_client *c, const char *line)
{
	struct engine_info info;
	pthread_mutex_lock(&c->lock);
	bool searching = c->state == SEARCHING;
	engine_info_fn on_info = c->on_info;
	void *ctx = c->ctx;
	pthread_mutex_unlock(&c->lock);
	if (!searching)
		return;
	/* The root changes only while idle, and only this thread ends a search: it holds still here. */
	enum uci_info_kind kind = uci_info_parse(line, &c->root.pos, &info);
	if (kind == UCI_INFO_LINE && on_info)
		on_info(ctx, &info);
	if (kind != UCI_INFO_GARBLED)
		return;
	pthread_mutex_lock(&c->lock);
	bool first = !c->garbled_said;
	c->garbled_said = true;
	pthread_mutex_unlock(&c->lock);
	if (first)
		say_problem(c, "sent a line that is not UCI (ignored):", line);
}

/* bestmove MOVE [ponder MOVE]: the move must be legal in the position searched. */
static void on_bestmove(struct uci_client *c, const char *line)
{
	char best[32] = "", ponder[32] = "";
	if (sscanf(line, "bestmove %31s ponder %31s", best, ponder) < 1) {
		say_problem(c, "sent a bestmove without a move:", line);
		finish_search(c, MOVE_NONE, MOVE_NONE);
		return;
	}
	move_t m = uci_parse_move(&c->root.pos, best), p = MOVE_NONE;
	if (m == MOVE_NONE && strcmp(best, "0000") && strcmp(best, "(none)"))
		say_problem(c, "played a move that is not legal here:", best);
	if (m != MOVE_NONE && ponder[0]) {
		struct position pos;
		struct state st[2];
		pos_copy(&pos, &st[0], &c->root.pos);
		pos_make_move(&pos, m, &st[1]);
		p = uci_parse_move(&pos, ponder);
	}
	finish_search(c, m, p);
}

/* The child's output ended: it exited or crashed (or we killed it).  Reaped, reported, any search ended. */
static void on_end(struct uci_client *c)
{
	int status = reap(c, false);
	char how[96];
	describe_status(status, how, sizeof how);
	pthread_mutex_lock(&c->lock);
	bool was_dead = c->dead;
	c->dead = true;
	pthread_cond_broadcast(&c->cond);
	pthread_mutex_unlock(&c->lock);
	if (!was_dead && status >= 0 && !atomic_load(&c->quitting))
		say_problem(c, how, NULL);
	finish_search(c, MOVE_NONE, MOVE_NONE);
}

/* No bestmove by the deadline: the child is killed as hung. */
static void check_deadline(struct uci_client *c)
{
	pthread_mutex_lock(&c->lock);
	bool late = c->state == SEARCHING && c->deadline && monotonic_ms() > c->deadline && !c->dead;
	if (late)
		c->dead = true;
	pthread_mutex_unlock(&c->lock);
	if (!late)
		return;
	say_problem(c, "did not answer in time and was stopped", NULL);
	reap(c, true);
	finish_search(c, MOVE_NONE, MOVE_NONE);
}

static void *reader_main(void *arg)
{
	struct uci_client *c = arg;
	char line[UCI_INFO_LINE_MAX];
	while (!atomic_load(&c->quitting)) {
		int r = read_line(c, line, sizeof line, READ_POLL_MS);
		if (r < 0) {
			on_end(c);
			break;
		}
		if (r > 0 && !strncmp(line, "info", 4) && (line[4] == ' ' || !line[4]))
			on_info_line(c, line);
		else if (r > 0 && !strncmp(line, "bestmove", 8))
			on_bestmove(c, line);
		check_deadline(c);
	}
	return NULL;
}

/* ---------------------------------------------------------------- the service */

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash && slash[1] ? slash + 1 : path;
}

struct uci_client *uci_client_start(const struct uci_client_config *cfg, char *err, size_t errlen)
{
	signal(SIGPIPE, SIG_IGN);
	err[0] = '\0';
	struct uci_client *c = calloc(1, sizeof *c);
	if (!c) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	c->to = c->from = -1;
	c->timeout_ms = cfg->timeout_ms > 0 ? cfg->timeout_ms : UCI_CLIENT_TIMEOUT_MS;
	c->root = POS_LINE_EMPTY;
	snprintf(c->name, sizeof c->name, "%s", base_name(cfg->file));
	pthread_mutex_init(&c->lock, NULL);
	pthread_cond_init(&c->cond, NULL);
	atomic_init(&c->quitting, false);
	char why[160];
	/* A command that cannot be written shows as the child's end while awaiting the answer. */
	bool ok = line_set_fen(&c->root, FEN_START, why, sizeof why, NULL, 0) &&
	          spawn_child(c, cfg->file, err, errlen) && (send_line(c, "uci"), await(c, "uciok", "uci", err, errlen)) &&
	          set_options(c, cfg, err, errlen) &&
	          (send_line(c, "isready"), await(c, "readyok", "isready", err, errlen));
	if (ok && !(c->reader_started = pthread_create(&c->reader, NULL, reader_main, c) == 0))
		snprintf(err, errlen, "cannot start a thread");
	if (!ok || !c->reader_started) {
		if (!err[0])
			snprintf(err, errlen, "out of memory");
		reap(c, true);
		uci_client_free(c);
		return NULL;
	}
	return c;
}

void uci_client_free(struct uci_client *c)
{
	if (!c)
		return;
	if (c->reader_started) {
		uci_client_stop(c);
		uci_client_wait(c);
		send_line(c, "quit");
		/* The reading thread sees the output end and reaps; a child that lingers is killed. */
		pthread_mutex_lock(&c->lock);
		atomic_store(&c->quitting, true);
		pthread_mutex_unlock(&c->lock);
	}
	if (c->to >= 0)
		close(c->to);
	if (c->reader_started)
		pthread_join(c->reader, NULL);
	reap(c, false);
	if (c->from >= 0)
		close(c->from);
	line_free(&c->root);
	pthread_mutex_destroy(&c->lock);
	pthread_cond_destroy(&c->cond);
	free(c);
}

const char *uci_client_name(const struct uci_client *c) { return c->name; }
pid_t uci_client_pid(const struct uci_client *c) { return c->pid; }

bool uci_client_dead(const struct uci_client *c)
{
	pthread_mutex_lock((pthread_mutex_t *)&c->lock);
	bool dead = c->dead;
	pthread_mutex_unlock((pthread_mutex_t *)&c->lock);
	return dead;
}

bool uci_client_searching(const struct uci_client *c)
{
	pthread_mutex_lock((pthread_mutex_t *)&c->lock);
	bool s = c->state != IDLE;
	pthread_mutex_unlock((pthread_mutex_t *)&c->lock);
	return s;
}

bool uci_client_set_option(struct uci_client *c, const char *name, const char *value)
{
	char line[512];
	if (!uci_client_has_option(c, name))
		return false;
	snprintf(line, sizeof line, "setoption name %s value %s", name, value);
	return send_line(c, line);
}

void uci_client_new_game(struct uci_client *c) { send_line(c, "ucinewgame"); }

bool uci_client_set_chess960(struct uci_client *c, bool on)
{
	if (on == c->chess960)
		return true;
	if (!uci_client_has_option(c, "UCI_Chess960"))
		return !on;
	if (!uci_client_set_option(c, "UCI_Chess960", on ? "true" : "false"))
		return false;
	c->chess960 = on;
	return true;
}

bool uci_client_take_problem(struct uci_client *c, char *buf, size_t len)
{
	pthread_mutex_lock(&c->lock);
	bool any = c->problem[0] != '\0';
	if (any)
		snprintf(buf, len, "%s", c->problem);
	c->problem[0] = '\0';
	pthread_mutex_unlock(&c->lock);
	return any;
}

void uci_client_stop(struct uci_client *c)
{
	pthread_mutex_lock(&c->lock);
	if (c->state == SEARCHING && !c->dead) {
		int64_t by = monotonic_ms() + c->timeout_ms;
		if (!c->deadline || c->deadline > by)
			c->deadline = by;
		send_line(c, "stop");
	}
	pthread_mutex_unlock(&c->lock);
}

void uci_client_wait(struct uci_client *c)
{
	pthread_mutex_lock(&c->lock);
	while (c->state != IDLE)
		pthread_cond_wait(&c->cond, &c->lock);
	pthread_mutex_unlock(&c->lock);
}

/* The position command's text: "position startpos|fen F moves ..." (line: its game, for the castling rooks). */
static char *position_command(const char *fen, const move_t *moves, int nmoves, const struct pos_line *line,
                              bool chess960)
{
	size_t size = 64 + (fen ? strlen(fen) : 0) + (size_t)nmoves * UCI_MOVE_MAX;
	char *cmd = malloc(size);
	if (!cmd)
		return NULL;
	size_t n = (size_t)snprintf(cmd, size, "position %s%s%s", fen ? "fen " : "startpos", fen ? fen : "",
	                            nmoves ? " moves" : "");
	for (int i = 0; i < nmoves; i++) {
		char m[UCI_MOVE_MAX];
		move_to_uci_in(&line->pos, moves[i], chess960, m);
		n += (size_t)snprintf(cmd + n, size - n, " %s", m);
	}
	return cmd;
}

/* "go wtime ... ": the limits as UCI words; the milliseconds the search may take in *budget (0: no bound). */
static void go_command(const struct engine_limits *l, int side, char *buf, size_t len, int64_t *budget)
{
	size_t n = (size_t)snprintf(buf, len, "go");
	*budget = 0;
	if (l->infinite)
		n += (size_t)snprintf(buf + n, len - n, " infinite");
	if (l->depth)
		n += (size_t)snprintf(buf + n, len - n, " depth %d", l->depth);
	if (l->nodes)
		n += (size_t)snprintf(buf + n, len - n, " nodes %llu", (unsigned long long)l->nodes);
	if (l->mate)
		n += (size_t)snprintf(buf + n, len - n, " mate %d", l->mate);
	if (l->movetime_ms) {
		n += (size_t)snprintf(buf + n, len - n, " movetime %d", l->movetime_ms);
		*budget = l->movetime_ms;
	}
	if (l->time_ms[WHITE] || l->time_ms[BLACK]) {
		n += (size_t)snprintf(buf + n, len - n, " wtime %d btime %d winc %d binc %d", l->time_ms[WHITE],
		                      l->time_ms[BLACK], l->inc_ms[WHITE], l->inc_ms[BLACK]);
		if (l->movestogo)
			n += (size_t)snprintf(buf + n, len - n, " movestogo %d", l->movestogo);
		if (!*budget)
			*budget = (int64_t)l->time_ms[side] + l->inc_ms[side];
	}
	if (l->infinite)
		*budget = 0;
}

bool uci_client_go(struct uci_client *c, const char *fen, const move_t *moves, int nmoves,
                   const struct engine_limits *l, engine_info_fn on_info, engine_best_fn on_best, void *ctx,
                   char *err, size_t errlen)
{
	uci_client_stop(c);
	uci_client_wait(c);
	if (uci_client_dead(c)) {
		snprintf(err, errlen, "%s is not running", c->name);
		return false;
	}
	struct pos_line line = POS_LINE_EMPTY;
	char why[160];
	if (!line_set_fen(&line, fen ? fen : FEN_START, why, sizeof why, NULL, 0)) {
		snprintf(err, errlen, "bad FEN: %s", why);
		return false;
	}
	for (int i = 0; i < nmoves; i++)
		if (!move_is_legal(&line.pos, moves[i]) || !line_play(&line, moves[i])) {
			snprintf(err, errlen, "move %d is not legal", i + 1);
			line_free(&line);
			return false;
		}
	char go[256];
	int64_t budget;
	go_command(l, line.pos.side, go, sizeof go, &budget);
	char *position = position_command(fen, moves, nmoves, &line, c->chess960);
	pthread_mutex_lock(&c->lock);
	line_free(&c->root);
	c->root = line;
	c->on_info = on_info;
	c->on_best = on_best;
	c->ctx = ctx;
	c->garbled_said = false;
	c->deadline = budget ? monotonic_ms() + budget + c->timeout_ms : 0;
	c->state = SEARCHING;
	pthread_mutex_unlock(&c->lock);
	/* A child that cannot take the commands is found dead by the reading thread, which ends the search. */
	if (!position || !send_line(c, position) || !send_line(c, go))
		say_problem(c, "could not be sent the search", NULL);
	free(position);
	return true;
}
