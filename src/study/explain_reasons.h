/*
 * The coach's reasons that need more than the refutation's walk (explain.c
 * decides which one is said): the win the better line had and that the
 * opponent's last move allowed, the result a move throws away without losing
 * material, and the words for the engine's better line when nothing concrete
 * is found.  Each says its sentence with explain_say.
 */
#ifndef OUTPOST_EXPLAIN_REASONS_H
#define OUTPOST_EXPLAIN_REASONS_H

#include "study/explain.h"
#include "study/explain_tactic.h"
#include "study/explain_walk.h"

#define EXPLAIN_DRAFT_MAX 640 /* a sentence before it is cut to EXPLAIN_TEXT_MAX */

/* Sets the sentence, cut to fit when a long line makes it longer than the room. */
void explain_say(struct explanation *out, enum explain_theme theme, const char *text);
/* The tactic t of walk w as a noun phrase: "17... Nc2+, a fork of the king and the rook on a1". */
void explain_tactic_words(const struct explain_walk *w, const struct explain_tactic *t, char *buf, size_t len);
/*
 * The better line's win, b its walk (settled): its mate, else the tactic that wins the material (read where the
 * opponent's last move is known: in->prev) and what it wins beyond what the move played (walk w) takes on the same
 * squares, and which last move allowed it.  False when the better line neither mates nor wins.
 */
bool explain_say_missed(struct explanation *out, const struct explain_input *in, const struct explain_walk *b,
                        const struct explain_walk *w, const char *san);
/*
 * What the better line's first move takes back, in pawns, where the opponent's last move took a piece on that
 * square and the move played does not take back there (0 else): a recapture forgotten (29... Nxf5 30. Ng6??, 30.
 * Nxf5 was there).  The walks count a recapture against the piece taken before; this is what the move played left.
 */
int explain_retake_missed(const struct explain_input *in, const struct explain_walk *b);
/*
 * Why the mover did not take back the piece that the walk's move k took: the cheapest recapture there, and what the
 * opponent's forcing line then wins, a pawn or more beyond the piece taken back ("taking back, 16... dxe4, loses
 * the queen on d8 to 17. Bxd8").  False where the walk takes back, none can, or taking back costs nothing.
 */
bool explain_why_not_retaken(const struct explain_walk *w, int k, char *buf, size_t len);
/* In an ending, a win thrown away or a draw turned into a loss, by the scores: false elsewhere, or when not. */
bool explain_say_result(struct explanation *out, const struct explain_input *in, const char *san);
/*
 * The tablebases' verdict where it is worse after the move than before: "Kd3?? throws away the tablebase win;
 * 45. Kc3 kept it."  False where the tables were not read or the move keeps the result.
 */
bool explain_say_tablebase(struct explanation *out, const struct explain_input *in, const char *san);
/*
 * Out of the middlegame, a result thrown away by a forced trade into an ending, material level, that the scores
 * call lost (or no longer won), w the refutation's walk: "Kh3?? goes into a lost pawn ending: after 37... Qh7 the
 * queen on h6 is pinned to the king and must take, 38. Qxh7+ Kxh7; 37. Kf1 held the draw."
 */
bool explain_say_traded_ending(struct explanation *out, const struct explain_input *in, const struct explain_walk *w,
                               const char *san);
/* An ending's result thrown away by the scores (a win to a draw or less, a draw to a loss): said before material. */
bool explain_ending_thrown(const struct explain_input *in);
/* The better line in words: "better was 17. Be2 Rhb8, which keeps the game level; now you are losing." */
void explain_say_fallback(struct explanation *out, const struct explain_input *in, const struct explain_walk *w,
                          const char *san);

#endif
