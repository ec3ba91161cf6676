/*
 * The levels as the engine plays them: the table of hooks (engine_people,
 * engine.h) through which the engine service asks a level for its move, and
 * keeps each engine's human move model.  The engine never names this part;
 * a program that plays the levels installs them before it makes an engine.
 */
#ifndef OUTPOST_LEVEL_PLAY_H
#define OUTPOST_LEVEL_PLAY_H

/* Parses the built-in model and hands the engine the levels; once per process, before any engine is made. */
void level_play_install(void);

#endif
