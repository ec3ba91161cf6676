/*
 * A sparse first layer: a sample switches on a few of many inputs (pieces on
 * squares), so its hidden sums are the bias plus the weight rows of those
 * inputs alone, forward and backward.  Rows of `hidden` floats, one an input.
 */
#ifndef OUTPOST_TRAINER_SPARSE_H
#define OUTPOST_TRAINER_SPARSE_H

#include <stdint.h>

/* acc[0 .. hidden) = bias + the rows w[feat[k]] for k < n. */
void tr_sparse_forward(float *acc, const float *bias, const float *w, const int16_t *feat, int n, int hidden);

/* Adds delta[0 .. hidden) (d loss / d hidden sum) into the gradient rows gw[feat[k]] for k < n. */
void tr_sparse_backward(float *gw, const int16_t *feat, int n, int hidden, const float *delta);

#endif
