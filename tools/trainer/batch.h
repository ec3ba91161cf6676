/*
 * The trainers' threaded mini-batch: a range of samples split into equal
 * shares, one a thread, each thread with its own state (its gradient, its
 * scratch); and the threads' gradients summed into the first.
 */
#ifndef OUTPOST_TRAINER_BATCH_H
#define OUTPOST_TRAINER_BATCH_H

#include <stddef.h>

#define TR_MAX_THREADS 64

/* Runs samples [first, first + count) of one share; arg: that thread's state. */
typedef void tr_share_fn(void *arg, size_t first, size_t count);

/*
 * Splits [first, first + count) over `threads` threads (at most
 * TR_MAX_THREADS; the caller's is the first), thread i getting the state at
 * args + i * arg_size; returns when every share is done.  A thread that
 * cannot be started has its share run by the caller.
 */
void tr_run_shares(int threads, size_t first, size_t count, tr_share_fn *fn, void *args, size_t arg_size);

/* grad[0 .. n) += the threads' other gradients, laid one after the other at grad + n * i (i from 1). */
void tr_sum_gradients(float *grad, size_t n, int threads);

#endif
