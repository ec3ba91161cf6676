/*
 * The judge of level-fit's tables: what a person's move and a mover's lose in
 * expected score against the best move, by a search deeper than the movers'.
 *
 * Two judges.  Our own engine at 20,000 nodes with the hand-written
 * evaluation, the judge of the tables up to the sixteenth sitting (kept so
 * that those figures can be made again).  Or another UCI engine searched to a
 * fixed depth, Stockfish at depth 12 being the judge of issue 31's first
 * figures: from 1800 up our levels look deeper than 20,000 nodes, and a judge
 * that sees less than the mover calls some of its sound moves blunders.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "protocol/one_search.h"
#include "protocol/uci_client.h"
#include "rules/line.h"
#include "tools/people/human_fit.h"

#define JUDGE_NODES 20000

struct human_judge {
	struct engine *own;      /* our engine, or NULL */
	struct uci_client *uci;  /* the other engine, or NULL */
	int depth;
	char name[UCI_CLIENT_NAME_MAX + 32];
};

struct human_judge *human_judge_new(const char *program, int depth, char *err, size_t errlen)
{
	struct human_judge *j = calloc(1, sizeof *j);
	if (!j) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (!program) {
		char why[160];
		j->own = engine_new();
		if (!j->own) {
			free(j);
			snprintf(err, errlen, "cannot start our engine as the judge");
			return NULL;
		}
		engine_set_option(j->own, "Hash", "16", why, sizeof why);
		engine_set_option(j->own, "Use NNUE", "false", why, sizeof why);
		snprintf(j->name, sizeof j->name, "a 20,000-node search"); /* JUDGE_NODES */
		return j;
	}
	struct uci_client_config cfg = { .file = program };
	j->uci = uci_client_start(&cfg, err, errlen);
	if (!j->uci) {
		free(j);
		return NULL;
	}
	j->depth = depth;
	snprintf(j->name, sizeof j->name, "%s at depth %d", uci_client_name(j->uci), depth);
	return j;
}

void human_judge_free(struct human_judge *j)
{
	if (!j)
		return;
	engine_free(j->own);
	uci_client_free(j->uci);
	free(j);
}

const char *human_judge_name(const struct human_judge *j) { return j->name; }

/* A report's score from the side to move's view, mates as SCORE_MATE (mate 0: it is mated). */
static score_t info_score(const struct engine_info *info)
{
	if (info->is_mate)
		return info->mate_moves > 0 ? SCORE_MATE : -SCORE_MATE;
	return info->score_cp;
}

/* Our engine's score of the position after m (MOVE_NONE: of fen itself), from the side to move's view there. */
static score_t own_score(struct engine *e, const char *fen, move_t m)
{
	struct pos_line line = POS_LINE_EMPTY;
	char err[160];
	if (!line_set_fen(&line, fen, err, sizeof err, NULL, 0) || (m != MOVE_NONE && !line_play(&line, m))) {
		line_free(&line);
		return 0;
	}
	engine_new_game(e);
	engine_set_line(e, &line);
	struct engine_limits l = { .nodes = JUDGE_NODES };
	struct one_search done;
	one_search_run(e, &l, &done);
	line_free(&line);
	if (done.best == MOVE_NONE) /* mate or stalemate */
		return done.last.is_mate ? -SCORE_MATE : 0;
	return info_score(&done.last);
}

/* The last exact score of the best line that the other engine reported (else its last score of any bound). */
struct uci_score {
	bool seen, exact;
	score_t score;
};

static void keep_score(void *ctx, const struct engine_info *info)
{
	struct uci_score *s = ctx;
	if (info->book || info->multipv > 1 || (s->exact && info->bound != BOUND_EXACT_SCORE))
		return;
	s->seen = true;
	s->exact = info->bound == BOUND_EXACT_SCORE;
	s->score = info_score(info);
}

static void ignore_best(void *ctx, move_t best, move_t ponder)
{
	(void)ctx, (void)best, (void)ponder;
}

/* The other engine's score of the position after moves[0..n), as own_score; false if it failed (err says why). */
static bool uci_score_after(struct human_judge *j, const char *fen, const move_t *moves, int n, score_t *out,
                            char *err, size_t errlen)
{
	struct engine_limits l = { .depth = j->depth };
	struct uci_score s = { 0 };
	if (!uci_client_go(j->uci, fen, moves, n, &l, keep_score, ignore_best, &s, err, errlen))
		return false;
	uci_client_wait(j->uci);
	if (uci_client_take_problem(j->uci, err, errlen))
		return false;
	/* No score at all: the position has no move (stockfish says `score mate 0` when mated, else nothing). */
	*out = s.seen ? s.score : 0;
	return true;
}

static bool uci_score(struct human_judge *j, const char *fen, move_t m, score_t *out, char *err, size_t errlen)
{
	return uci_score_after(j, fen, &m, m != MOVE_NONE, out, err, errlen);
}

bool human_judge_score(struct human_judge *j, const char *fen, const move_t *moves, int n, score_t *out, char *err,
                       size_t errlen)
{
	if (j->uci)
		return uci_score_after(j, fen, moves, n, out, err, errlen);
	/* Our own engine: the line played out, then own_score of the position it reaches. */
	struct pos_line line = POS_LINE_EMPTY;
	bool ok = line_set_fen(&line, fen, err, errlen, NULL, 0);
	for (int i = 0; ok && i < n; i++)
		ok = line_play(&line, moves[i]);
	char at[FEN_MAX];
	if (ok)
		pos_get_fen(&line.pos, at, sizeof at);
	line_free(&line);
	if (!ok) {
		snprintf(err, errlen, "a move of the line is not legal");
		return false;
	}
	*out = own_score(j->own, at, MOVE_NONE);
	return true;
}

bool human_judge_losses(struct human_judge *j, const char *fen, move_t human, move_t mover, double *hl, double *ml,
                        char *err, size_t errlen)
{
	score_t root, hv, mv;
	if (j->own) {
		root = own_score(j->own, fen, MOVE_NONE);
		hv = -own_score(j->own, fen, human);
		mv = mover == human ? hv : -own_score(j->own, fen, mover);
	} else {
		uci_client_new_game(j->uci);
		if (!uci_score(j, fen, MOVE_NONE, &root, err, errlen) || !uci_score(j, fen, human, &hv, err, errlen) ||
		    (mover != human && !uci_score(j, fen, mover, &mv, err, errlen)))
			return false;
		hv = -hv;
		mv = mover == human ? hv : -mv;
	}
	/* The best is the best of the three: a move's own search may see further than the root's. */
	score_t best = root > hv ? root : hv;
	best = mv > best ? mv : best;
	double es = human_expected_score(best);
	*hl = es - human_expected_score(hv);
	*ml = es - human_expected_score(mv);
	return true;
}
