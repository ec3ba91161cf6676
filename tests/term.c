/* The tmux harness for the terminal tests: one private tmux server and temporary home per test. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "term.h"
#include "rules/types.h"
#include "tui/base/layout.h"

#define ARGS_MAX 24

/* Runs tmux with the given arguments (NULL-terminated), its output into out (may be NULL); returns the exit status. */
static int run_tmux(char *out, size_t outlen, const char *const *args)
{
	int fd[2];
	if (pipe(fd) != 0)
		return -1;
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int devnull = open("/dev/null", O_RDWR);
		/* Only a command whose output is wanted writes into the pipe: new-session starts the server,
		   which would keep the pipe open for ever. */
		dup2(out ? fd[1] : devnull, STDOUT_FILENO);
		dup2(devnull, STDERR_FILENO);
		dup2(devnull, STDIN_FILENO);
		close(fd[0]);
		close(fd[1]);
		close(devnull);
		unsetenv("TMUX");
		setenv("LC_ALL", "C.UTF-8", 1); /* tmux reads and writes the panes' UTF-8 text */
		execvp("tmux", (char *const *)args);
		_exit(127);
	}
	close(fd[1]);
	size_t n = 0;
	char sink[4096];
	for (;;) {
		char *dst = out && n + 1 < outlen ? out + n : sink;
		size_t room = out && n + 1 < outlen ? outlen - n - 1 : sizeof sink;
		ssize_t got = read(fd[0], dst, room);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		if (dst != sink)
			n += (size_t)got;
	}
	close(fd[0]);
	if (out && outlen)
		out[n] = '\0';
	int status;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* tmux -L socket -f conf ARGS... */
static int tmux(struct term *t, char *out, size_t outlen, ...)
{
	const char *args[ARGS_MAX];
	char conf[300];
	snprintf(conf, sizeof conf, "%s/tmux.conf", t->dir);
	int n = 0;
	args[n++] = "tmux";
	args[n++] = "-L";
	args[n++] = t->socket;
	args[n++] = "-f";
	args[n++] = conf;
	va_list ap;
	va_start(ap, outlen);
	const char *a;
	while ((a = va_arg(ap, const char *)) && n < ARGS_MAX - 1)
		args[n++] = a;
	va_end(ap);
	args[n] = NULL;
	return run_tmux(out, outlen, args);
}

/* tmux -L socket -f conf, then the arguments in more (NULL-terminated, at most ARGS_MAX + 74). */
static int tmux_argv(struct term *t, const char *const *more)
{
	const char *args[ARGS_MAX + 80];
	char conf[300];
	snprintf(conf, sizeof conf, "%s/tmux.conf", t->dir);
	int n = 0;
	args[n++] = "tmux";
	args[n++] = "-L";
	args[n++] = t->socket;
	args[n++] = "-f";
	args[n++] = conf;
	for (int i = 0; more[i] && n < ARGS_MAX + 79; i++)
		args[n++] = more[i];
	args[n] = NULL;
	return run_tmux(NULL, 0, args);
}

void term_write_file(struct term *t, const char *path, const char *text)
{
	char full[512];
	snprintf(full, sizeof full, "%s/%s", t->dir, path);
	/* Make the directories along the way. */
	for (char *p = full + strlen(t->dir) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		mkdir(full, 0700);
		*p = '/';
	}
	FILE *f = fopen(full, "w");
	cr_assert_not_null(f, "cannot write %s", full);
	fputs(text, f);
	fclose(f);
}

