/* The trainers' checkpoint file (see checkpoint.h). */
#include "tools/trainer/checkpoint.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

bool tr_checkpoint_save(const char *path, const struct tr_checkpoint *c, const float *p, const struct tr_adam *a,
                        int epoch, char *err, size_t errlen)
{
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	FILE *f = fopen(tmp, "wb");
	if (!f) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		return false;
	}
	int32_t done = epoch;
	size_t n = a->count;
	bool ok = fwrite(c->magic, 1, TR_MAGIC_LEN, f) == TR_MAGIC_LEN &&
	          fwrite(c->shape, sizeof *c->shape, (size_t)c->nshape, f) == (size_t)c->nshape &&
	          fwrite(&done, sizeof done, 1, f) == 1 && fwrite(&a->t, sizeof a->t, 1, f) == 1 &&
	          fwrite(p, sizeof *p, n, f) == n && fwrite(a->m, sizeof *a->m, n, f) == n &&
	          fwrite(a->v, sizeof *a->v, n, f) == n;
	ok = fclose(f) == 0 && ok;
	if (!ok || rename(tmp, path)) {
		snprintf(err, errlen, "cannot write the checkpoint %s", path);
		return false;
	}
	return true;
}

bool tr_checkpoint_load(const char *path, const struct tr_checkpoint *c, float *p, struct tr_adam *a, int *epoch,
                        char *err, size_t errlen)
{
	char magic[TR_MAGIC_LEN];
	int32_t shape[TR_SHAPE_MAX], done = 0;
	size_t n = a->count;
	*epoch = 0;
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return false;
	}
	bool ok = fread(magic, 1, TR_MAGIC_LEN, f) == TR_MAGIC_LEN && !memcmp(magic, c->magic, TR_MAGIC_LEN) &&
	          fread(shape, sizeof *shape, (size_t)c->nshape, f) == (size_t)c->nshape;
	for (int i = 0; ok && i < c->nshape; i++)
		if (shape[i] != c->shape[i]) {
			snprintf(err, errlen, "%s has %d %s, not %d", path, shape[i], c->shape_names[i], c->shape[i]);
			fclose(f);
			return false;
		}
	ok = ok && fread(&done, sizeof done, 1, f) == 1 && fread(&a->t, sizeof a->t, 1, f) == 1 &&
	     fread(p, sizeof *p, n, f) == n && fread(a->m, sizeof *a->m, n, f) == n && fread(a->v, sizeof *a->v, n, f) == n &&
	     fgetc(f) == EOF;
	fclose(f);
	if (!ok) {
		snprintf(err, errlen, "%s is not a checkpoint of this model (or is truncated)", path);
		return false;
	}
	*epoch = done;
	return true;
}
