/*
 * libFuzzer harness for the people's policy network reader (pp_read).  Any
 * bytes: refused with a message, or taken; read again with the checksum made
 * to fit, so that the checks behind it are reached too.  A net taken gives
 * every legal move of three positions a finite logit at three ratings.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "people/policy.h"
#include "rules/movegen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const fens[] = {
	FEN_START,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
};

static void score_some(const struct pp_net *net)
{
	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		struct position pos;
		struct state st;
		if (!pos_set_fen(&pos, &st, fens[i], NULL, 0, NULL, 0))
			abort();
		move_t list[MAX_MOVES];
		float z[MAX_MOVES];
		int n = generate_legal(&pos, list);
		for (int rating = 600; rating <= 2600; rating += 1000) {
			pp_logits(net, &pos, rating, list, n, z);
			for (int k = 0; k < n; k++)
				if (!isfinite(z[k]))
					abort();
		}
	}
}

static void read_once(const uint8_t *bytes, size_t size)
{
	struct pp_net net;
	char err[300] = "";
	if (pp_read(&net, bytes, size, "fuzz", err, sizeof err)) {
		score_some(&net);
		pp_free(&net);
	} else if (!strstr(err, "fuzz: offset ")) {
		abort(); /* a refusal says where and why */
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool ready;
	if (!ready)
		position_init(), ready = true;
	unsigned char *copy = fuzz_input(data, size, 1 << 20);
	if (!copy)
		return 0;
	read_once(copy, size);
	if (fuzz_resign(copy, size, 72, 64))
		read_once(copy, size);
	free(copy);
	return 0;
}
