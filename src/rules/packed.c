/* The 32-byte position records of the self-play data (see packed.h). */
#include "rules/packed.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	AT_PIECES = 8,
	AT_FLAGS = 24,
	AT_EP = 25,
	AT_CLOCK = 26,
	AT_SCORE = 27,
	AT_EVAL = 29,
	AT_RESULT = 31,
	MAX_PIECES = 32,
};

static const char piece_letters[] = " PNBRQK  pnbrqk";

static void put_u64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get_u64(const uint8_t *p)
{
	uint64_t v = 0;
	for (int i = 0; i < 8; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

static void put_i16(uint8_t *p, int v)
{
	v = v > PACKED_SCORE_MAX ? PACKED_SCORE_MAX : v < -PACKED_SCORE_MAX ? -PACKED_SCORE_MAX : v;
	uint16_t u = (uint16_t)(int16_t)v;
	p[0] = (uint8_t)u;
	p[1] = (uint8_t)(u >> 8);
}

static int get_i16(const uint8_t *p) { return (int16_t)(uint16_t)(p[0] | p[1] << 8); }

void packed_pack(const struct position *pos, const struct packed_labels *labels, uint8_t rec[PACKED_SIZE])
{
	memset(rec, 0, PACKED_SIZE);
	bitboard_t occ = occupied(pos);
	put_u64(rec, occ);
	int i = 0;
	for (bitboard_t b = occ; b && i < MAX_PIECES; i++) {
		int sq = pop_lsb(&b);
		rec[AT_PIECES + i / 2] |= (uint8_t)(pos->board[sq] << (4 * (i & 1)));
	}
	rec[AT_FLAGS] = (uint8_t)(pos->side << 7 | pos->st->castling);
	rec[AT_EP] = pos->st->ep;
	rec[AT_CLOCK] = (uint8_t)(pos->st->rule50 > 255 ? 255 : pos->st->rule50);
	put_i16(rec + AT_SCORE, labels->score);
	put_i16(rec + AT_EVAL, labels->eval);
	rec[AT_RESULT] = (uint8_t)((labels->result & 3) | (labels->tag & (PACKED_TAGS - 1)) << 2);
}

void packed_set_result(uint8_t rec[PACKED_SIZE], int result)
{
	rec[AT_RESULT] = (uint8_t)((rec[AT_RESULT] & ~3) | (result & 3));
}

void packed_set_scores(uint8_t rec[PACKED_SIZE], int score, int eval)
{
	put_i16(rec + AT_SCORE, score);
	put_i16(rec + AT_EVAL, eval);
}

static bool corrupt(char *err, size_t errlen, const char *what)
{
	if (err && errlen)
		snprintf(err, errlen, "corrupt record: %s", what);
	return false;
}

/* The board and the fields FEN has, checked byte by byte; false with a message when they cannot be. */
static bool record_to_fen(const uint8_t rec[PACKED_SIZE], char *fen, size_t len, char *err, size_t errlen)
{
	char what[96];
	uint64_t occ = get_u64(rec);
	if (popcount(occ) > MAX_PIECES) {
		snprintf(what, sizeof what, "%d occupied squares, at most %d", popcount(occ), MAX_PIECES);
		return corrupt(err, errlen, what);
	}
	int board[SQ_NB] = { 0 }, i = 0;
	for (bitboard_t b = occ; b; i++) {
		int sq = pop_lsb(&b), code = rec[AT_PIECES + i / 2] >> (4 * (i & 1)) & 15;
		if (code == NO_PIECE || piece_type(code) > KING) {
			snprintf(what, sizeof what, "piece code %d on %c%d is no piece", code, 'a' + square_file(sq),
			         square_rank(sq) + 1);
			return corrupt(err, errlen, what);
		}
		board[sq] = code;
	}
	for (; i < MAX_PIECES; i++)
		if (rec[AT_PIECES + i / 2] >> (4 * (i & 1)) & 15)
			return corrupt(err, errlen, "more piece codes than occupied squares");
	if (rec[AT_FLAGS] & 0x70)
		return corrupt(err, errlen, "unused bits of the side and castling byte are set");
	if (rec[AT_EP] > SQ_NONE)
		return corrupt(err, errlen, "en passant square beyond 64");
	if ((rec[AT_RESULT] & 3) > PACKED_WHITE_WINS)
		return corrupt(err, errlen, "result 3 (0, 1 or 2 only)");
	if (abs(get_i16(rec + AT_SCORE)) > PACKED_SCORE_MAX || abs(get_i16(rec + AT_EVAL)) > PACKED_SCORE_MAX)
		return corrupt(err, errlen, "score beyond +-32000");

	size_t n = 0;
	for (int rank = 7; rank >= 0; rank--) {
		for (int file = 0, empty = 0; file < 8; file++) {
			int p = board[make_square(file, rank)];
			empty += !p;
			if (p || file == 7) {
				if (empty)
					fen[n++] = (char)('0' + empty);
				if (p)
					fen[n++] = piece_letters[p];
				empty = 0;
			}
		}
		fen[n++] = rank ? '/' : ' ';
	}
	int cr = rec[AT_FLAGS] & CASTLING_ANY, ep = rec[AT_EP];
	char ep_text[3] = "-";
	if (ep != SQ_NONE)
		snprintf(ep_text, sizeof ep_text, "%c%c", 'a' + square_file(ep), '1' + square_rank(ep));
	snprintf(fen + n, len - n, "%c %s%s%s%s%s %s %d 1", rec[AT_FLAGS] >> 7 ? 'b' : 'w', cr ? "" : "-",
	         cr & WHITE_OO ? "K" : "", cr & WHITE_OOO ? "Q" : "", cr & BLACK_OO ? "k" : "", cr & BLACK_OOO ? "q" : "",
	         ep_text, rec[AT_CLOCK]);
	return true;
}

bool packed_unpack(const uint8_t rec[PACKED_SIZE], struct position *pos, struct state *st,
                   struct packed_labels *labels, char *err, size_t errlen)
{
	char fen[FEN_MAX + 16], why[160], warn[160], what[320];
	if (!record_to_fen(rec, fen, sizeof fen, err, errlen))
		return false;
	struct position p;
	struct state first;
	/* The FEN reader checks the kings, the pawns, the side not to move and the en passant square. */
	bool ok = pos_set_fen(&p, &first, fen, why, sizeof why, warn, sizeof warn);
	if (!ok)
		snprintf(what, sizeof what, "%s (as FEN: %s)", why, fen);
	else if (warn[0])
		snprintf(what, sizeof what, "%s", warn);
	else if (first.ep != rec[AT_EP])
		snprintf(what, sizeof what, "en passant square %c%d where no legal capture exists",
		         'a' + square_file(rec[AT_EP]), square_rank(rec[AT_EP]) + 1);
	ok = ok && !warn[0] && first.ep == rec[AT_EP];
	if (!ok)
		return corrupt(err, errlen, what);
	if (pos)
		pos_copy(pos, st, &p);
	if (labels) {
		labels->score = get_i16(rec + AT_SCORE);
		labels->eval = get_i16(rec + AT_EVAL);
		labels->result = rec[AT_RESULT] & 3;
		labels->tag = rec[AT_RESULT] >> 2;
	}
	return true;
}
