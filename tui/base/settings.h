/* The game's settings: one struct filled from defaults, the config file, the command line and commands. */
#ifndef OUTPOST_TUI_SETTINGS_H
#define OUTPOST_TUI_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

enum color_mode { COLORS_AUTO, COLORS_256, COLORS_8, COLORS_MONO };

/*
 * The game's own defaults where they differ from the engine's (its option
 * table gives every engine-backed setting its range, and the rest of the
 * defaults): a middling opponent rather than full strength, and a larger
 * table, since the game has the machine to itself.  The opponent is level 7,
 * 1500 Elo, where Lichess starts a new player's rating: most players are
 * rated 800-2000, and after a game a level near their own is offered.
 */
#define LEVEL_DEFAULT 7
#define HASH_DEFAULT_MB 64
#define MOVETIME_DEFAULT 1500 /* ms the engine thinks per move when there is no clock */
#define SETTINGS_TEXT_MAX 256 /* a file name or an engine's command in a setting, with its NUL */

struct settings {
	int level;          /* the engine's Skill Level */
	int elo;            /* 0 = not limited by Elo; else UCI_Elo */
	int time_ms;        /* each side's clock at the start; 0 = no clocks */
	int inc_ms;         /* added after each move */
	int movetime_ms;    /* the engine's time per move without clocks */
	int human;          /* the colour the person plays (WHITE or BLACK) */
	bool ascii;         /* letters instead of Unicode pieces */
	bool plain;         /* plain lines of text instead of the full screen */
	bool safety;        /* the safety net: a move typed that loses 0.20 of expected score is asked about first */
	enum color_mode colors;
	int threads, hash_mb, multipv;
	bool white_scores;  /* scores from White's view (else the side to move's) */
	char book[SETTINGS_TEXT_MAX]; /* "on" (the system's book), "off", or a Polyglot book's file */
	char engine[SETTINGS_TEXT_MAX]; /* another UCI engine and what it does (engine_spec.h), or "off" */
	char syzygy[SETTINGS_TEXT_MAX]; /* the Syzygy tablebases' folders, joined by ':', or "off" */
};

/* The names settings_set knows, NULL-terminated, in the order the config file lists them. */
extern const char *const settings_keys[];

void settings_default(struct settings *s);
/*
 * Sets one setting by name from text ("level", "5"; "time", "5+3").  On bad
 * input returns false, leaves s as it was and says what is wrong in err.
 */
bool settings_set(struct settings *s, const char *key, const char *value, char *err, size_t errlen);
/* Writes the value of one setting as settings_set reads it back; false for an unknown key. */
bool settings_get(const struct settings *s, const char *key, char *buf, size_t len);

/* Reads "5+3" (minutes + seconds of increment), "0.5", "90s+1" or "off" (both zero). */
bool settings_parse_time(const char *text, int *time_ms, int *inc_ms);
/* Writes a time control as settings_parse_time reads it ("5+3", "off"). */
void settings_format_time(int time_ms, int inc_ms, char *buf, size_t len);

#endif
