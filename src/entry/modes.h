/* The program's modes: each takes the arguments after its name and returns the exit status. */
#ifndef OUTPOST_MODES_H
#define OUTPOST_MODES_H

#include <signal.h>

int cmd_perft(int argc, char **argv);
int cmd_pgn(int argc, char **argv);
int cmd_uci(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_epd(int argc, char **argv);
int cmd_datagen(int argc, char **argv);
int cmd_annotate(int argc, char **argv);
int cmd_chess960(int argc, char **argv);

/* `datagen --rescore`: cmd_datagen hands it the arguments and the flag its signal handler raises. */
int cmd_rescore(int argc, char **argv, volatile sig_atomic_t *stop);

#endif
