/* The list of a file's games: its filter, its choice, and loading the game chosen. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "picker.h"
#include "session.h"

void picker_row_text(const struct pgn_entry *e, char *buf, size_t len)
{
	static const char *const tags[] = { "White", "Black", "Event", "Site", "Date", "Round", "Result", "ECO",
		                            "Opening", "Variation" };
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < sizeof tags / sizeof tags[0] && used < len; i++) {
		const char *v = pgn_entry_tag(e, tags[i]);
		if (v && *v && strcmp(v, "?"))
			used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? " " : "", v);
	}
}

/* Does every word of the filter stand in the row (in any case)? */
static bool kept(const char *filter, const char *row)
{
	char word[64];
	int n;
	for (const char *p = filter; sscanf(p, " %63s%n", word, &n) == 1; p += n) {
		size_t wl = strlen(word);
		bool found = false;
		for (const char *r = row; *r && !found; r++)
			found = !strncasecmp(r, word, wl);
		if (!found)
			return false;
	}
	return true;
}

/* The games the filter keeps, the choice kept on the same game when it still shows. */
static void refilter(struct tui *t)
{
	struct tui_picker *p = &t->picker;
	int chosen = p->nmatch > 0 ? p->match[p->selected] : -1;
	char row[2048];
	p->nmatch = 0;
	p->selected = 0;
	for (int i = 0; i < p->list.n; i++) {
		picker_row_text(&p->list.games[i], row, sizeof row);
		if (!kept(p->filter, row))
			continue;
		if (i == chosen)
			p->selected = p->nmatch;
		p->match[p->nmatch++] = i;
	}
	p->top = 0;
	t->loop.dirty = true;
}

void picker_open(struct tui *t, const char *name, const char *path, char *text, size_t len, struct pgn_list *list)
{
	struct tui_picker *p = &t->picker;
	picker_close(t);
	p->match = malloc((size_t)(list->n > 0 ? list->n : 1) * sizeof *p->match);
	if (!p->match) {
		free(text);
		pgn_list_free(list);
		tui_status(t, MSG_ERROR, "Out of memory listing %s.", name);
		return;
	}
	snprintf(p->name, sizeof p->name, "%s", name);
	snprintf(p->path, sizeof p->path, "%s", path);
	p->text = text;
	p->len = len;
	p->list = *list;
	p->filter[0] = '\0';
	p->open = true;
	refilter(t);
	tui_status(t, MSG_INFO, "%s holds %d games: choose one (type to narrow the list).", name, list->n);
}

void picker_close(struct tui *t)
{
	struct tui_picker *p = &t->picker;
	if (!p->open)
		return;
	free(p->text);
	free(p->match);
	pgn_list_free(&p->list);
	p->text = NULL;
	p->match = NULL;
	p->nmatch = 0;
	p->open = false;
	t->loop.dirty = true;
}

void picker_cancel(struct tui *t)
{
	picker_close(t);
	tui_status(t, MSG_INFO, "Nothing loaded: the game is as it was.");
}

void picker_type(struct tui *t, char c)
{
	struct tui_picker *p = &t->picker;
	size_t n = strlen(p->filter);
	if ((unsigned char)c < ' ' || c == 127 || n + 1 >= sizeof p->filter)
		return;
	p->filter[n] = c;
	p->filter[n + 1] = '\0';
	refilter(t);
}

void picker_erase(struct tui *t)
{
	struct tui_picker *p = &t->picker;
	size_t n = strlen(p->filter);
	if (n == 0)
		return;
	p->filter[n - 1] = '\0';
	refilter(t);
}

void picker_move(struct tui *t, int rows, int page_rows)
{
	struct tui_picker *p = &t->picker;
	int s = p->selected + rows;
	s = s >= p->nmatch ? p->nmatch - 1 : s;
	p->selected = s < 0 ? 0 : s;
	if (page_rows < 1)
		page_rows = 1;
	if (p->selected < p->top)
		p->top = p->selected;
	if (p->selected >= p->top + page_rows)
		p->top = p->selected - page_rows + 1;
	t->loop.dirty = true;
}

void picker_choose(struct tui *t)
{
	struct tui_picker *p = &t->picker;
	if (p->nmatch == 0) {
		tui_status(t, MSG_ERROR, "No game fits \"%s\": Backspace widens the list, Esc closes it.", p->filter);
		return;
	}
	const struct pgn_entry *e = &p->list.games[p->match[p->selected]];
	struct pgn_reader *r = pgn_reader_new(p->text, p->len, p->path);
	struct pgn_error err;
	struct game *g = NULL;
	bool made = r != NULL;
	if (made)
		pgn_reader_seek(r, e);
	int got = made ? pgn_read_game(r, &g, &err) : -1;
	pgn_reader_free(r);
	if (got <= 0) {
		char msg[600] = "out of memory";
		if (made && got < 0)
			pgn_error_text(&err, msg, sizeof msg);
		tui_status(t, MSG_ERROR, "Game %d cannot be loaded: %s", e->number, msg);
		return;
	}
	char name[TUI_PATH_MAX + 16];
	snprintf(name, sizeof name, "%s (game %d)", p->name, e->number);
	picker_close(t);
	session_load(t, g, name);
}

static const char *tag_or_unknown(const struct pgn_entry *e, const char *name)
{
	const char *v = pgn_entry_tag(e, name);
	return v && *v ? v : "?";
}

void picker_list_text(const struct pgn_list *list, const char *name, char *buf, size_t len)
{
	enum { SAID_MAX = 20 };
	size_t used = (size_t)snprintf(buf, len, "%s holds %d games; load %s N takes game N:", name, list->n, name);
	for (int i = 0; i < list->n && i < SAID_MAX && used < len; i++) {
		const struct pgn_entry *e = &list->games[i];
		used += (size_t)snprintf(buf + used, len - used, "\n%4d  %s - %s  %s  %s  %s  (%d moves)", e->number,
		                         tag_or_unknown(e, "White"), tag_or_unknown(e, "Black"), tag_or_unknown(e, "Result"),
		                         tag_or_unknown(e, "Date"), tag_or_unknown(e, "Event"), (e->plies + 1) / 2);
	}
	if (list->n > SAID_MAX && used < len)
		snprintf(buf + used, len - used, "\n... and %d more (outpost pgn --list %s lists them all).",
		         list->n - SAID_MAX, name);
}
