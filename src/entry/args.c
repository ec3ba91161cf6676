/* Reading the numbers that follow a mode's options. */
#include "entry/args.h"

#include <stdlib.h>

bool arg_number(int argc, char **argv, int *i, long long lo, long long hi, long long *out)
{
	if (*i + 1 >= argc)
		return false;
	char *end;
	long long v = strtoll(argv[++*i], &end, 10);
	if (*end || end == argv[*i] || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

bool arg_int(int argc, char **argv, int *i, int lo, int hi, int *out)
{
	long long v;
	if (!arg_number(argc, argv, i, lo, hi, &v))
		return false;
	*out = (int)v;
	return true;
}
