/* The game in plain lines of text: a board of letters, moves, analysis and messages, one line each. */
#include <stdio.h>
#include <string.h>

#include "plain_view.h"
#include "board_view.h"
#include "help_view.h"
#include "side_panel.h"
#include "tui/base/format.h"
#include "tui/base/game_info.h"

/* "Black  Outpost (level 10)  4:59", with "(to move)" on the side whose turn it is. */
static void player_line(const struct tui *t, int color, FILE *out)
{
	char name[64], clock[24] = "";
	const struct game *g = t->match.game;
	side_panel_player_name(t, color, name, sizeof name);
	if (game_clock_enabled(g))
		fmt_clock(clock, sizeof clock, game_clock_remaining(g, color));
	bool to_move = game_position(g)->side == color && !game_is_over(g);
	fprintf(out, "   %s  %s%s%s%s\n", color == WHITE ? "White" : "Black", name, clock[0] ? "  " : "", clock,
	        to_move ? "  (to move)" : "");
}

void plain_view_board(const struct tui *t, FILE *out)
{
	const struct position *pos = game_position(t->match.game);
	bool flipped = t->view.flipped;
	player_line(t, flipped ? WHITE : BLACK, out);
	for (int i = 0; i < 8; i++) {
		int rank = flipped ? i : 7 - i;
		fprintf(out, "%d ", rank + 1);
		for (int j = 0; j < 8; j++) {
			int piece = pos->board[make_square(flipped ? 7 - j : j, rank)];
			fprintf(out, " %s", piece == NO_PIECE ? "." : board_view_glyph(piece, false));
		}
		fputc('\n', out);
	}
	fprintf(out, "  %s\n", flipped ? " h g f e d c b a" : " a b c d e f g h");
	player_line(t, flipped ? BLACK : WHITE, out);
}

/* The number before ply i: "12." for White's move, "12..." for Black's. */
static void number_of(const struct san_list *l, int i, char *buf, size_t len)
{
	int row = san_list_row(l, i);
	bool black = (i + (l->black_first ? 1 : 0)) % 2 == 1;
	snprintf(buf, len, "%d.%s", l->first_number + row, black ? ".." : "");
}

void plain_view_ply(const struct tui *t, int i, FILE *out)
{
	const struct san_list *l = &t->match.moves;
	char number[16];
	if (i < 0 || i >= l->total)
		return;
	number_of(l, i, number, sizeof number);
	fprintf(out, "%s %s\n", number, l->san[i]);
}

void plain_view_moves(const struct tui *t, FILE *out)
{
	const struct san_list *l = &t->match.moves;
	char variant[32], named[48] = "";
	game_info_variant(t->match.game, variant, sizeof variant);
	if (variant[0])
		snprintf(named, sizeof named, " (%s)", variant);
	if (l->played == 0) {
		fprintf(out, "Moves%s: none yet.\n", named);
		return;
	}
	fprintf(out, "Moves%s:", named);
	for (int i = 0; i < l->played; i++) {
		char number[16];
		number_of(l, i, number, sizeof number);
		bool black = strchr(number, '.')[1] == '.';
		if (!black || i == 0)
			fprintf(out, " %s", number);
		fprintf(out, " %s", l->san[i]);
	}
	fputc('\n', out);
}

void plain_view_analysis(const struct tui *t, FILE *out)
{
	const struct analysis_snapshot *s = &t->opinion.snap;
	for (int i = 0; i < s->nlines; i++) {
		const struct engine_info *info = &s->lines[i];
		char score[32], pv[1600];
		if (info->depth == 0)
			continue;
		if (!fmt_engine_mate(score, sizeof score, info, t->opinion.root->side))
			fmt_engine_score(score, sizeof score, info, t->cfg.set.white_scores, t->opinion.root->side);
		san_format_line(t->opinion.root, info->pv, info->pv_len, pv, sizeof pv);
		fprintf(out, "Analysis, depth %d: %s  %s\n", info->depth, score, pv);
	}
}

void plain_view_message(const struct tui *t, FILE *out)
{
	if (t->msg.text[0])
		fprintf(out, "%s\n", t->msg.text);
}

void plain_view_help(FILE *out)
{
	const char *const *lines;
	int n = help_view_lines(&lines);
	for (int i = 0; i < n; i++)
		fprintf(out, "%s\n", lines[i]);
}
