/*
 * The policy networks that models name, each read once and kept for the
 * life of the process: a model is copied by value from engine to engine,
 * so it holds a pointer that must stay good, and a net is too large to copy.
 */
#include "people/policy.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define PP_SHARED_MAX 8

static struct {
	char path[4096];
	struct pp_net net;
} shared[PP_SHARED_MAX];
static int nshared;
static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;

const struct pp_net *pp_shared(const char *path, char *err, size_t errlen)
{
	const struct pp_net *found = NULL;
	pthread_mutex_lock(&shared_lock);
	for (int i = 0; i < nshared && !found; i++)
		if (!strcmp(shared[i].path, path))
			found = &shared[i].net;
	if (!found && strlen(path) >= sizeof shared[0].path)
		snprintf(err, errlen, "%s: the path is too long", path);
	else if (!found && nshared == PP_SHARED_MAX)
		snprintf(err, errlen, "%s: no room for another policy network (at most %d in one process)", path,
		         PP_SHARED_MAX);
	else if (!found && pp_load(&shared[nshared].net, path, err, errlen)) {
		snprintf(shared[nshared].path, sizeof shared[nshared].path, "%s", path);
		found = &shared[nshared++].net;
	}
	pthread_mutex_unlock(&shared_lock);
	return found;
}