char *term_read_file(struct term *t, const char *path)
{
	char full[512];
	snprintf(full, sizeof full, "%s/%s", t->dir, path);
	FILE *f = fopen(full, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	cr_assert_not_null(buf);
	n = fread(buf, 1, cap - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);
}

void term_init(struct term *t)
{
	memset(t, 0, sizeof *t);
	snprintf(t->dir, sizeof t->dir, "/tmp/outpost-tui-XXXXXX");
	cr_assert_not_null(mkdtemp(t->dir), "mkdtemp: %s", strerror(errno));
	snprintf(t->socket, sizeof t->socket, "outpost-test-%ld-%ld", (long)getpid(), (long)time(NULL));
	/* When the program ends, its pane, session and server end too: nothing is left behind. */
	term_write_file(t, "tmux.conf", "set -g status off\n");
}

const char *term_program(void)
{
	const char *other = getenv("OUTPOST_TEST_BIN");
	return other && *other ? other : OUTPOST_BIN;
}

/* Starts `program ARGS` in a new tmux session at cols x lines. */
static void start_session(struct term *t, const char *locale, const char *termname, int cols, int lines,
                          const char *program)
{
	char command[2048], w[16], h[16];
	/* A watchdog: should a test die before it cleans up, the program (and so tmux) ends by itself. */
	snprintf(command, sizeof command,
	         "exec timeout --foreground -s KILL 150 env HOME='%s' XDG_CONFIG_HOME='%s/config' "
	         "XDG_DATA_HOME='%s/data' USER=tester LANG=%s LC_ALL=%s TERM=%s %s",
	         t->dir, t->dir, t->dir, locale, locale, termname, program);
	snprintf(w, sizeof w, "%d", cols);
	snprintf(h, sizeof h, "%d", lines);
	t->cols = cols;
	t->lines = lines;
	int rc = -1;
	/* A server on this socket that is still shutting down refuses a new session for a moment. */
	for (int tries = 0; rc != 0 && tries < 20; tries++) {
		if (tries)
			sleep_ms(50);
		rc = tmux(t, NULL, 0, "new-session", "-d", "-s", "game", "-x", w, "-y", h, command, (char *)NULL);
	}
	cr_assert_eq(rc, 0, "tmux new-session failed (is tmux installed?)");
}

void term_start(struct term *t, const char *locale, const char *termname, int cols, int lines, const char *args)
{
	char program[1024];
	snprintf(program, sizeof program, "'%s' %s", term_program(), args);
	start_session(t, locale, termname, cols, lines, program);
}

void term_start_shell(struct term *t, const char *locale, const char *termname, int cols, int lines)
{
	start_session(t, locale, termname, cols, lines, "PS1='outpost-shell$ ' bash --norc --noprofile -i");
}

void term_type(struct term *t, const char *text)
{
	tmux(t, NULL, 0, "send-keys", "-t", "game", "-l", "--", text, (char *)NULL);
}

void term_key(struct term *t, const char *key)
{
	tmux(t, NULL, 0, "send-keys", "-t", "game", key, (char *)NULL);
}

/* The report of the left button pressed or released at row, col, appended to out. */
static void mouse_report(char *out, size_t len, bool press, int row, int col, bool sgr)
{
	size_t used = strlen(out);
	if (sgr) /* ESC [ < button ; column ; row, M for a press and m for a release, counted from 1 */
		snprintf(out + used, len - used, "\033[<0;%d;%d%c", col + 1, row + 1, press ? 'M' : 'm');
	else /* ESC [ M then three bytes, each 32 more: button (3 = released), column and row counted from 1 */
		snprintf(out + used, len - used, "\033[M%c%c%c", press ? 32 : 35, 33 + col, 33 + row);
}

/* Sends bytes as they are, in one write (send-keys -H): a report ending in ';' would end tmux's command. */
static void send_bytes(struct term *t, const char *bytes)
{
	char hex[64][4];
	const char *args[72] = { "send-keys", "-t", "game", "-H" };
	int n = 4;
	for (size_t i = 0; bytes[i] && i < 64; i++) {
		snprintf(hex[i], sizeof hex[i], "%02x", (unsigned char)bytes[i]);
		args[n++] = hex[i];
	}
	args[n] = NULL;
	tmux_argv(t, args);
}

void term_mouse(struct term *t, bool press, int row, int col, bool sgr)
{
	char report[32] = "";
	mouse_report(report, sizeof report, press, row, col, sgr);
	send_bytes(t, report);
}

void term_click_at_once(struct term *t, const char *name, bool flipped, bool sgr)
{
	char reports[64] = "";
	int row, col;
	term_square_cell(t, name, flipped, &row, &col);
	mouse_report(reports, sizeof reports, true, row, col, sgr);
	mouse_report(reports, sizeof reports, false, row, col, sgr);
	send_bytes(t, reports);
}

void term_square_cell(const struct term *t, const char *name, bool flipped, int *row, int *col)
{
	struct layout lay;
	layout_compute(t->lines, t->cols, &lay);
	layout_square_cell(&lay, flipped, make_square(name[0] - 'a', name[1] - '1'), row, col);
}

void term_mouse_square(struct term *t, bool press, const char *name, bool flipped, bool sgr)
{
	int row, col;
	term_square_cell(t, name, flipped, &row, &col);
	term_mouse(t, press, row, col, sgr);
}

const char *term_capture(struct term *t)
{
	tmux(t, t->screen, sizeof t->screen, "capture-pane", "-p", "-t", "game", (char *)NULL);
	return t->screen;
}

void term_capture_styled(struct term *t, char *buf, size_t len)
{
	tmux(t, buf, len, "capture-pane", "-p", "-e", "-t", "game", (char *)NULL);
}

bool term_wait(struct term *t, const char *text, int timeout_ms)
{
	timeout_ms *= test_time_scale(); /* a sanitized program draws slower */
	for (int waited = 0;; waited += 50) {
		if (strstr(term_capture(t), text))
			return true;
		if (waited >= timeout_ms)
			return false;
		sleep_ms(50);
	}
}

void term_expect(struct term *t, const char *text)
{
	cr_assert(term_wait(t, text, TERM_WAIT), "'%s' never appeared; the screen:\n%s", text, t->screen);
}

void term_refute(const struct term *t, const char *text)
{
	cr_assert(!strstr(t->screen, text), "'%s' should not be on the screen:\n%s", text, t->screen);
}

/* A screen's rows joined by one space each, trailing blanks dropped: a message over several rows reads whole. */
static void joined_rows(const char *screen, char *out, size_t len)
{
	size_t n = 0;
	for (const char *p = screen; *p && n + 1 < len;) {
		size_t row = strcspn(p, "\n"), keep = row;
		while (keep > 0 && p[keep - 1] == ' ')
			keep--;
		n += (size_t)snprintf(out + n, len - n, "%s%.*s", n ? " " : "", (int)keep, p);
		if (n >= len)
			n = len - 1;
		p += row + (p[row] == '\n');
	}
	out[n] = '\0';
}

bool term_said(struct term *t, const char *text, int timeout_ms)
{
	static char joined[sizeof t->screen + 256], unwrapped[sizeof t->screen];
	timeout_ms *= test_time_scale(); /* a sanitized program draws slower */
	for (int waited = 0;; waited += 50) {
		term_capture(t);
		joined_rows(t->screen, joined, sizeof joined);
		if (strstr(joined, text))
			return true;
		/* Plain text the terminal wrapped at its last column, wherever the break fell (tmux joins it: -J). */
		tmux(t, unwrapped, sizeof unwrapped, "capture-pane", "-p", "-J", "-t", "game", (char *)NULL);
		joined_rows(unwrapped, joined, sizeof joined);
		if (strstr(joined, text))
			return true;
		if (waited >= timeout_ms)
			return false;
		sleep_ms(50);
	}
}

void term_expect_said(struct term *t, const char *text)
{
	cr_assert(term_said(t, text, TERM_WAIT), "'%s' was never said; the screen:\n%s", text, t->screen);
}

void term_expect_square(struct term *t, const char *name, const char *piece, bool flipped)
{
	for (int waited = 0;; waited += 50) {
		term_capture(t);
		if (!strcmp(term_square(t, name, flipped), piece))
			return;
		cr_assert(waited < TERM_WAIT * test_time_scale(), "%s should show '%s'; the screen:\n%s", name, piece,
		          t->screen);
		sleep_ms(50);
	}
}

void term_enter(struct term *t, const char *line)
{
	term_type(t, line);
	term_key(t, "Enter");
}

bool term_wait_gone(struct term *t, const char *text, int timeout_ms)
{
	timeout_ms *= test_time_scale(); /* a sanitized program draws slower */
	for (int waited = 0;; waited += 50) {
		if (!strstr(term_capture(t), text))
			return true;
		if (waited >= timeout_ms)
			return false;
		sleep_ms(50);
	}
}

void term_row(const struct term *t, int row, char *buf, int len)
{
	const char *p = t->screen;
	for (int i = 0; i < row && p; i++) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	buf[0] = '\0';
	if (!p)
		return;
	int n = (int)strcspn(p, "\n");
	snprintf(buf, (size_t)len, "%.*s", n, p);
}

void term_cell(const struct term *t, int row, int col, char *out, size_t len)
{
	char line[1024];
	term_row(t, row, line, sizeof line);
	const char *p = line;
	for (int c = 0; c < col && *p; c++) {
		p++;
		while ((*p & 0xc0) == 0x80)
			p++;
	}
	size_t n = 1;
	while ((p[n] & 0xc0) == 0x80)
		n++;
	snprintf(out, len, "%.*s", *p ? (int)n : 0, p);
}

bool term_wait_exit(struct term *t, int timeout_ms)
{
	timeout_ms *= test_time_scale(); /* a sanitized program draws slower */
	for (int waited = 0; term_alive(t); waited += 50) {
		if (waited >= timeout_ms)
			return false;
		sleep_ms(50);
	}
	return true;
}

const char *term_square(const struct term *t, const char *name, bool flipped)
{
	static char out[8];
	struct layout lay;
	layout_compute(t->lines, t->cols, &lay);
	int file = name[0] - 'a', rank = name[1] - '1';
	int i = flipped ? rank : 7 - rank, j = flipped ? 7 - file : file;
	term_cell(t, lay.board.y + i * lay.sq_h + (lay.sq_h - 1) / 2, lay.board.x + j * lay.sq_w + lay.sq_w / 2, out,
	          sizeof out);
	return out;
}

void term_resize(struct term *t, int cols, int lines)
{
	t->cols = cols;
	t->lines = lines;
	char w[16], h[16];
	snprintf(w, sizeof w, "%d", cols);
	snprintf(h, sizeof h, "%d", lines);
	tmux(t, NULL, 0, "resize-window", "-t", "game", "-x", w, "-y", h, (char *)NULL);
}

/* The first child of pid (0 if none). */
static int child_of(int pid)
{
	char path[64], children[64] = "";
	snprintf(path, sizeof path, "/proc/%d/task/%d/children", pid, pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	if (!fgets(children, sizeof children, f))
		children[0] = '\0';
	fclose(f);
	return atoi(children);
}

int term_pid(struct term *t)
{
	char out[64] = "";
	tmux(t, out, sizeof out, "display-message", "-p", "-t", "game", "#{pane_pid}", (char *)NULL);
	/* The pane runs the watchdog; the program is its one child. */
	return atoi(out) > 0 ? child_of(atoi(out)) : 0;
}

int term_job_pid(struct term *t)
{
	int shell = term_pid(t);
	return shell > 0 ? child_of(shell) : 0;
}

bool term_alive(struct term *t) { return tmux(t, NULL, 0, "has-session", "-t", "game", (char *)NULL) == 0; }

void term_stop(struct term *t) { tmux(t, NULL, 0, "kill-server", (char *)NULL); }

void term_cleanup(struct term *t)
{
	/* The program saves its game when tmux hangs up on it: let it finish before its home goes. */
	int program = term_alive(t) ? term_pid(t) : 0;
	term_stop(t);
	for (int i = 0; program > 0 && i < 100 && kill(program, 0) == 0; i++)
		sleep_ms(20);
	if (t->dir[0] && !strncmp(t->dir, "/tmp/outpost-tui-", 17)) {
		const char *args[] = { "rm", "-rf", t->dir, NULL };
		pid_t pid = fork();
		if (pid == 0) {
			execvp("rm", (char *const *)args);
			_exit(127);
		}
		if (pid > 0)
			waitpid(pid, NULL, 0);
	}
}
