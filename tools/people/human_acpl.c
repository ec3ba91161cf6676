/*
 * level-fit acpl: the average centipawn loss of each player of the games that
 * a record file holds, the baseline that `level-fit estimate` measures the
 * rating estimate against.  Every position of each game is searched once by
 * the judge; a move's loss is the mover's score before it less the score
 * after it, both clipped to +-1000 centipawns with a mate at the ends and
 * never below 0, as Lichess counts it.  Beside OUT, OUT.moves holds each
 * move's two scores ("game colour ply before after", the mover's view,
 * clipped), for a look at more than the average.
 */
#include <stdlib.h>
#include <string.h>

#include "rules/position.h"
#include "tools/people/human_fit.h"

#define ACPL_CLIP 1000

struct acpl_run {
	struct human_judge *judge;
	const unsigned char *wanted; /* by game number */
	int max_game;
	FILE *out, *moves; /* moves: each move's scores, OUT.moves */
	int done;
	bool failed;
};

static int clipped(score_t s) { return s > ACPL_CLIP ? ACPL_CLIP : s < -ACPL_CLIP ? -ACPL_CLIP : s; }

static bool acpl_game(void *ctx, const struct game *g, int number)
{
	struct acpl_run *a = ctx;
	if (number > a->max_game || !a->wanted[number])
		return true;
	int plies = game_ply_count(g);
	const move_t *moves = game_moves(g);
	long loss[2] = { 0, 0 };
	int count[2] = { 0, 0 };
	char err[256];
	score_t before = 0, now;
	for (int ply = 0; ply <= plies; ply++) {
		if (!human_judge_score(a->judge, FEN_START, moves, ply, &now, err, sizeof err)) {
			fprintf(stderr, "level-fit: game %d, ply %d: %s\n", number, ply, err);
			a->failed = true;
			return false;
		}
		if (ply > 0) {
			int lost = clipped(before) + clipped(now); /* now is the opponent's view */
			loss[(ply - 1) & 1] += lost > 0 ? lost : 0;
			count[(ply - 1) & 1]++;
			fprintf(a->moves, "%d %d %d %d %d\n", number, (ply - 1) & 1, ply - 1, clipped(before), -clipped(now));
		}
		before = now;
	}
	for (int c = 0; c < 2; c++)
		if (count[c])
			fprintf(a->out, "%d %d %d %.2f\n", number, c, count[c], (double)loss[c] / count[c]);
	if (++a->done % 50 == 0)
		fprintf(stderr, "level-fit: acpl of %d games\n", a->done);
	return true;
}

int human_acpl(const char *pgn, const char *records, const char *out, int part, int parts, struct human_judge *judge)
{
	FILE *fp = fopen(records, "rb");
	if (!fp) {
		perror(records);
		return 1;
	}
	int cap = 1 << 17;
	unsigned char *wanted = calloc((size_t)cap + 1, 1);
	struct human_record r;
	int got, max_game = 0;
	while (wanted && (got = human_record_read(fp, &r, records)) == 1) {
		if (r.game > 0 && r.game <= cap && r.game % parts == part) {
			wanted[r.game] = 1;
			max_game = r.game > max_game ? r.game : max_game;
		}
		human_record_free(&r);
	}
	fclose(fp);
	char moves_path[4096];
	snprintf(moves_path, sizeof moves_path, "%s.moves", out);
	struct acpl_run a = { .judge = judge, .wanted = wanted, .max_game = max_game, .out = fopen(out, "w"),
		              .moves = fopen(moves_path, "w") };
	if (!wanted || !a.out || !a.moves) {
		fprintf(stderr, "level-fit: cannot write %s\n", !a.out ? out : moves_path);
		if (a.out)
			fclose(a.out);
		if (a.moves)
			fclose(a.moves);
		free(wanted);
		return 1;
	}
	bool ok = human_games_read(pgn, 0, acpl_game, &a) && !a.failed;
	ok = fclose(a.out) == 0 && ok;
	ok = fclose(a.moves) == 0 && ok;
	free(wanted);
	fprintf(stderr, "level-fit: acpl of %d games written to %s\n", a.done, out);
	return ok ? 0 : 1;
}
