/*
 * The blind mode's sentences (tui/base/spoken.c), word for word: what a screen
 * reader reads out for pieces, scan, what, last, clocks and moves.  The same
 * words reach the status line and plain mode (tests/test_tui_blind.c).
 */
#include <stdio.h>
#include <string.h>

#include <criterion/criterion.h>

#include "notation/notation.h"
#include "rules/line.h"
#include "tui/base/layout.h"
#include "tui/base/spoken.h"

static void setup(void) { position_init(); }

TestSuite(spoken, .init = setup);

static char out[2048];

/* A position from a FEN, its state in st. */
static void set(struct position *pos, struct state *st, const char *fen)
{
	char err[200];
	cr_assert(pos_set_fen(pos, st, fen, err, sizeof err, NULL, 0), "%s: %s", fen, err);
}

static int sq(const char *name) { return make_square(name[0] - 'a', name[1] - '1'); }

Test(spoken, piece_kinds_and_colours_by_word_or_letter)
{
	cr_expect_eq(spoken_piece_type("knight"), KNIGHT);
	cr_expect_eq(spoken_piece_type("Knights"), KNIGHT);
	cr_expect_eq(spoken_piece_type("N"), KNIGHT);
	cr_expect_eq(spoken_piece_type("n"), KNIGHT);
	cr_expect_eq(spoken_piece_type("b"), BISHOP);
	cr_expect_eq(spoken_piece_type("pawns"), PAWN);
	cr_expect_eq(spoken_piece_type("kingside"), PIECE_TYPE_NONE);
	cr_expect_eq(spoken_piece_type("x"), PIECE_TYPE_NONE);
	cr_expect_eq(spoken_color("white"), WHITE);
	cr_expect_eq(spoken_color("Black"), BLACK);
	cr_expect_eq(spoken_color("w"), WHITE);
	cr_expect_eq(spoken_color("bishop"), -1);
}

Test(spoken, the_pieces_of_a_kind)
{
	struct position pos;
	struct state st;
	set(&pos, &st, FEN_START);
	spoken_pieces(&pos, KNIGHT, 1u << WHITE | 1u << BLACK, out, sizeof out);
	cr_expect_str_eq(out, "White knights: b1 and g1. Black knights: b8 and g8.");
	spoken_pieces(&pos, KING, 1u << BLACK, out, sizeof out);
	cr_expect_str_eq(out, "Black king: e8.");
	set(&pos, &st, "4k3/8/8/8/8/8/8/RN2K2R w - - 0 1");
	spoken_pieces(&pos, PAWN, 1u << WHITE | 1u << BLACK, out, sizeof out);
	cr_expect_str_eq(out, "White has no pawns. Black has no pawns.");
	spoken_pieces(&pos, PIECE_TYPE_NONE, 1u << WHITE | 1u << BLACK, out, sizeof out);
	cr_expect_str_eq(out, "White: king on e1; rooks on a1 and h1; knight on b1. Black: king on e8.");
}

