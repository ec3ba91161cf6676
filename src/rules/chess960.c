/* Chess960's start positions: a number to its first rank and back. */
#include "rules/chess960.h"

#include <stdio.h>
#include <string.h>

void chess960_rank(int n, char rank[9])
{
	/* The knights' two squares among the five the bishops and queen left, by the number's last digit. */
	static const int knights[10][2] = { { 0, 1 }, { 0, 2 }, { 0, 3 }, { 0, 4 }, { 1, 2 },
		                            { 1, 3 }, { 1, 4 }, { 2, 3 }, { 2, 4 }, { 3, 4 } };
	memset(rank, ' ', 8);
	rank[8] = '\0';
	rank[2 * (n % 4) + 1] = 'B'; /* the light-squared bishop: b, d, f or h */
	n /= 4;
	rank[2 * (n % 4)] = 'B'; /* the dark-squared one: a, c, e or g */
	n /= 4;
	int queen = n % 6, empty = 0;
	n /= 6;
	/* Then the queen, the knights and, on the three squares left, rook, king, rook from the a-file. */
	for (int f = 0; f < 8; f++)
		if (rank[f] == ' ' && empty++ == queen)
			rank[f] = 'Q';
	empty = 0;
	for (int f = 0; f < 8; f++)
		if (rank[f] == ' ') {
			if (empty == knights[n][0] || empty == knights[n][1])
				rank[f] = 'N';
			empty++;
		}
	const char *rest = "RKR";
	for (int f = 0; f < 8; f++)
		if (rank[f] == ' ')
			rank[f] = *rest++;
}

void chess960_fen(int n, char *buf, size_t len)
{
	char white[9], black[9];
	chess960_rank(n, white);
	for (int f = 0; f < 9; f++)
		black[f] = white[f] ? (char)(white[f] | 0x20) : '\0';
	snprintf(buf, len, "%s/pppppppp/8/8/8/8/PPPPPPPP/%s w KQkq - 0 1", black, white);
}

/* Does pos hold start position n's pieces? */
static bool same_pieces(const struct position *pos, int n)
{
	static const char letters[] = " PNBRQK  pnbrqk";
	char rank[9];
	chess960_rank(n, rank);
	for (int f = 0; f < 8; f++) {
		int p = pos->board[make_square(f, 0)], q = pos->board[make_square(f, 7)];
		if (p == NO_PIECE || letters[p] != rank[f] || q == NO_PIECE || letters[q] != (rank[f] | 0x20))
			return false;
	}
	return true;
}

int chess960_number(const struct position *pos)
{
	if (pos->side != WHITE || pos->st->castling != CASTLING_ANY || popcount(occupied(pos)) != 32 ||
	    pieces_of(pos, WHITE, PAWN) != rank_bb(1) || pieces_of(pos, BLACK, PAWN) != rank_bb(6))
		return -1;
	for (int n = 0; n < CHESS960_COUNT; n++)
		if (same_pieces(pos, n))
			return n;
	return -1;
}
