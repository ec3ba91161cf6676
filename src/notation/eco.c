/* The ECO file read with the PGN reader into a table of openings, indexed by position in an open-addressed hash. */
#include "notation/eco.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/pgn.h"
#include "notation/text_file.h"

struct eco {
	struct eco_opening *openings;
	uint64_t *keys;   /* keys[i] names openings[i] */
	int count, cap, skipped;
	int *slots;       /* the hash: an index into openings, or -1; a power of two long */
	size_t mask;
};

void eco_free(struct eco *e)
{
	if (!e)
		return;
	free(e->openings);
	free(e->keys);
	free(e->slots);
	free(e);
}

int eco_count(const struct eco *e) { return e->count; }
int eco_skipped(const struct eco *e) { return e->skipped; }

/* The slot of key: where it is, or the empty one where it would go. */
static size_t slot_of(const struct eco *e, uint64_t key)
{
	size_t i = (size_t)(key ^ key >> 32) & e->mask;
	while (e->slots[i] >= 0 && e->keys[e->slots[i]] != key)
		i = (i + 1) & e->mask;
	return i;
}

const struct eco_opening *eco_find(const struct eco *e, uint64_t key)
{
	int k = e->slots[slot_of(e, key)];
	return k >= 0 ? &e->openings[k] : NULL;
}

const struct eco_opening *eco_find_line(const struct eco *e, const struct pos_line *line)
{
	for (int ply = line->ply; ply >= 0; ply--) {
		const struct eco_opening *o = eco_find(e, line->states[ply].key);
		if (o)
			return o;
	}
	return NULL;
}

/* Keeps the game's opening, unless its position is named already (the first line in the file names it). */
static bool add_game(struct eco *e, const struct game *g)
{
	const char *code = game_tag(g, "ECO"), *opening = game_tag(g, "Opening"), *variation = game_tag(g, "Variation");
	if (!code || !opening || !code[0] || !opening[0]) {
		e->skipped++;
		return true;
	}
	uint64_t key = pos_key(game_position(g));
	if (e->count > 0 && eco_find(e, key))
		return true;
	if (e->count == e->cap) {
		int cap = e->cap ? 2 * e->cap : 1024;
		struct eco_opening *o = realloc(e->openings, (size_t)cap * sizeof *o);
		if (o)
			e->openings = o;
		uint64_t *k = o ? realloc(e->keys, (size_t)cap * sizeof *k) : NULL;
		if (k)
			e->keys = k;
		if (!o || !k)
			return false;
		e->cap = cap;
	}
	struct eco_opening *o = &e->openings[e->count];
	snprintf(o->code, sizeof o->code, "%s", code);
	snprintf(o->opening, sizeof o->opening, "%s", opening);
	snprintf(o->variation, sizeof o->variation, "%s", variation ? variation : "");
	snprintf(o->name, sizeof o->name, "%s%s%s", o->opening, o->variation[0] ? ", " : "", o->variation);
	o->plies = game_ply_count(g);
	e->keys[e->count] = key;
	/* The table grows before it is half full, so every probe ends on an empty slot. */
	if ((size_t)(e->count + 1) * 2 > e->mask + 1) {
		size_t size = (e->mask + 1) * 2;
		int *slots = malloc(size * sizeof *slots);
		if (!slots)
			return false;
		free(e->slots);
		e->slots = slots;
		e->mask = size - 1;
		for (size_t i = 0; i < size; i++)
			e->slots[i] = -1;
		for (int i = 0; i < e->count; i++)
			e->slots[slot_of(e, e->keys[i])] = i;
	}
	e->slots[slot_of(e, key)] = e->count++;
	return true;
}

static struct eco *eco_new(void)
{
	struct eco *e = calloc(1, sizeof *e);
	if (!e)
		return NULL;
	e->mask = 255;
	e->slots = malloc((e->mask + 1) * sizeof *e->slots);
	if (!e->slots) {
		free(e);
		return NULL;
	}
	for (size_t i = 0; i <= e->mask; i++)
		e->slots[i] = -1;
	return e;
}

struct eco *eco_from_text(const char *text, size_t len, const char *name, char *err, size_t errlen)
{
	struct eco *e = eco_new();
	struct pgn_reader *r = e ? pgn_reader_new(text, len, name) : NULL;
	bool ok = r != NULL;
	struct game *g;
	struct pgn_error perr;
	int st;
	while (ok && (st = pgn_read_game(r, &g, &perr)) != 0) {
		if (st < 0) {
			e->skipped++; /* the reader has moved on to the next game */
			continue;
		}
		ok = add_game(e, g);
		game_free(g);
	}
	pgn_reader_free(r);
	if (!ok)
		snprintf(err, errlen, "%s: out of memory", name);
	else if (e->count == 0)
		snprintf(err, errlen, "%s: no opening found (games with ECO and Opening tags)", name);
	if (!ok || e->count == 0) {
		eco_free(e);
		return NULL;
	}
	return e;
}

struct eco *eco_load(const char *path, char *err, size_t errlen)
{
	size_t len;
	char *text = text_file_read(path, &len);
	if (!text) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	struct eco *e = eco_from_text(text, len, path, err, errlen);
	free(text);
	return e;
}
