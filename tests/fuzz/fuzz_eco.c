/*
 * libFuzzer harness for the ECO reader (a use of the PGN reader): any text is
 * taken or refused with a message; a table taken names only positions its
 * lines reach, and looking up a few lines never fails.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "notation/eco.h"
#include "notation/notation.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A few short lines, looked up move by move. */
static const char *const lines[] = {
	"e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6",
	"d4 Nf6 c4 e6 Nc3 Bb4",
	"Nf3 d5 g3 c5 Bg2",
};

static void look_up(const struct eco *e)
{
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		struct pos_line l = POS_LINE_EMPTY;
		char buf[128], err[128], *save = NULL;
		if (!line_set_fen(&l, FEN_START, err, sizeof err, NULL, 0))
			abort();
		snprintf(buf, sizeof buf, "%s", lines[i]);
		for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
			move_t m;
			if (san_parse(&l.pos, tok, &m, NULL, 0) != SAN_OK || !line_play(&l, m))
				abort();
			const struct eco_opening *o = eco_find_line(e, &l);
			if (o && (!o->code[0] || !o->name[0] || o->plies < 0 || !memchr(o->name, '\0', sizeof o->name)))
				abort();
		}
		line_free(&l);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = (char *)fuzz_input(data, size, 1 << 16);
	if (!text)
		return 0;
	char err[512] = "";
	struct eco *e = eco_from_text(text, size, "fuzz", err, sizeof err);
	if (!e) {
		if (!err[0])
			abort();
	} else {
		if (eco_count(e) < 1 || eco_skipped(e) < 0)
			abort();
		look_up(e);
		eco_free(e);
	}
	free(text);
	return 0;
}
