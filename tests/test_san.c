/* SAN and UCI: the shared table of typed moves, messages a player reads, and round trips over many positions. */
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "helpers.h"
#include "rules/movegen.h"
#include "notation/notation.h"

static void setup(void) { position_init(); }
TestSuite(san, .init = setup);
TestSuite(shared_san, .init = setup);

static char *trim(char *s)
{
	while (*s == ' ')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\n' || s[n - 1] == '\r'))
		s[--n] = '\0';
	return s;
}

/* Parses text in fen; checks the status and, on success, the move in UCI. Returns the message. */
static void expect_parse(const char *fen, const char *text, enum san_status want, const char *uci, char *msg,
                         size_t msglen)
{
	struct position *pos = test_position(fen);
	char before[FEN_MAX], after[FEN_MAX], got[UCI_MOVE_MAX];
	uint64_t key = pos_key(pos);
	move_t m;
	pos_get_fen(pos, before, sizeof before);
	enum san_status st = san_parse(pos, text, &m, msg, msglen);
	pos_get_fen(pos, after, sizeof after);
	cr_expect_eq(st, want, "%s | %s: status %d, expected %d (%s)", fen, text, st, want, msg);
	cr_expect_str_eq(after, before, "%s | %s: the position changed", fen, text);
	cr_expect_eq(pos_key(pos), key);
	if (want == SAN_OK && st == SAN_OK) {
		move_to_uci(m, got);
		cr_expect_str_eq(got, uci, "%s | %s: %s, expected %s", fen, text, got, uci);
	} else if (st != SAN_OK) {
		cr_expect_eq(m, MOVE_NONE);
		cr_expect(msg[0] != '\0', "%s | %s: no message", fen, text);
	}
	test_free(pos);
}

/* Every line of san_cases.txt: FEN | SAN | expected | [tag] note. */
Test(san, shared_case_table)
{
	FILE *f = test_data_open("san_cases.txt");
	char line[1024];
	int cases = 0, canonical = 0;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char *fields[4] = { line, NULL, NULL, NULL };
		for (int i = 1; i < 4; i++) {
			fields[i] = strstr(fields[i - 1], " | ");
			cr_assert_not_null(fields[i], "bad line: %s", line);
			*fields[i] = '\0';
			fields[i] += 3;
		}
		const char *fen = trim(fields[0]), *text = trim(fields[1]), *expected = trim(fields[2]);
		const char *tag = trim(fields[3]);
		enum san_status want = !strcmp(expected, "ILLEGAL")     ? SAN_ILLEGAL
		                       : !strcmp(expected, "AMBIGUOUS") ? SAN_AMBIGUOUS
		                       : !strcmp(expected, "INVALID")   ? SAN_INVALID
		                                                        : SAN_OK;
		char msg[256] = "";
		expect_parse(fen, text, want, expected, msg, sizeof msg);
		/* A canonical move written back must be exactly what the table typed. */
		if (!strncmp(tag, "[valid]", 7)) {
			struct position *pos = test_position(fen);
			move_t m;
			char san[SAN_MAX];
			cr_assert_eq(san_parse(pos, text, &m, NULL, 0), SAN_OK);
			move_to_san(pos, m, san);
			cr_expect_str_eq(san, text, "%s: wrote %s for %s", fen, san, text);
			canonical++;
			test_free(pos);
		}
		cases++;
	}
	fclose(f);
	cr_expect_eq(cases, 93, "read %d cases, the table has 93", cases);
	cr_expect_eq(canonical, 48);
}

static void expect_message(const char *fen, const char *text, enum san_status want, const char *message)
{
	char msg[256] = "";
	expect_parse(fen, text, want, NULL, msg, sizeof msg);
	cr_expect_str_eq(msg, message, "%s | %s", fen, text);
}

