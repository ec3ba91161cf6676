/* Scores as text: the one core the UCI line, the game's panel and the EPD report share. */
#include <criterion/criterion.h>

#include "notation/score_text.h"

static const char *text(enum score_style style, int cp, bool is_mate, int mate_moves)
{
	static char buf[SCORE_TEXT_MAX];
	score_text(buf, sizeof buf, style, cp, is_mate, mate_moves);
	return buf;
}

Test(score_text, pawns_for_the_panel)
{
	cr_expect_str_eq(text(SCORE_PAWNS, 35, false, 0), "+0.35");
	cr_expect_str_eq(text(SCORE_PAWNS, -120, false, 0), "-1.20");
	cr_expect_str_eq(text(SCORE_PAWNS, -5, false, 0), "-0.05");
	cr_expect_str_eq(text(SCORE_PAWNS, 0, false, 0), "0.00", "a level score has no sign");
	cr_expect_str_eq(text(SCORE_PAWNS, 1234, false, 0), "+12.34");
	cr_expect_str_eq(text(SCORE_PAWNS, 0, true, 3), "#3");
	cr_expect_str_eq(text(SCORE_PAWNS, 0, true, -3), "#-3");
}

Test(score_text, uci_words)
{
	cr_expect_str_eq(text(SCORE_UCI, 35, false, 0), "cp 35");
	cr_expect_str_eq(text(SCORE_UCI, -120, false, 0), "cp -120");
	cr_expect_str_eq(text(SCORE_UCI, 0, false, 0), "cp 0");
	cr_expect_str_eq(text(SCORE_UCI, 0, true, 2), "mate 2");
	cr_expect_str_eq(text(SCORE_UCI, 0, true, -2), "mate -2");
	cr_expect_str_eq(text(SCORE_UCI, 0, true, 0), "mate 0");
}

Test(score_text, words_for_a_report)
{
	cr_expect_str_eq(text(SCORE_WORDS, 35, false, 0), "+0.35");
	cr_expect_str_eq(text(SCORE_WORDS, 0, true, 3), "mate in 3");
	cr_expect_str_eq(text(SCORE_WORDS, 0, true, -3), "mated in 3");
	cr_expect_str_eq(text(SCORE_WORDS, 0, true, 0), "mated");
}

Test(score_text, never_overflows)
{
	char small[4];
	score_text(small, sizeof small, SCORE_WORDS, 0, true, -123);
	cr_expect_str_eq(small, "mat");
	cr_expect_str_eq(text(SCORE_WORDS, 0, true, -123), "mated in 123");
	cr_expect_str_eq(text(SCORE_UCI, -32000, false, 0), "cp -32000");
}
