/* A child outpost driven through pipes, for the UCI suites: start, send, read lines with timeouts, finish. */
#ifndef OUTPOST_TEST_UCI_PROC_H
#define OUTPOST_TEST_UCI_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct proc {
	pid_t pid;
	int to, from;       /* the child's stdin and stdout */
	char buf[1 << 16];  /* what has been read and not yet taken as lines */
	size_t len;
};

/* Starts OUTPOST_BIN with one mode argument (or none, when mode is NULL). */
void proc_start(struct proc *p, const char *mode);
/* Writes all of text (or n bytes of data, NULs included) to the child's input; the test fails if it cannot. */
void proc_send(struct proc *p, const char *text);
void proc_send_bytes(struct proc *p, const char *data, size_t n);
/* The next line within timeout_ms, into line; false on timeout or end of output. */
bool proc_line(struct proc *p, char *line, size_t size, int timeout_ms);
/* Reads lines until one starts with prefix (into line, when not NULL); fails the test after timeout_ms. */
void proc_expect(struct proc *p, const char *prefix, char *line, size_t size, int timeout_ms);
/* Waits for the child to exit and returns its waitpid status; kills it and fails the test after timeout_ms. */
int proc_wait(struct proc *p, int timeout_ms);
/* Closes the input and expects a clean exit (status 0) within timeout_ms. */
void proc_finish(struct proc *p, int timeout_ms);
/* The move of a bestmove line, checked legal from fen after the UCI moves given. */
void expect_legal_best(const char *line, const char *fen, const char *const *moves, int n);

#endif
