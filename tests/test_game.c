/* The game: undo and redo, every result with its reason, draw claims, repetition as FIDE counts it, clocks, tags. */
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "notation/game.h"
#include "helpers.h"
#include "rules/material.h"
#include "rules/movegen.h"
#include "notation/notation.h"

static void setup(void) { position_init(); }
TestSuite(game, .init = setup);

static struct game *new_game(const char *fen)
{
	char err[160];
	struct game *g = game_new(fen, err, sizeof err);
	cr_assert_not_null(g, "%s: %s", fen ? fen : "start", err);
	return g;
}

/* Plays moves given as SAN, space separated; each must be legal. */
static void play(struct game *g, const char *moves)
{
	char buf[4096];
	snprintf(buf, sizeof buf, "%s", moves);
	for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
		char msg[200];
		move_t m;
		cr_assert_eq(san_parse(game_position(g), tok, &m, msg, sizeof msg), SAN_OK, "%s: %s", tok, msg);
		cr_assert(game_play(g, m), "game_play refused %s", tok);
	}
}

static void expect_fen(const struct game *g, const char *fen)
{
	char out[FEN_MAX];
	pos_get_fen(game_position(g), out, sizeof out);
	cr_expect_str_eq(out, fen);
}

static move_t san(const struct game *g, const char *text)
{
	move_t m;
	cr_assert_eq(san_parse(game_position(g), text, &m, NULL, 0), SAN_OK, "%s", text);
	return m;
}

Test(game, bad_fen_is_refused_with_a_message)
{
	char err[160] = "";
	cr_expect_null(game_new("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", err, sizeof err));
	cr_expect(strstr(err, "rank 1") != NULL, "%s", err);
}

Test(game, undo_redo_across_castling_and_promotion)
{
	struct game *g = new_game("r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1");
	const char *fens[5];
	char saved[5][FEN_MAX];
	play(g, "O-O-O gxh1=Q Rxh1 O-O bxa8=N");
	cr_assert_eq(game_ply_count(g), 5);
	for (int i = 4; i >= 0; i--) {
		pos_get_fen(game_position(g), saved[i], sizeof saved[i]);
		fens[i] = saved[i];
		cr_assert(game_undo(g));
	}
	expect_fen(g, "r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1");
	cr_expect(!game_undo(g), "nothing before the start");
	cr_expect_eq(game_redo_count(g), 5);
	for (int i = 0; i < 5; i++) {
		cr_assert(game_redo(g));
		expect_fen(g, fens[i]);
	}
	cr_expect(!game_redo(g));
	expect_fen(g, "N4rk1/8/8/8/8/8/8/2K4R b - - 0 3");
	game_free(g);
}

Test(game, a_new_move_after_undo_drops_the_redo_line)
{
	struct game *g = new_game(NULL);
	play(g, "e4 e5 Nf3");
	cr_assert(game_undo(g));
	cr_assert(game_undo(g));
	cr_expect_eq(game_redo_count(g), 2);
	play(g, "c5");
	cr_expect_eq(game_redo_count(g), 0);
	cr_expect(!game_redo(g));
	cr_expect_eq(game_ply_count(g), 2);
	char uci[UCI_MOVE_MAX];
	move_to_uci(game_moves(g)[1], uci);
	cr_expect_str_eq(uci, "c7c5");
	game_free(g);
}

Test(game, illegal_moves_are_refused_and_change_nothing)
{
	struct game *g = new_game(NULL);
	cr_expect(!game_play(g, make_move(SQ_E2, SQ_E5)));
	cr_expect(!game_play(g, MOVE_NONE));
	cr_expect(!game_play(g, 0xFFFF));
	cr_expect_eq(game_ply_count(g), 0);
	expect_fen(g, FEN_START);
	game_free(g);
}

