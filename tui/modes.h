/* The program's modes: each takes the arguments after its name and returns the exit status. */
#ifndef OUTPOST_MODES_H
#define OUTPOST_MODES_H

int cmd_perft(int argc, char **argv);
int cmd_pgn(int argc, char **argv);

#endif