Test(spoken, a_file_a_rank_and_a_square)
{
	struct position pos;
	struct state st;
	set(&pos, &st, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
	spoken_file(&pos, 4, out, sizeof out);
	cr_expect_str_eq(out, "File e: white king on e1, white pawn on e4, black pawn on e5 and black king on e8. "
	                      "The rest is empty.");
	spoken_rank(&pos, 3, out, sizeof out);
	cr_expect_str_eq(out, "Rank 4: white pawn on e4. The rest is empty.");
	spoken_rank(&pos, 2, out, sizeof out);
	cr_expect_str_eq(out, "Rank 3 is empty.");
	spoken_rank(&pos, 0, out, sizeof out);
	cr_expect_str_eq(out, "Rank 1: white rook on a1, white knight on b1, white bishop on c1, white queen on d1, "
	                      "white king on e1, white bishop on f1, white knight on g1 and white rook on h1.");
	spoken_square(&pos, sq("e4"), out, sizeof out);
	cr_expect_str_eq(out, "e4: white pawn.");
	spoken_square(&pos, sq("d4"), out, sizeof out);
	cr_expect_str_eq(out, "d4 is empty.");
}

/* The move text, in SAN, made in the position of fen, in words. */
static const char *move_words(const char *fen, const char *san)
{
	struct position pos;
	struct state st;
	move_t m;
	set(&pos, &st, fen);
	cr_assert_eq(san_parse(&pos, san, &m, NULL, 0), SAN_OK, "%s", san);
	spoken_move(&pos, m, out, sizeof out);
	return out;
}

Test(spoken, moves_in_words)
{
	cr_expect_str_eq(move_words(FEN_START, "Nf3"), "White played knight from g1 to f3.");
	cr_expect_str_eq(move_words("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", "Nf6"),
	                 "Black played knight from g8 to f6.");
	/* A check, a capture, castling, en passant, a promotion, mate and stalemate. */
	cr_expect_str_eq(move_words("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "O-O"), "White castled kingside.");
	cr_expect_str_eq(move_words("r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "O-O-O"), "Black castled queenside.");
	cr_expect_str_eq(move_words("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", "Rxd5"),
	                 "White played rook from d1 to d5, takes knight.");
	cr_expect_str_eq(move_words("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6"),
	                 "White played pawn from e5 to d6, takes pawn en passant.");
	cr_expect_str_eq(move_words("8/P3k3/8/8/8/8/8/4K3 w - - 0 1", "a8=Q"),
	                 "White played pawn from a7 to a8, promotes to queen.");
	cr_expect_str_eq(move_words("6nk/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=R"),
	                 "White played pawn from e7 to e8, promotes to rook.");
	cr_expect_str_eq(move_words("rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq g6 0 3", "Qh5#"),
	                 "White played queen from d1 to h5, checkmate.");
	cr_expect_str_eq(move_words("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra8+"), "White played rook from a1 to a8, check.");
	cr_expect_str_eq(move_words("7k/8/8/8/8/8/8/K5Q1 w - - 0 1", "Qg6"),
	                 "White played queen from g1 to g6, stalemate.");
}

static const char *piece_moves(const char *fen, const char *square)
{
	struct position pos;
	struct state st;
	set(&pos, &st, fen);
	spoken_piece_moves(&pos, sq(square), out, sizeof out);
	return out;
}

Test(spoken, where_a_piece_may_go)
{
	cr_expect_str_eq(piece_moves(FEN_START, "g1"), "Knight on g1 can go to f3 and h3.");
	cr_expect_str_eq(piece_moves(FEN_START, "e2"), "Pawn on e2 can go to e3 and e4.");
	cr_expect_str_eq(piece_moves(FEN_START, "e1"), "King on e1 cannot move.");
	cr_expect_str_eq(piece_moves(FEN_START, "e4"), "e4 is empty.");
	cr_expect_str_eq(piece_moves(FEN_START, "g8"), "Knight on g8 is Black's: it is White's turn.");
	cr_expect_str_eq(piece_moves("4k3/8/2n2p2/4N3/8/8/8/4K2R w K - 0 1", "e5"),
	                 "Knight on e5 can go to d3, f3, c4, g4, g6, d7 and f7, and take on c6.");
	cr_expect_str_eq(piece_moves("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1"),
	                 "King on e1 can go to d1, f1, d2, e2 and f2, and castle kingside.");
	cr_expect_str_eq(piece_moves("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7"),
	                 "Pawn on a7 can go to a8, and take on b8. It promotes there.");
}

Test(spoken, times_on_a_clock)
{
	char t[64];
	spoken_time(272000, t, sizeof t);
	cr_expect_str_eq(t, "4 minutes 32 seconds");
	spoken_time(300000, t, sizeof t);
	cr_expect_str_eq(t, "5 minutes");
	spoken_time(3720000, t, sizeof t);
	cr_expect_str_eq(t, "1 hour 2 minutes");
	spoken_time(61000, t, sizeof t);
	cr_expect_str_eq(t, "1 minute 1 second");
	spoken_time(12345, t, sizeof t);
	cr_expect_str_eq(t, "12.3 seconds");
	spoken_time(-5, t, sizeof t);
	cr_expect_str_eq(t, "0.0 seconds");
}

/* The mouse's cells: every cell of a square maps to it, both ways up, at every size the layout gives. */
Test(layout, cells_map_to_squares_both_ways_up_at_every_size)
{
	static const int sizes[][2] = { { 80, 24 }, { 60, 20 }, { 120, 40 }, { 200, 60 }, { 100, 30 } };
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		struct layout lay;
		cr_assert(layout_compute(sizes[k][1], sizes[k][0], &lay));
		for (int flipped = 0; flipped < 2; flipped++) {
			for (int s = 0; s < 64; s++) {
				int y, x;
				layout_square_cell(&lay, flipped, s, &y, &x);
				cr_expect_eq(layout_square_at(&lay, flipped, y, x), s, "%dx%d flipped %d square %d", sizes[k][0],
				             sizes[k][1], flipped, s);
			}
			cr_expect_eq(layout_square_at(&lay, flipped, lay.board.y, lay.board.x), flipped ? SQ_H1 : SQ_A8);
			cr_expect_eq(layout_square_at(&lay, flipped, lay.board.y + lay.board.h - 1,
			                              lay.board.x + lay.board.w - 1),
			             flipped ? SQ_A8 : SQ_H1);
			cr_expect_eq(layout_square_at(&lay, flipped, lay.board.y, lay.board.x - 1), -1); /* a rank label */
			cr_expect_eq(layout_square_at(&lay, flipped, lay.board.y + lay.board.h, lay.board.x), -1);
			cr_expect_eq(layout_square_at(&lay, flipped, lay.panel.y, lay.panel.x), -1);
		}
	}
	struct layout small;
	layout_compute(10, 40, &small);
	cr_expect_eq(layout_square_at(&small, false, 0, 0), -1);
}

Test(spoken, the_coachs_sentences_read_out_with_moves_in_words)
{
	spoken_san_text("Nf6?? allows mate in one: 4. Qxf7#.", out, sizeof out);
	cr_expect_str_eq(out, "knight to f6, a blunder allows mate in one: queen takes f7, mate.");
	spoken_san_text("Nd3? loses the bishop on d5 to 18... exd5: you lose a bishop for a pawn.", out, sizeof out);
	cr_expect_str_eq(out, "knight to d3, a mistake loses the bishop on d5 to pawn e takes d5: you lose a bishop for a "
	                      "pawn.");
	spoken_san_text("Rb8?? lets the pawn promote: 50... c1=Q+.", out, sizeof out);
	cr_expect_str_eq(out, "rook to b8, a blunder lets the pawn promote: pawn to c1 promotes to queen, check.");
	spoken_san_text("Black threatens 5... O-O-O, and Rae1 and Nbd2.", out, sizeof out);
	cr_expect_str_eq(out, "Black threatens castles queenside, and rook a to e1 and knight b to d2.");
}