Test(game, checkmate_and_stalemate)
{
	struct game *g = new_game(NULL);
	play(g, "f3 e5 g4 Qh4#");
	cr_expect_eq(game_result(g), RESULT_BLACK_WINS);
	cr_expect_eq(game_reason(g), REASON_CHECKMATE);
	cr_expect(game_is_over(g));
	char text[80];
	game_status_text(g, text, sizeof text);
	cr_expect_str_eq(text, "Black wins by checkmate.");
	cr_expect_str_eq(game_result_text(game_result(g)), "0-1");
	cr_expect(game_undo(g));
	cr_expect_eq(game_result(g), RESULT_NONE);
	game_free(g);

	g = new_game("7k/5Q2/8/6K1/8/8/8/8 w - - 0 1");
	play(g, "Kg6");
	cr_expect_eq(game_result(g), RESULT_DRAW);
	cr_expect_eq(game_reason(g), REASON_STALEMATE);
	cr_expect(!game_play(g, make_move(SQ_H8, SQ_G8)), "no move after the end");
	game_status_text(g, text, sizeof text);
	cr_expect_str_eq(text, "Draw by stalemate.");
	game_free(g);
}

/* Knights out and back: the start position again every four plies. */
static void shuffle(struct game *g, int times)
{
	for (int i = 0; i < times; i++)
		play(g, "Nf3 Nf6 Ng1 Ng8");
}

Test(game, threefold_is_claimed_fivefold_ends_the_game)
{
	struct game *g = new_game(NULL);
	shuffle(g, 1);
	cr_expect_eq(game_repetitions(g), 2);
	cr_expect_eq(game_can_claim(g, MOVE_NONE), REASON_NONE);
	/* White may claim by announcing Nf3... no: that position (after Nf3) has been seen once only. */
	cr_expect_eq(game_can_claim(g, san(g, "Nf3")), REASON_NONE);
	play(g, "Nf3 Nf6 Ng1");
	/* Black announces Ng8, which brings the start position a third time. */
	cr_expect_eq(game_can_claim(g, san(g, "Ng8")), REASON_THREEFOLD);
	cr_expect_eq(game_can_claim(g, san(g, "Nc6")), REASON_NONE);
	play(g, "Ng8");
	cr_expect_eq(game_repetitions(g), 3);
	cr_expect_eq(game_result(g), RESULT_NONE, "threefold does not end the game by itself");
	cr_expect_eq(game_can_claim(g, MOVE_NONE), REASON_THREEFOLD);
	shuffle(g, 2);
	cr_expect_eq(game_repetitions(g), 5);
	cr_expect_eq(game_result(g), RESULT_DRAW);
	cr_expect_eq(game_reason(g), REASON_FIVEFOLD);
	cr_expect_eq(game_can_claim(g, MOVE_NONE), REASON_NONE, "nothing to claim once the game is over");
	game_free(g);
}

Test(game, claiming_a_draw)
{
	struct game *g = new_game(NULL);
	shuffle(g, 1);
	play(g, "Nf3 Nf6 Ng1");
	cr_expect(!game_claim_draw(g, MOVE_NONE), "no claim yet");
	cr_expect(game_claim_draw(g, san(g, "Ng8")));
	cr_expect_eq(game_ply_count(g), 8, "the announced move is played");
	cr_expect_eq(game_result(g), RESULT_DRAW);
	cr_expect_eq(game_reason(g), REASON_THREEFOLD);
	char text[80];
	game_status_text(g, text, sizeof text);
	cr_expect_str_eq(text, "Draw by threefold repetition.");
	cr_expect(!game_play(g, san(g, "Nf3")), "the game is over");
	cr_expect(game_undo(g), "undo takes back the claim");
	cr_expect_eq(game_result(g), RESULT_NONE);
	cr_expect_eq(game_ply_count(g), 8);
	game_free(g);
}

/*
 * FIDE counts positions equal only with the same possible moves: a position
 * where an en passant capture is possible differs from the same placement
 * without it.
 */
Test(game, repetition_counts_en_passant_only_when_a_capture_is_possible)
{
	/* 1...d5 with a white pawn on e5: exd6 is possible right after, so that position is not repeated later. */
	struct game *g = new_game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
	play(g, "d5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8");
	/* The placement after 1...d5 has occurred three times, but the first time with en passant possible. */
	cr_expect_eq(game_repetitions(g), 2);
	cr_expect_eq(game_can_claim(g, MOVE_NONE), REASON_NONE);
	play(g, "Ke2 Ke7 Ke1 Ke8");
	cr_expect_eq(game_repetitions(g), 3);
	cr_expect_eq(game_can_claim(g, MOVE_NONE), REASON_THREEFOLD);
	game_free(g);

	/* No white pawn beside d5: the double step leaves no capture, so the first position counts too. */
	g = new_game("4k3/3p4/8/7P/8/8/8/4K3 b - - 0 1");
	play(g, "d5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8");
	cr_expect_eq(game_repetitions(g), 3);
	cr_expect_eq(game_can_claim(g, MOVE_NONE), REASON_THREEFOLD);
	game_free(g);
}

