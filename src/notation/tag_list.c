/* PGN tag pairs: the roster first, then any others in the order they came. */
#include "notation/tag_list.h"

#include <stdlib.h>
#include <string.h>

const char *const tag_roster[TAG_ROSTER_SIZE] = { "Event", "Site", "Date", "Round", "White", "Black", "Result" };
static const char *const roster_values[TAG_ROSTER_SIZE] = { "?", "?", "????.??.??", "?", "?", "?", NULL };

static char *dup_text(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);
	if (d)
		memcpy(d, s, n);
	return d;
}

bool tag_in_roster(const char *name)
{
	for (int i = 0; i < TAG_ROSTER_SIZE; i++)
		if (!strcmp(name, tag_roster[i]))
			return true;
	return false;
}

bool tag_name_valid(const char *name)
{
	size_t n = strlen(name);
	if (n == 0 || n > TAG_NAME_MAX)
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = name[i];
		bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
		if (!alnum && (i == 0 || !strchr("_+#=:-", c)))
			return false;
	}
	return true;
}

static bool append(struct tag_list *l, const char *name, const char *value)
{
	if (l->n == l->cap) {
		int cap = l->cap ? l->cap * 2 : 16;
		struct tag_pair *t = realloc(l->tags, (size_t)cap * sizeof *t);
		if (!t)
			return false;
		l->tags = t;
		l->cap = cap;
	}
	char *n = dup_text(name), *v = value ? dup_text(value) : NULL;
	if (!n || (value && !v)) {
		free(n);
		free(v);
		return false;
	}
	l->tags[l->n++] = (struct tag_pair){ n, v };
	return true;
}

bool tag_list_init(struct tag_list *l)
{
	*l = (struct tag_list){ 0 };
	for (int i = 0; i < TAG_ROSTER_SIZE; i++)
		if (!append(l, tag_roster[i], roster_values[i]))
			return false;
	return true;
}

void tag_list_free(struct tag_list *l)
{
	for (int i = 0; i < l->n; i++) {
		free(l->tags[i].name);
		free(l->tags[i].value);
	}
	free(l->tags);
	*l = (struct tag_list){ 0 };
}

bool tag_list_copy(struct tag_list *dst, const struct tag_list *src)
{
	*dst = (struct tag_list){ 0 };
	for (int i = 0; i < src->n; i++)
		if (!append(dst, src->tags[i].name, src->tags[i].value))
			return false;
	return true;
}

int tag_list_find(const struct tag_list *l, const char *name)
{
	for (int i = 0; i < l->n; i++)
		if (!strcmp(l->tags[i].name, name))
			return i;
	return -1;
}

bool tag_list_set(struct tag_list *l, const char *name, const char *value)
{
	if (!tag_name_valid(name) || (value && strlen(value) > TAG_VALUE_MAX))
		return false;
	int i = tag_list_find(l, name);
	if (i < 0)
		return !value || append(l, name, value);
	if (!value && tag_in_roster(name))
		value = "?"; /* the roster is always present */
	if (!value) {
		free(l->tags[i].name);
		free(l->tags[i].value);
		memmove(l->tags + i, l->tags + i + 1, (size_t)(l->n - i - 1) * sizeof *l->tags);
		l->n--;
		return true;
	}
	char *v = dup_text(value);
	if (!v)
		return false;
	free(l->tags[i].value);
	l->tags[i].value = v;
	return true;
}
