/*
 * Opening names: an ECO file in PGN (Debian's pgn-extract ships one), each
 * game a line of moves with its ECO code and names in tags.  The position
 * after each line is indexed by its Zobrist key, so that a game that reaches
 * it by another order of moves (a transposition) finds it too; a game is
 * named by the deepest of its positions the file knows.
 */
#ifndef OUTPOST_ECO_H
#define OUTPOST_ECO_H

#include <stddef.h>
#include <stdint.h>

#include "rules/line.h"

#define ECO_SYSTEM_FILE "/usr/share/pgn-extract/eco.pgn" /* Debian's pgn-extract */
#define ECO_NAME_MAX 160

struct eco;

struct eco_opening {
	char code[8];                 /* "B90" */
	char opening[ECO_NAME_MAX];   /* the Opening tag: "Sicilian" */
	char variation[ECO_NAME_MAX]; /* the Variation tag, "" when there is none: "Najdorf" */
	char name[2 * ECO_NAME_MAX + 2]; /* both for people: "Sicilian, Najdorf" */
	int plies;                    /* the length of the file's line */
};

/*
 * Reads an ECO file.  Games without an ECO and an Opening tag, and games the
 * PGN reader refuses, are skipped (eco_skipped counts them); where two lines
 * reach one position the first in the file names it.  NULL with a message in
 * err when the file cannot be read or names no position at all.
 */
struct eco *eco_load(const char *path, char *err, size_t errlen);
/* The same from text in memory (not kept); name is used in messages. */
struct eco *eco_from_text(const char *text, size_t len, const char *name, char *err, size_t errlen);
void eco_free(struct eco *e);

/* How many positions are named, and how many games of the file were skipped. */
int eco_count(const struct eco *e);
int eco_skipped(const struct eco *e);

/* The opening named for the position with this Zobrist key, or NULL. */
const struct eco_opening *eco_find(const struct eco *e, uint64_t key);
/* The opening of the deepest position of the line (its current one, then back to its start) that is named, or NULL. */
const struct eco_opening *eco_find_line(const struct eco *e, const struct pos_line *line);

#endif