Test(game, repetition_needs_the_same_castling_rights)
{
	struct game *g = new_game("r3k3/8/8/8/8/8/8/4K2R w K - 0 1");
	play(g, "Rh2 Ke7 Rh1 Ke8"); /* the rook came back, but the right to castle is gone */
	cr_expect_eq(game_repetitions(g), 1);
	play(g, "Rh2 Ke7 Rh1 Ke8 Rh2 Ke7 Rh1 Ke8");
	cr_expect_eq(game_repetitions(g), 3);
	game_free(g);
}

/*
 * Quiet plies: White's rook walks a3..h3 and Black's a6..g6, round and round.
 * The pair of squares comes back only every 112 plies, so no repetition gets
 * in the way of the move-count rules.  Pawns on a2 and h7 shield the kings.
 */
#define QUIET_FEN(counter) "7k/7p/r7/8/8/R7/P7/K7 w - - " counter " 80"

static move_t quiet_move(const struct game *g)
{
	int ply = game_ply_count(g);
	char text[8];
	if (ply % 2 == 0)
		snprintf(text, sizeof text, "R%c3", 'a' + (ply / 2 + 1) % 8);
	else
		snprintf(text, sizeof text, "R%c6", 'a' + (ply / 2 + 1) % 7);
	return san(g, text);
}

static void quiet_plies(struct game *g, int plies)
{
	for (int i = 0; i < plies; i++)
		cr_assert(game_play(g, quiet_move(g)), "ply %d", game_ply_count(g));
}

Test(game, fifty_moves_is_100_plies_and_claimed)
{
	struct game *g = new_game(QUIET_FEN("0"));
	quiet_plies(g, 99);
	cr_expect_eq(game_position(g)->st->rule50, 99);
	cr_expect_eq(game_can_claim(g, MOVE_NONE), REASON_NONE, "99 plies are not enough");
	cr_expect_eq(game_can_claim(g, quiet_move(g)), REASON_FIFTY_MOVES, "claim by announcing the 100th ply");
	quiet_plies(g, 1);
	cr_expect_eq(game_can_claim(g, MOVE_NONE), REASON_FIFTY_MOVES);
	cr_expect_eq(game_result(g), RESULT_NONE, "the fifty-move rule does not end the game by itself");
	quiet_plies(g, 49);
	cr_expect_eq(game_result(g), RESULT_NONE);
	quiet_plies(g, 1);
	cr_expect_eq(game_position(g)->st->rule50, 150);
	cr_expect_eq(game_result(g), RESULT_DRAW, "150 plies end the game");
	cr_expect_eq(game_reason(g), REASON_SEVENTY_FIVE);
	game_free(g);

	g = new_game(QUIET_FEN("99"));
	cr_expect_eq(game_can_claim(g, MOVE_NONE), REASON_NONE);
	cr_expect_eq(game_can_claim(g, san(g, "Rb3")), REASON_FIFTY_MOVES);
	cr_expect_eq(game_can_claim(g, san(g, "Rxa6")), REASON_NONE, "a capture resets the count");
	play(g, "Rb3");
	cr_expect(game_claim_draw(g, MOVE_NONE));
	cr_expect_eq(game_reason(g), REASON_FIFTY_MOVES);
	game_free(g);

	g = new_game(QUIET_FEN("148"));
	play(g, "Rb3");
	cr_expect_eq(game_result(g), RESULT_NONE);
	play(g, "Rb6");
	cr_expect_eq(game_reason(g), REASON_SEVENTY_FIVE);
	game_free(g);
}

Test(game, mate_on_the_last_ply_beats_the_seventy_five_move_rule)
{
	struct game *g = new_game("k7/8/1K6/8/8/8/8/7R w - - 149 90");
	play(g, "Rh8#");
	cr_expect_eq(game_result(g), RESULT_WHITE_WINS);
	cr_expect_eq(game_reason(g), REASON_CHECKMATE);
	game_free(g);
	g = new_game("k7/8/1K6/8/8/8/8/7R w - - 99 90");
	cr_expect_eq(game_can_claim(g, san(g, "Rh8#")), REASON_NONE, "a mating move is no draw claim");
	game_free(g);
}

