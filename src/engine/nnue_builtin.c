/*
 * The network compiled into the program: the bytes of data/outpost.nnue, which
 * tools/build/embed-net turns into nnue_embedded.c at build time, read once.  Apart
 * from nnue.c so that a program that only reads network files (the fuzz
 * harness) does not need them.
 */
#include <pthread.h>
#include <stdio.h>

#include "engine/nnue.h"

/* The bytes of data/outpost.nnue, compiled in (nnue_embedded.c, made at build time by tools/build/embed-net). */
extern const unsigned char nnue_embedded[];
extern const size_t nnue_embedded_size;

static struct nnue_net builtin;
static bool builtin_ok;

static void read_builtin(void)
{
	char err[200];
	builtin_ok = nnue_read(&builtin, nnue_embedded, nnue_embedded_size, err, sizeof err);
	if (!builtin_ok)
		fprintf(stderr, "outpost: the built-in network is damaged: %s\n", err);
}

const struct nnue_net *nnue_builtin(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, read_builtin);
	return builtin_ok ? &builtin : NULL;
}

