/* Another engine's info lines: words read one by one, every number checked, the PV replayed on a scratch board. */
#include "protocol/uci_info.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rules/uci_move.h"

#define WORD_MAX 64
#define MATE_MAX 1000        /* no engine reports a longer mate */
#define CP_MAX 1000000       /* nor a larger score in centipawns */

/* The next blank-separated word of *p into w (cut at WORD_MAX - 1); false at the end. */
static bool next_word(const char **p, char *w)
{
	const char *s = *p + strspn(*p, " \t");
	size_t n = strcspn(s, " \t");
	if (n == 0)
		return false;
	size_t keep = n < WORD_MAX - 1 ? n : WORD_MAX - 1;
	memcpy(w, s, keep);
	w[keep] = '\0';
	*p = s + n;
	return true;
}

/* A whole decimal number in [lo, hi] as the next word. */
static bool next_number(const char **p, long long lo, long long hi, long long *out)
{
	char w[WORD_MAX], *end;
	if (!next_word(p, w))
		return false;
	errno = 0;
	long long v = strtoll(w, &end, 10);
	if (end == w || *end || errno || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

/* score cp N | mate N, then lowerbound or upperbound when they follow. */
static bool read_score(const char **p, struct engine_info *out)
{
	char w[WORD_MAX];
	long long v;
	if (!next_word(p, w))
		return false;
	if (!strcmp(w, "cp") && next_number(p, -CP_MAX, CP_MAX, &v)) {
		out->is_mate = false;
		out->score_cp = (int)v;
	} else if (!strcmp(w, "mate") && next_number(p, -MATE_MAX, MATE_MAX, &v)) {
		out->is_mate = true;
		out->mate_moves = (int)v;
	} else {
		return false;
	}
	const char *peek = *p;
	if (next_word(&peek, w) && (!strcmp(w, "lowerbound") || !strcmp(w, "upperbound"))) {
		out->bound = w[0] == 'l' ? BOUND_LOWER_SCORE : BOUND_UPPER_SCORE;
		*p = peek;
	}
	return true;
}

/* The PV's moves, each legal after the ones before it; stops at the first that is not (or at a word that is none). */
static int read_pv(const char **p, const struct position *root, move_t *pv)
{
	struct position pos;
	struct state states[MAX_PLY + 1];
	pos_copy(&pos, &states[0], root);
	int n = 0;
	char w[WORD_MAX];
	const char *peek = *p;
	while (n < MAX_PLY && next_word(&peek, w)) {
		move_t m = uci_parse_move(&pos, w);
		if (m == MOVE_NONE)
			break;
		pv[n++] = m;
		pos_make_move(&pos, m, &states[n]);
		*p = peek;
	}
	return n;
}

/* Reads the value of one key; false when it is garbled. */
static bool read_key(const char *key, const char **p, const struct position *root, struct engine_info *out,
                     bool *scored)
{
	long long v;
	if (!strcmp(key, "depth") || !strcmp(key, "seldepth")) {
		if (!next_number(p, 0, 10000, &v))
			return false;
		*(key[0] == 'd' ? &out->depth : &out->seldepth) = (int)v;
	} else if (!strcmp(key, "multipv")) {
		if (!next_number(p, 1, 1000, &v))
			return false;
		out->multipv = (int)v;
	} else if (!strcmp(key, "nodes") || !strcmp(key, "nps")) {
		if (!next_number(p, 0, (long long)1 << 62, &v))
			return false;
		*(key[1] == 'o' ? &out->nodes : &out->nps) = (uint64_t)v;
	} else if (!strcmp(key, "time")) {
		if (!next_number(p, 0, 1LL << 30, &v))
			return false;
		out->time_ms = (int)v;
	} else if (!strcmp(key, "hashfull")) {
		if (!next_number(p, 0, 1000, &v))
			return false;
		out->hashfull = (int)v;
	} else if (!strcmp(key, "score")) {
		if (!read_score(p, out))
			return false;
		*scored = true;
	} else if (!strcmp(key, "pv")) {
		out->pv_len = read_pv(p, root, out->pv);
		if (out->pv_len == 0)
			return false; /* a PV whose first move is not legal belongs to some other position */
	} else if (!strcmp(key, "currmove") || !strcmp(key, "currmovenumber") || !strcmp(key, "tbhits") ||
	           !strcmp(key, "sbhits") || !strcmp(key, "cpuload")) {
		char w[WORD_MAX];
		return next_word(p, w); /* a value we do not show, but there must be one */
	}
	/* Anything else (wdl, refutation, currline, a word of a future UCI) is skipped, as UCI asks. */
	return true;
}

enum uci_info_kind uci_info_parse(const char *line, const struct position *root, struct engine_info *out)
{
	char w[WORD_MAX];
	const char *p = line;
	memset(out, 0, sizeof *out);
	out->multipv = 1;
	if (!next_word(&p, w) || strcmp(w, "info"))
		return UCI_INFO_GARBLED;
	bool scored = false;
	while (next_word(&p, w)) {
		if (!strcmp(w, "string"))
			return scored ? UCI_INFO_LINE : UCI_INFO_OTHER; /* the rest is free text */
		if (!read_key(w, &p, root, out, &scored))
			return UCI_INFO_GARBLED;
	}
	return scored ? UCI_INFO_LINE : UCI_INFO_OTHER;
}
