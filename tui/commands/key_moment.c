/* Stepping to the game's key moments, one after another. */
#include <stdio.h>
#include <stdlib.h>

#include "browse.h"
#include "key_moment.h"
#include "study/key_moments.h"

/* The key moment after the one shown (the first after the last), or the N-th (1-based) that arg names. */
static int chosen(const struct tui *t, const struct key_moment *k, int n, const char *arg, char *why, size_t len)
{
	if (*arg) {
		char *end;
		long i = strtol(arg, &end, 10);
		if (*end || i < 1 || i > n) {
			snprintf(why, len, "key takes the number of a key moment, 1 to %d, or nothing: %s", n, arg);
			return -1;
		}
		return (int)i - 1;
	}
	int shown = tui_shown_node(t), ply = game_node_ply(t->match.game, shown);
	for (int i = 0; i < n; i++)
		if (game_node_ply(t->match.game, k[i].node) > ply)
			return i;
	return 0; /* past the last: round to the first */
}

void key_moment_step(struct tui *t, const char *arg)
{
	struct key_moment k[KEY_MOMENTS_MAX];
	int n = key_moments_find(t->match.game, k);
	char why[160], text[600];
	if (!n) {
		tui_status(t, MSG_ERROR, "No key moments yet: annotate the game first (annotate), and wait for it to end.");
		return;
	}
	int i = chosen(t, k, n, arg, why, sizeof why);
	if (i < 0) {
		tui_status(t, MSG_ERROR, "%s", why);
		return;
	}
	browse_show(t, k[i].node);
	key_moment_text(t->match.game, &k[i], text, sizeof text);
	tui_status(t, MSG_INFO, "Key moment %d of %d: %s", i + 1, n, text);
}
