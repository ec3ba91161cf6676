/* The option table: every option's name, kind, default and range, and the checks of a value against it. */
#include "engine/engine_options.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "engine/skill.h"
#include "engine/tt.h"

/* Not const: Threads' max is the machine's core count and BookFile's default the system's book, found once. */
static struct engine_option table[OPTION_COUNT + 1] = {
	[OPTION_HASH] = { "Hash", OPTION_SPIN, 16, TT_MIN_MB, TT_MAX_MB, .help = "transposition table size in MB" },
	[OPTION_THREADS] = { "Threads", OPTION_SPIN, 1, 1, 1, .max_is_cores = true, .help = "search threads" },
	[OPTION_MULTIPV] = { "MultiPV", OPTION_SPIN, 1, 1, ENGINE_MULTIPV_MAX, .help = "best lines reported" },
	[OPTION_PONDER] = { "Ponder", OPTION_CHECK, 0, .help = "lets the GUI send `go ponder`" },
	[OPTION_MOVE_OVERHEAD] = { "Move Overhead", OPTION_SPIN, 30, 0, 5000,
		                   .help = "milliseconds kept in reserve each move for the time a move takes to "
		                           "travel" },
	[OPTION_CLEAR_HASH] = { "Clear Hash", OPTION_BUTTON, .help = "empties the table" },
	[OPTION_SKILL_LEVEL] = { "Skill Level", OPTION_SPIN, SKILL_MAX, 0, SKILL_MAX,
		                 .help = "playing level: level L names 800 + 100 L Elo; 20 is full strength" },
	[OPTION_LIMIT_STRENGTH] = { "UCI_LimitStrength", OPTION_CHECK, 0,
		                    .help = "plays at about `UCI_Elo` instead of `Skill Level`" },
	[OPTION_ELO] = { "UCI_Elo", OPTION_SPIN, SKILL_ELO_MAX, SKILL_ELO_MIN, SKILL_ELO_MAX,
		         .help = "the rating `UCI_LimitStrength` plays at, on the scale people play on (Lichess's); "
		                 "up to 2400 a model of a player so rated" },
	[OPTION_CHESS960] = { "UCI_Chess960", OPTION_CHECK, 0,
		              .help = "Chess960 (Fischer random chess): castling is written as the king taking its rook "
		                      "(e1h1), and the book is not used" },
	[OPTION_OWN_BOOK] = { "OwnBook", OPTION_CHECK, 0,
		              .help = "plays moves from `BookFile` while the position is in it" },
	[OPTION_BOOK_FILE] = { "BookFile", OPTION_STRING, .text_def = "", .text_def_found = true,
		               .help = "the Polyglot opening book (.bin)" },
	[OPTION_HUMAN_MODEL] = { "HumanModel", OPTION_STRING, .text_def = "builtin",
		                 .help = "the human move model's weights file that the levels up to 2400 Elo play by; "
		                         "builtin (or empty): data/human-model.txt as compiled in" },
	[OPTION_HUMAN_PACE] = { "HumanPace", OPTION_CHECK, 1,
		                .help = "the levels up to 2400 Elo take a person's time over a move; false: they reply "
		                        "at once with the same move" },
	[OPTION_USE_NNUE] = { "Use NNUE", OPTION_CHECK, 1,
		              .help = "evaluates with the network (`EvalFile`), the default; false: with the hand-written "
		                      "evaluation (the levels up to 2400 always use it: their model was fitted on it)" },
	[OPTION_EVAL_FILE] = { "EvalFile", OPTION_STRING, .text_def = ENGINE_EVAL_FILE_BUILTIN,
		               .help = "the network file (.nnue); `<built-in>` is the one compiled in" },
	[OPTION_SYZYGY_PATH] = { "SyzygyPath", OPTION_STRING, .text_def = ENGINE_SYZYGY_NONE,
		                 .help = "the Syzygy tablebases' folders, joined by `:`; `<empty>`: none" },
	[OPTION_SYZYGY_PROBE_DEPTH] = { "SyzygyProbeDepth", OPTION_SPIN, 1, 1, 100,
		                        .help = "the least depth at which the search probes the tables of the most "
		                                "pieces" },
	[OPTION_SYZYGY_50_MOVE_RULE] = { "Syzygy50MoveRule", OPTION_CHECK, 1,
		                         .help = "a tablebase win the fifty-move rule would draw counts as a draw" },
	[OPTION_SYZYGY_PROBE_LIMIT] = { "SyzygyProbeLimit", OPTION_SPIN, 7, 0, 7,
		                        .help = "the most pieces probed (0: the tables are not used)" },
#ifdef OUTPOST_TUNE
#define SEARCH_TUNABLE_ROW(name, value, lo, hi, step) \
	[OPTION_TUNE_FIRST + TUNABLE_##name] = { #name, OPTION_SPIN, value, lo, hi, .help = "a search margin (tuning build)" },
	SEARCH_TUNABLES(SEARCH_TUNABLE_ROW)
#undef SEARCH_TUNABLE_ROW
#endif
	[OPTION_COUNT] = { NULL },
};

/* Where Polyglot books are installed: Debian's gnuchess-book first, then GNU Chess's own installs. */
static const char *const system_books[] = {
	"/usr/share/games/gnuchess/book.bin", "/usr/local/share/games/gnuchess/book.bin",
	"/usr/share/gnuchess/book.bin",       "/usr/local/share/gnuchess/book.bin",
};

const char *engine_system_book(void)
{
	for (size_t i = 0; i < sizeof system_books / sizeof system_books[0]; i++)
		if (access(system_books[i], R_OK) == 0)
			return system_books[i];
	return "";
}

/* What depends on the machine: its cores, its book. */
static void find_machine_defaults(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	int cores = n < 1 ? 1 : n > ENGINE_MAX_THREADS ? ENGINE_MAX_THREADS : (int)n;
	for (struct engine_option *o = table; o->name; o++) {
		if (o->max_is_cores)
			o->max = cores;
		if (o->text_def_found)
			o->text_def = engine_system_book();
	}
}

const struct engine_option *engine_options(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, find_machine_defaults);
	return table;
}

