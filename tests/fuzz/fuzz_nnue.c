/*
 * libFuzzer harness for the network reader (nnue_read).  Any bytes: refused
 * with a message, or taken; read again with the checksum made to fit, so that
 * the checks behind it are reached too.  A network taken evaluates a few
 * positions the same by the vectorised and the portable path, incrementally
 * and from the board, within the mate bounds.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/nnue.h"
#include "fuzz_input.h"
#include "rules/movegen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const fens[] = {
	FEN_START,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
};

static struct nnue_net net __attribute__((aligned(64)));
static struct nnue_stack stack __attribute__((aligned(64)));

/* Plays the first few legal moves from each position, evaluating every ply both ways. */
static void evaluate_some(void)
{
	struct state states[8];
	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		struct position pos;
		if (!pos_set_fen(&pos, &states[0], fens[i], NULL, 0, NULL, 0))
			abort();
		nnue_stack_clear(&stack);
		for (int ply = 0; ply < 6; ply++) {
			score_t a = nnue_evaluate(&net, &stack, &pos, ply), b = nnue_evaluate_fresh(&net, &pos);
			if (a != b || a <= SCORE_MATED_IN_MAX || a >= SCORE_MATE_IN_MAX)
				abort();
			for (int b = 0; b < net.buckets; b++)
				if (nnue_output_vector(&net, &stack.acc[ply], pos.side, b) !=
				    nnue_output_portable(&net, &stack.acc[ply], pos.side, b))
					abort();
			move_t list[MAX_MOVES];
			int n = generate_legal(&pos, list);
			if (!n)
				break;
			pos_make_move(&pos, list[(size_t)ply * 7 % (size_t)n], &states[ply + 1]);
		}
	}
}

static void read_once(const uint8_t *bytes, size_t size)
{
	char err[200] = "";
	if (nnue_read(&net, bytes, size, err, sizeof err)) {
		if (!net.name[0])
			abort();
		evaluate_some();
	} else if (!err[0]) {
		abort(); /* a refusal says why */
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *copy = fuzz_input(data, size, 1 << 17);
	if (!copy)
		return 0;
	read_once(copy, size);
	if (fuzz_resign(copy, size, NNUE_HEADER_SIZE, 64))
		read_once(copy, size);
	free(copy);
	return 0;
}
