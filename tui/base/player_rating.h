/*
 * The person's own rating, from the results of their games against Outpost's
 * levels in the archive: Glicko-2 (study/glicko.h), one game a rating
 * period, each level counted at the Elo it names.  A game counts when Outpost
 * played one side at a named Elo (the WhiteElo or BlackElo tag the game
 * writes) and the game has a result; games from files and against other
 * engines do not.
 */
#ifndef OUTPOST_TUI_PLAYER_RATING_H
#define OUTPOST_TUI_PLAYER_RATING_H

#include <stdbool.h>
#include <stddef.h>

#include "study/glicko.h"

#define PLAYER_RATING_PROVISIONAL 110.0 /* a deviation above this reads with a '?', as Lichess writes it */
#define PLAYER_RATING_LEVEL_DEVIATION 60.0 /* how sure the levels' Elos are taken to be */

struct player_rating {
	struct glicko g;
	int games; /* rated games counted */
};

void player_rating_init(struct player_rating *r);
/* The Elo a level names (skill.h: 800 + 100 per level, or the Elo limit), 0 at full strength. */
int player_rating_level_elo(int level, int elo);
/* Counts one game by its tags when it was played against a level; returns whether it counted. */
bool player_rating_add(struct player_rating *r, const char *white, const char *black, const char *white_elo,
                       const char *black_elo, const char *result);
/* Every game of a PGN text (the archive), in order, but those from a set-up position (practice, unrated). */
void player_rating_from_pgn(struct player_rating *r, const char *text, size_t len);
/* "1523", "1480?" while provisional, "" before any game counted. */
void player_rating_text(const struct player_rating *r, char *buf, size_t len);

#endif
