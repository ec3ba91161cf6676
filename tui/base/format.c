/* Formatting for the panel: pure functions of their arguments, so the tests can check them directly. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "format.h"
#include "player_rating.h"
#include "notation/score_text.h"

void fmt_engine_score(char *buf, size_t len, const struct engine_info *info, bool white_view, int side_to_move)
{
	int sign = white_view && side_to_move == BLACK ? -1 : 1;
	if (info->is_tb) { /* a tablebase win is no mate, nor a count of pawns */
		snprintf(buf, len, "%s", sign * info->score_cp > 0 ? "+TB" : "-TB");
		return;
	}
	score_text(buf, len, SCORE_PAWNS, sign * info->score_cp, info->is_mate, sign * info->mate_moves);
}

bool fmt_engine_mate(char *buf, size_t len, const struct engine_info *info, int side_to_move)
{
	if (!info->is_mate)
		return false;
	int winner = info->mate_moves > 0 ? side_to_move : !side_to_move;
	int moves = info->mate_moves > 0 ? info->mate_moves : -info->mate_moves;
	const char *name = winner == WHITE ? "White" : "Black";
	if (moves == 0)
		snprintf(buf, len, "%s has mated", name);
	else
		snprintf(buf, len, "%s mates in %d", name, moves);
	return true;
}

void fmt_count(char *buf, size_t len, uint64_t n)
{
	static const char suffix[] = "kMGT";
	if (n < 10000) {
		snprintf(buf, len, "%" PRIu64, n);
		return;
	}
	double v = (double)n;
	int i = -1;
	while (v >= 1000.0 && i < 3) {
		v /= 1000.0;
		i++;
	}
	/* Three significant figures: 12.3k, 123k, 1.23M. */
	if (v < 10.0)
		snprintf(buf, len, "%.2f%c", v, suffix[i]);
	else if (v < 100.0)
		snprintf(buf, len, "%.1f%c", v, suffix[i]);
	else
		snprintf(buf, len, "%.0f%c", v, suffix[i]);
}

void fmt_clock(char *buf, size_t len, int64_t ms)
{
	if (ms < 0)
		ms = 0;
	int64_t s = ms / 1000;
	if (s >= 3600)
		snprintf(buf, len, "%d:%02d:%02d", (int)(s / 3600), (int)(s / 60 % 60), (int)(s % 60));
	else if (ms >= 20000)
		snprintf(buf, len, "%d:%02d", (int)(s / 60), (int)(s % 60));
	else
		snprintf(buf, len, "0:%02d.%d", (int)s, (int)(ms / 100 % 10));
}

void fmt_duration(char *buf, size_t len, int ms)
{
	if (ms < 0)
		ms = 0;
	if (ms < 60000)
		snprintf(buf, len, "%d.%ds", ms / 1000, ms / 100 % 10);
	else
		snprintf(buf, len, "%d:%02d", ms / 60000, ms / 1000 % 60);
}

/* Bytes in the UTF-8 sequence starting with byte c (1 for anything that does not start one). */
static size_t utf8_len(unsigned char c)
{
	return c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
}

size_t fmt_cut(const char *buf, int width, size_t *cut_len)
{
	size_t i = 0, last_space = 0, n = strlen(buf);
	int cells = 0;
	while (i < n && cells < width) {
		/* A move number stays with its move: no break right after "12." or "12...". */
		if (buf[i] == ' ' && (i == 0 || buf[i - 1] != '.'))
			last_space = i;
		size_t step = utf8_len((unsigned char)buf[i]);
		i = i + step > n ? n : i + step;
		cells++;
	}
	if (i >= n) {
		*cut_len = n;
		return n;
	}
	/* Cut at the last space when the next character does not start right after a word's end. */
	size_t cut = buf[i] == ' ' && buf[i - 1] != '.' ? i : last_space > 0 ? last_space : i;
	size_t rest = cut;
	while (cut > 0 && buf[cut - 1] == ' ')
		cut--;
	while (rest < n && buf[rest] == ' ')
		rest++;
	*cut_len = cut;
	return rest;
}

double fmt_white_share(int cp_white, bool is_mate, int mate_white)
{
	if (is_mate)
		return mate_white > 0 ? 1.0 : 0.0;
	/* The usual logistic curve of expected score, 1 / (1 + 10^(-cp/400)): +4 pawns is about 91%. */
	if (cp_white > 3000)
		cp_white = 3000;
	if (cp_white < -3000)
		cp_white = -3000;
	/* 10^(-cp/400) as e^y: a Taylor series of e^(y/64), squared six times (no libm needed). */
	double y = -cp_white * 2.302585092994046 / 400.0 / 64.0;
	double e = 1.0 + y * (1.0 + y / 2.0 * (1.0 + y / 3.0 * (1.0 + y / 4.0)));
	for (int i = 0; i < 6; i++)
		e *= e;
	return 1.0 / (1.0 + e);
}

/* A level's name is a rating (engine/skill.h: Skill Level L plays as 800 + 100 L Elo, as `elo` does). */
void fmt_engine_name(char *buf, size_t len, int level, int elo)
{
	int named = player_rating_level_elo(level, elo);
	if (named)
		snprintf(buf, len, "Outpost (%d Elo)", named);
	else
		snprintf(buf, len, "Outpost (full strength)");
}
