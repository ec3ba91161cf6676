/* Moves in coordinates: e2e4, e7e8q, castling as the king's two-square move. */
#include "rules/uci_move.h"

#include <string.h>

#include "rules/movegen.h"

void move_to_uci(move_t m, char *buf)
{
	if (m == MOVE_NONE || m == MOVE_NULL) {
		strcpy(buf, "0000");
		return;
	}
	int from = move_from(m), to = move_to(m);
	buf[0] = (char)('a' + square_file(from));
	buf[1] = (char)('1' + square_rank(from));
	buf[2] = (char)('a' + square_file(to));
	buf[3] = (char)('1' + square_rank(to));
	buf[4] = '\0';
	if (move_kind(m) == MOVE_PROMOTION) {
		buf[4] = "nbrq"[move_promotion(m) - KNIGHT];
		buf[5] = '\0';
	}
}

/* The square written in s[0..1], or SQ_NONE. */
static int read_square(const char *s)
{
	if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
		return SQ_NONE;
	return make_square(s[0] - 'a', s[1] - '1');
}

/* The rook's square for a castling move, so that e1h1 (king takes rook) also names O-O. */
static int castling_rook_square(move_t m)
{
	int to = move_to(m);
	return square_file(to) == 6 ? to + 1 : to - 2;
}

move_t uci_parse_move(const struct position *pos, const char *s)
{
	size_t n = strlen(s);
	if (n != 4 && n != 5)
		return MOVE_NONE;
	int from = read_square(s), to = read_square(s + 2), promo = PIECE_TYPE_NONE;
	if (from == SQ_NONE || to == SQ_NONE)
		return MOVE_NONE;
	if (n == 5) {
		const char *l = strchr("nbrq", s[4] | 0x20);
		if (!s[4] || !l)
			return MOVE_NONE;
		promo = KNIGHT + (int)(l - "nbrq");
	}
	move_t list[MAX_MOVES];
	int count = generate_legal(pos, list);
	for (int i = 0; i < count; i++) {
		move_t m = list[i];
		if (move_from(m) != from)
			continue;
		bool promotes = move_kind(m) == MOVE_PROMOTION;
		if (promotes != (promo != PIECE_TYPE_NONE) || (promotes && move_promotion(m) != promo))
			continue;
		if (move_to(m) == to || (move_kind(m) == MOVE_CASTLING && castling_rook_square(m) == to))
			return m;
	}
	return MOVE_NONE;
}
