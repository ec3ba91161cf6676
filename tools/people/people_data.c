/* policy-fit extract: every position of the rated games into the cache (see people_fit.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/game.h"
#include "rules/line.h"
#include "rules/movegen.h"
#include "tools/people/human_games.h"
#include "tools/people/people_fit.h"

static void put16(uint8_t *p, unsigned v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }
static unsigned get16(const uint8_t *p) { return (unsigned)p[0] | (unsigned)p[1] << 8; }

void people_record_put(uint8_t rec[PEOPLE_RECORD], const struct people_record *r)
{
	put16(rec + 32, r->played);
	put16(rec + 34, (unsigned)r->rating);
	put16(rec + 36, (unsigned)r->opponent);
	put16(rec + 38, (unsigned)r->ply);
	put16(rec + 40, (unsigned)r->game & 0xffff);
	put16(rec + 42, (unsigned)r->game >> 16);
	rec[44] = (uint8_t)r->file;
	rec[45] = (uint8_t)r->flags;
	put16(rec + 46, r->last);
	put16(rec + 48, (unsigned)(r->base > 65535 ? 65535 : r->base));
	rec[50] = (uint8_t)(r->increment > 255 ? 255 : r->increment);
	rec[51] = 0;
}

void people_record_get(const uint8_t rec[PEOPLE_RECORD], struct people_record *r)
{
	*r = (struct people_record){ .played = (move_t)get16(rec + 32), .rating = (int)get16(rec + 34),
		                     .opponent = (int)get16(rec + 36), .ply = (int)get16(rec + 38),
		                     .game = (int)(get16(rec + 40) | get16(rec + 42) << 16), .file = rec[44],
		                     .flags = rec[45], .last = (move_t)get16(rec + 46), .base = (int)get16(rec + 48),
		                     .increment = rec[50] };
}

struct extraction {
	FILE *out;
	int file;
	uint64_t written, games;
	bool failed;
};

/* "600+5" into 600 and 5; "-" or none: 0 and 0. */
static void time_control(const struct game *g, int *base, int *increment)
{
	const char *tc = game_tag(g, "TimeControl");
	*base = *increment = 0;
	if (tc && sscanf(tc, "%d+%d", base, increment) < 1)
		*base = *increment = 0;
	*base = *base < 0 ? 0 : *base;
	*increment = *increment < 0 ? 0 : *increment;
}

static int packed_result(const struct game *g)
{
	switch (game_result(g)) {
	case RESULT_WHITE_WINS: return PACKED_WHITE_WINS;
	case RESULT_BLACK_WINS: return PACKED_BLACK_WINS;
	default: return PACKED_DRAW;
	}
}

/* Every position of one game where the mover had a choice. */
static bool extract_game(void *ctx, const struct game *g, int number)
{
	struct extraction *x = ctx;
	int ratings[COLOR_NB] = { human_tag_rating(g, "WhiteElo"), human_tag_rating(g, "BlackElo") };
	if (ratings[WHITE] <= 0 || ratings[BLACK] <= 0 || !game_is_standard_start(g))
		return true;
	uint64_t hash = human_game_hash(g, number), rng = HUMAN_SEED ^ hash;
	bool report = human_is_report_game(hash, HUMAN_REPORT_SHARE);
	int plies = game_ply_count(g), report_ply = human_report_ply(&rng, plies, HUMAN_MIN_PLY);
	struct people_record r = { .game = number, .file = x->file };
	time_control(g, &r.base, &r.increment);
	struct packed_labels labels = { .result = packed_result(g), .tag = (int)(hash % PACKED_TAGS) };
	struct pos_line line = POS_LINE_EMPTY;
	if (!line_set_fen(&line, FEN_START, NULL, 0, NULL, 0))
		return false;
	move_t list[MAX_MOVES];
	uint8_t rec[PEOPLE_RECORD];
	for (int ply = 0; ply < plies; ply++) {
		move_t m = game_move(g, ply);
		if (generate_legal(&line.pos, list) >= 2) {
			r.played = m, r.ply = ply;
			r.last = ply ? game_move(g, ply - 1) : MOVE_NONE;
			r.rating = ratings[line.pos.side], r.opponent = ratings[!line.pos.side];
			r.flags = (report ? PEOPLE_REPORT_GAME : 0) | (report && ply == report_ply ? PEOPLE_REPORT_POSITION : 0);
			packed_pack(&line.pos, &labels, rec);
			people_record_put(rec, &r);
			if (fwrite(rec, 1, sizeof rec, x->out) != sizeof rec) {
				x->failed = true;
				break;
			}
			x->written++;
		}
		if (!line_play(&line, m))
			break;
	}
	line_free(&line);
	x->games++;
	return !x->failed;
}

