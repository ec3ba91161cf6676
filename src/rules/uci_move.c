/* Moves in coordinates: e2e4, e7e8q, castling as the king's move (e1g1) or as the king taking its rook (e1h1). */
#include "rules/uci_move.h"

#include <string.h>

#include "rules/movegen.h"

static void write_square(int sq, char *buf)
{
	buf[0] = (char)('a' + square_file(sq));
	buf[1] = (char)('1' + square_rank(sq));
}

void move_to_uci(move_t m, char *buf)
{
	if (m == MOVE_NONE || m == MOVE_NULL) {
		strcpy(buf, "0000");
		return;
	}
	write_square(move_from(m), buf);
	write_square(move_to(m), buf + 2);
	buf[4] = '\0';
	if (move_kind(m) == MOVE_PROMOTION) {
		buf[4] = "nbrq"[move_promotion(m) - KNIGHT];
		buf[5] = '\0';
	}
}

/* Is a castling written as the king's move too short to tell from a king's step (or no move at all)? */
static bool king_move_unclear(move_t m) { return square_distance(move_from(m), move_to(m)) < 2; }

void move_to_uci_in(const struct position *pos, move_t m, bool king_takes_rook, char *buf)
{
	move_to_uci(m, buf);
	if (move_kind(m) == MOVE_CASTLING && (king_takes_rook || king_move_unclear(m)))
		write_square(castling_rook_from(pos, move_to(m)), buf + 2);
}

/* The square written in s[0..1], or SQ_NONE. */
static int read_square(const char *s)
{
	if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
		return SQ_NONE;
	return make_square(s[0] - 'a', s[1] - '1');
}

bool uci_names_castling(const struct position *pos, move_t m, int from, int to)
{
	return move_kind(m) == MOVE_CASTLING && move_from(m) == from &&
	       (castling_rook_from(pos, move_to(m)) == to || (move_to(m) == to && !king_move_unclear(m)));
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
		if (move_kind(m) == MOVE_CASTLING) {
			if (promo == PIECE_TYPE_NONE && uci_names_castling(pos, m, from, to))
				return m;
			continue;
		}
		if (move_from(m) != from || move_to(m) != to)
			continue;
		bool promotes = move_kind(m) == MOVE_PROMOTION;
		if (promotes != (promo != PIECE_TYPE_NONE) || (promotes && move_promotion(m) != promo))
			continue;
		return m;
	}
	return MOVE_NONE;
}
