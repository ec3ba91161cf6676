/* Numbers and lines as the panel shows them: counts, clocks, text cut to a width (scores: notation/score_text.h). */
#ifndef OUTPOST_TUI_FORMAT_H
#define OUTPOST_TUI_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"

/*
 * An engine line's score as the panel shows it ("+0.35", "#3"): the engine
 * scores from the side to move's view; with white_view, Black's turn is turned round.
 */
void fmt_engine_score(char *buf, size_t len, const struct engine_info *info, bool white_view, int side_to_move);
/* A mate found, in words: "White mates in 3"; false (buf untouched) when info's score is no mate. */
bool fmt_engine_mate(char *buf, size_t len, const struct engine_info *info, int side_to_move);
/* 950, 12.3k, 1.23M, 4.56G. */
void fmt_count(char *buf, size_t len, uint64_t n);
/* A clock: "1:05:00", "4:32", and tenths under twenty seconds ("0:09.8"); never negative. */
void fmt_clock(char *buf, size_t len, int64_t ms);
/* A search time: "0.4s", "12.3s", "2:05". */
void fmt_duration(char *buf, size_t len, int ms);
/*
 * Cuts buf (ASCII or UTF-8) to at most width terminal cells, at a space when
 * one is near, so no move is cut in half (nor parted from its number).  Returns the index where a following
 * piece of the line would start (the rest of the text), or strlen when all fit.
 */
size_t fmt_cut(const char *buf, int width, size_t *cut_len);
/* "Outpost (level 10)", or "Outpost (1500 Elo)" when elo is set: the engine's name in the panel and PGN tags. */
void fmt_engine_name(char *buf, size_t len, int level, int elo);
/* The share of the evaluation bar that is White's, 0 .. 1, from White's score. */
double fmt_white_share(int cp_white, bool is_mate, int mate_white);

#endif
