/* Numbers and lines as the panel shows them: scores, counts, clocks, text cut to a width. */
#ifndef OUTPOST_TUI_FORMAT_H
#define OUTPOST_TUI_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * A score as "+0.35", "-1.20", "0.00", or a mate as "#3" (the viewer mates
 * in 3) and "#-3" (the viewer is mated in 3).  Scores come from the side to
 * move's view; negate turns them to the other side's.
 */
void fmt_score(char *buf, size_t len, int cp, bool is_mate, int mate_moves, bool negate);
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