static void put32(uint8_t *p, uint32_t v)
{
	put16(p, v & 0xffff);
	put16(p + 2, v >> 16);
}

int people_extract(const char *out, const char *const *pgns, int npgns, int max_games)
{
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s.tmp", out);
	struct extraction x = { .out = fopen(tmp, "wb") };
	uint8_t head[PEOPLE_HEAD] = { 0 };
	if (!x.out || fwrite(head, 1, sizeof head, x.out) != sizeof head) {
		fprintf(stderr, "policy-fit: %s: %s\n", tmp, strerror(errno));
		return 1;
	}
	for (int i = 0; i < npgns && !x.failed; i++) {
		uint64_t before = x.written, games = x.games;
		x.file = i;
		if (!human_games_read(pgns[i], max_games, extract_game, &x))
			x.failed = true;
		fprintf(stderr, "policy-fit: %s (file %d): %llu games, %llu positions\n", pgns[i], i,
		        (unsigned long long)(x.games - games), (unsigned long long)(x.written - before));
	}
	memcpy(head, PEOPLE_MAGIC, 8);
	put32(head + 8, PEOPLE_RECORD);
	put32(head + 12, (uint32_t)x.written);
	bool ok = !x.failed && x.written < UINT32_MAX && fseek(x.out, 0, SEEK_SET) == 0 &&
	          fwrite(head, 1, sizeof head, x.out) == sizeof head;
	ok = fclose(x.out) == 0 && ok;
	if (!ok || rename(tmp, out)) {
		fprintf(stderr, "policy-fit: cannot write %s\n", out);
		return 1;
	}
	fprintf(stderr, "policy-fit: %llu positions written to %s\n", (unsigned long long)x.written, out);
	return 0;
}

/* Every record's position unpacks and its move is legal there; else the first that is not, with its offset. */
static bool people_cache_check(const char *path, const uint8_t *recs, size_t n, char *err, size_t errlen)
{
	for (size_t i = 0; i < n; i++) {
		const uint8_t *rec = recs + i * PEOPLE_RECORD;
		struct position pos;
		struct state st;
		struct people_record r;
		char why[160] = "";
		people_record_get(rec, &r);
		bool ok = packed_unpack(rec, &pos, &st, NULL, why, sizeof why);
		if (ok && !move_is_legal(&pos, r.played))
			ok = false, snprintf(why, sizeof why, "the move played (%04x) is not legal there", r.played);
		if (!ok) {
			snprintf(err, errlen, "%s: record %zu at offset %zu: %s", path, i, PEOPLE_HEAD + i * PEOPLE_RECORD, why);
			return false;
		}
	}
	return true;
}

bool people_cache_load(const char *path, uint8_t **recs, size_t *n, char *err, size_t errlen)
{
	*recs = NULL, *n = 0;
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return false;
	}
	uint8_t head[PEOPLE_HEAD];
	long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
	rewind(f);
	bool ok = size >= PEOPLE_HEAD && fread(head, 1, sizeof head, f) == sizeof head;
	uint32_t rsize = ok ? get16(head + 8) | get16(head + 10) << 16 : 0;
	uint32_t count = ok ? get16(head + 12) | get16(head + 14) << 16 : 0;
	bool whole = (uint64_t)size == PEOPLE_HEAD + (uint64_t)count * PEOPLE_RECORD;
	const char *bad = !ok ? "shorter than its 16-byte head"
	                  : memcmp(head, PEOPLE_MAGIC, 8) ? "not a policy-fit cache (no OUTPPEO1 at offset 0)"
	                  : rsize != PEOPLE_RECORD ? "records of another size (offset 8)"
	                  : !whole ? "its length is not the head's count of records (offset 12)" : NULL;
	if (!bad && !(*recs = malloc((size_t)count * PEOPLE_RECORD + 1)))
		bad = "too large for memory";
	if (!bad && fread(*recs, PEOPLE_RECORD, count, f) != count)
		bad = "cannot be read whole";
	fclose(f);
	if (bad) {
		snprintf(err, errlen, "%s: %s", path, bad);
		free(*recs), *recs = NULL;
		return false;
	}
	*n = count;
	return people_cache_check(path, *recs, count, err, errlen) || (free(*recs), *recs = NULL, *n = 0, false);
}
