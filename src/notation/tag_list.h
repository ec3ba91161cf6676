/*
 * PGN tag pairs in the order they came, the seven tag roster first.  Plain
 * storage: it knows nothing of games (the game's Result, SetUp and FEN are
 * read off the game itself, in game_tags.c).
 */
#ifndef OUTPOST_TAG_LIST_H
#define OUTPOST_TAG_LIST_H

#include <stdbool.h>

#define TAG_NAME_MAX 255
#define TAG_VALUE_MAX 4095

/* The seven tag roster, in the order PGN writes it. */
#define TAG_ROSTER_SIZE 7
extern const char *const tag_roster[TAG_ROSTER_SIZE];
bool tag_in_roster(const char *name);
/* A PGN symbol: a letter or digit, then letters, digits and _+#=:- (the standard's rule), at most TAG_NAME_MAX. */
bool tag_name_valid(const char *name);

struct tag_pair {
	char *name;
	char *value; /* NULL: the owner supplies it (the game's Result) */
};

struct tag_list {
	struct tag_pair *tags;
	int n, cap;
};

/* The roster with its "unknown" values ("?", "????.??.??"; Result NULL).  False if out of memory. */
bool tag_list_init(struct tag_list *l);
void tag_list_free(struct tag_list *l);
/* dst (empty) gets a copy of src.  False if out of memory. */
bool tag_list_copy(struct tag_list *dst, const struct tag_list *src);
/* The index of a tag, or -1. */
int tag_list_find(const struct tag_list *l, const char *name);
/*
 * Sets (value != NULL) or removes (NULL) a tag; a roster tag removed goes
 * back to "?".  False if the name or value is refused or memory fails.
 */
bool tag_list_set(struct tag_list *l, const char *name, const char *value);

#endif
