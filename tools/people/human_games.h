/*
 * The rated games that the models of people are fitted on, as level-fit and
 * policy-fit both read them: each game of a PGN file in turn, and the split
 * by game into a part to fit on and a part to report on, with the one
 * position of each report game that the reports measure.  Both tools use
 * these, so that their report parts are the same positions and their
 * figures compare.
 */
#ifndef OUTPOST_HUMAN_GAMES_H
#define OUTPOST_HUMAN_GAMES_H

#include <stdbool.h>
#include <stdint.h>

#include "notation/game.h"

/* level-fit's defaults, which policy-fit keeps: one game in 5 reports, from ply 10, with this seed. */
#define HUMAN_REPORT_SHARE 5
#define HUMAN_MIN_PLY 10
#define HUMAN_SEED 20261125

/* Called with each game that reads (number: 1-based in the file); returns false to stop. */
typedef bool human_game_fn(void *ctx, const struct game *g, int number);

/* Reads path's games in order, up to max_games (0: all); false (with a message) if it cannot be read. */
bool human_games_read(const char *path, int max_games, human_game_fn *fn, void *ctx);

/* A hash of the game's Site (its Lichess id), so that the split holds whatever the order of the file. */
uint64_t human_game_hash(const struct game *g, int number);
/* The rating in tag (WhiteElo, BlackElo), 0 when it has none. */
int human_tag_rating(const struct game *g, const char *tag);
static inline bool human_is_report_game(uint64_t hash, int share) { return hash % (uint64_t)share == 0; }

/*
 * The ply of a report game's one measured position, drawn from *rng (the
 * seed ^ the game's hash, so that it goes on to draw the fitting positions
 * of other games); -1 when the game is not longer than min_ply.
 */
int human_report_ply(uint64_t *rng, int plies, int min_ply);

/* The band of a rating: 0 for 800-999, ... 6 for 2000-2199, -1 outside. */
#define HUMAN_BANDS 7
int human_band(int rating);
/* The middle of a band, the rating a level is set to for it. */
static inline int human_band_rating(int band) { return 900 + 200 * band; }

uint64_t human_random(uint64_t *state);

#endif
