/*
 * The engine's side of its option table (engine_options.c): which row is
 * which, so that the engine service can act on a value the table has checked.
 */
#ifndef OUTPOST_ENGINE_OPTIONS_H
#define OUTPOST_ENGINE_OPTIONS_H

#include "engine/engine.h"
#include "engine/search_params.h"

#define ENGINE_MAX_THREADS 256 /* the most search threads on any machine (the pool's size) */
#define ENGINE_SYZYGY_NONE "<empty>" /* SyzygyPath's default: no tables, as UCI GUIs write it */

/* The rows of the table, in its order. */
enum engine_option_id {
	OPTION_HASH,
	OPTION_THREADS,
	OPTION_MULTIPV,
	OPTION_PONDER,
	OPTION_MOVE_OVERHEAD,
	OPTION_CLEAR_HASH,
	OPTION_SKILL_LEVEL,
	OPTION_LIMIT_STRENGTH,
	OPTION_ELO,
	OPTION_CHESS960,
	OPTION_OWN_BOOK,
	OPTION_BOOK_FILE,
	OPTION_HUMAN_MODEL,
	OPTION_HUMAN_PACE,
	OPTION_USE_NNUE,
	OPTION_EVAL_FILE,
	OPTION_SYZYGY_PATH,
	OPTION_SYZYGY_PROBE_DEPTH,
	OPTION_SYZYGY_50_MOVE_RULE,
	OPTION_SYZYGY_PROBE_LIMIT,
#ifdef OUTPOST_TUNE
	OPTION_TUNE_FIRST, /* then a spin option per margin of SEARCH_TUNABLES, in its order */
	OPTION_COUNT = OPTION_TUNE_FIRST + SEARCH_TUNABLE_COUNT
#else
	OPTION_COUNT
#endif
};

#endif
