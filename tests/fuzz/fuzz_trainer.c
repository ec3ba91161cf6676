/*
 * libFuzzer harness for the trainer's file (trainer_parse), as bytes with no terminator.  A refusal names the
 * file and a line; a file taken has every puzzle checkable (its FEN, a legal solution of odd length), boxes and
 * counts in range, and is written back (trainer_format) to a text that reads again and writes the same.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "study/trainer_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const struct trainer *t)
{
	char err[300];
	for (int i = 0; i < t->n; i++) {
		const struct trainer_item *it = &t->items[i];
		if (it->box < 0 || it->box > TRAINER_BOX_MAX || it->solved > it->seen || !puzzle_check(&it->p, err, sizeof err))
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = (char *)fuzz_input(data, size, 1 << 16), err[512] = "";
	struct trainer t, again;
	if (!text)
		return 0;
	if (!trainer_parse(&t, text, size, "fuzz", err, sizeof err)) {
		if (strncmp(err, "fuzz:", 5))
			abort(); /* a refusal names the file and the line */
		free(text);
		return 0;
	}
	check(&t);
	char *out = trainer_format(&t);
	if (!out || !trainer_parse(&again, out, strlen(out), "again", err, sizeof err))
		abort();
	char *out2 = trainer_format(&again);
	if (!out2 || strcmp(out, out2) || again.n != t.n || again.ngames != t.ngames || again.nhistory != t.nhistory)
		abort();
	free(out2);
	free(out);
	trainer_free(&again);
	trainer_free(&t);
	free(text);
	return 0;
}
