/* What the opponent threatens: its best move if it were its turn again, read as the coach reads a refutation. */
#include <stdio.h>

#include "study/explain.h"
#include "study/explain_words.h"

bool explain_threat(const struct position *pos, const move_t *threat, int threat_len, char *buf, size_t len)
{
	if (len)
		buf[0] = '\0';
	if (in_check(pos) || threat_len <= 0)
		return false;
	struct position passed;
	struct state st, next;
	struct explain_walk w;
	pos_copy(&passed, &st, pos);
	pos_make_null(&passed, &next);
	explain_walk_start(&w, &passed);
	explain_walk_line(&w, threat, threat_len < EXPLAIN_LINE_MAX ? threat_len : EXPLAIN_LINE_MAX);
	if (w.given == 0)
		return false;
	explain_walk_settle(&w);
	const char *who = passed.side == WHITE ? "White" : "Black";
	char first[48], line[160], what[120], count[8];
	explain_walk_san(&w, 0, 0, first, sizeof first);
	explain_walk_san(&w, 0, w.given - 1, line, sizeof line);
	int captured = explain_walk_captured(&w, 0);
	if (explain_is_mate(&w.pos[1]))
		snprintf(buf, len, "%s threatens %s, mate.", who, first);
	else if (w.given > 1 && w.given % 2 == 1 && explain_is_mate(&w.pos[w.given])) {
		explain_count_word((w.given + 1) / 2, count, sizeof count);
		snprintf(buf, len, "%s threatens mate in %s: %s.", who, count, line);
	} else if (explain_walk_balance(&w) > 0 && captured != NO_PIECE) {
		explain_piece_at(&w.pos[0], move_to(w.moves[0]), what, sizeof what);
		snprintf(buf, len, "%s threatens %s, winning %s.", who, first, what);
	} else if (explain_walk_balance(&w) > 0) {
		explain_material_words(&w, w.mover, false, what, sizeof what);
		snprintf(buf, len, "%s threatens %s, winning %s: %s.", who, first, what, line);
	} else
		snprintf(buf, len, "%s threatens nothing concrete; its best move would be %s.", who, first);
	return true;
}