Test(game, dead_positions)
{
	struct {
		const char *fen;
		bool dead;
	} cases[] = {
		{ "8/8/4k3/8/8/3K4/8/8 w - - 0 1", true },         /* K v K */
		{ "8/8/4k3/8/8/3KB3/8/8 w - - 0 1", true },        /* K+B v K */
		{ "8/8/4k3/8/8/3KN3/8/8 b - - 0 1", true },        /* K+N v K */
		{ "8/8/4kb2/8/8/3KB3/8/8 w - - 0 1", true },       /* bishops both on dark squares */
		{ "8/2b5/4kb2/8/8/3K4/1B6/B7 w - - 0 1", true },   /* four bishops, all on dark squares */
		{ "8/8/4k1b1/8/8/3KB3/8/8 w - - 0 1", false },     /* bishops on opposite colours */
		{ "8/8/4k3/8/8/3KNN2/8/8 w - - 0 1", false },      /* two knights can be helped to mate */
		{ "8/8/4kn2/8/8/3KN3/8/8 w - - 0 1", false },      /* K+N v K+N */
		{ "8/8/4k3/8/8/3KB3/7p/8 w - - 0 1", false },      /* a pawn */
		{ "8/8/4k3/8/8/3K4/8/7R w - - 0 1", false },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct position *pos = test_position(cases[i].fen);
		cr_expect_eq(pos_is_dead_material(pos), cases[i].dead, "%s", cases[i].fen);
		test_free(pos);
	}
	/* A capture into a dead position ends the game at once. */
	struct game *g = new_game("8/8/4k3/8/4n3/3K4/8/8 w - - 0 1");
	cr_expect_eq(game_result(g), RESULT_DRAW, "K v K+N is already dead");
	game_free(g);
	g = new_game("8/8/4k3/8/4r3/3K4/8/8 w - - 0 1");
	play(g, "Kxe4");
	cr_expect_eq(game_result(g), RESULT_DRAW);
	cr_expect_eq(game_reason(g), REASON_DEAD_POSITION);
	game_free(g);
}

Test(game, resignation_and_agreement)
{
	struct game *g = new_game(NULL);
	play(g, "e4");
	cr_expect(!game_resign(g, 7));
	cr_expect(game_resign(g, BLACK));
	cr_expect_eq(game_result(g), RESULT_WHITE_WINS);
	cr_expect_eq(game_reason(g), REASON_RESIGNATION);
	char text[80];
	game_status_text(g, text, sizeof text);
	cr_expect_str_eq(text, "White wins: Black resigned.");
	cr_expect(!game_agree_draw(g), "already over");
	cr_expect(!game_play(g, san(g, "e5")));
	cr_expect(game_undo(g));
	cr_expect_eq(game_result(g), RESULT_NONE);
	cr_expect_eq(game_ply_count(g), 1);
	cr_expect(game_agree_draw(g));
	cr_expect_eq(game_result(g), RESULT_DRAW);
	cr_expect_eq(game_reason(g), REASON_AGREEMENT);
	cr_expect_str_eq(game_tag(g, "Result"), "1/2-1/2");
	game_set_result(g, RESULT_NONE, REASON_NONE);
	cr_expect_eq(game_result(g), RESULT_NONE);
	game_free(g);
}

/* A clock the test moves by hand. */
static int64_t fake_now(void *ctx) { return *(int64_t *)ctx; }

Test(game, clocks_charge_the_mover_and_add_the_increment)
{
	struct game *g = new_game(NULL);
	int64_t now = 1000;
	game_set_time_source(g, fake_now, &now);
	game_clock_set(g, WHITE, 60000, 2000);
	game_clock_set(g, BLACK, 30000, 0);
	cr_expect(game_clock_enabled(g));
	cr_expect_eq(game_clock_running(g), -1);
	game_clock_start(g);
	cr_expect_eq(game_clock_running(g), WHITE);
	now += 5000;
	cr_expect_eq(game_clock_remaining(g, WHITE), 55000);
	play(g, "e4");
	cr_expect_eq(game_clock_remaining(g, WHITE), 57000);
	cr_expect_eq(game_clock_running(g), BLACK);
	now += 10000;
	cr_expect_eq(game_clock_remaining(g, BLACK), 20000);
	play(g, "e5");
	cr_expect_eq(game_clock_remaining(g, BLACK), 20000);
	now += 1000;
	cr_expect(game_undo(g), "undo puts the clocks back as they were");
	cr_expect_eq(game_clock_remaining(g, BLACK), 30000);
	cr_expect_eq(game_clock_running(g), BLACK);
	game_clock_stop(g);
	now += 50000;
	cr_expect_eq(game_clock_remaining(g, BLACK), 30000, "a stopped clock does not run");
	cr_expect(!game_clock_check(g));
	game_free(g);
}