Test(san, messages_say_why)
{
	const char *start = FEN_START;
	expect_message(start, "Xe4", SAN_INVALID, "Xe4 is not a move: X is not a piece (K Q R B N) or a file (a-h)");
	expect_message(start, "e5", SAN_ILLEGAL, "e5: no pawn can move to e5");
	expect_message(start, "Ke2", SAN_ILLEGAL, "Ke2: your own pawn stands on e2");
	expect_message(start, "Nf9", SAN_INVALID, "Nf9 is not a move: there is no rank 9");
	expect_message(start, "", SAN_INVALID, "no move given");
	expect_message(start, "nd2", SAN_ILLEGAL, "Nd2: your own pawn stands on d2");
	expect_message(start, "e2e5", SAN_ILLEGAL, "e2e5: the pawn on e2 cannot move to e5");
	expect_message(start, "g1g3", SAN_ILLEGAL, "g1g3: the knight on g1 cannot move to g3");
	expect_message(start, "E5", SAN_ILLEGAL, "e5: no pawn can move to e5");
	expect_message(start, "Qd3", SAN_ILLEGAL, "Qd3: no queen can move to d3");
	expect_message("4k3/8/8/8/8/5r2/4K3/8 w - - 0 1", "Ke3", SAN_ILLEGAL, "Ke3 would leave your king in check");
	expect_message("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", SAN_ILLEGAL, "Nc3: your knight on e2 is pinned");
	expect_message("4k3/8/8/8/8/8/3N4/r3K3 w - - 0 1", "Nb3", SAN_ILLEGAL,
	               "Nb3 would leave your king in check");
	expect_message("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "Nf3", SAN_ILLEGAL, "Nf3: your knight on d2 is pinned");
	expect_message("rnbqkb1r/ppp2ppp/4pn2/3p4/3P4/4PN2/PPP2PPP/RNBQKB1R w KQkq - 0 4", "Nd2", SAN_AMBIGUOUS,
	               "Nd2 is ambiguous: Nbd2 or Nfd2");
	expect_message("1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "Qe1", SAN_AMBIGUOUS,
	               "Qe1 is ambiguous: Q1e1, Qee1 or Qh4e1");
	expect_message("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "Kh7", SAN_ILLEGAL, "Kh7: Black is stalemated, no move can be played");
	expect_message("5r1k/4P3/8/8/8/8/8/K7 w - - 0 1", "e8", SAN_ILLEGAL, "e8: say what the pawn becomes: =Q, =R, =B or =N");
	expect_message("5r1k/4P3/8/8/8/8/8/K7 w - - 0 1", "e8=K", SAN_INVALID, "e8=K is not a move: a pawn cannot become a king");
	expect_message(start, "Nxf3", SAN_ILLEGAL, "Nxf3: there is nothing to take on f3");
	expect_message("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "O-O", SAN_ILLEGAL,
	               "O-O: White may no longer castle kingside (the king or that rook has moved)");
	expect_message("4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "O-O", SAN_ILLEGAL,
	               "O-O: your king would cross f1, which is attacked");
	expect_message("2r1k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O", SAN_ILLEGAL,
	               "O-O-O: your king would land in check on c1");
	expect_message("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "O-O-O", SAN_ILLEGAL,
	               "O-O-O: b1 stands between king and rook");
	expect_message("4k3/8/8/8/8/5n2/8/4K2R w K - 0 1", "0-0", SAN_ILLEGAL, "0-0: you cannot castle out of check");
	expect_message("rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", "exd6", SAN_ILLEGAL,
	               "exd6: en passant on d6 is not possible now");
	expect_message(start, "e7e5", SAN_ILLEGAL, "e7e5: the pawn on e7 is Black's");
	expect_message(start, "e3e4", SAN_ILLEGAL, "e3e4: there is no piece on e3");
	expect_message(start, "--", SAN_INVALID, "-- is a null move (a pass), which the rules do not allow");
	expect_message(start, "Nf3x", SAN_INVALID,
	               "Nf3x is not a move: a move ends with the square it goes to, such as e4");
	expect_message("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Nf3", SAN_ILLEGAL, "Nf3: you have no knight");
}

/* The forms people type, each to the one move it can mean. */
Test(san, lenient_forms)
{
	char msg[256];
	const char *ep = "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
	expect_parse(ep, "exd6 e.p.", SAN_OK, "e5d6", msg, sizeof msg);
	expect_parse(ep, "exd6e.p.", SAN_OK, "e5d6", msg, sizeof msg);
	expect_parse(ep, "exd6ep", SAN_OK, "e5d6", msg, sizeof msg);
	expect_parse(ep, "ed6", SAN_OK, "e5d6", msg, sizeof msg);
	expect_parse(ep, "e5d6", SAN_OK, "e5d6", msg, sizeof msg);
	expect_parse(FEN_START, "e4!", SAN_OK, "e2e4", msg, sizeof msg);
	expect_parse(FEN_START, "e4?!", SAN_OK, "e2e4", msg, sizeof msg);
	expect_parse(FEN_START, "  Nf3!!  ", SAN_OK, "g1f3", msg, sizeof msg);
	expect_parse(FEN_START, "Nf3+", SAN_OK, "g1f3", msg, sizeof msg);
	expect_parse(FEN_START, "Ng1f3", SAN_OK, "g1f3", msg, sizeof msg);
	expect_parse(FEN_START, "Ng1-f3", SAN_OK, "g1f3", msg, sizeof msg);
	expect_parse(FEN_START, "g1f3", SAN_OK, "g1f3", msg, sizeof msg);
	expect_parse(FEN_START, "e2-e4", SAN_OK, "e2e4", msg, sizeof msg);
	expect_parse(FEN_START, "Pe4", SAN_OK, "e2e4", msg, sizeof msg);
	const char *promo = "5r1k/4P3/8/8/8/8/8/K7 w - - 0 1";
	expect_parse(promo, "e8q", SAN_OK, "e7e8q", msg, sizeof msg);
	expect_parse(promo, "e8(Q)", SAN_OK, "e7e8q", msg, sizeof msg);
	expect_parse(promo, "e8/N", SAN_OK, "e7e8n", msg, sizeof msg);
	expect_parse(promo, "e7e8r", SAN_OK, "e7e8r", msg, sizeof msg);
	expect_parse(promo, "exf8Q+", SAN_OK, "e7f8q", msg, sizeof msg);
	expect_parse(promo, "ef8=B", SAN_OK, "e7f8b", msg, sizeof msg);
	expect_parse(promo, "e7e8", SAN_ILLEGAL, NULL, msg, sizeof msg);
	const char *castle = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
	expect_parse(castle, "0-0-0", SAN_OK, "e1c1", msg, sizeof msg);
	expect_parse(castle, "o-o", SAN_OK, "e1g1", msg, sizeof msg);
	expect_parse(castle, "O-O+", SAN_OK, "e1g1", msg, sizeof msg);
	expect_parse(castle, "e1g1", SAN_OK, "e1g1", msg, sizeof msg);
	expect_parse(castle, "e1h1", SAN_OK, "e1g1", msg, sizeof msg);
	expect_parse(castle, "e1a1", SAN_OK, "e1c1", msg, sizeof msg);
}

/* Figurines, piece letters in lower case, moves typed in capitals: each to the one move it can mean. */
Test(san, forgiving_input)
{
	char msg[256];
	expect_parse(FEN_START, "\u2658f3", SAN_OK, "g1f3", msg, sizeof msg);        /* white knight */
	expect_parse(FEN_START, "\u265ec3", SAN_OK, "b1c3", msg, sizeof msg);        /* black knight, same piece letter */
	expect_parse(FEN_START, "\u2659e4", SAN_OK, "e2e4", msg, sizeof msg);
	const char *capture = "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
	expect_parse(capture, "\u265exe4", SAN_OK, "f6e4", msg, sizeof msg);
	expect_parse(FEN_START, "nf3", SAN_OK, "g1f3", msg, sizeof msg);
	expect_parse(FEN_START, "E4", SAN_OK, "e2e4", msg, sizeof msg);
	expect_parse(FEN_START, "E2E4", SAN_OK, "e2e4", msg, sizeof msg);
	expect_parse(FEN_START, "NF3", SAN_OK, "g1f3", msg, sizeof msg);
	expect_parse(FEN_START, "B4", SAN_OK, "b2b4", msg, sizeof msg);
	expect_parse(FEN_START, "B2B4", SAN_OK, "b2b4", msg, sizeof msg);
	const char *open = "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 0 3";
	expect_parse(open, "qh5", SAN_OK, "f3h5", msg, sizeof msg);
	expect_parse(open, "EXD5", SAN_OK, "e4d5", msg, sizeof msg);
	expect_parse(open, "Exd5", SAN_OK, "e4d5", msg, sizeof msg);
	expect_parse(open, "kd1", SAN_OK, "e1d1", msg, sizeof msg);
	expect_parse(open, "bc4", SAN_OK, "f1c4", msg, sizeof msg); /* no pawn on the b-file fits: the bishop */
	expect_parse("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "rd1", SAN_OK, "a1d1", msg, sizeof msg);
	expect_parse(FEN_START, "1. e4", SAN_OK, "e2e4", msg, sizeof msg); /* a move number is left out */
	expect_parse(FEN_START, "1.Nf3", SAN_OK, "g1f3", msg, sizeof msg);
	expect_parse(capture, "2...Nxe4", SAN_OK, "f6e4", msg, sizeof msg);
	expect_message(FEN_START, "e4 e5", SAN_INVALID, "e4 e5 is not one move: type one move at a time");
}

/* A message quotes what was typed by whole characters, never a byte of one. */
Test(san, messages_quote_whole_characters)
{
	expect_message(FEN_START, "\u00d1f3", SAN_INVALID,
	               "\u00d1f3 is not a move: \u00d1 is not a piece (K Q R B N) or a file (a-h)");
	expect_message(FEN_START, "N\u00d1f3", SAN_INVALID, "N\u00d1f3 is not a move: '\u00d1' is out of place");
	expect_message(FEN_START, "N\xc3" "f3", SAN_INVALID, "N?f3 is not a move: '\\xC3' is out of place");
	char msg[256];
	expect_parse(FEN_START, "\u2658\u2658\u2658\u2658\u2658\u2658\u2658\u2658\u2658\u2658f3", SAN_INVALID, NULL, msg,
	             sizeof msg);
	cr_expect_str_eq(msg, "\u2658\u2658\u2658\u2658\u2658... is too long to be a move");
}

/* A lowercase b is the b-file pawn (a bishop only when no pawn move fits, and asked when bb3 fits both). */
Test(san, lowercase_b_is_a_pawn)
{
	char msg[256];
	const char *fen = "rnbqkbnr/ppp1pppp/8/8/2p5/1P6/P1PPBPPP/RNBQK1NR w KQkq - 0 4";
	expect_parse(fen, "bxc4", SAN_OK, "b3c4", msg, sizeof msg);
	expect_parse(fen, "Bxc4", SAN_OK, "e2c4", msg, sizeof msg);
	expect_parse(fen, "bc4", SAN_OK, "b3c4", msg, sizeof msg);
	expect_parse(fen, "b4", SAN_OK, "b3b4", msg, sizeof msg);
	expect_parse(fen, "Bd3", SAN_OK, "e2d3", msg, sizeof msg);
	/* bb3 names no pawn move of standard notation: where a bishop can go to b3 too, it is asked which. */
	const char *both = "r1bq3r/ppppkBpp/2n2n2/2b1p1N1/4P3/8/PPPP1PPP/RNBQK2R w KQ - 2 6";
	expect_message(both, "bb3", SAN_AMBIGUOUS, "bb3 is ambiguous: b3 or Bb3");
	expect_parse(both, "Bb3", SAN_OK, "f7b3", msg, sizeof msg);
	expect_parse(both, "b3", SAN_OK, "b2b3", msg, sizeof msg);
	expect_parse(FEN_START, "bb3", SAN_OK, "b2b3", msg, sizeof msg); /* no bishop can: the pawn */
	/* No bishop can take on c4 here: Bxc4 must not fall back to the pawn. */
	expect_parse("rnbqkbnr/ppp1pppp/8/8/2p5/1P6/P1PPPPPP/RNBQKBNR w KQkq - 0 3", "Bxc4", SAN_ILLEGAL, NULL, msg,
	             sizeof msg);
}

static void expect_san(const char *fen, const char *uci, const char *san)
{
	struct position *pos = test_position(fen);
	char out[SAN_MAX];
	move_t m = uci_parse_move(pos, uci);
	cr_assert_neq(m, MOVE_NONE, "%s: %s not legal", fen, uci);
	move_to_san(pos, m, out);
	cr_expect_str_eq(out, san, "%s %s", fen, uci);
	test_free(pos);
}

Test(san, writing_disambiguates_least)
{
	expect_san("rn2kb1r/ppp1pppp/5n2/8/8/8/8/4K3 b kq - 0 1", "f6d7", "Nfd7");
	expect_san("rn2kb1r/ppp1pppp/5n2/8/8/8/8/4K3 b kq - 0 1", "b8d7", "Nbd7");
	expect_san("r1b1kb1r/ppp2ppp/2n2n2/8/8/8/8/4K3 b kq - 0 1", "c6d4", "Nd4");
	expect_san("r1bqkb1r/pppppppp/5n2/8/8/8/8/1N2KN2 w kq - 0 1", "b1d2", "Nbd2");
	expect_san("4k3/8/8/R7/8/8/8/R5K1 w - - 0 1", "a1a3", "R1a3");
	expect_san("1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1", "Qh4e1");
	expect_san("1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "e4e1", "Qee1");
	expect_san("4k3/8/8/8/8/5N2/8/rN2K3 w - - 0 1", "f3d2", "Nd2"); /* the pinned knight does not count */
	expect_san("rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", "e5d6", "exd6");
	expect_san("5r1k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7f8q", "exf8=Q+");
	expect_san("5r1k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8n", "e8=N");
	expect_san("2rkr3/2p1p3/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "O-O-O#");
	expect_san("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8", "O-O");
	expect_san("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#");
	expect_san("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8+");
}

Test(san, uci_in_and_out)
{
	struct position *pos = test_position("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
	char buf[UCI_MOVE_MAX];
	const char *good[] = { "e1g1", "e1c1", "b7a8q", "b7b8n", "a1a8", "h1h8" };
	for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
		move_t m = uci_parse_move(pos, good[i]);
		cr_assert_neq(m, MOVE_NONE, "%s", good[i]);
		move_to_uci(m, buf);
		cr_expect_str_eq(buf, good[i]);
	}
	const char *bad[] = { "", "e1", "e1g1x", "b7b8", "b7b8k", "e2e4", "e1e3", "i1i2", "e9e8", "0000", "e1g1 " };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		cr_expect_eq(uci_parse_move(pos, bad[i]), MOVE_NONE, "%s", bad[i]);
	move_to_uci(MOVE_NONE, buf);
	cr_expect_str_eq(buf, "0000");
	test_free(pos);
}

Test(san, lines_with_move_numbers)
{
	struct position *pos = test_position(FEN_START);
	move_t moves[4] = { uci_parse_move(pos, "e2e4") };
	char buf[128];
	test_play(pos, moves[0]);
	moves[1] = uci_parse_move(pos, "e7e5");
	test_play(pos, moves[1]);
	moves[2] = uci_parse_move(pos, "g1f3");
	test_undo(pos);
	test_undo(pos);
	cr_expect_eq(san_format_line(pos, moves, 3, buf, sizeof buf), 3);
	cr_expect_str_eq(buf, "1. e4 e5 2. Nf3");
	test_play(pos, moves[0]);
	cr_expect_eq(san_format_line(pos, moves + 1, 2, buf, sizeof buf), 2);
	cr_expect_str_eq(buf, "1... e5 2. Nf3");
	cr_expect_eq(san_format_line(pos, moves, 2, buf, sizeof buf), 0, "e4 is not legal for Black");
	cr_expect_eq(san_format_line(pos, moves + 1, 2, buf, 12), 1, "only what fits");
	cr_expect_str_eq(buf, "1... e5");
	test_free(pos);
}

/* Every legal move of every perft suite position and of its children: SAN and UCI read back to the move. */
static void round_trip_position(struct position *pos, int depth, int *count)
{
	move_t list[MAX_MOVES];
	int n = generate_legal(pos, list);
	for (int i = 0; i < n; i++) {
		char san[SAN_MAX], uci[UCI_MOVE_MAX], msg[256];
		move_t back;
		move_to_san(pos, list[i], san);
		enum san_status st = san_parse(pos, san, &back, msg, sizeof msg);
		cr_assert(st == SAN_OK && back == list[i], "SAN %s does not read back: %s", san, msg);
		move_to_uci(list[i], uci);
		cr_assert_eq(uci_parse_move(pos, uci), list[i], "UCI %s does not read back", uci);
		cr_assert_eq(san_parse(pos, uci, &back, msg, sizeof msg), SAN_OK, "%s: %s", uci, msg);
		cr_assert_eq(back, list[i]);
		/* The suffix must tell the truth. */
		test_play(pos, list[i]);
		move_t reply[MAX_MOVES];
		int replies = generate_legal(pos, reply);
		char last = san[strlen(san) - 1];
		cr_assert_eq(last == '#', in_check(pos) && replies == 0, "%s", san);
		cr_assert_eq(last == '+', in_check(pos) && replies > 0, "%s", san);
		if (depth > 1)
			round_trip_position(pos, depth - 1, count);
		test_undo(pos);
		(*count)++;
	}
}

/* Every legal move two plies deep from each position of the files: returns how many moves were checked. */
static int round_trip_files(FILE *const *files, size_t nfiles)
{
	int count = 0;
	for (size_t f = 0; f < nfiles; f++) {
		FILE *in = files[f];
		char line[1024];
		while (fgets(line, sizeof line, in)) {
			char *semi = strchr(line, ';');
			if (!semi)
				continue;
			*semi = '\0';
			struct position *pos = test_position(line);
			round_trip_position(pos, 2, &count);
			test_free(pos);
		}
		fclose(in);
	}
	return count;
}

Test(san, round_trip_over_perft_positions, .timeout = 120)
{
	FILE *files[] = { test_data_open("perft/cpw_published.epd"), test_data_open("perft/special_A.epd") };
	int count = round_trip_files(files, 2);
	cr_expect_gt(count, 5000, "only %d moves checked", count);
	cr_log_info("SAN and UCI round trips over the perft positions made here: %d moves", count);
}

Test(shared_san, round_trip_over_the_perft_suites, .timeout = 120)
{
	FILE *files[] = { test_shared_open("perft/cpw_perft_results.epd"), test_shared_open("perft/perftsuite_A.epd"),
		          test_shared_open("perft/tricky_talkchess_A.epd") };
	int count = round_trip_files(files, 3);
	cr_expect_gt(count, 20000, "only %d moves checked", count);
	cr_log_info("SAN and UCI round trips over the outside perft suites: %d moves", count);
}
