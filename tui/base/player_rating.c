/* The person's rating from the archive's games against the levels. */
#include "player_rating.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/skill.h"
#include "notation/pgn.h"

#define OUTPOST_NAME "Outpost ("

void player_rating_init(struct player_rating *r) { *r = (struct player_rating){ glicko_new(), 0 }; }

int player_rating_level_elo(int level, int elo)
{
	if (elo)
		return elo;
	return level >= SKILL_MAX ? 0 : SKILL_ELO_MIN + SKILL_ELO_PER_LEVEL * (level < 0 ? 0 : level);
}

/* An Elo tag's value, 0 when absent or not a sensible rating. */
static int elo_of(const char *tag)
{
	if (!tag)
		return 0;
	char *end;
	long v = strtol(tag, &end, 10);
	return *end || v < 100 || v > 4000 ? 0 : (int)v;
}

bool player_rating_add(struct player_rating *r, const char *white, const char *black, const char *white_elo,
                       const char *black_elo, const char *result)
{
	bool outpost_white = white && !strncmp(white, OUTPOST_NAME, strlen(OUTPOST_NAME));
	bool outpost_black = black && !strncmp(black, OUTPOST_NAME, strlen(OUTPOST_NAME));
	if (outpost_white == outpost_black || !result)
		return false; /* not a person against Outpost */
	int level = elo_of(outpost_white ? white_elo : black_elo);
	double white_score = !strcmp(result, "1-0") ? 1 : !strcmp(result, "0-1") ? 0 : !strcmp(result, "1/2-1/2") ? 0.5 : -1;
	if (!level || white_score < 0)
		return false;
	struct glicko_result g = { level, PLAYER_RATING_LEVEL_DEVIATION, outpost_white ? 1 - white_score : white_score };
	r->g = glicko_update(r->g, &g, 1, 0.5);
	r->games++;
	return true;
}

void player_rating_from_pgn(struct player_rating *r, const char *text, size_t len)
{
	struct pgn_list list = { 0 };
	player_rating_init(r);
	pgn_list_games(text, len, &list); /* a part listed (out of memory) still counts what it holds */
	for (int i = 0; i < list.n; i++) {
		const struct pgn_entry *e = &list.games[i];
		const char *setup = pgn_entry_tag(e, "SetUp");
		if (setup && !strcmp(setup, "1"))
			continue; /* from a set-up position: practice, unrated, as on every rating site */
		player_rating_add(r, pgn_entry_tag(e, "White"), pgn_entry_tag(e, "Black"), pgn_entry_tag(e, "WhiteElo"),
		                  pgn_entry_tag(e, "BlackElo"), pgn_entry_tag(e, "Result"));
	}
	pgn_list_free(&list);
}

void player_rating_text(const struct player_rating *r, char *buf, size_t len)
{
	if (!r->games)
		snprintf(buf, len, "%s", "");
	else
		snprintf(buf, len, "%.0f%s", r->g.rating, r->g.deviation > PLAYER_RATING_PROVISIONAL ? "?" : "");
}
