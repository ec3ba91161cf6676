/* A bare king against mating material: which endings, where the score drives the king, and the mates it brings. */
#include <stdio.h>

#include <criterion/criterion.h>

#include "engine/eval_mate.h"
#include "helpers.h"

static bool bare(const char *fen, score_t *v)
{
	struct position *pos = test_position(fen);
	bool yes = eval_bare_king(pos, v);
	test_free(pos);
	return yes;
}

static score_t drive(const char *fen)
{
	score_t v = 0;
	cr_assert(bare(fen, &v), "%s is a bare king against mating material", fen);
	return v;
}

Test(eval_mate, the_endings_a_bare_king_can_be_mated_in)
{
	score_t v;
	const char *const mates[] = {
		"8/8/8/4k3/8/8/8/3QK3 w - - 0 1", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1",
		"8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1", "8/8/8/4k3/8/8/P7/R3K3 w - - 0 1", "3qk3/8/8/8/8/8/8/4K3 w - - 0 1",
	};
	for (size_t i = 0; i < sizeof mates / sizeof mates[0]; i++)
		cr_expect(bare(mates[i], &v), "%s", mates[i]);
	const char *const others[] = {
		"8/8/8/4k3/8/8/8/1N2KN2 w - - 0 1", /* two knights cannot force it */
		"8/8/8/4k3/8/8/8/4KB2 w - - 0 1",   "8/8/8/4k3/8/8/8/3BKB2 w - - 0 1" /* bishops of one colour */,
		"8/8/8/4k3/8/8/P7/4K3 w - - 0 1",   "8/8/8/4k3/4p3/8/8/3QK3 w - - 0 1" /* the king is not bare */,
		"8/8/8/4k3/8/8/8/4K3 w - - 0 1",
	};
	for (size_t i = 0; i < sizeof others / sizeof others[0]; i++)
		cr_expect(!bare(others[i], &v), "%s", others[i]);
}

Test(eval_mate, the_score_drives_the_king_to_the_edge_and_brings_the_other_near)
{
	score_t centre = drive("8/8/8/4k3/8/8/8/3QK3 w - - 0 1"), edge = drive("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
	cr_expect(edge > centre, "edge %d, centre %d", edge, centre);
	cr_expect(centre > EVAL_BARE_KING_WIN, "%d", centre);
	score_t far = drive("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), near = drive("4k3/8/4K3/8/8/8/8/R7 w - - 0 1");
	cr_expect(near > far, "near %d, far %d", near, far);
	/* Bishop and knight: the corner of the bishop's colour (a dark-squared bishop mates on a1 or h8). */
	score_t right = drive("7k/8/8/8/8/8/8/2B1KN2 w - - 0 1"), wrong = drive("k7/8/8/8/8/8/8/2B1KN2 w - - 0 1");
	cr_expect(right > wrong, "right corner %d, wrong %d", right, wrong);
}

Test(eval_mate, each_side_sees_it_from_its_own_view)
{
	score_t white = drive("8/8/8/4k3/8/8/8/R3K3 w - - 0 1"), black = drive("8/8/8/4k3/8/8/8/R3K3 b - - 0 1");
	cr_expect(white > 0 && black == -white, "%d %d", white, black);
	char mirror[128];
	test_mirror_fen("8/8/8/2k5/8/8/8/R3K3 w - - 0 1", mirror, sizeof mirror);
	cr_expect(drive(mirror) == drive("8/8/8/2k5/8/8/8/R3K3 w - - 0 1"), "%s", mirror);
}

/*
 * The full engine mates with a rook, a queen or a queen and bishop at a thousand nodes a move (without the drive,
 * every queen move that keeps the piece scored the same, and it checked to and fro).
 */
Test(eval_mate, the_engine_mates_with_a_rook_or_a_queen_at_few_nodes, .timeout = 240)
{
	const char *const fens[] = { "8/8/8/3k4/8/8/8/R3K3 w - - 0 1", "8/8/8/4k3/8/8/8/4K2Q w - - 0 1",
		                     "8/6K1/3B1Q2/8/4k3/8/8/8 w - - 0 1", "8/8/2k5/8/8/8/8/4K2R w - - 0 1" };
	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++)
		cr_expect(test_moves_to_mate(fens[i], 0, 1000, 40) > 0, "%s: no mate in 40 moves", fens[i]);
}
