/* The tuner's parameters: every weight of eval_weights.c, in the order and layout of that file. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "engine/eval_weights.h"
#include "tune.h"

#define PAIRS(name, dims, blank) { #name, dims, name, (int)(sizeof name / sizeof(score_pair_t)), true, blank, 0 }
#define PAIR(name, blank) { #name, "", &name, 1, true, blank, 0 }
#define INTS(name, dims, blank) { #name, dims, name, (int)(sizeof name / sizeof(int)), false, blank, 0 }
#define INT(name, blank) { #name, "", &name, 1, false, blank, 0 }

struct tune_weight tune_weights[] = {
	PAIRS(material_weight, "[PIECE_TYPE_NB]", false),
	PAIRS(psq_weight, "[PIECE_TYPE_NB][SQ_NB]", true),
	PAIR(tempo_bonus, true),
	PAIRS(mobility_knight, "[9]", true),
	PAIRS(mobility_bishop, "[14]", false),
	PAIRS(mobility_rook, "[15]", false),
	PAIRS(mobility_queen, "[28]", false),
	PAIR(pawn_doubled, true),
	PAIR(pawn_isolated, false),
	PAIR(pawn_backward, false),
	PAIR(pawn_weak_unopposed, false),
	PAIRS(pawn_connected, "[8]", false),
	PAIRS(passed_pawn, "[8]", false),
	PAIRS(passed_free_step, "[8]", false),
	PAIRS(passed_king_own, "[8]", false),
	PAIRS(passed_king_their, "[8]", false),
	PAIR(passed_unstoppable, false),
	PAIR(bishop_pair, true),
	PAIR(rook_open_file, false),
	PAIR(rook_semi_open_file, false),
	PAIR(rook_on_seventh, false),
	PAIR(knight_outpost, false),
	PAIR(bishop_outpost, false),
	PAIR(bishop_pawns, false),
	PAIR(minor_behind_pawn, false),
	PAIRS(knight_closedness, "[9]", false),
	PAIRS(rook_closedness, "[9]", false),
	PAIRS(king_pawn_file_distance, "[8]", false),
	PAIR(threat_by_pawn, true),
	PAIR(threat_minor_on_major, false),
	PAIR(threat_rook_on_queen, false),
	PAIR(threat_hanging, false),
	PAIR(threat_minor_on_minor, false),
	PAIR(threat_rook_on_minor, false),
	PAIR(threat_by_king, false),
	PAIR(threat_weak_pawn, false),
	PAIR(threat_pawn_push, false),
	PAIR(space_bonus, true),
	INTS(king_attacker_weight, "[PIECE_TYPE_NB]", true),
	INTS(king_safe_check, "[PIECE_TYPE_NB]", false),
	INT(king_danger_per_hit, false),
	INT(king_danger_no_queen, false),
	INT(king_danger_weak_square, false),
	INTS(king_shelter_missing, "[8]", false),
	INTS(king_storm, "[8]", false),
	INT(complexity_pawns, true),
	INT(complexity_both_wings, false),
	INT(complexity_pawn_ending, false),
	INT(complexity_passed, false),
	INT(complexity_base, false),
};
const int tune_weight_count = (int)(sizeof tune_weights / sizeof tune_weights[0]);

/* The weights by address, for looking up where a traced term belongs. */
static int by_address[sizeof tune_weights / sizeof tune_weights[0]];
static int nparams;

static size_t weight_bytes(const struct tune_weight *w)
{
	return (size_t)w->count * (w->pair ? sizeof(score_pair_t) : sizeof(int));
}

static int compare_address(const void *a, const void *b)
{
	uintptr_t pa = (uintptr_t)tune_weights[*(const int *)a].values;
	uintptr_t pb = (uintptr_t)tune_weights[*(const int *)b].values;
	return (pa > pb) - (pa < pb);
}

static void init_once(void)
{
	nparams = 0;
	for (int i = 0; i < tune_weight_count; i++) {
		tune_weights[i].first = nparams;
		nparams += tune_weights[i].count * (tune_weights[i].pair ? 2 : 1);
		by_address[i] = i;
	}
	qsort(by_address, (size_t)tune_weight_count, sizeof by_address[0], compare_address);
}

int tune_params_init(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, init_once);
	return nparams;
}

void tune_params_current(double *theta)
{
	tune_params_init();
	for (int i = 0; i < tune_weight_count; i++) {
		const struct tune_weight *w = &tune_weights[i];
		for (int k = 0; k < w->count; k++) {
			if (w->pair) {
				score_pair_t v = ((const score_pair_t *)w->values)[k];
				theta[w->first + 2 * k] = mg_value(v);
				theta[w->first + 2 * k + 1] = eg_value(v);
			} else {
				theta[w->first + k] = ((const int *)w->values)[k];
			}
		}
	}
}

int tune_param_index(const void *address, bool *pair)
{
	uintptr_t a = (uintptr_t)address;
	int lo = 0, hi = tune_weight_count - 1;
	tune_params_init();
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		const struct tune_weight *w = &tune_weights[by_address[mid]];
		uintptr_t base = (uintptr_t)w->values;
		if (a < base) {
			hi = mid - 1;
		} else if (a >= base + weight_bytes(w)) {
			lo = mid + 1;
		} else {
			size_t size = w->pair ? sizeof(score_pair_t) : sizeof(int);
			*pair = w->pair;
			return w->first + (int)((a - base) / size) * (w->pair ? 2 : 1);
		}
	}
	return -1;
}

int tune_tempo_index(void)
{
	bool pair;
	return tune_param_index(&tempo_bonus, &pair);
}
