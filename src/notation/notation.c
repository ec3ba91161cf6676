/* Moves written as text: SAN out, and lines of SAN with move numbers. */
#include "notation/notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/line.h"

static const char piece_letters[] = " PNBRQK";

/* '+' or '#' if m gives check, else nothing. */
static const char *check_suffix(const struct position *pos, move_t m)
{
	if (!pos_gives_check(pos, m))
		return "";
	struct position after;
	struct state now, next;
	move_t list[MAX_MOVES];
	pos_copy(&after, &now, pos);
	pos_make_move(&after, m, &next);
	return generate_legal(&after, list) == 0 ? "#" : "+";
}

/* The least of file, rank, or both that tells m apart from other pieces of its kind going to the same square. */
static void disambiguation(const struct position *pos, move_t m, char *out)
{
	move_t list[MAX_MOVES];
	int count = generate_legal(pos, list);
	int from = move_from(m), to = move_to(m), piece = pos->board[from];
	bool others = false, same_file = false, same_rank = false;
	for (int i = 0; i < count; i++) {
		int f = move_from(list[i]);
		if (move_to(list[i]) != to || f == from || pos->board[f] != piece)
			continue;
		others = true;
		same_file |= square_file(f) == square_file(from);
		same_rank |= square_rank(f) == square_rank(from);
	}
	int n = 0;
	if (others && (!same_file || same_rank))
		out[n++] = (char)('a' + square_file(from));
	if (others && same_file)
		out[n++] = (char)('1' + square_rank(from));
	out[n] = '\0';
}

void move_to_san(const struct position *pos, move_t m, char *buf)
{
	int from = move_from(m), to = move_to(m);
	int type = piece_type(pos->board[from]);
	char dest[3] = { (char)('a' + square_file(to)), (char)('1' + square_rank(to)), '\0' };

	if (m == MOVE_NONE || m == MOVE_NULL || type == PIECE_TYPE_NONE) {
		strcpy(buf, "--");
		return;
	}
	if (move_kind(m) == MOVE_CASTLING) {
		snprintf(buf, SAN_MAX, "%s%s", square_file(to) == 6 ? "O-O" : "O-O-O", check_suffix(pos, m));
		return;
	}
	bool capture = is_capture(pos, m);
	if (type == PAWN) {
		char promo[3] = "";
		if (move_kind(m) == MOVE_PROMOTION) {
			promo[0] = '=';
			promo[1] = piece_letters[move_promotion(m)];
		}
		if (capture)
			snprintf(buf, SAN_MAX, "%cx%s%s%s", 'a' + square_file(from), dest, promo, check_suffix(pos, m));
		else
			snprintf(buf, SAN_MAX, "%s%s%s", dest, promo, check_suffix(pos, m));
		return;
	}
	char dis[3];
	disambiguation(pos, m, dis);
	snprintf(buf, SAN_MAX, "%c%s%s%s%s", piece_letters[type], dis, capture ? "x" : "", dest,
	         check_suffix(pos, m));
}

int san_format_line(const struct position *pos, const move_t *moves, int n, char *buf, size_t len)
{
	size_t used = 0;
	int written = 0;
	if (!len)
		return 0;
	buf[0] = '\0';
	struct pos_line line = POS_LINE_EMPTY;
	const struct position *p = &line.pos;
	if (!line_start(&line, pos))
		return 0;
	for (int i = 0; i < n; i++) {
		char san[SAN_MAX], number[16] = "";
		if (!move_is_legal(p, moves[i]))
			break;
		if (p->side == WHITE)
			snprintf(number, sizeof number, "%d. ", p->fullmove);
		else if (i == 0)
			snprintf(number, sizeof number, "%d... ", p->fullmove);
		move_to_san(p, moves[i], san);
		int w = snprintf(buf + used, len - used, "%s%s%s", i ? " " : "", number, san);
		if (w < 0 || (size_t)w >= len - used) {
			buf[used] = '\0'; /* no half-written move */
			break;
		}
		used += (size_t)w;
		written++;
		if (!line_play(&line, moves[i]))
			break;
	}
	line_free(&line);
	return written;
}
