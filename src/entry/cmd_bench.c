/* `outpost bench [DEPTH]`: the search benchmark; the last two lines are the node signature and the speed. */
#include <stdio.h>
#include <stdlib.h>

#include "protocol/bench.h"
#include "entry/modes.h"

int cmd_bench(int argc, char **argv)
{
	long depth = BENCH_DEFAULT_DEPTH;
	char *end = NULL;
	if (argc == 1)
		depth = strtol(argv[0], &end, 10);
	if (argc > 1 || (argc == 1 && (*end || end == argv[0] || depth < 1 || depth > 60))) {
		fprintf(stderr, "usage: outpost bench [DEPTH]   (DEPTH from 1 to 60, default %d)\n", BENCH_DEFAULT_DEPTH);
		return 2;
	}
	struct bench_result r;
	if (!bench_run((int)depth, stdout, &r)) {
		fprintf(stderr, "outpost bench: cannot start the engine\n");
		return 1;
	}
	printf("\n%d positions, depth %ld\n", r.positions, depth);
	printf("Total time (ms) : %lld\n", (long long)r.ms);
	printf("Nodes searched  : %llu\n", (unsigned long long)r.nodes);
	printf("Nodes/second    : %llu\n", (unsigned long long)(r.ms > 0 ? r.nodes * 1000 / (uint64_t)r.ms : r.nodes));
	return 0;
}
