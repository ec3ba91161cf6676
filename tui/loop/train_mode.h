/*
 * The trainer on plain lines: `outpost train` (front.h's front_train_main), and the game's `train` command, for
 * which the loop hands the terminal over (curses or the prompt set aside, the clock stopped) and takes it back.
 */
#ifndef OUTPOST_TUI_TRAIN_MODE_H
#define OUTPOST_TUI_TRAIN_MODE_H

#include <stdbool.h>

#include "tui/state/tui.h"

/* Plays the due puzzles of the archive beside the game on the terminal, then gives the game its screen back. */
void train_mode_hand_over(struct tui *t, bool plain);

#endif
