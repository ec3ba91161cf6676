/* A child outpost driven through pipes, for the UCI suites. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "notation/notation.h"
#include "rules/clock.h"
#include "uci_proc.h"

/* The child gets the pipes as its standard input and output; its standard error stays ours. */
void proc_start(struct proc *p, const char *mode)
{
	int in[2], out[2];
	cr_assert(pipe(in) == 0 && pipe(out) == 0);
	p->pid = fork();
	cr_assert(p->pid >= 0);
	if (p->pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[1]);
		close(out[0]);
		if (mode)
			execl(OUTPOST_BIN, OUTPOST_BIN, mode, (char *)NULL);
		else
			execl(OUTPOST_BIN, OUTPOST_BIN, (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	p->to = in[1];
	p->from = out[0];
	p->len = 0;
}

void proc_send_bytes(struct proc *p, const char *data, size_t n)
{
	size_t done = 0;
	while (done < n) {
		ssize_t w = write(p->to, data + done, n - done);
		cr_assert(w > 0 || errno == EINTR, "write to the engine failed");
		if (w > 0)
			done += (size_t)w;
	}
}

void proc_send(struct proc *p, const char *text) { proc_send_bytes(p, text, strlen(text)); }

/* The next line within timeout_ms, into line; false on timeout or end of output. */
bool proc_line(struct proc *p, char *line, size_t size, int timeout_ms)
{
	int64_t deadline = monotonic_ms() + timeout_ms;
	for (;;) {
		char *nl = memchr(p->buf, '\n', p->len);
		if (nl) {
			size_t n = (size_t)(nl - p->buf);
			size_t copy = n < size - 1 ? n : size - 1;
			memcpy(line, p->buf, copy);
			line[copy] = '\0';
			memmove(p->buf, nl + 1, p->len - n - 1);
			p->len -= n + 1;
			return true;
		}
		int left = (int)(deadline - monotonic_ms());
		if (left <= 0)
			return false;
		struct pollfd pfd = { p->from, POLLIN, 0 };
		if (poll(&pfd, 1, left) <= 0)
			continue;
		ssize_t r = read(p->from, p->buf + p->len, sizeof p->buf - p->len - 1);
		if (r <= 0)
			return false;
		p->len += (size_t)r;
	}
}

/* Reads lines until one starts with prefix; fails the test after timeout_ms. */
void proc_expect(struct proc *p, const char *prefix, char *line, size_t size, int timeout_ms)
{
	timeout_ms *= test_time_scale(); /* a sanitized engine answers slower */
	char tmp[4096];
	if (!line) {
		line = tmp;
		size = sizeof tmp;
	}
	int64_t deadline = monotonic_ms() + timeout_ms;
	for (;;) {
		int left = (int)(deadline - monotonic_ms());
		cr_assert(left > 0 && proc_line(p, line, size, left), "no line starting '%s' within %d ms", prefix,
		          timeout_ms);
		if (!strncmp(line, prefix, strlen(prefix)))
			return;
	}
}

int proc_wait(struct proc *p, int timeout_ms)
{
	timeout_ms *= test_time_scale();
	int status = -1;
	int64_t deadline = monotonic_ms() + timeout_ms;
	while (waitpid(p->pid, &status, WNOHANG) == 0) {
		if (monotonic_ms() > deadline) {
			kill(p->pid, SIGKILL);
			waitpid(p->pid, &status, 0);
			cr_assert_fail("the engine did not exit within %d ms", timeout_ms);
		}
		usleep(5000);
	}
	return status;
}

void proc_finish(struct proc *p, int timeout_ms)
{
	close(p->to);
	int status = proc_wait(p, timeout_ms);
	close(p->from);
	cr_expect(WIFEXITED(status) && WEXITSTATUS(status) == 0, "exit status %d", status);
}

/* The move of a bestmove line, checked legal from fen after moves. */
void expect_legal_best(const char *line, const char *fen, const char *const *moves, int n)
{
	char move[16] = "";
	cr_assert(sscanf(line, "bestmove %15s", move) == 1, "%s", line);
	struct position *pos = test_position(fen);
	for (int i = 0; i < n; i++)
		test_play(pos, uci_parse_move(pos, moves[i]));
	cr_expect_neq(uci_parse_move(pos, move), MOVE_NONE, "bestmove %s is not legal", move);
	test_free(pos);
}
