/* Lines of a plain file through stdio, or of a .zst file through libzstd's streaming decompression. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "text_lines.h"

#ifdef HAVE_ZSTD
#include <zstd.h>
#endif

struct text_lines {
	FILE *f;
	bool zst;
	char line[TEXT_LINE_MAX];
#ifdef HAVE_ZSTD
	ZSTD_DCtx *dctx;
	char *in, *out;      /* the compressed bytes read, and what they gave */
	ZSTD_inBuffer zin;
	size_t in_cap, out_cap, out_len, out_at;
	bool ended;          /* the file's end was read */
	size_t last_ret;     /* ZSTD_decompressStream's last return: 0 when a frame ended */
#endif
};

static bool ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail);
	return n >= m && !strcmp(s + n - m, tail);
}

bool text_lines_zstd(void)
{
#ifdef HAVE_ZSTD
	return true;
#else
	return false;
#endif
}

struct text_lines *text_lines_open(const char *path, char *err, size_t errlen)
{
	bool zst = ends_with(path, ".zst");
	if (zst && !text_lines_zstd()) {
		snprintf(err, errlen, "%s: this outpost was built without libzstd; decompress it first (zstd -d)", path);
		return NULL;
	}
	struct text_lines *r = calloc(1, sizeof *r);
	if (!r) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	r->f = fopen(path, "rb");
	r->zst = zst;
	if (!r->f) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		free(r);
		return NULL;
	}
#ifdef HAVE_ZSTD
	if (zst) {
		r->in_cap = ZSTD_DStreamInSize();
		r->out_cap = ZSTD_DStreamOutSize();
		r->in = malloc(r->in_cap);
		r->out = malloc(r->out_cap);
		r->dctx = ZSTD_createDCtx();
		if (!r->in || !r->out || !r->dctx) {
			snprintf(err, errlen, "out of memory");
			text_lines_close(r);
			return NULL;
		}
	}
#endif
	return r;
}

#ifdef HAVE_ZSTD
/* More decompressed bytes into r->out; false at the end (err empty) or on an error (err says it). */
static bool refill(struct text_lines *r, char *err, size_t errlen)
{
	for (;;) {
		if (r->zin.pos == r->zin.size) {
			if (r->ended)
				break;
			size_t n = fread(r->in, 1, r->in_cap, r->f);
			if (n == 0) {
				r->ended = true;
				if (ferror(r->f)) {
					snprintf(err, errlen, "a read error: %s", strerror(errno));
					return false;
				}
				break;
			}
			r->zin = (ZSTD_inBuffer){ r->in, n, 0 };
		}
		ZSTD_outBuffer zout = { r->out, r->out_cap, 0 };
		r->last_ret = ZSTD_decompressStream(r->dctx, &zout, &r->zin);
		if (ZSTD_isError(r->last_ret)) {
			snprintf(err, errlen, "not a good zstd file: %s", ZSTD_getErrorName(r->last_ret));
			return false;
		}
		if (zout.pos > 0) {
			r->out_len = zout.pos;
			r->out_at = 0;
			return true;
		}
	}
	if (r->last_ret != 0)
		snprintf(err, errlen, "the zstd file is cut short");
	return false;
}

static const char *next_zst(struct text_lines *r, char *err, size_t errlen)
{
	size_t n = 0;
	for (;;) {
		if (r->out_at == r->out_len && !refill(r, err, errlen)) {
			if (err[0] || n == 0)
				return NULL;
			break;
		}
		char c = r->out[r->out_at++];
		if (c == '\n')
			break;
		r->line[n++] = c;
		if (n == sizeof r->line - 1)
			break;
	}
	r->line[n] = '\0';
	return r->line;
}
#endif

const char *text_lines_next(struct text_lines *r, char *err, size_t errlen)
{
	err[0] = '\0';
#ifdef HAVE_ZSTD
	if (r->zst)
		return next_zst(r, err, errlen);
#endif
	if (!fgets(r->line, sizeof r->line, r->f)) {
		if (ferror(r->f))
			snprintf(err, errlen, "a read error: %s", strerror(errno));
		return NULL;
	}
	r->line[strcspn(r->line, "\n")] = '\0';
	return r->line;
}

void text_lines_close(struct text_lines *r)
{
	if (!r)
		return;
	if (r->f)
		fclose(r->f);
#ifdef HAVE_ZSTD
	ZSTD_freeDCtx(r->dctx);
	free(r->in);
	free(r->out);
#endif
	free(r);
}
