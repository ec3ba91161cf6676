/* The blind mode's commands: the shown position read out in sentences, on the status line. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "blind.h"
#include "tui/base/spoken.h"

#define ANSWER_MAX 2048

/* A square as typed ("e4", "E4"), or -1. */
static int read_square(const char *s)
{
	int f = tolower((unsigned char)s[0]) - 'a', r = s[0] ? s[1] - '1' : -1;
	if (f < 0 || f > 7 || r < 0 || r > 7 || s[2])
		return -1;
	return make_square(f, r);
}

void blind_pieces(struct tui *t, const char *arg)
{
	char word[32], answer[ANSWER_MAX];
	unsigned colors = 1u << WHITE | 1u << BLACK;
	int type = PIECE_TYPE_NONE, n;
	for (const char *p = arg; sscanf(p, "%31s%n", word, &n) == 1; p += n) {
		int color = spoken_color(word), kind = spoken_piece_type(word);
		/* "b" alone is a bishop unless a kind follows it ("b n": Black's knights). */
		if (color >= 0 && !(kind != PIECE_TYPE_NONE && sscanf(p + n, "%31s", word) != 1)) {
			colors = 1u << color;
		} else if (kind != PIECE_TYPE_NONE) {
			type = kind;
		} else {
			tui_status(t, MSG_ERROR,
			           "%s is not a kind of piece: say king, queen, rook, bishop, knight or pawn (or its letter), as "
			           "in: pieces knight, or pieces black rook.",
			           word);
			return;
		}
	}
	spoken_pieces(tui_shown_position(t), type, colors, answer, sizeof answer);
	tui_status(t, MSG_INFO, "%s", answer);
}

void blind_scan(struct tui *t, const char *arg)
{
	char answer[ANSWER_MAX];
	char c = (char)tolower((unsigned char)arg[0]);
	if (c >= 'a' && c <= 'h' && !arg[1])
		spoken_file(tui_shown_position(t), c - 'a', answer, sizeof answer);
	else if (c >= '1' && c <= '8' && !arg[1])
		spoken_rank(tui_shown_position(t), c - '1', answer, sizeof answer);
	else {
		tui_status(t, MSG_ERROR, "scan takes a file, a to h, or a rank, 1 to 8, as in: scan e, or scan 4.");
		return;
	}
	tui_status(t, MSG_INFO, "%s", answer);
}

void blind_what(struct tui *t, const char *arg)
{
	char answer[ANSWER_MAX];
	int sq = read_square(arg);
	if (sq < 0) {
		tui_status(t, MSG_ERROR, "what takes a square, as in: what e4.");
		return;
	}
	spoken_square(tui_shown_position(t), sq, answer, sizeof answer);
	tui_status(t, MSG_INFO, "%s", answer);
}

const char *blind_mistake_comment(const struct tui *t)
{
	return blind_node_mistake(t->match.game, tui_shown_node(t));
}

const char *blind_node_mistake(const struct game *g, int node)
{
	uint8_t nags[GAME_NAG_MAX];
	if (node == GAME_ROOT || !*game_comment(g, node, COMMENT_AFTER))
		return NULL;
	for (int i = 0, n = game_nags(g, node, nags); i < n; i++)
		if (nags[i] == 2 || nags[i] == 4 || nags[i] == 6)
			return game_comment(g, node, COMMENT_AFTER);
	return NULL;
}

void blind_say_moves(const struct tui *t, const char *text, char *out, size_t len)
{
	if (t->plain.on)
		spoken_san_text(text, out, len);
	else
		snprintf(out, len, "%s", text);
}

void blind_last(struct tui *t, const char *arg)
{
	(void)arg;
	char answer[ANSWER_MAX];
	struct pos_line before = POS_LINE_EMPTY;
	const struct pos_line *shown = tui_shown_line(t);
	move_t m = shown->ply > 0 ? shown->states[shown->ply].move : MOVE_NONE;
	if (m == MOVE_NONE) {
		tui_status(t, MSG_INFO, "No move has been played yet; %s is to move.",
		           shown->pos.side == WHITE ? "White" : "Black");
		return;
	}
	if (!line_copy(&before, shown)) {
		tui_status(t, MSG_ERROR, "Out of memory.");
		return;
	}
	line_undo(&before);
	spoken_move(&before.pos, m, answer, sizeof answer);
	line_free(&before);
	char why[ANSWER_MAX] = "";
	const char *coach = blind_mistake_comment(t);
	if (coach)
		spoken_san_text(coach, why, sizeof why);
	tui_status(t, MSG_INFO, "%s%s%s", answer, why[0] ? " " : "", why);
}

void blind_clocks(struct tui *t, const char *arg)
{
	(void)arg;
	const struct game *g = t->match.game;
	char white[64], black[64];
	if (!game_clock_enabled(g)) {
		tui_status(t, MSG_INFO, "This game is played without clocks.");
		return;
	}
	spoken_time(game_clock_remaining(g, WHITE), white, sizeof white);
	spoken_time(game_clock_remaining(g, BLACK), black, sizeof black);
	int running = game_clock_running(g);
	tui_status(t, MSG_INFO, "White has %s, Black has %s. %s", white, black,
	           running == WHITE   ? "White's clock is running."
	           : running == BLACK ? "Black's clock is running."
	                              : "Neither clock is running.");
}

void blind_moves(struct tui *t, const char *arg)
{
	char answer[ANSWER_MAX];
	int sq = read_square(arg);
	if (sq < 0) {
		tui_status(t, MSG_ERROR, "moves takes the square of a piece, as in: moves g1.");
		return;
	}
	spoken_piece_moves(tui_shown_position(t), sq, answer, sizeof answer);
	tui_status(t, MSG_INFO, "%s", answer);
}
