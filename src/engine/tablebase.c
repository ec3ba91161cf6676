/*
 * The Syzygy tablebases through libfathom (tbprobe.h): squares a1 = 0 .. h8 =
 * 63 as ours, white to move is true, no en passant square is 0.  Fathom's
 * root probes share its state, so they run under `lock`; its win/draw/loss
 * probe is thread-safe and runs without ours.  Built without libfathom (or
 * with OUTPOST_NO_TABLEBASES, as a test builds it) every call says "none".
 */
#include "config.h"

#include "engine/tablebase.h"

#include <stdio.h>
#include <string.h>

#if defined HAVE_FATHOM && !defined OUTPOST_NO_TABLEBASES

#include <pthread.h>
#include <stdlib.h>
#include <tbprobe.h>

#include "engine/tablebase_files.h"
#include "rules/movegen.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char loaded[TABLEBASE_PATH_MAX]; /* the SyzygyPath the tables are of; "" for none */
static struct tablebase_files files;    /* what that path held */
static int holders;                     /* searches using the tables now */
static int largest;                     /* their largest piece count; 0 for none */
static struct TbRootMoves ranked;       /* the root probe's answer: 100 KB, kept off the stacks */
static _Atomic unsigned generation;     /* counts the loads */

bool tablebase_built_in(void) { return true; }

static bool is_empty_path(const char *p) { return !*p || !strcmp(p, "<empty>"); }

static void remove_shadow_at_exit(void) { tablebase_files_release(&files); }

/* Under lock with no holder: the tables of path replace those loaded; what was found goes into note. */
static void load_locked(const char *path, char *note, size_t len)
{
	static bool exit_hook;
	static struct tablebase_files old;
	old = files;
	memset(&files, 0, sizeof files);
	loaded[0] = '\0';
	largest = 0;
	generation++;
	if (is_empty_path(path)) {
		tb_init("");
		snprintf(note, len, "%s", "tablebases: none");
	} else {
		bool checked = tablebase_files_check(path, &files);
		if (checked && tb_init(files.probe_path))
			largest = (int)TB_LARGEST;
		snprintf(loaded, sizeof loaded, "%s", path);
		snprintf(note, len, "tablebases: %d WDL and %d DTZ tables, up to %d pieces, from %s%s%s", files.wdl,
		         files.dtz, largest, path, files.problems ? "; left out: " : "", files.note);
		if (files.shadow[0] && !exit_hook)
			exit_hook = atexit(remove_shadow_at_exit) == 0;
	}
	/* The old tables' files are closed now that fathom has let them go. */
	tablebase_files_release(&old);
}

bool tablebase_load(const char *path, char *note, size_t len)
{
	pthread_mutex_lock(&lock);
	bool busy = holders > 0;
	if (busy && is_empty_path(path))
		snprintf(note, len, "%s", "tablebases: none for this engine");
	else if (busy)
		snprintf(note, len, "tablebases: a search is using those of %s; set SyzygyPath again when it ends", loaded);
	else
		load_locked(path, note, len);
	pthread_mutex_unlock(&lock);
	return !busy || is_empty_path(path);
}

int tablebase_hold(const char *path)
{
	int n = 0;
	pthread_mutex_lock(&lock);
	if (!is_empty_path(path)) {
		if (strcmp(path, loaded) != 0 && holders == 0) {
			char note[TABLEBASE_NOTE_MAX + 256]; /* said when SyzygyPath was set */
			load_locked(path, note, sizeof note);
		}
		if (!strcmp(path, loaded) && largest > 0) {
			holders++;
			n = largest;
		}
	}
	pthread_mutex_unlock(&lock);
	return n;
}

unsigned tablebase_generation(void) { return generation; }

void tablebase_release(void)
{
	pthread_mutex_lock(&lock);
	holders -= holders > 0;
	pthread_mutex_unlock(&lock);
}

static unsigned ep_square(const struct position *pos) { return pos->st->ep == SQ_NONE ? 0 : pos->st->ep; }

int tablebase_probe_wdl(const struct position *pos)
{
	unsigned r = tb_probe_wdl(pos->by_color[WHITE], pos->by_color[BLACK], pos->by_type[KING], pos->by_type[QUEEN],
	                          pos->by_type[ROOK], pos->by_type[BISHOP], pos->by_type[KNIGHT], pos->by_type[PAWN], 0,
	                          pos->st->castling, ep_square(pos), pos->side == WHITE);
	return r == TB_RESULT_FAILED ? TABLEBASE_FAILED : (int)r - 2;
}

