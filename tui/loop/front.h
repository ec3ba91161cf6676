/* The terminal game's one door, for the entry point: nothing else of tui/ is seen from outside. */
#ifndef OUTPOST_TUI_FRONT_H
#define OUTPOST_TUI_FRONT_H

#include <stdio.h>

/* Plays a game on the terminal; argv holds the options after the program's name.  Returns the exit status. */
int front_main(int argc, char **argv);
/*
 * `outpost train`: the player's puzzles on standard input and output (tui/loop/train_mode.c); argv holds the arguments
 * after the mode's name.  Returns the exit status.
 */
int front_train_main(int argc, char **argv);
/* Writes the version, how the program was built (portable or native, PEXT, sanitizers) and the licence. */
void front_print_version(FILE *f);
/* Writes the game's options, as --help lists them. */
void front_print_options(FILE *f);

#endif