const struct engine_option *engine_option_find(const char *name)
{
	for (const struct engine_option *o = engine_options(); o->name; o++)
		if (name && !strcasecmp(name, o->name))
			return o;
	return NULL;
}

const char *engine_option_type_name(enum engine_option_type type)
{
	static const char *const names[] = { "spin", "check", "button", "combo", "string" };
	return names[type];
}

void engine_option_default(const struct engine_option *o, char *buf, size_t len)
{
	switch (o->type) {
	case OPTION_SPIN: snprintf(buf, len, "%d", o->def); break;
	case OPTION_CHECK: snprintf(buf, len, "%s", o->def ? "true" : "false"); break;
	case OPTION_COMBO: snprintf(buf, len, "%s", o->vars[o->def]); break;
	case OPTION_STRING: snprintf(buf, len, "%s", o->text_def ? o->text_def : ""); break;
	case OPTION_BUTTON: snprintf(buf, len, "%s", ""); break;
	}
}

/* A whole decimal number in [lo, hi], blanks allowed after it. */
static bool parse_spin(const char *value, int lo, int hi, int *out)
{
	char *end;
	errno = 0;
	long v = strtol(value, &end, 10);
	while (*end == ' ')
		end++;
	if (end == value || *end || errno || v < lo || v > hi)
		return false;
	*out = (int)v;
	return true;
}

static bool parse_combo(const struct engine_option *o, const char *value, int *out)
{
	for (int i = 0; o->vars[i]; i++)
		if (!strcasecmp(value, o->vars[i])) {
			*out = i;
			return true;
		}
	return false;
}

/* "a, b or c": a combo's choices for a message. */
static void choices_text(const struct engine_option *o, char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = '\0';
	for (int i = 0; o->vars[i] && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i == 0 ? "" : o->vars[i + 1] ? ", " : " or ", o->vars[i]);
}

bool engine_option_parse(const struct engine_option *o, const char *value, int *out, char *err, size_t errlen)
{
	const char *v = value ? value : "";
	char choices[256];
	*out = 0;
	switch (o->type) {
	case OPTION_SPIN:
		if (parse_spin(v, o->min, o->max, out))
			return true;
		snprintf(err, errlen, "%s must be a whole number from %d to %d, not '%s'", o->name, o->min, o->max, v);
		return false;
	case OPTION_CHECK:
		if (!strcasecmp(v, "true") || !strcasecmp(v, "false")) {
			*out = !strcasecmp(v, "true");
			return true;
		}
		snprintf(err, errlen, "%s must be true or false, not '%s'", o->name, v);
		return false;
	case OPTION_COMBO:
		if (parse_combo(o, v, out))
			return true;
		choices_text(o, choices, sizeof choices);
		snprintf(err, errlen, "%s must be %s, not '%s'", o->name, choices, v);
		return false;
	case OPTION_STRING:
	case OPTION_BUTTON:
		break;
	}
	return true;
}
