/* A game read for people: the players' names, and the clock, score and notes of any node. */
#include <stdio.h>
#include <string.h>

#include "game_info.h"
#include "format.h"
#include "study/annotate.h"
#include "notation/score_text.h"

static bool named(const char *tag) { return tag && *tag && strcmp(tag, "?"); }

bool game_info_players_named(const struct game *g)
{
	const char *site = game_tag(g, "Site");
	if (site && !strcmp(site, "Outpost"))
		return false;
	return named(game_tag(g, "White")) || named(game_tag(g, "Black"));
}

bool game_info_clock_at(const struct game *g, int node, int color, int64_t *ms)
{
	for (int x = node; x != GAME_NODE_NONE && x != GAME_ROOT; x = game_parent(g, x))
		if (game_node_side(g, game_parent(g, x)) == color && game_node_clock(g, x, ms))
			return true;
	return false;
}

bool game_info_white_score(const struct game *g, int node, double *out)
{
	struct game_eval e;
	enum game_reason why;
	if (game_node_eval(g, node, &e)) {
		*out = e.mate ? (e.value > 0 ? 1.0 : 0.0) : annotate_expected_score(e.value);
		return true;
	}
	enum game_result r = game_node_result(g, node, &why);
	if (r == RESULT_NONE || why > REASON_DEAD_POSITION)
		return false; /* only the rules' ends say what the position is worth */
	*out = r == RESULT_WHITE_WINS ? 1.0 : r == RESULT_BLACK_WINS ? 0.0 : 0.5;
	return true;
}

void game_info_suffixed(const struct game *g, int node, const char *san, char *out, size_t len)
{
	uint8_t nags[GAME_NAG_MAX];
	int n = game_nags(g, node, nags);
	size_t used = (size_t)snprintf(out, len, "%s", san);
	for (int i = 0; i < n && used < len; i++)
		if (game_nag_suffix(nags[i]))
			used += (size_t)snprintf(out + used, len - used, "%s", game_nag_suffix(nags[i]));
}

/* "12...Nf6?" */
static size_t move_text(const struct game *g, int node, char *buf, size_t len)
{
	char san[SAN_MAX], marked[SAN_MAX + 8];
	bool black = game_node_side(g, game_parent(g, node)) == BLACK;
	game_node_san(g, node, san);
	game_info_suffixed(g, node, san, marked, sizeof marked);
	int used = snprintf(buf, len, "%d%s%s", game_node_number(g, node), black ? "..." : ".", marked);
	return used < (int)len ? (size_t)used : len - 1;
}

void game_info_note(const struct game *g, int node, char *buf, size_t len)
{
	buf[0] = '\0';
	if (node == GAME_ROOT || !game_node_valid(g, node) || len == 0)
		return;
	size_t used = move_text(g, node, buf, len);
	struct game_eval e;
	int64_t ms;
	if (game_node_eval(g, node, &e) && used < len) {
		char score[SCORE_TEXT_MAX];
		score_text(score, sizeof score, SCORE_PAWNS, e.value, e.mate, e.value);
		used += (size_t)snprintf(buf + used, len - used, "  %s", score);
	}
	if (game_node_clock(g, node, &ms) && used < len) {
		char clock[24];
		fmt_clock(clock, sizeof clock, ms);
		used += (size_t)snprintf(buf + used, len - used, "  %s left", clock);
	}
	const char *comment = game_comment(g, node, COMMENT_AFTER);
	if (*comment && used < len)
		snprintf(buf + used, len - used, "  %s", comment);
}

void game_info_variant(const struct game *g, char *buf, size_t len)
{
	int n = game_start_number(g);
	if (!game_is_chess960(g))
		snprintf(buf, len, "%s", "");
	else if (n >= 0)
		snprintf(buf, len, "Chess960 #%d", n);
	else
		snprintf(buf, len, "%s", "Chess960");
}
