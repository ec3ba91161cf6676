/*
 * libFuzzer harness for the SAN reader.  The first byte picks a position, the
 * rest is the typed text, the second byte also sets how small the message
 * buffer is.  Whatever the text, the position must not change; a move read
 * must be legal and read back from its own SAN; a refusal must say why.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/movegen.h"
#include "notation/notation.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const fens[] = {
	FEN_START,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1",
	"rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
	"5r1k/4P3/8/8/8/8/2p5/K7 w - - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"4k3/8/8/8/8/5N2/8/rN2K3 w - - 0 1",
	"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
	"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
	"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
	"8/8/8/K1pP3r/8/8/8/7k w - c6 0 2",
	"2rkr3/2p1p3/8/8/8/8/8/R3K3 w Q - 0 1",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct position pos[sizeof fens / sizeof *fens];
	static struct state states[sizeof fens / sizeof *fens];
	static bool ready;
	char text[128], msg[256], before[FEN_MAX], after[FEN_MAX], san[SAN_MAX];
	if (!ready) {
		position_init();
		for (size_t i = 0; i < sizeof fens / sizeof *fens; i++)
			if (!pos_set_fen(&pos[i], &states[i], fens[i], msg, sizeof msg, NULL, 0))
				abort();
		ready = true;
	}
	if (size < 1 || size > sizeof text)
		return 0;
	struct position *p = &pos[data[0] % (sizeof fens / sizeof *fens)];
	size_t msglen = size > 1 ? (size_t)data[1] % (sizeof msg + 1) : sizeof msg;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	uint64_t key = pos_key(p);
	pos_get_fen(p, before, sizeof before);
	memset(msg, 'x', sizeof msg);
	move_t m;
	enum san_status st = san_parse(p, text, &m, msglen ? msg : NULL, msglen);
	pos_get_fen(p, after, sizeof after);
	if (strcmp(before, after) || key != pos_key(p) || p->st != &states[p - pos])
		abort();
	if (msglen && !memchr(msg, '\0', msglen))
		abort(); /* the message must always be terminated inside its buffer */
	if (st == SAN_OK) {
		move_t back;
		if (!move_is_legal(p, m))
			abort();
		move_to_san(p, m, san);
		if (san_parse(p, san, &back, NULL, 0) != SAN_OK || back != m)
			abort();
	} else if (m != MOVE_NONE || (msglen > 1 && !msg[0])) {
		abort();
	}
	move_t u = uci_parse_move(p, text);
	if (u != MOVE_NONE && !move_is_legal(p, u))
		abort();
	return 0;
}
