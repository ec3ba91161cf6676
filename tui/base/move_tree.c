/* The game's lines as tokens (one walk of the tree) and those tokens laid out in rows for the move list. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "move_tree.h"
#include "game_info.h"

#define MAIN_X 5 /* "123. " */
#define VARIATION_X 5

void move_tree_free(struct move_tree *mt)
{
	free(mt->tokens);
	mt->tokens = NULL;
	mt->n = mt->cap = 0;
}

struct builder {
	struct move_tree *mt;
	const struct game *g;
	int opens;     /* variations entered since the last move */
	bool numbered; /* the next move starts a line or follows a variation */
};

/* Room for one more item in *items (n used of *cap, each size bytes), doubling as it grows. */
static bool room_for_one(void **items, int n, int *cap, size_t size)
{
	if (n < *cap)
		return true;
	int more = *cap ? *cap * 2 : 64;
	void *grown = realloc(*items, (size_t)more * size);
	if (!grown)
		return false;
	*items = grown;
	*cap = more;
	return true;
}

static bool take_step(const struct game_walk_step *step, void *ctx)
{
	struct builder *b = ctx;
	struct move_tree *mt = b->mt;
	if (step->event == WALK_ENTER) {
		b->opens++;
		b->numbered = true;
		return true;
	}
	if (step->event == WALK_LEAVE) {
		if (mt->n > 0)
			mt->tokens[mt->n - 1].closes++;
		b->numbered = true;
		return true;
	}
	if (!room_for_one((void **)&mt->tokens, mt->n, &mt->cap, sizeof *mt->tokens))
		return false;
	struct move_token *tk = &mt->tokens[mt->n++];
	tk->node = step->node;
	tk->level = step->level;
	tk->number = step->pos->fullmove;
	tk->white = step->pos->side == WHITE;
	tk->numbered = b->numbered || mt->n == 1;
	tk->opens = b->opens;
	tk->closes = 0;
	game_info_suffixed(b->g, step->node, step->san, tk->san, sizeof tk->san);
	b->opens = 0;
	b->numbered = false;
	return true;
}

void move_tree_update(struct move_tree *mt, const struct game *g)
{
	struct builder b = { mt, g, 0, true };
	mt->n = 0;
	if (!game_walk(g, take_step, &b))
		mt->n = 0;
}

int move_tree_find(const struct move_tree *mt, int node)
{
	for (int i = 0; i < mt->n; i++)
		if (mt->tokens[i].node == node)
			return i;
	return -1;
}

/* ---------------------------------------------------------------- rows */

void move_rows_free(struct move_rows *r)
{
	free(r->rows);
	free(r->cells);
	memset(r, 0, sizeof *r);
}

int move_rows_black_x(int width)
{
	int col_w = (width - MAIN_X) / 2 > 10 ? 10 : (width - MAIN_X) / 2;
	return MAIN_X + col_w;
}

static bool new_row(struct move_rows *r, int number)
{
	if (!room_for_one((void **)&r->rows, r->nrows, &r->rcap, sizeof *r->rows))
		return false;
	r->rows[r->nrows++] = (struct move_row){ number, r->ncells, 0 };
	return true;
}

static bool add_cell(struct move_rows *r, int token, int x, const char *text)
{
	if (!room_for_one((void **)&r->cells, r->ncells, &r->ccap, sizeof *r->cells))
		return false;
	struct move_cell *c = &r->cells[r->ncells++];
	c->token = token;
	c->x = x;
	snprintf(c->text, sizeof c->text, "%s", text);
	r->rows[r->nrows - 1].ncells++;
	return true;
}

/* A main-line move: White's starts a row, Black's goes beside it (or after "..." on a row of its own). */
static bool lay_main(struct move_rows *r, const struct move_token *tk, int token, int width)
{
	struct move_row *last = r->nrows ? &r->rows[r->nrows - 1] : NULL;
	bool beside = !tk->white && last && last->number == tk->number && last->ncells == 1;
	if (beside)
		return add_cell(r, token, move_rows_black_x(width), tk->san);
	if (!new_row(r, tk->number))
		return false;
	if (!tk->white && !add_cell(r, -1, MAIN_X, "..."))
		return false;
	return add_cell(r, token, tk->white ? MAIN_X : move_rows_black_x(width), tk->san);
}

/* The text of a move in a variation: "(" for each line it opens, its number when due, ")" for each it closes. */
static void variation_text(const struct move_token *tk, char *out, size_t len)
{
	char number[16] = "";
	if (tk->white)
		snprintf(number, sizeof number, "%d. ", tk->number);
	else if (tk->numbered)
		snprintf(number, sizeof number, "%d... ", tk->number);
	snprintf(out, len, "%.*s%s%s%.*s", tk->opens < 8 ? tk->opens : 8, "((((((((", number, tk->san,
	         tk->closes < 8 ? tk->closes : 8, "))))))))");
}

/* A move of a variation: on from the last cell when it fits, else on a new row; a variation of the main line
   starts a row of its own. */
static bool lay_variation(struct move_rows *r, const struct move_tree *mt, int token, int width)
{
	const struct move_token *tk = &mt->tokens[token];
	char text[MOVE_CELL_MAX];
	variation_text(tk, text, sizeof text);
	int w = (int)strlen(text), x = VARIATION_X;
	const struct move_row *last = r->nrows ? &r->rows[r->nrows - 1] : NULL;
	bool starts = tk->level == 1 && tk->opens > 0;
	if (last && last->number == 0 && last->ncells > 0 && !starts) {
		const struct move_cell *c = &r->cells[last->first + last->ncells - 1];
		x = c->x + (int)strlen(c->text) + 1;
		if (x + w > width)
			x = VARIATION_X;
		else
			return add_cell(r, token, x, text);
	}
	return new_row(r, 0) && add_cell(r, token, x, text);
}

bool move_rows_layout(const struct move_tree *mt, int width, struct move_rows *out)
{
	out->nrows = out->ncells = 0;
	bool ok = true;
	for (int i = 0; ok && i < mt->n; i++)
		ok = mt->tokens[i].level == 0 ? lay_main(out, &mt->tokens[i], i, width) : lay_variation(out, mt, i, width);
	if (!ok)
		out->nrows = out->ncells = 0;
	return ok;
}

int move_rows_find(const struct move_rows *r, int token)
{
	for (int i = 0; i < r->nrows; i++)
		for (int k = 0; k < r->rows[i].ncells; k++)
			if (r->cells[r->rows[i].first + k].token == token)
				return i;
	return -1;
}
