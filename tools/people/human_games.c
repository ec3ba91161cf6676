/* The rated games and their split (see human_games.h). */
#include "tools/people/human_games.h"

#include <stdio.h>
#include <stdlib.h>

#include "notation/pgn.h"
#include "notation/text_file.h"

uint64_t human_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

int human_band(int rating)
{
	return rating < 800 || rating >= 800 + 200 * HUMAN_BANDS ? -1 : (rating - 800) / 200;
}

/* FNV-1a of the Site tag; the game's number where it has none. */
uint64_t human_game_hash(const struct game *g, int number)
{
	const char *site = game_tag(g, "Site");
	uint64_t h = 1469598103934665603ULL;
	if (!site || !*site)
		return (uint64_t)number * 0x9e3779b97f4a7c15ULL;
	for (const char *p = site; *p; p++)
		h = (h ^ (uint8_t)*p) * 1099511628211ULL;
	return h;
}

int human_tag_rating(const struct game *g, const char *tag)
{
	const char *v = game_tag(g, tag);
	return v ? atoi(v) : 0;
}

int human_report_ply(uint64_t *rng, int plies, int min_ply)
{
	return plies > min_ply ? min_ply + (int)(human_random(rng) % (uint64_t)(plies - min_ply)) : -1;
}

bool human_games_read(const char *path, int max_games, human_game_fn *fn, void *ctx)
{
	size_t len;
	char *text = text_file_read(path, &len);
	if (!text) {
		perror(path);
		return false;
	}
	struct pgn_reader *rd = pgn_reader_new(text, len, path);
	struct game *g;
	struct pgn_error perr;
	int number = 0, got;
	bool go = true;
	while (go && (!max_games || number < max_games) && (got = pgn_read_game(rd, &g, &perr)) != 0) {
		number++;
		if (got < 0)
			continue; /* a game that does not replay is left out; the numbers of the others stay */
		go = fn(ctx, g, number);
		game_free(g);
	}
	pgn_reader_free(rd);
	free(text);
	return true;
}
