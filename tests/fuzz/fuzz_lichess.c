/*
 * libFuzzer harness for a row of the Lichess puzzle CSV (lichess_csv_parse), one line of any bytes.  A row taken
 * is a puzzle that checks (its FEN reads, the move before it is legal before it, the solution legal and of odd
 * length), with a rating and popularity in range and its themes found again in its theme words; a refusal says why.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "study/lichess_csv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char row[4096], err[300] = "";
	struct lichess_puzzle lp;
	position_init();
	if (size >= sizeof row)
		return 0;
	memcpy(row, data, size);
	row[size] = '\0';
	if (!lichess_csv_parse(row, &lp, err, sizeof err)) {
		if (!err[0])
			abort();
		return 0;
	}
	if (!puzzle_check(&lp.p, err, sizeof err) || lp.p.line_len % 2 == 0 || lp.p.last == MOVE_NONE)
		abort();
	if (lp.p.rating < 0 || lp.p.rating > 4000 || lp.popularity < -100 || lp.popularity > 100)
		abort();
	for (int t = 0; t < THEME_NB; t++)
		if ((lp.p.themes >> t & 1) != lichess_has_theme(lp.themes, puzzle_theme_name(t)))
			abort();
	if (!memchr(lp.p.id, '\0', sizeof lp.p.id) || !memchr(lp.p.fen, '\0', sizeof lp.p.fen))
		abort();
	return 0;
}
