/*
 * The evaluation compiled a second time for the tuner, with its trace hooks on
 * (engine/eval_trace.h): the same source as the engine's, so the two cannot
 * differ.  Its entry point is eval_traced().
 */
#define EVAL_TRACE
#include "engine/eval.c"
