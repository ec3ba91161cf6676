/* The move list, with a cache of the game's moves in SAN that is rebuilt only when the game changes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "move_list.h"
#include "notation/notation.h"
#include "rules/line.h"
#include "screen.h"

/* Every move of the game in SAN, the undone ones (which redo replays) after the played ones. */
static struct {
	const struct game *game;
	unsigned version;
	bool valid;
	int played, total;
	bool black_first; /* the game started with Black to move */
	int first_number; /* the first move's number */
	char (*san)[SAN_MAX];
	int cap;
} cache;

void move_list_free(void)
{
	free(cache.san);
	cache.san = NULL;
	cache.cap = 0;
	cache.valid = false;
}

static bool cache_reserve(int n)
{
	if (n <= cache.cap)
		return true;
	int cap = cache.cap ? cache.cap * 2 : 256;
	while (cap < n)
		cap *= 2;
	char(*grown)[SAN_MAX] = realloc(cache.san, (size_t)cap * sizeof *grown);
	if (!grown)
		return false;
	cache.san = grown;
	cache.cap = cap;
	return true;
}

/* The played moves, then the undone ones, read off a copy of the game redone to its end. */
static int collect_moves(const struct game *g, move_t **out)
{
	struct game *copy = game_clone(g);
	if (!copy)
		return -1;
	while (game_redo(copy))
		;
	int n = game_ply_count(copy);
	move_t *moves = malloc((size_t)(n > 0 ? n : 1) * sizeof *moves);
	for (int i = 0; moves && i < n; i++)
		moves[i] = game_move(copy, i);
	game_free(copy);
	*out = moves;
	return moves ? n : -1;
}

static void cache_update(const struct tui *t)
{
	if (cache.valid && cache.game == t->game && cache.version == t->game_version)
		return;
	char err[128];
	move_t *moves;
	int n = collect_moves(t->game, &moves);
	struct pos_line line = POS_LINE_EMPTY;
	if (n < 0 || !cache_reserve(n + 1) || !line_set_fen(&line, game_start_fen(t->game), err, sizeof err, NULL, 0)) {
		cache.valid = false;
		cache.total = cache.played = 0;
		if (n >= 0)
			free(moves);
		return;
	}
	cache.black_first = line.pos.side == BLACK;
	cache.first_number = line.pos.fullmove;
	for (int i = 0; i < n; i++) {
		move_to_san(&line.pos, moves[i], cache.san[i]);
		if (!line_play(&line, moves[i]))
			n = i + 1; /* out of memory: the list stops here rather than lie */
	}
	line_free(&line);
	free(moves);
	cache.total = n;
	cache.played = game_ply_count(t->game);
	cache.game = t->game;
	cache.version = t->game_version;
	cache.valid = true;
}

/* The row and column (0 White, 1 Black) of ply i. */
static int ply_row(int i) { return (i + (cache.black_first ? 1 : 0)) / 2; }

int move_list_total_rows(const struct tui *t)
{
	cache_update(t);
	return cache.total == 0 ? 0 : ply_row(cache.total - 1) + 1;
}

int move_list_follow_top(const struct tui *t, int rows)
{
	cache_update(t);
	int cur = cache.played > 0 ? ply_row(cache.played - 1) : 0;
	return cur >= rows ? cur - rows + 1 : 0;
}

static void draw_row(const struct tui *t, int y, int x, int w, int row)
{
	int col_w = (w - 5) / 2 > 10 ? 10 : (w - 5) / 2;
	char num[16];
	snprintf(num, sizeof num, "%3d.", cache.first_number + row);
	screen_put(y, x, 5, num, screen_role_attr(&t->view, ROLE_LABEL));
	for (int side = 0; side < 2; side++) {
		int i = row * 2 + side - (cache.black_first ? 1 : 0);
		int cx = x + 5 + side * col_w;
		if (i < 0) {
			screen_put(y, cx, col_w, "...", A_NORMAL);
			continue;
		}
		if (i >= cache.total)
			break;
		attr_t a = i == cache.played - 1 ? screen_role_attr(&t->view, ROLE_CURRENT)
		           : i >= cache.played   ? screen_role_attr(&t->view, ROLE_DIM)
		                                 : A_NORMAL;
		screen_put(y, cx, (int)strlen(cache.san[i]), cache.san[i], a);
	}
}

void move_list_draw(const struct tui *t, const struct rect *r)
{
	cache_update(t);
	char heading[64];
	if (game_is_over(t->game))
		snprintf(heading, sizeof heading, "Moves  %s %s", game_result_text(game_result(t->game)),
		         game_reason_text(game_reason(t->game)));
	else
		snprintf(heading, sizeof heading, "Moves%s", cache.total > cache.played ? "  (redo available)" : "");
	screen_put(r->y, r->x, r->w, heading, screen_role_attr(&t->view, ROLE_HEADING));
	int rows = r->h - 1;
	if (rows <= 0)
		return;
	int total = move_list_total_rows(t);
	int top = t->moves_top >= 0 ? t->moves_top : move_list_follow_top(t, rows);
	if (top > total - rows)
		top = total - rows > 0 ? total - rows : 0;
	for (int k = 0; k < rows && top + k < total; k++)
		draw_row(t, r->y + 1 + k, r->x, r->w, top + k);
	if (cache.total == 0)
		screen_put(r->y + 1, r->x, r->w, "  (no moves yet)", screen_role_attr(&t->view, ROLE_DIM));
}