/* Undone back to the start, no clock runs, not even for the moment until the front end stops it (CI's slow
   ThreadSanitizer build showed the player's clock a second down after such an undo). */
Test(game, undo_to_the_start_leaves_the_clocks_stopped)
{
	struct game *g = new_game(NULL);
	int64_t now = 1000;
	game_set_time_source(g, fake_now, &now);
	game_clock_set(g, WHITE, 60000, 0);
	game_clock_set(g, BLACK, 60000, 0);
	play(g, "e4");
	game_clock_start(g);
	now += 3000;
	play(g, "e5");
	now += 2000;
	cr_assert(game_undo(g) && game_undo(g));
	cr_expect_eq(game_clock_running(g), -1, "a clock runs at the start");
	now += 7000;
	cr_expect_eq(game_clock_remaining(g, WHITE), 60000);
	cr_expect_eq(game_clock_remaining(g, BLACK), 60000);
	game_free(g);
}

Test(game, flag_fall_loses_or_draws_when_the_opponent_cannot_mate)
{
	int64_t now = 0;
	struct game *g = new_game(NULL);
	game_set_time_source(g, fake_now, &now);
	game_clock_set(g, WHITE, 1000, 0);
	game_clock_set(g, BLACK, 1000, 0);
	game_clock_start(g);
	now = 999;
	cr_expect(!game_clock_check(g));
	now = 1000;
	cr_expect(game_clock_check(g));
	cr_expect_eq(game_result(g), RESULT_BLACK_WINS);
	cr_expect_eq(game_reason(g), REASON_TIME_FORFEIT);
	cr_expect_eq(game_clock_running(g), -1);
	game_free(g);

	/* The move comes too late: refused, and the game is lost on time. */
	g = new_game(NULL);
	now = 0;
	game_set_time_source(g, fake_now, &now);
	game_clock_set(g, WHITE, 1000, 0);
	game_clock_set(g, BLACK, 1000, 0);
	game_clock_start(g);
	now = 1500;
	cr_expect(!game_play(g, san(g, "e4")));
	cr_expect_eq(game_reason(g), REASON_TIME_FORFEIT);
	cr_expect_eq(game_ply_count(g), 0);
	game_free(g);

	/* White's flag falls: a lone black king cannot mate, a knight can (with White's rook in the way). */
	const char *fens[] = { "8/8/4k3/8/8/3K4/8/R7 w - - 0 1", "8/8/4k3/5n2/8/3K4/8/R7 w - - 0 1" };
	for (int i = 0; i < 2; i++) {
		g = new_game(fens[i]);
		now = 0;
		game_set_time_source(g, fake_now, &now);
		game_clock_set(g, WHITE, 100, 0);
		game_clock_set(g, BLACK, 100, 0);
		game_clock_start(g);
		now = 200;
		cr_expect(game_clock_check(g));
		char text[96];
		game_status_text(g, text, sizeof text);
		if (i == 0) {
			cr_expect_eq(game_result(g), RESULT_DRAW, "%s", fens[i]);
			cr_expect_eq(game_reason(g), REASON_TIMEOUT_DRAW);
			cr_expect_str_eq(text, "Draw: White ran out of time, but Black cannot mate.");
		} else {
			cr_expect_eq(game_result(g), RESULT_BLACK_WINS, "%s", fens[i]);
			cr_expect_str_eq(text, "Black wins on time.");
		}
		game_free(g);
	}
}