/* Our legal move that is fathom's move m (its promotions: 1 queen .. 4 knight), or MOVE_NONE. */
static move_t our_move(const move_t *legal, int n, TbMove m)
{
	int from = TB_MOVE_FROM(m), to = TB_MOVE_TO(m), promotes = TB_MOVE_PROMOTES(m);
	for (int i = 0; i < n; i++) {
		bool promotion = move_kind(legal[i]) == MOVE_PROMOTION;
		if (move_from(legal[i]) == from && move_to(legal[i]) == to &&
		    (promotion ? move_promotion(legal[i]) == QUEEN + 1 - promotes : promotes == 0))
			return legal[i];
	}
	return MOVE_NONE;
}

/* Under lock: fathom's ranks of the root moves (by DTZ, else by WDL); the best-ranked ones go into out->keep. */
static void rank_moves(const struct position *pos, bool rule50, bool repeated, struct tablebase_root *out)
{
	const bitboard_t *t = pos->by_type;
	unsigned cnt = pos->st->rule50, ep = ep_square(pos), castling = pos->st->castling;
	bool white = pos->side == WHITE;
	out->ranked = tb_probe_root_dtz(pos->by_color[WHITE], pos->by_color[BLACK], t[KING], t[QUEEN], t[ROOK], t[BISHOP],
	                                t[KNIGHT], t[PAWN], cnt, castling, ep, white, repeated, rule50, &ranked);
	out->nkeep = 0;
	if (!out->ranked && !tb_probe_root_wdl(pos->by_color[WHITE], pos->by_color[BLACK], t[KING], t[QUEEN], t[ROOK],
	                                       t[BISHOP], t[KNIGHT], t[PAWN], cnt, castling, ep, white, rule50, &ranked))
		return;
	move_t legal[MAX_MOVES];
	int n = generate_legal(pos, legal), best = INT32_MIN;
	for (unsigned i = 0; i < ranked.size; i++)
		best = ranked.moves[i].tbRank > best ? ranked.moves[i].tbRank : best;
	for (unsigned i = 0; i < ranked.size && out->nkeep < MAX_MOVES; i++) {
		move_t m = ranked.moves[i].tbRank == best ? our_move(legal, n, ranked.moves[i].move) : MOVE_NONE;
		if (m != MOVE_NONE)
			out->keep[out->nkeep++] = m;
	}
}

bool tablebase_probe_root(const struct position *pos, bool rule50, bool repeated, struct tablebase_root *out)
{
	const bitboard_t *t = pos->by_type;
	bool ok = false;
	pthread_mutex_lock(&lock);
	if (largest > 0 && tablebase_pieces(pos) <= largest && !pos->st->castling) {
		unsigned r = tb_probe_root(pos->by_color[WHITE], pos->by_color[BLACK], t[KING], t[QUEEN], t[ROOK], t[BISHOP],
		                           t[KNIGHT], t[PAWN], pos->st->rule50, 0, ep_square(pos), pos->side == WHITE, NULL);
		bool over = r == TB_RESULT_CHECKMATE || r == TB_RESULT_STALEMATE;
		/* Without its DTZ table the result is still known from the WDL one, the distance not. */
		int wdl = r != TB_RESULT_FAILED ? (int)TB_GET_WDL(r) - 2 : tablebase_probe_wdl(pos);
		if (!over && wdl != TABLEBASE_FAILED) {
			out->wdl = wdl;
			out->dtz = r != TB_RESULT_FAILED ? (int)TB_GET_DTZ(r) : 0;
			rank_moves(pos, rule50, repeated, out);
			ok = true;
		}
	}
	pthread_mutex_unlock(&lock);
	return ok;
}

#else /* no libfathom: no tables */

bool tablebase_built_in(void) { return false; }

bool tablebase_load(const char *path, char *note, size_t len)
{
	bool none = !*path || !strcmp(path, "<empty>");
	snprintf(note, len, "%s",
	         none ? "" : "this build has no tablebases (it was configured without libfathom-dev)");
	return none;
}

int tablebase_hold(const char *path)
{
	(void)path;
	return 0;
}

void tablebase_release(void) {}

unsigned tablebase_generation(void) { return 0; }

int tablebase_probe_wdl(const struct position *pos)
{
	(void)pos;
	return TABLEBASE_FAILED;
}

bool tablebase_probe_root(const struct position *pos, bool rule50, bool repeated, struct tablebase_root *out)
{
	(void)pos, (void)rule50, (void)repeated, (void)out;
	return false;
}

#endif
