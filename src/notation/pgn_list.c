/*
 * Listing the games of a PGN text without replaying them: the tags of each
 * and a count of its main-line moves, for a front end to offer a choice.
 */
#include <stdlib.h>
#include <string.h>

#include "notation/pgn.h"
#include "notation/pgn_lex.h"

struct listing {
	struct pgn_lexer lx;
	struct pgn_entry *entry;
};

static bool add_tag(void *ctx, const char *name, const char *value, int line, int column)
{
	struct listing *l = ctx;
	/* A name the game would refuse is left out of the list too; only memory failing stops the listing. */
	if (tag_list_set(&l->entry->tags, name, value) || !tag_name_valid(name) || strlen(value) > TAG_VALUE_MAX)
		return true;
	return lex_fail_at(&l->lx, line, column, "out of memory");
}

/* A new entry at the end of the list, its tags the empty roster; NULL if out of memory. */
static struct pgn_entry *new_entry(struct pgn_list *list)
{
	if (list->n == list->cap) {
		int cap = list->cap ? list->cap * 2 : 64;
		struct pgn_entry *games = realloc(list->games, (size_t)cap * sizeof *games);
		if (!games)
			return NULL;
		list->games = games;
		list->cap = cap;
	}
	struct pgn_entry *e = &list->games[list->n];
	*e = (struct pgn_entry){ 0 };
	if (!tag_list_init(&e->tags)) {
		tag_list_free(&e->tags);
		return NULL;
	}
	list->n++;
	return e;
}

bool pgn_list_games(const char *text, size_t len, struct pgn_list *out)
{
	struct listing l;
	struct pgn_error err;
	lex_init(&l.lx, text, len, NULL);
	l.lx.err = &err;
	*out = (struct pgn_list){ 0 };
	for (;;) {
		int start = lex_game_start(&l.lx);
		if (start == 0)
			return true;
		struct pgn_entry *e = l.entry = new_entry(out);
		if (!e)
			return false;
		e->number = ++l.lx.game_no;
		e->offset = l.lx.tok.at;
		e->line = l.lx.tok.line;
		e->column = l.lx.tok.column;
		err.message[0] = '\0';
		e->bad = start < 0 || !lex_read_tags(&l.lx, add_tag, &l) || !lex_skim_movetext(&l.lx, 0, &e->plies);
		if (e->bad && !strcmp(err.message, "out of memory"))
			return false;
		if (e->bad)
			lex_skip_to_next_game(&l.lx);
	}
}

void pgn_list_free(struct pgn_list *list)
{
	for (int i = 0; i < list->n; i++)
		tag_list_free(&list->games[i].tags);
	free(list->games);
	*list = (struct pgn_list){ 0 };
}

const char *pgn_entry_tag(const struct pgn_entry *e, const char *name)
{
	int i = tag_list_find(&e->tags, name);
	return i >= 0 ? e->tags.tags[i].value : NULL;
}
