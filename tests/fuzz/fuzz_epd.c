/*
 * libFuzzer harness for the EPD reader (epd_parse), one line of any bytes.  An accepted line must give a FEN
 * that reads, at least one bm or am move, every one of them legal there, and an id that fits; a refused line
 * must say why, unless it is blank or a comment.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/epd.h"
#include "rules/movegen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct position pos;
	static struct state st;
	struct epd_entry entry;
	char line[2048], err[256], why[160];
	position_init();
	if (size >= sizeof line)
		return 0;
	memcpy(line, data, size);
	line[size] = '\0';
	if (!epd_parse(line, &entry, err, sizeof err)) {
		const char *p = line + strspn(line, " \t\r\n");
		if (*p && *p != '#' && !err[0])
			abort(); /* a refusal must say why */
		return 0;
	}
	if (!pos_set_fen(&pos, &st, entry.fen, why, sizeof why, NULL, 0))
		abort();
	if (entry.nbm + entry.nam == 0 || entry.nbm > EPD_MAX_MOVES || entry.nam > EPD_MAX_MOVES)
		abort();
	for (int i = 0; i < entry.nbm; i++)
		if (!move_is_legal(&pos, entry.bm[i]))
			abort();
	for (int i = 0; i < entry.nam; i++)
		if (!move_is_legal(&pos, entry.am[i]) || epd_solved(&entry, entry.am[i]))
			abort();
	if (!memchr(entry.id, '\0', sizeof entry.id) || !memchr(entry.fen, '\0', sizeof entry.fen))
		abort();
	return 0;
}
