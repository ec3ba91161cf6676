/*
 * The trainer on plain lines: `outpost train` (front.h's front_train_main), and the game's `train` command, for
 * which the loop hands the terminal over (curses or the prompt set aside, the clock stopped) and takes it back.
 */
#ifndef OUTPOST_TUI_TRAIN_MODE_H
#define OUTPOST_TUI_TRAIN_MODE_H

#include <stdbool.h>

#include "tui/state/tui.h"

/* Plain mode's `train`: the due puzzles of the archive as the trainer's lines, then back to the game's prompt. */
void train_mode_hand_over(struct tui *t);

#endif
