/* Reading the numbers that follow a mode's options. */
#ifndef OUTPOST_ARGS_H
#define OUTPOST_ARGS_H

#include <stdbool.h>

/* The number after the option at argv[*i], within lo..hi; advances *i.  False if there is none or it is bad. */
bool arg_number(int argc, char **argv, int *i, long long lo, long long hi, long long *out);
bool arg_int(int argc, char **argv, int *i, int lo, int hi, int *out);

#endif