Test(game, who_can_still_mate)
{
	struct {
		const char *fen;
		bool white, black;
	} cases[] = {
		{ "8/8/4k3/8/8/3K4/8/R7 w - - 0 1", true, false },
		{ "8/8/4k3/5n2/8/3K4/8/R7 w - - 0 1", true, true },   /* White's rook can block its own king */
		{ "8/8/4k3/5n2/8/3K4/P7/8 w - - 0 1", true, true },   /* the pawn can block its own king */
		{ "8/8/4k3/5b2/8/3K4/8/8 w - - 0 1", false, false },  /* dead */
		{ "8/8/4kbb1/8/8/3K4/8/8 w - - 0 1", false, true },   /* bishops of both colours */
		{ "8/8/4knn1/8/8/3K4/8/8 w - - 0 1", false, true },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct position *pos = test_position(cases[i].fen);
		cr_expect_eq(pos_can_mate(pos, WHITE), cases[i].white, "%s white", cases[i].fen);
		cr_expect_eq(pos_can_mate(pos, BLACK), cases[i].black, "%s black", cases[i].fen);
		test_free(pos);
	}
}

Test(game, tags)
{
	struct game *g = new_game(NULL);
	cr_expect_eq(game_tag_count(g), 7);
	cr_expect_str_eq(game_tag(g, "Event"), "?");
	cr_expect_str_eq(game_tag(g, "Date"), "????.??.??");
	cr_expect_str_eq(game_tag(g, "Result"), "*");
	cr_expect_null(game_tag(g, "FEN"));
	cr_expect(game_set_tag(g, "White", "Lasker, Emanuel"));
	cr_expect(game_set_tag(g, "ECO", "C65"));
	cr_expect(game_set_tag(g, "Annotator", "a \"quoted\" name"));
	cr_expect(!game_set_tag(g, "bad name", "x"));
	cr_expect(!game_set_tag(g, "", "x"));
	cr_expect(!game_set_tag(g, "FEN", "8/8/8/8/8/8/8/8 w - - 0 1"));
	cr_expect_str_eq(game_tag(g, "White"), "Lasker, Emanuel");
	cr_expect_eq(game_tag_count(g), 9);
	const char *name, *value;
	cr_assert(game_tag_at(g, 7, &name, &value));
	cr_expect_str_eq(name, "ECO");
	cr_expect(game_set_tag(g, "ECO", NULL));
	cr_expect_null(game_tag(g, "ECO"));
	cr_expect_eq(game_tag_count(g), 8);
	cr_expect(game_set_tag(g, "Event", NULL));
	cr_expect_str_eq(game_tag(g, "Event"), "?", "the roster stays");
	cr_expect(game_set_tag(g, "Result", "1-0"));
	cr_expect_eq(game_result(g), RESULT_WHITE_WINS);
	cr_expect_eq(game_reason(g), REASON_RECORDED);
	cr_expect(!game_set_tag(g, "Result", "2-0"));
	cr_expect(!game_tag_at(g, 8, &name, &value));
	struct game *copy = game_clone(g);
	cr_assert_not_null(copy);
	game_free(g);
	cr_expect_str_eq(game_tag(copy, "White"), "Lasker, Emanuel");
	cr_expect_eq(game_result(copy), RESULT_WHITE_WINS);
	game_free(copy);

	g = new_game("8/8/4k3/8/8/3K4/8/R7 b - - 0 1");
	cr_expect_str_eq(game_tag(g, "SetUp"), "1");
	cr_expect_str_eq(game_tag(g, "FEN"), "8/8/4k3/8/8/3K4/8/R7 b - - 0 1");
	cr_expect(!game_is_standard_start(g));
	game_free(g);
}

/* A record that runs past every rule, longer than the position's state stack, then undone to the start. */
Test(game, long_records_and_undo_to_the_start)
{
	struct game *g = new_game(NULL);
	for (int i = 0; i < 400; i++) {
		const char *cycle[4] = { "Nf3", "Nf6", "Ng1", "Ng8" };
		for (int j = 0; j < 4; j++)
			cr_assert(game_append(g, san(g, cycle[j])));
	}
	cr_expect_eq(game_ply_count(g), 1600);
	cr_expect_eq(game_result(g), RESULT_DRAW, "fivefold repetition, and by now the 75-move rule too");
	cr_expect(!game_play(g, san(g, "e4")), "game_play stops at the rules' end");
	cr_expect(game_append(g, san(g, "e4")));
	for (int i = 0; i < 1601; i++)
		cr_assert(game_undo(g));
	expect_fen(g, FEN_START);
	cr_expect_eq(game_redo_count(g), 1601);
	for (int i = 0; i < 1601; i++)
		cr_assert(game_redo(g));
	expect_fen(g, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 801");
	game_free(g);
}
