/*
 * The people's policy network compiled into the program: the bytes of
 * data/people-policy.bin, which tools/build/embed-net turns into
 * people_policy_embedded.c at build time, read once.  A model names it as
 * `policy builtin W S`, so the built-in model needs no file beside the program.
 * Apart from policy_file.c so that the fuzz harness, which reads files only,
 * does not carry the bytes.
 */
#include <pthread.h>
#include <stdio.h>

#include "people/policy.h"

extern const unsigned char people_policy_embedded[];
extern const size_t people_policy_embedded_size;

static struct pp_net builtin;
static bool builtin_ok;
static char builtin_err[300];

static void read_builtin(void)
{
	builtin_ok = pp_read(&builtin, people_policy_embedded, people_policy_embedded_size, "the built-in policy",
	                     builtin_err, sizeof builtin_err);
}

const struct pp_net *pp_builtin(char *err, size_t errlen)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, read_builtin);
	if (!builtin_ok)
		snprintf(err, errlen, "%s", builtin_err);
	return builtin_ok ? &builtin : NULL;
}
