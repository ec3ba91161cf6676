/* Going on after a stop: the re-scored output's records found again, in order, among the input's. */
#include "protocol/rescore.h"

#include <errno.h>
#include <string.h>

#include "rules/packed.h"

/*
 * The bytes that re-scoring keeps: all but the search score and the static
 * evaluation (27-30).  The new scores follow from these bytes alone, so two
 * records alike in them are both written or both dropped, and the first one
 * found is the one the output record came from.
 */
static bool same_but_scores(const uint8_t *a, const uint8_t *b)
{
	return !memcmp(a, b, 27) && a[31] == b[31];
}

static bool cannot_open(const char *path, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s: %s", path, strerror(errno));
	return false;
}

bool rescore_resume(const char *in, const char *out, long long *next, long long *kept, char *err, size_t errlen)
{
	*next = *kept = 0;
	FILE *fo = fopen(out, "rb");
	if (!fo)
		return errno == ENOENT || cannot_open(out, err, errlen);
	FILE *fi = fopen(in, "rb");
	if (!fi) {
		fclose(fo);
		return cannot_open(in, err, errlen);
	}
	uint8_t o[PACKED_SIZE], r[PACKED_SIZE];
	bool ok = true;
	while (ok && fread(o, 1, PACKED_SIZE, fo) == PACKED_SIZE) {
		long long after = *next;
		bool found = false;
		while (!found && fread(r, 1, PACKED_SIZE, fi) == PACKED_SIZE) {
			(*next)++;
			/* A corrupt input record was never written: one alike in the kept bytes must be good. */
			found = same_but_scores(o, r) && packed_unpack(r, NULL, NULL, NULL, NULL, 0);
		}
		*kept += found;
		if (!found)
			snprintf(err, errlen,
			         "%s: its record %lld is no re-scoring of a record of %s after record %lld: "
			         "the output of another input? (remove it to start again)",
			         out, *kept + 1, in, after);
		ok = found;
	}
	if (ok && (ferror(fo) || ferror(fi)))
		ok = cannot_open(ferror(fo) ? out : in, err, errlen);
	fclose(fo);
	fclose(fi);
	return ok;
}
